// Name Tone Info lists a provider's name tones newest first (by the day first asked for, then id): the index
// that reads a page in that order.
import type { Kysely } from 'kysely';
import type { Dialect } from '../connection';

export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createIndex('name_tones_provider_request_date')
    .on('name_tones')
    .columns(['provider_id', 'request_date', 'id'])
    .execute();
}
