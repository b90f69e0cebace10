// The operator's reference data the forms read: data dictionaries, content languages, catalogues and tariffs
// (with their detail rows), named in the request's language where translations exist (translations.ts).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Lang } from '../returnCodes';
import type { PageRange } from '../db/paging';
import { namesIn } from './translations';

type Db = Kysely<Database>;

export async function dictionaries(db: Db, dictType?: string) {
  let q = db
    .selectFrom('dictionary_items')
    .select(['dict_type', 'item_code', 'item_label_value', 'item_value'])
    .orderBy('dict_type')
    .orderBy('sort_order');
  if (dictType) q = q.where('dict_type', '=', dictType);
  return (await q.execute()).map((r) => ({
    dictType: r.dict_type,
    itemCode: r.item_code,
    itemLabelValue: r.item_label_value,
    itemValue: r.item_value,
  }));
}

/** Content languages, highest priority first, named in the portal language of the request. */
export async function languages(db: Db, lang: Lang) {
  const rows = await db.selectFrom('languages').selectAll().orderBy('priority', 'desc').orderBy('id').execute();
  const names = await namesIn(db, 'language', lang);
  return rows.map((r) => ({
    languageID: String(r.id),
    languageCode: r.language_code,
    languageDesc: names(r.id, 'name', r.language_desc),
    priority: String(r.priority),
  }));
}

/** Catalogues of a resource type (1 tones, 2 tone boxes, 3 name tones), in their order. */
export const cataloguesOf = (db: Db, resourceType: number) =>
  db
    .selectFrom('catalogues')
    .select(['id', 'parent_id', 'name', 'relative_validity_period'])
    .where('resource_type', '=', resourceType)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();

export const catalogue = (db: Db, id: number) =>
  db
    .selectFrom('catalogues')
    .select(['id', 'name', 'relative_validity_period'])
    .where('id', '=', id)
    .executeTakeFirst();

/** The name-tone category: the first catalogue of resource type 3. */
export const nameToneCategory = (db: Db) =>
  db
    .selectFrom('catalogues')
    .select(['id', 'name'])
    .where('resource_type', '=', 3)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();

/** One page of tariffs (optionally of a price group type and order type), with their total. */
export async function tariffPage(db: Db, filter: { priceGroupType?: number; orderType?: number }, range: PageRange) {
  let q = db.selectFrom('tariffs');
  if (filter.priceGroupType) q = q.where('price_group_type', '=', filter.priceGroupType);
  if (filter.orderType) q = q.where('order_type', '=', filter.orderType);
  const { n } = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = range.countOnly
    ? []
    : await q.select(['id', 'name', 'description']).orderBy('id').limit(range.limit).offset(range.offset).execute();
  return { rows, total: Number(n) };
}

/** A tariff with its detail rows, or undefined. */
export async function tariffWithDetails(db: Db, id: number) {
  const tariff = await db
    .selectFrom('tariffs')
    .select(['id', 'name', 'description'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!tariff) return undefined;
  const details = await db
    .selectFrom('tariff_details')
    .selectAll()
    .where('tariff_id', '=', tariff.id)
    .orderBy('id')
    .execute();
  return { tariff, details };
}
