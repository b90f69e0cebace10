// The server's environment (README): PORT, HOST, DATA_DIR (default ./data), DATABASE_URL (absent: SQLite
// in DATA_DIR; postgres://...: PostgreSQL), DATABASE_SCHEMA (PostgreSQL schema to use, created if missing;
// default the user's search_path), SITE (generic|kenya|ais, default variant of the demo), DIST_DIR (the built
// portal to serve, default ./dist).
import { resolve } from 'node:path';
import { isSite, type Site } from './services/config';

export interface Env { port: number; host: string; dataDir: string; databaseUrl?: string; pgSchema?: string; site: Site; distDir?: string }

export function readEnv(env: NodeJS.ProcessEnv = process.env): Env {
  const site = env.SITE ?? 'generic';
  if (!isSite(site)) throw new Error(`SITE must be generic, kenya or ais (got ${site})`);
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    pgSchema: env.DATABASE_SCHEMA || undefined,
    site,
    distDir: env.DIST_DIR ? resolve(env.DIST_DIR) : undefined,
  };
}
