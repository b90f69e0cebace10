// Versioned migrations, run on every start. Kysely's migrator records applied versions in its own table and
// takes a lock, so several servers starting together on PostgreSQL apply each version once.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Migrator, sql, type Kysely, type Migration } from 'kysely';
import type { DatabaseHandle, Dialect } from './connection';

interface MigrationModule {
  up(db: Kysely<any>, dialect: Dialect): Promise<void>;
}

/**
 * Every file of migrations/ named NNN_name (.ts in the sources, .js in the server build), in name order: adding a
 * version is adding its file (a new tone field is a record entry, a migration and its words; nothing lists it).
 * Never edit an applied one.
 */
function versions(): Record<string, MigrationModule> {
  const dir = join(__dirname, 'migrations');
  const files = readdirSync(dir)
    .filter((f) => /^\d{3}_\w+\.(ts|js)$/.test(f) && !f.endsWith('.d.ts'))
    .sort();
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return Object.fromEntries(files.map((f) => [f.replace(/\.(ts|js)$/, ''), require(join(dir, f)) as MigrationModule]));
}

/** Applies every version not applied yet; `target` stops at that version (tests of a migration start below it). */
export async function migrate(handle: DatabaseHandle, target?: string): Promise<void> {
  const migrations: Record<string, Migration> = {};
  for (const [name, mod] of Object.entries(versions())) migrations[name] = { up: (db) => mod.up(db, handle.dialect) };
  // On PostgreSQL the migrator's own tables are named with the current schema: left unqualified, Kysely
  // would find them in any other schema of the database (side-by-side test or benchmark schemas) and skip
  // creating them here.
  const migrationTableSchema =
    handle.dialect === 'postgres'
      ? (await sql<{ s: string }>`select current_schema() as s`.execute(handle.db)).rows[0]?.s
      : undefined;
  const migrator = new Migrator({
    db: handle.db,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema,
  });
  const { error, results } = await (target ? migrator.migrateTo(target) : migrator.migrateToLatest());
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
}
