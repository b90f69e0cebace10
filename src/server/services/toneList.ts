// The tone list (sp/qrytone, 001 §7): the provider's own tones, newest first, with the filters of the tone
// record (records/tone.json: parameter -> field and comparison) and paging that stays fast at a million tones.
// Rows carry the record's list fields, the provider's name (cpName) and the content language's name in the
// request's language (languageName).
//
// Paging: tones are never deleted (deletion is a status), and each provider's tones carry seq 1..n, dense,
// in upload order. An unfiltered page is therefore a range of seq read from the (provider_id, seq) index, and
// recordSum is max(seq): both O(page) whatever the page number. A filtered page first reads the ids of the
// page from the filter's index (provider_id, filter, id) alone, so OFFSET skips index entries only, from
// whichever end of the range is nearer, then fetches those rows by primary key (a deferred join).
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { RecordFilterDef } from '../../engine';
import type { Database } from '../db/schema';
import type { PageRange } from '../db/paging';
import { precompiled } from '../db/precompiled';
import { logicToSql } from '../db/logicSql';
import { compareColumn } from '../db/recordFilter';
import { typed, type TSchema } from '../http/schemas';
import { engineFor } from '../validation';
import { stateValues, stateWhere, type ListOrder } from '../http/listOrder';
import { toneFields } from './toneRecord';
import { reasonText } from '../media/transcodes';
import type { Lang } from '../returnCodes';
import { countRows } from '../db/paging';

type Db = Kysely<Database>;
type Row = Record<string, unknown>;

/** Columns a list row is built from (the record's list fields; the file maps and extra info are the detail's). */
const listColumns = () =>
  ['id', ...toneFields().listColumns.filter((c) => c !== 'id')] as Array<keyof Database['tones']>;
/** The keys of a list row, as the route declares its answer. */
export const toneRowFields = () => [...toneFields().listKeys, 'cpName', 'languageName'];

const filterDefs = (): Record<string, RecordFilterDef> => toneFields().record.filters ?? {};
const DAY = '^(\\d{4}-\\d{2}-\\d{2})?$';
const NUMBER = '^(\\d{1,12}(\\.\\d{1,6})?)?$';
/**
 * The parameter shapes the comparisons can take (a day for a time, a number for a price), nothing more: the rules
 * of each value are those of the screens' search fields, which the route checks through the engine.
 */
export const toneFilterParams = (): Record<string, TSchema> =>
  Object.fromEntries(
    Object.entries(filterDefs()).map(([name, f]) => {
      const pattern =
        f.match === 'fromDay' || f.match === 'toDay'
          ? DAY
          : f.match === 'min' || f.match === 'max'
            ? NUMBER
            : undefined;
      return [
        name,
        typed<string>({
          type: 'string',
          maxLength: 1024,
          ...(pattern ? { pattern } : {}),
          ...(f.match === 'state' ? { enum: stateValues(f.expression!) } : {}),
          ...(f.schema ?? {}),
          description: `${f.match} on ${f.field}${f.expression ? ` (${f.expression})` : ''}`,
        }),
      ];
    }),
  );

const active = (f: RecordFilterDef, v: unknown) =>
  typeof v === 'string' && v !== '' && (f.match !== 'expression' || v === '1');
const columnOf = (field: string) => toneFields().field(field).column;

function applyFilter<Q extends SelectQueryBuilder<Database, 'tones', object>>(
  q: Q,
  f: RecordFilterDef,
  value: string,
  site: string,
): Q {
  if (f.match === 'expression')
    return q.where(logicToSql(engineFor(site).expression(f.expression!), columnOf) as any) as Q;
  if (f.match === 'state') return q.where(stateWhere(site, f.expression!, value, columnOf) as any) as Q;
  return compareColumn<'tones', Q>(q, columnOf(f.field), f.match, value) ?? q;
}

