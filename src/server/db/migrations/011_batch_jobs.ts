// The embedded database's job queue (SQLite only; on PostgreSQL pg-boss keeps its own tables): one row per
// chunk of a batch task, leased by the process that runs it. A lease that is not renewed (the process died)
// runs out and another process, or the same one restarted, takes the job again. See jobs/sqliteQueue.ts.
import type { Kysely } from 'kysely';
import type { Dialect } from '../connection';

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect !== 'sqlite') return;
  await db.schema
    .createTable('batch_jobs')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('task_id', 'integer', (c) => c.notNull().references('batch_tasks.id').onDelete('cascade'))
    .addColumn('from_line', 'integer', (c) => c.notNull())
    .addColumn('to_line', 'integer', (c) => c.notNull())
    /** queued | active | done | dead */
    .addColumn('state', 'varchar(8)', (c) => c.notNull().defaultTo('queued'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lease_owner', 'varchar(96)')
    .addColumn('lease_until', 'bigint')
    .addColumn('run_after', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('batch_jobs_state').on('batch_jobs').columns(['state', 'id']).execute();
}
