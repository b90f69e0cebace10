// The operator's reference data the forms read: data dictionaries, content languages, catalogues and tariffs
// (with their detail rows), named in the request's language where translations exist (translations.ts).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Lang } from '../returnCodes';
import type { PageRange } from '../db/paging';
import { namesIn } from './translations';
import { precompiled } from '../db/precompiled';

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

type TariffFilter = { priceGroupType?: number; orderType?: number };
type TariffParams = 'priceGroupType' | 'orderType' | 'limit' | 'offset';
const tariffsWhere = (db: Db, filter: TariffFilter, p: Record<TariffParams, unknown>) => {
  let q = db.selectFrom('tariffs');
  if (filter.priceGroupType) q = q.where('price_group_type', '=', p.priceGroupType as number);
  if (filter.orderType) q = q.where('order_type', '=', p.orderType as number);
  return q;
};
const PARAMS: TariffParams[] = ['priceGroupType', 'orderType', 'limit', 'offset'];
// The tone and box forms ask a page on every open: the count and the page are compiled once for each of the four
// combinations of filters (db/precompiled.ts), rather than built and compiled by Kysely on every request.
const tariffQueries = new Map<string, { count: ReturnType<typeof countOf>; page: ReturnType<typeof pageOf> }>();
const countOf = (filter: TariffFilter) =>
  precompiled(PARAMS, (db, p) => tariffsWhere(db, filter, p).select((eb) => eb.fn.countAll<number>().as('n')));
const pageOf = (filter: TariffFilter) =>
  precompiled(PARAMS, (db, p) =>
    tariffsWhere(db, filter, p)
      .select(['id', 'name', 'description'])
      .orderBy('id')
      .limit(p.limit as number)
      .offset(p.offset as number),
  );

/** One page of tariffs (optionally of a price group type and order type), with their total. */
export async function tariffPage(db: Db, filter: TariffFilter, range: PageRange) {
  const shape = { priceGroupType: filter.priceGroupType ? 1 : 0, orderType: filter.orderType ? 1 : 0 };
  const key = `${shape.priceGroupType}${shape.orderType}`;
  let q = tariffQueries.get(key);
  if (!q) tariffQueries.set(key, (q = { count: countOf(shape), page: pageOf(shape) }));
  const values = { ...filter, limit: range.limit, offset: range.offset } as Record<TariffParams, unknown>;
  const [{ n }] = await q.count(db, values);
  const rows = range.countOnly ? [] : await q.page(db, values);
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
