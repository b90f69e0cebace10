// Password history (000 §8 'password recently used', 920013): the scrypt hashes of an account's earlier
// passwords, newest first by id. And an index for the upload rate, which counts a provider's files of the
// last minute (files/quota.ts).
import type { Kysely } from 'kysely';
import type { Dialect } from '../connection';

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  let t = db.schema.createTable('password_history');
  t =
    dialect === 'postgres'
      ? t.addColumn('id', 'serial', (c) => c.primaryKey())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  await t
    .addColumn('provider_id', 'integer', (c) => c.notNull().references('providers.id').onDelete('cascade'))
    .addColumn('password_hash', 'varchar(300)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('password_history_provider')
    .on('password_history')
    .columns(['provider_id', 'id'])
    .execute();
  await db.schema
    .createIndex('uploaded_files_recent')
    .on('uploaded_files')
    .columns(['provider_id', 'created_at'])
    .execute();
}