// The unfiltered page, asked on every visit of the maintenance screen, in one round trip: the total
// (max(seq)) joined with the rows whose seq lies in (total - offset - limit, total - offset]. With no rows
// in range the left join still gives one row carrying the total. Compiled once.
const tonePageBySeq = precompiled(['providerId', 'offset', 'limit'], (db, p) =>
  db
    .selectFrom(
      db
        .selectFrom('tones')
        .select((eb) => eb.fn.max('seq').as('total'))
        .where('provider_id', '=', p.providerId)
        .as('m'),
    )
    .leftJoin('tones as t', (join) =>
      join
        .on('t.provider_id', '=', p.providerId)
        .on((eb) => eb('t.seq', '<=', eb(eb.ref('m.total'), '-', p.offset)))
        .on((eb) => eb('t.seq', '>', eb(eb(eb.ref('m.total'), '-', p.offset), '-', p.limit))),
    )
    .select('m.total')
    .select(listColumns().map((c) => `t.${c}` as const))
    .orderBy('t.seq', 'desc'),
);

/** `languages` names the content language in the portal language of the request (languageName). */
export interface ToneListQuery {
  providerId: number;
  cpName: string;
  languages: Map<number, string>;
  /** The reader's language: a failed transcode's reason is given in it. */
  lang: Lang;
  site: string;
  params: Record<string, unknown>;
  range: PageRange;
  /** A sortable column's order (http/listOrder.ts, already checked against the definitions); ties newest first. */
  order?: ListOrder;
}

export async function listTones(
  db: Db,
  q: ToneListQuery,
): Promise<{ record?: Array<Record<string, string>>; recordSum: number }> {
  const language = toneFields().field('language').column;
  const row = (t: Row) => {
    const out = toneFields().listRow(t);
    out.cpName = q.cpName;
    out.languageName = t[language] === null ? '' : (q.languages.get(t[language] as number) ?? '');
    out.transcodeReason = reasonText(t.transcode_reason, q.lang);
    return out;
  };
  const filters = Object.entries(filterDefs()).filter(([name, f]) => active(f, q.params[name]));
  if (filters.length === 0 && !q.order) {
    const rows = await tonePageBySeq(db, {
      providerId: q.providerId,
      offset: q.range.countOnly ? 0 : q.range.offset,
      limit: q.range.countOnly ? 0 : q.range.limit,
    });
    const recordSum = Number(rows[0]?.total ?? 0);
    if (q.range.countOnly) return { recordSum };
    return { record: rows.filter((r) => r.id !== null).map((r) => row(r as Row)), recordSum };
  }
  let query = db.selectFrom('tones').where('provider_id', '=', q.providerId);
  for (const [name, f] of filters) query = applyFilter(query, f, String(q.params[name]), q.site);
  const total = await countRows(query);
  if (q.range.countOnly) return { recordSum: total };
  if (q.order) return { record: (await orderedPage(db, query, q.order, q.range)).map(row), recordSum: total };
  // Past the middle, walk the index from the other end: OFFSET never skips more than half the matches.
  const fromEnd = q.range.offset > total / 2;
  const offset = fromEnd ? Math.max(0, total - q.range.offset - q.range.limit) : q.range.offset;
  const limit = fromEnd ? Math.min(q.range.limit, total - q.range.offset) : q.range.limit;
  const ids =
    limit <= 0
      ? []
      : (
          await query
            .select('id')
            .orderBy('id', fromEnd ? 'asc' : 'desc')
            .limit(limit)
            .offset(offset)
            .execute()
        ).map((r) => r.id);
  const rows =
    ids.length === 0
      ? []
      : await db.selectFrom('tones').select(listColumns()).where('id', 'in', ids).orderBy('id', 'desc').execute();
  return { record: rows.map((r) => row(r as Row)), recordSum: total };
}

/**
 * A page in a column's order: the ids from the (provider_id, column, id) index (every sortable tone column has
 * one, migrations/001), ties by id in the same direction so paging is stable, then the rows by primary key.
 * A price is a decimal string: it sorts as a number.
 */
async function orderedPage(
  db: Db,
  query: SelectQueryBuilder<Database, 'tones', object>,
  order: ListOrder,
  range: PageRange,
): Promise<Row[]> {
  const col = columnOf(order.field) as any;
  const key = order.field === 'price' ? sql`cast(${sql.ref(col)} as real)` : sql.ref(col);
  const ids = (
    await query
      .select('id')
      .orderBy(key, order.direction)
      .orderBy('id', order.direction)
      .limit(range.limit)
      .offset(range.offset)
      .execute()
  ).map((r) => r.id);
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('tones').select(listColumns()).where('id', 'in', ids).execute();
  const byId = new Map(rows.map((r) => [r.id, r as Row]));
  return ids.map((id) => byId.get(id)!).filter(Boolean);
}
