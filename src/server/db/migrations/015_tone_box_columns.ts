// Tone boxes as the music box calls keep them (000 §3, 001 §2.5, §3): the delete reason a deletion request
// carries (1-180 characters), whether subscribers may take single tones of the box (canSplit, a queryToneBox
// filter), and the form fields with no column of their own (details, JSON text, like tones). Box codes are
// unique (the operator CLI and the list find a box by its code), and a provider's boxes are listed newest first.
import type { Kysely } from 'kysely';
import type { Dialect } from '../connection';

export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('tone_boxes')
    .addColumn('delete_reason', 'varchar(180)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('tone_boxes')
    .addColumn('can_split', 'varchar(4)', (c) => c.notNull().defaultTo('0'))
    .execute();
  await db.schema
    .alterTable('tone_boxes')
    .addColumn('details', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema.createIndex('tone_boxes_code').unique().on('tone_boxes').column('code').execute();
  await db.schema.createIndex('tone_boxes_provider').on('tone_boxes').columns(['provider_id', 'id']).execute();
}
