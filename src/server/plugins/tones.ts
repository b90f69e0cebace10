// The tone list (sp/qrytone, 001 §7): the provider's own tones with the maintenance and selection filters and
// paging that stays fast at a million tones; the maintenance calls (detail, tags, hide/resume, delete,
// export) are declared in toneMaintenance.ts beside it, their work in services/toneMaintenance.ts.
//
// Paging: tones are never deleted (deletion is a status), and each provider's tones carry seq 1..n, dense,
// in upload order. An unfiltered page is therefore a range of seq read from the (provider_id, seq) index, and
// recordSum is max(seq): both O(page) whatever the page number. A filtered page first reads the ids of the
// page from the filter's index (provider_id, filter, id) alone, so OFFSET skips index entries only, from
// whichever end of the range is nearer, then fetches those rows by primary key (a deferred join).
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { registerRoutes } from '../routes';
import { obj, paging, stringRecord } from '../http/schemas';
import { pageRange } from '../db/paging';
import { precompiled } from '../db/precompiled';
import type { Tone } from '../db/schema';
import { languageNames } from '../services/translations';

/** Columns a list row shows (not the file maps and extra info, which the detail call returns). */
const LIST_COLUMNS = ['id', 'tone_code', 'tone_name', 'singer_name', 'cut_flag', 'status', 'approve_type', 'table_type', 'ask_type', 'refuse_reason', 'price', 'total_price', 'caller_price', 'tariff_price', 'relative_time', 'tone_valid_day', 'order_times', 'language_id', 'price_group_id', 'created_at'] as const;
type ListRow = Pick<Tone, (typeof LIST_COLUMNS)[number]>;

/** The fields of a list row: toneRecord gives exactly these (its type says so), the route declares them. */
export const TONE_ROW_FIELDS = ['toneID', 'toneCode', 'toneName', 'cpName', 'singerName', 'cutFlag', 'status', 'approveType', 'tableType', 'askType', 'refuseReason', 'price', 'totalPrice', 'callerPrice', 'tariffPrice', 'relativeTime', 'toneValidDay', 'orderTimes', 'language', 'languageName', 'priceGroupID', 'uploadTime'] as const;

/** A list row; `languages` names the content language in the portal language of the request. */
export function toneRecord(t: ListRow, cpName: string, languages: Map<number, string>): Record<(typeof TONE_ROW_FIELDS)[number], string> {
  return {
    toneID: String(t.id),
    toneCode: t.tone_code,
    toneName: t.tone_name,
    cpName,
    singerName: t.singer_name,
    cutFlag: t.cut_flag,
    status: t.status,
    approveType: t.approve_type,
    tableType: t.table_type,
    askType: t.ask_type,
    refuseReason: t.refuse_reason,
    price: t.price,
    totalPrice: t.total_price,
    callerPrice: t.caller_price,
    tariffPrice: t.tariff_price,
    relativeTime: t.relative_time,
    toneValidDay: t.tone_valid_day,
    orderTimes: String(t.order_times),
    language: t.language_id === null ? '' : String(t.language_id),
    languageName: t.language_id === null ? '' : languages.get(t.language_id) ?? '',
    priceGroupID: t.price_group_id === null ? '' : String(t.price_group_id),
    uploadTime: new Date(t.created_at).toISOString(),
  };
}

const TONE_FILTERS = {
  toneCode: { type: 'string', pattern: '^\\d{0,22}$' },
  toneName: { type: 'string', maxLength: 1024, description: 'Prefix of the tone name.' },
  singerName: { type: 'string', maxLength: 1024, description: 'Prefix of the singer name.' },
  status: { type: 'string', pattern: '^\\d{0,2}$' },
  approveType: { type: 'string', pattern: '^\\d{0,2}$' },
  validStartDay: { type: 'string', pattern: '^(\\d{4}-\\d{2}-\\d{2})?$', description: 'Absolute validity on or after (YYYY-MM-DD).' },
  validEndDay: { type: 'string', pattern: '^(\\d{4}-\\d{2}-\\d{2})?$', description: 'Absolute validity on or before (YYYY-MM-DD).' },
  uploadStartTime: { type: 'string', pattern: '^(\\d{4}-\\d{2}-\\d{2})?$', description: 'Uploaded on or after this day (UTC).' },
  uploadEndTime: { type: 'string', pattern: '^(\\d{4}-\\d{2}-\\d{2})?$', description: 'Uploaded on or before this day (UTC).' },
  minPrice: { type: 'string', pattern: '^(\\d{1,7}(\\.\\d{1,2})?)?$' },
  maxPrice: { type: 'string', pattern: '^(\\d{1,7}(\\.\\d{1,2})?)?$' },
  onlyNormal: { type: 'string', enum: ['', '0', '1'], description: '1: only normal (status 1, not pending) tones that are not jockey tones (the selection list of tone boxes and directories).' },
};
const FILTER_NAMES = Object.keys(TONE_FILTERS);
const DAY_MS = 86_400_000;

