// The per-provider jockey right of 001 §5.1: a provider without it may upload a jockey tone (cutFlag '1') only
// with 'allowed to cut' left at 0. The operator grants it (`npm run operator -- provider jockey <code> on`).
import type { Kysely } from 'kysely';
import type { Dialect } from '../connection';

export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('providers')
    .addColumn('jockey_right', 'varchar(1)', (c) => c.notNull().defaultTo('0'))
    .execute();
}
