// Audio transcoding (media/): a transcode is one master to turn into the platform's files for one entity's
// change (a tone's addition or modification), with its state, the reason it failed and the files it made; on
// SQLite its jobs wait in media_jobs (the lease columns of batch_jobs; PostgreSQL uses pg-boss's queue
// rbt_media). A tone carries the state of its latest transcode (transcode_state: '' none, or the value of the
// named expressions transcodeWaiting, transcodeRunning, transcodeFailed, convertFailed) and the reason a
// transcode failed, so its lists show them beside the approval state. A migration is history: it spells the
// values of its day.
import type { Kysely } from 'kysely';
import type { Dialect } from '../connection';

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const text = (c: any) => c.notNull().defaultTo('');
  await db.schema
    .createTable('transcodes')
    .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) =>
      dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('provider_id', 'integer', (c) => c.notNull().references('providers.id'))
    .addColumn('entity_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('entity_id', 'integer', (c) => c.notNull())
    /** add | modify: what the entity's change is once the files are made. */
    .addColumn('change_kind', 'varchar(8)', (c) => c.notNull())
    /** The uploaded master (uploaded_files.saved_filename of the provider). */
    .addColumn('master', 'varchar(64)', (c) => c.notNull())
    /** queued | running | done | failed | convertFailed */
    .addColumn('state', 'varchar(16)', (c) => c.notNull().defaultTo('queued'))
    .addColumn('reason', 'varchar(500)', text)
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    /** The rest of the change (JSON): what the lifecycle stages with the files once they are made. */
    .addColumn('payload', 'text', text)
    /** The files made (JSON: role -> saved file name), once done. */
    .addColumn('outputs', 'text', text)
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .execute();
  await db.schema.createIndex('transcodes_entity').on('transcodes').columns(['entity_type', 'entity_id']).execute();
  await db.schema.alterTable('tones').addColumn('transcode_state', 'varchar(4)', text).execute();
  await db.schema.alterTable('tones').addColumn('transcode_reason', 'varchar(500)', text).execute();
  if (dialect !== 'sqlite') return;
  await db.schema
    .createTable('media_jobs')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('transcode_id', 'integer', (c) => c.notNull().references('transcodes.id').onDelete('cascade'))
    /** queued | active | done | dead */
    .addColumn('state', 'varchar(8)', (c) => c.notNull().defaultTo('queued'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lease_owner', 'varchar(96)')
    .addColumn('lease_until', 'bigint')
    .addColumn('run_after', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('media_jobs_state').on('media_jobs').columns(['state', 'id']).execute();
}
