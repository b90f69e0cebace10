// Batch tasks as durable work (000 §3, §4, §7; 001 §5.3, §7). The task row (001_initial's batch_tasks) gains
// its run state beside the spec's status: state (queued, running, done, failed, cancelled), attempts (runs
// started), the lease of the process working on it (locked_by, lease_until; locked_at is its last heartbeat),
// progress (done_count and fail_count beside total_count and success_count), the time it finished, the result
// file of an export and the reason a task failed.
// Its lines (batch_task_lines) hold each input line and, once applied, its result (cmdLine, returnCode,
// returnMsg): a line's result is written in the same transaction as the change the line makes, so a line
// with a result was applied exactly once and a line without one not at all; a run after a crash skips the
// first kind. Tone codes get the index the batch update looks tones up by, national IDs the one a
// copyright file's lines are checked by.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connection';

export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('batch_tasks')
    .addColumn('state', 'varchar(12)', (c) => c.notNull().defaultTo('queued'))
    .execute();
  for (const [name, type] of [
    ['attempts', 'integer'],
    ['done_count', 'integer'],
    ['fail_count', 'integer'],
  ] as const) {
    await db.schema
      .alterTable('batch_tasks')
      .addColumn(name, type, (c) => c.notNull().defaultTo(0))
      .execute();
  }
  await db.schema.alterTable('batch_tasks').addColumn('lease_until', 'bigint').execute();
  await db.schema.alterTable('batch_tasks').addColumn('finished_at', 'bigint').execute();
  await db.schema
    .alterTable('batch_tasks')
    .addColumn('result_file', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('batch_tasks')
    .addColumn('error', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  await db.schema
    .createTable('batch_task_lines')
    .addColumn('task_id', 'integer', (c) => c.notNull().references('batch_tasks.id').onDelete('cascade'))
    /** 1-based line number in the file (comments and blank lines counted), or the position in the request. */
    .addColumn('line_no', 'integer', (c) => c.notNull())
    /** cmdLine: the line as sent. */
    .addColumn('input', 'text', (c) => c.notNull())
    /** null until applied; then the line's returnCode. */
    .addColumn('return_code', 'varchar(8)')
    /** The line's message as {key, params} or a list of field violations (JSON), translated when read. */
    .addColumn('return_msg', 'text', (c) => c.notNull().defaultTo(''))
    .addPrimaryKeyConstraint('batch_task_lines_pk', ['task_id', 'line_no'])
    .execute();
  await db.schema.createIndex('tones_provider_tone_code').on('tones').columns(['provider_id', 'tone_code']).execute();
  // A copyright file adds owners by the thousand, each checked for its national ID in any case (ownerExists):
  // without an index on lower(id_number) every line would scan the whole catalogue.
  await sql`create index copyright_type_lower_id on copyright_companies (copyright_type, lower(id_number))`.execute(db);
}
