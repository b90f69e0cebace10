// Names of reference data in the portal's languages (issue 11: category, language and tariff option names
// stayed English in Chinese): one table of translations keyed by entity, row, field and language; the English
// name stays in the entity's own table. Databases seeded before this version get the demo data's Chinese names.
import type { Kysely } from 'kysely';
import type { Dialect } from '../connection';
import { translateDemoReferenceData } from '../../services/translations';

export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('translations')
    .addColumn('entity', 'varchar(32)', (c) => c.notNull())
    .addColumn('entity_id', 'integer', (c) => c.notNull())
    .addColumn('field', 'varchar(32)', (c) => c.notNull())
    .addColumn('lang', 'varchar(8)', (c) => c.notNull())
    .addColumn('text', 'varchar(1000)', (c) => c.notNull())
    .addPrimaryKeyConstraint('translations_pk', ['entity', 'entity_id', 'field', 'lang'])
    .execute();
  await translateDemoReferenceData(db);
}
