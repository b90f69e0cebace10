// Scratch: a tone's mood (an optional short text).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('tones')
    .addColumn('mood', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .execute();
}
