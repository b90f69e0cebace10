// Versioned migrations, run on every start. Kysely's migrator records applied versions in its own table and
// takes a lock, so several servers starting together on PostgreSQL apply each version once.
import { Migrator, sql, type Migration } from 'kysely';
import type { DatabaseHandle } from './connection';
import * as m001 from './migrations/001_initial';
import * as m002 from './migrations/002_picture_codes';
import * as m003 from './migrations/003_tone_details';
import * as m004 from './migrations/004_tone_copyrights';
import * as m005 from './migrations/005_jockey_right';
import * as m006 from './migrations/006_config_operator_only';
import * as m010 from './migrations/010_batch_tasks';
import * as m011 from './migrations/011_batch_jobs';
import * as m012 from './migrations/012_password_history_upload_usage';
import * as m015 from './migrations/015_tone_box_columns';

// Append new versions here; never edit an applied one.
const versions = {
  '001_initial': m001,
  '002_picture_codes': m002,
  '003_tone_details': m003,
  '004_tone_copyrights': m004,
  '005_jockey_right': m005,
  '006_config_operator_only': m006,
  '010_batch_tasks': m010,
  '011_batch_jobs': m011,
  '012_password_history_upload_usage': m012,
  '015_tone_box_columns': m015,
};

/** Applies every version not applied yet; `target` stops at that version (tests of a migration start below it). */
export async function migrate(handle: DatabaseHandle, target?: keyof typeof versions): Promise<void> {
  const migrations: Record<string, Migration> = {};
  for (const [name, mod] of Object.entries(versions)) migrations[name] = { up: (db) => mod.up(db, handle.dialect) };
  // On PostgreSQL the migrator's own tables are named with the current schema: left unqualified, Kysely
  // would find them in any other schema of the database (side-by-side test or benchmark schemas) and skip
  // creating them here.
  const migrationTableSchema =
    handle.dialect === 'postgres' ? (await sql<{ s: string }>`select current_schema() as s`.execute(handle.db)).rows[0]?.s : undefined;
  const migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => migrations }, migrationTableSchema });
  const { error, results } = await (target ? migrator.migrateTo(target) : migrator.migrateToLatest());
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
}
