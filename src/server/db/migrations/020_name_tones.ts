// Name tones (001 §2.8, §3, §5.6): the first schema's table gains what the upload and the approval need: the
// name-tone category the tone was uploaded to, the operator's reject reason and the times of the request and of
// the last upload. upload_link keeps the saved name of the latest wav (the list gives its play address);
// status is '0' to be approved, '1' normal, '3' rejected, like the IVR prompts.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const add = (column: string, type: 'integer' | 'bigint' | 'varchar(1000)') =>
    db.schema
      .alterTable('name_tones')
      .addColumn(column, type, (c) => c.notNull().defaultTo(type === 'varchar(1000)' ? '' : 0))
      .execute();
  await add('catalog_id', 'integer');
  await add('reject_reason', 'varchar(1000)');
  await add('created_at', 'bigint');
  await add('updated_at', 'bigint');
  await db.schema
    .createIndex('name_tones_provider_name')
    .on('name_tones')
    .columns(['provider_id', 'name', 'msisdn'])
    .execute();
}
