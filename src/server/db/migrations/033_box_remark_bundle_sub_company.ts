// Issue 30: fields of 001 §2.5/§3 the portal lacked. A tone box has a bundle price (a price as the box's others
// are: at most 32 characters like price, monthly_price and weekly_price) and a remark beside its description
// (up to 256 characters, the spec's limit of short free text such as mate info); a tone carries the subCompanyId
// of its upload form (a short code of letters and digits, up to 32). '' when not given, like the other text fields.
// A migration is history: it spells the sizes of its day.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const text = (c: any) => c.notNull().defaultTo('');
  await db.schema.alterTable('tone_boxes').addColumn('bundle_price', 'varchar(32)', text).execute();
  await db.schema.alterTable('tone_boxes').addColumn('remark', 'varchar(256)', text).execute();
  await db.schema.alterTable('tones').addColumn('sub_company_id', 'varchar(32)', text).execute();
}
