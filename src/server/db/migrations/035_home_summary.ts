// Issue 25, the home page's work queue (services/homeSummary.ts): its counts of a provider's tones by state group
// the tones by the columns the status expression reads, so one index holding exactly those columns after the
// provider answers them from the index alone, without reading a million rows of the table (SQLite and
// PostgreSQL both use it as a covering index). A box's end of validity had no index: the boxes expiring soon are
// a range of (provider_id, valid_day). A migration is history: it names the columns of its day.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('tones_provider_state')
    .on('tones')
    .columns(['provider_id', 'status', 'approve_type', 'table_type', 'ask_type', 'transcode_state', 'refuse_reason'])
    .execute();
  await db.schema
    .createIndex('tone_boxes_provider_valid_day')
    .on('tone_boxes')
    .columns(['provider_id', 'valid_day', 'id'])
    .execute();
}
