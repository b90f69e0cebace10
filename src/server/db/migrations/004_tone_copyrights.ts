// Copyright owners of a tone (001 §3: lyric, tune and record companies with their validity dates), read by
// sp/querytonecopyright; and the indexes the shared owner catalogue is searched and de-duplicated by
// (owners are visible to every provider of a site, so lookups are not led by provider_id).
import type { Kysely } from 'kysely';
import type { Dialect } from '../connection';

export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('tone_copyrights')
    .addColumn('tone_id', 'integer', (c) => c.notNull().references('tones.id').onDelete('cascade'))
    /** lyric | tune | record */
    .addColumn('role', 'varchar(8)', (c) => c.notNull())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('copyright_companies.id'))
    .addColumn('valid_day', 'varchar(10)', (c) => c.notNull().defaultTo(''))
    .addPrimaryKeyConstraint('tone_copyrights_pk', ['tone_id', 'role', 'company_id'])
    .execute();
  await db.schema.createIndex('tone_copyrights_company').on('tone_copyrights').column('company_id').execute();
  await db.schema
    .createIndex('copyright_id_number')
    .on('copyright_companies')
    .columns(['copyright_type', 'id_number'])
    .execute();
  await db.schema
    .createIndex('copyright_type_id')
    .on('copyright_companies')
    .columns(['copyright_type', 'id'])
    .execute();
}
