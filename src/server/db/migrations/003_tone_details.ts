// Tone form fields with no column of their own (001 §3: lyric author, melody composer, music arranger, short,
// weekly and monthly codes and prices, auto renewal, copyright file, upload mode) kept as one JSON text.
// (The ISRC uniqueness check of sp/addtone uses the ISRC index of 001_initial.)
import type { Kysely } from 'kysely';
import type { Dialect } from '../connection';

export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('tones')
    .addColumn('details', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
}
