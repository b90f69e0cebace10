// The server's environment (README, docs/operations.md): PORT, HOST (default 127.0.0.1: this machine only), DATA_DIR (default ./data), DATABASE_URL (absent: SQLite
// in DATA_DIR; postgres://...: PostgreSQL), DATABASE_SCHEMA (PostgreSQL schema to use, created if missing;
// default the user's search_path), SITE (a folder of site-variants/: the login page's site and the default site of
// new accounts, default generic), DIST_DIR (the built portal to serve, default ./dist). DEFINITIONS_ROOT (the tree
// of definitions, site variants, schemas and catalogues) is read by the engine's loader (src/engine/fsLoader.ts).
// SEED_DEMO: '1' seeds the demo data into an empty database wherever the server listens, '0' never; by default
// only on a loopback address, since the demo accounts' passwords are published in the README.
import { resolve } from 'node:path';
import { BASE_SITE, type SiteId } from '../engine';
import { siteIds } from '../engine/fsLoader';

export interface Env {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  pgSchema?: string;
  site: SiteId;
  distDir?: string;
  /** Seed the demo data into an empty database. */
  seedDemo: boolean;
}

/**
 * TRUST_PROXY: which peers may say who the client is (X-Forwarded-For, X-Forwarded-Proto). Unset or 0: none, the
 * connection's address is the client's. A number: that many proxies in front (1: one load balancer; the client is
 * the address it saw). Otherwise the proxies' addresses or networks, comma-separated ("10.0.0.5,10.1.0.0/16").
 * Trusting more than the real proxies lets any client choose its address, and so escape the login throttle.
 */
export function trustProxyOf(value: string | undefined): boolean | string[] | ((addr: string, hop: number) => boolean) {
  const v = (value ?? '').trim();
  if (v === '' || v === '0' || v === 'false') return false;
  if (/^\d+$/.test(v)) {
    // The nearest n hops are proxies (hop 0 is the connection's peer).
    const hops = Number(v);
    return (_addr, hop) => hop < hops;
  }
  return v.split(',').map((a) => a.trim());
}

/** An address only this machine reaches. */
export const isLoopback = (host: string) => /^(127\.\d+\.\d+\.\d+|::1|localhost)$/i.test(host);

export function readEnv(env: NodeJS.ProcessEnv = process.env): Env {
  const site = env.SITE || BASE_SITE;
  if (!siteIds().includes(site))
    throw new Error(`SITE must name a folder of site-variants/: ${siteIds().join(', ')} (got ${site})`);
  const host = env.HOST || '127.0.0.1';
  return {
    port: Number(env.PORT ?? 8080),
    host,
    dataDir: resolve(env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    pgSchema: env.DATABASE_SCHEMA || undefined,
    site,
    distDir: env.DIST_DIR ? resolve(env.DIST_DIR) : undefined,
    seedDemo: env.SEED_DEMO === '1' || (env.SEED_DEMO !== '0' && isLoopback(host)),
  };
}
