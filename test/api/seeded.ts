// The demo data seeded once per run and site, and a copy of it for every test server.
//
// A test server used to migrate and seed a database of its own at every start: about 3 s of CPU a file on SQLite
// and 8 s on PostgreSQL (some 1,900 statements), minutes of every run. Now the first server of a site in a run
// seeds a template the real way (buildApp: migrate, then seedIfEmpty) and every later one starts from a copy: its
// DATA_DIR copied (the SQLite file and the stored audio), and on PostgreSQL a database cloned from the template
// database (CREATE DATABASE ... TEMPLATE). The server then migrates (nothing left to do) and finds its demo data,
// as a real deployment does at every restart after the first.
//
// The run's templates live in RBT_TEST_SEEDS (seedTemplate.ts; seedsGlobalSetup.ts makes it, seedsGlobalTeardown.ts
// removes it with the template databases). Without it, or on PostgreSQL without the CREATEDB right, each server seeds its own as before.
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp } from '../../src/server/app';
import { removeSeedsDir, runId, seededTemplate } from './seedTemplate';

/** The schema inside every cloned database (the template's). */
const SEEDED_SCHEMA = 'seeded';

/** Where a test server's database lives: a DATA_DIR to copy into, and on PostgreSQL a database of its own. */
export interface SeededCopy {
  databaseUrl?: string;
  pgSchema?: string;
  /** Drops the cloned database (PostgreSQL); the caller removes the DATA_DIR. */
  drop(): Promise<void>;
}

/** The name of a run's template database of a site. */
export const templateDatabase = (run: string, site: string) => `rbt_seed_${run}_${site}`;

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function admin<T>(url: string, f: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await f(c);
  } finally {
    await c.end();
  }
}

/** The site's template: seeded by buildApp, on PostgreSQL into a template database of the run. */
const template = (site: string, databaseUrl: string | undefined) =>
  seededTemplate(site, async (dir) => {
    let url: string | undefined;
    if (databaseUrl) {
      const name = templateDatabase(runId(), site);
      await admin(databaseUrl, (c) => c.query(`CREATE DATABASE ${name}`));
      url = withDatabase(databaseUrl, name);
    }
    const pgSchema = url ? SEEDED_SCHEMA : undefined;
    const app = await buildApp({ dataDir: dir, databaseUrl: url, pgSchema, site, distDir: join(dir, 'no-dist') });
    await app.close();
  });

/**
 * Fills a fresh DATA_DIR with a copy of the site's seeded template and, on PostgreSQL, clones its database.
 * Undefined when there is no template to copy: the server then seeds its own.
 */
export async function seededCopy(site: string, dataDir: string, databaseUrl?: string): Promise<SeededCopy | undefined> {
  const dir = await template(site, databaseUrl && process.env.DATABASE_URL);
  if (!dir) return undefined;
  cpSync(dir, dataDir, { recursive: true });
  if (!databaseUrl) return { drop: async () => undefined };
  const name = `rbt_t_${runId()}_${randomBytes(6).toString('hex')}`;
  await admin(process.env.DATABASE_URL!, (c) =>
    c.query(`CREATE DATABASE ${name} TEMPLATE ${templateDatabase(runId(), site)}`),
  );
  return {
    databaseUrl: withDatabase(databaseUrl, name),
    pgSchema: SEEDED_SCHEMA,
    drop: async () => {
      await admin(process.env.DATABASE_URL!, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/** Removes the run's templates: the directory and, on PostgreSQL, the template databases and any clone a failed test left. */
export async function removeSeeds(): Promise<void> {
  removeSeedsDir();
  const url = process.env.DATABASE_URL;
  if (process.env.TEST_DB !== 'postgres' || !url) return;
  await admin(url, async (c) => {
    const { rows } = await c.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE $1 OR datname LIKE $2`,
      [`rbt\\_seed\\_${runId()}\\_%`, `rbt\\_t\\_${runId()}\\_%`],
    );
    for (const { datname } of rows) await c.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
  }).catch((e) => console.warn(`could not drop the run's template databases: ${(e as Error).message}`));
}
