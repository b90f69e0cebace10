// IVR directories and prompts (001 §2.6, §2.7, §4, §5.5). A directory gains the change waiting for the operator
// (pending: add, modify or delete; 001 §4 'addition/modification/deletion to be approved') and the time of its
// last change. Its entries become tones or tone boxes (resource_type 1 or 2, as the directory's type says), so
// the first schema's tone-only item table is replaced (it was never written to). Prompts: the provider's
// salutatory (kind 1) and help prompts (kind 2), each a wav uploaded through sp/uploadfile, with the status of
// 001 §4 (0 to be approved, 1 normal) and a reject reason.
import type { Kysely } from 'kysely';
import type { Dialect } from '../connection';

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const text = (c: any) => c.notNull().defaultTo('');
  await db.schema.alterTable('ivr_directories').addColumn('pending', 'varchar(8)', text).execute();
  await db.schema
    .alterTable('ivr_directories')
    .addColumn('updated_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema.dropTable('ivr_directory_items').execute();
  await db.schema
    .createTable('ivr_directory_items')
    .addColumn('directory_id', 'integer', (c) => c.notNull().references('ivr_directories.id').onDelete('cascade'))
    .addColumn('resource_type', 'varchar(2)', (c) => c.notNull())
    .addColumn('resource_id', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('ivr_directory_items_pk', ['directory_id', 'resource_type', 'resource_id'])
    .execute();

  let t = db.schema.createTable('ivr_prompts');
  t =
    dialect === 'postgres'
      ? t.addColumn('id', 'serial', (c) => c.primaryKey())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  await t
    .addColumn('provider_id', 'integer', (c) => c.notNull().references('providers.id'))
    .addColumn('kind', 'varchar(2)', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('prompt_file', 'varchar(255)', (c) => c.notNull())
    .addColumn('status', 'varchar(4)', text)
    .addColumn('reject_reason', 'varchar(1000)', text)
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ivr_prompts_provider')
    .on('ivr_prompts')
    .columns(['provider_id', 'kind', 'id'])
    .execute();
}
