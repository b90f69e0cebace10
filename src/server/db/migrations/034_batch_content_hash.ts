// Issue 25: the same batch sent twice silently made duplicate tones. A batch tone upload keeps the SHA-256 of its
// zip and index, so the same two files sent again within a day are refused naming the earlier task ('' for
// tasks of other types and those before this migration).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('batch_tasks')
    .addColumn('content_hash', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('batch_tasks_content_hash')
    .on('batch_tasks')
    .columns(['provider_id', 'content_hash', 'request_time'])
    .execute();
}
