// Picture codes for the login page (queryloginconfig pictureCode '1'): one row per image shown, keyed by the
// hash of a random id held in a short-lived cookie, single use.
import type { Kysely } from 'kysely';
import type { Dialect } from '../connection';

export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('picture_codes')
    .addColumn('id_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('picture_codes_expires').on('picture_codes').column('expires_at').execute();
}