// The unfiltered page, asked on every visit of the maintenance screen, in one round trip: the total
// (max(seq)) joined with the rows whose seq lies in (total - offset - limit, total - offset]. With no rows
// in range the left join still gives one row carrying the total. Compiled once.
const tonePageBySeq = precompiled(['providerId', 'offset', 'limit'], (db, p) =>
  db
    .selectFrom(db.selectFrom('tones').select((eb) => eb.fn.max('seq').as('total')).where('provider_id', '=', p.providerId).as('m'))
    .leftJoin('tones as t', (join) =>
      join
        .on('t.provider_id', '=', p.providerId)
        .on((eb) => eb('t.seq', '<=', eb(eb.ref('m.total'), '-', p.offset)))
        .on((eb) => eb('t.seq', '>', eb(eb(eb.ref('m.total'), '-', p.offset), '-', p.limit))),
    )
    .select('m.total')
    .select(LIST_COLUMNS.map((c) => `t.${c}` as const))
    .orderBy('t.seq', 'desc'),
);

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => '\\' + c);

export function toneRoutes(app: FastifyInstance): void {
  registerRoutes(app, [
    {
      method: 'READ',
      url: '/sp/qrytone',
      tag: 'tones',
      summary: "The provider's tones, newest first, paged",
      description: 'Filters: toneCode (exact), toneName and singerName (prefix), status, approveType, validity and upload day ranges, price range, onlyNormal. Paging by startRecordNum/endRecordNum; queryType 1 answers only recordSum.',
      auth: 'session',
      params: obj({ ...paging, ...TONE_FILTERS, isQuerySelf: { type: 'string' }, orderBy: { type: 'string' }, resourceServiceType: { type: 'string' }, uploadType: { type: 'string' } }),
      record: { type: 'array', items: stringRecord(TONE_ROW_FIELDS) },
      async handler(req, _reply, params) {
        const { db } = req.server.ctx;
        const p = req.session!.provider;
        const range = pageRange(params);
        const filtered = FILTER_NAMES.some((k) => typeof params[k] === 'string' && params[k] !== '' && !(k === 'onlyNormal' && params[k] === '0'));
        const languages = await languageNames(db, req.lang, req.server.ctx.now());
        if (!filtered) {
          const rows = await tonePageBySeq(db, { providerId: p.id, offset: range.countOnly ? 0 : range.offset, limit: range.countOnly ? 0 : range.limit });
          const recordSum = Number(rows[0]?.total ?? 0);
          if (range.countOnly) return { recordSum };
          const page = rows.filter((r) => r.id !== null) as ListRow[];
          return { record: page.map((t) => toneRecord(t, p.name, languages)), recordSum };
        }
        let q = db.selectFrom('tones').where('provider_id', '=', p.id);
        if (params.toneCode) q = q.where('tone_code', '=', String(params.toneCode));
        if (params.status) q = q.where('status', '=', String(params.status));
        if (params.approveType) q = q.where('approve_type', '=', String(params.approveType));
        if (params.toneName) q = q.where('tone_name', 'like', `${escapeLike(String(params.toneName))}%`);
        if (params.singerName) q = q.where('singer_name', 'like', `${escapeLike(String(params.singerName))}%`);
        // Date ranges read the (provider_id, tone_valid_day, id) and (provider_id, created_at, id) indexes.
        if (params.validStartDay) q = q.where('tone_valid_day', '>=', String(params.validStartDay));
        if (params.validEndDay) q = q.where('tone_valid_day', '<=', String(params.validEndDay));
        if (params.uploadStartTime) q = q.where('created_at', '>=', Date.parse(`${params.uploadStartTime}T00:00:00Z`));
        if (params.uploadEndTime) q = q.where('created_at', '<', Date.parse(`${params.uploadEndTime}T00:00:00Z`) + DAY_MS);
        // Prices are decimal strings: compared as numbers (no index; the other filters narrow first).
        if (params.minPrice) q = q.where(sql<number>`cast(price as real)`, '>=', Number(params.minPrice));
        if (params.maxPrice) q = q.where(sql<number>`cast(price as real)`, '<=', Number(params.maxPrice));
        if (params.onlyNormal === '1') q = q.where('status', '=', '1').where('approve_type', '!=', '1').where('cut_flag', '!=', '1');
        const { n } = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
        if (range.countOnly) return { recordSum: Number(n) };
        // Past the middle, walk the index from the other end: OFFSET never skips more than half the matches.
        const total = Number(n);
        const fromEnd = range.offset > total / 2;
        const offset = fromEnd ? Math.max(0, total - range.offset - range.limit) : range.offset;
        const limit = fromEnd ? Math.min(range.limit, total - range.offset) : range.limit;
        const ids = limit <= 0 ? [] : (await q.select('id').orderBy('id', fromEnd ? 'asc' : 'desc').limit(limit).offset(offset).execute()).map((r) => r.id);
        const rows = ids.length === 0 ? [] : await db.selectFrom('tones').select(LIST_COLUMNS).where('id', 'in', ids).orderBy('id', 'desc').execute();
        return { record: rows.map((t) => toneRecord(t, p.name, languages)), recordSum: Number(n) };
      },
    },
  ]);
}
