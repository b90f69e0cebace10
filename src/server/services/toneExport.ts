// The tone export of 001 §2.2 and §7 (sp/exporttone): the provider's tones, newest first, deleted ones left
// out, streamed in keyset pages of (provider_id, seq) so any number of tones goes out in constant memory and
// no long-running cursor holds the database. Two formats:
// - readable (the default): a file a provider opens in a spreadsheet. UTF-8 with a byte order mark (Excel
//   reads the encoding from it), headers in the provider's language, the status as the list shows it (the
//   rbtMaintenance definition's status column derives it, so list and file always agree), languages by name,
//   the relative validity with its unit, upload times in the provider's time zone as the portal shows them
//   (YYYY-MM-DD HH:mm:ss), and cells a spreadsheet would run as a formula (starting with = + - @, tab or
//   carriage return) neutralised with a leading apostrophe (OWASP's advice for CSV injection).
// - raw (format=raw): for scripts. Field names as headers, the stored codes (status, approveType, language
//   id) and ISO 8601 UTC times, values exactly as stored; not meant for a spreadsheet.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Lang } from '../returnCodes';
import { evaluate } from '../../engine';
import { translate } from '../http/messages';
import { engineFor } from '../validation';
import type { Config } from './config';
import { DELETED } from './toneMaintenance';
import { languageNames } from './translations';

type Db = Kysely<Database>;
export type ExportFormat = 'readable' | 'raw';
export interface ExportSource { db: Db; rawRows?(sqlText: string, params: readonly unknown[]): unknown[][] }
export interface ReadableOptions { lang: Lang; timeZone: string; site: string; config: Config }

/** Columns of the raw file, in order: header (the field name of sp/qrytone) and tone column. */
export const RAW_COLUMNS = [
  ['toneCode', 'tone_code'], ['toneName', 'tone_name'], ['singerName', 'singer_name'], ['status', 'status'], ['approveType', 'approve_type'],
  ['price', 'price'], ['callerPrice', 'caller_price'], ['tariffPrice', 'tariff_price'], ['relativeTime', 'relative_time'], ['toneValidDay', 'tone_valid_day'],
  ['orderTimes', 'order_times'], ['language', 'language_id'], ['uploadTime', 'created_at'],
] as const;

const csvCell = (s: string) => (/[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
/** A text cell of the readable file: what a spreadsheet would take for a formula gets a leading apostrophe. */
export const safeCell = (s: string) => csvCell(/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);

/** Whether Intl knows a time zone name ('Africa/Nairobi', 'UTC'). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
export const SERVER_TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

const DAY_MS = 86_400_000;
/** Epoch ms past 9999-12-31, where toISOString switches to six-digit years. */
const ISO_LIMIT = 253_402_300_800_000;
const two = (n: number) => (n < 10 ? '0' + n : '' + n);
const three = (n: number) => (n < 10 ? '00' + n : n < 100 ? '0' + n : '' + n);

/**
 * Times as text without a Date per row: the date part of the last day seen is kept and only the time of day
 * is written (an export walks the tones in upload order, so consecutive rows are mostly of one day). `shift`
 * moves a UTC time into the wanted zone (0 for UTC). iso: `new Date(ms).toISOString()` byte for byte;
 * display: 'YYYY-MM-DD HH:mm:ss'. Anything but an integer time between 1970 and 9999 goes through Date itself.
 */
function dayTimes(style: 'iso' | 'display', shift: (ms: number) => number = () => 0): (ms: number) => string {
  let dayStart = NaN;
  let dayPrefix = '';
  const slow = (t: number) => {
    const iso = new Date(t).toISOString();
    return style === 'iso' ? iso : `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
  };
  return (ms) => {
    const local = ms + shift(ms);
    const t = local - dayStart;
    if (t >= 0 && t < DAY_MS && Number.isInteger(t)) {
      const s = Math.floor(t / 1000);
      const hms = `${two(Math.floor(s / 3600))}:${two(Math.floor(s / 60) % 60)}:${two(s % 60)}`;
      return style === 'iso' ? `${dayPrefix}${hms}.${three(t % 1000)}Z` : `${dayPrefix}${hms}`;
    }
    const text = slow(local);
    if (Number.isInteger(local) && local >= 0 && local < ISO_LIMIT) {
      dayStart = local - (local % DAY_MS);
      dayPrefix = style === 'iso' ? text.slice(0, 11) : `${text.slice(0, 10)} `;
    }
    return text;
  };
}

/**
 * The offset of a time zone at a moment, in ms, from Intl. Asked once per quarter hour of upload times (zones
 * change their offset only on such boundaries), so a million rows need about as many Intl calls as there are
 * distinct quarter hours in a row.
 */
function zoneOffset(timeZone: string): (ms: number) => number {
  const f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
  const QUARTER = 900_000;
  let bucket = NaN;
  let offset = 0;
  return (ms) => {
    const b = Math.floor(ms / QUARTER);
    if (b === bucket) return offset;
    bucket = b;
    const at = b * QUARTER;
    const p = Object.fromEntries(f.formatToParts(at).map((x) => [x.type, x.value]));
    offset = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second)) - at;
    return offset;
  };
}

// ---- raw ----------------------------------------------------------------------------------------------

/**
 * SQLite: the raw columns, but SQLite joins the fixed-format text columns (status .. tone_valid_day, with their
 * commas) into one value, since building a JS string per value is most of the cost of reading a row (13
 * strings a row -> 4). The free-text columns still come alone for csvCell, the numbers as numbers.
 */
const RAW_SQLITE = `SELECT seq, tone_code, tone_name, singer_name,
  ',' || status || ',' || approve_type || ',' || price || ',' || caller_price || ',' || tariff_price || ',' || relative_time || ',' || tone_valid_day || ',',
  order_times, language_id, created_at
  FROM tones WHERE provider_id = ? AND seq < ? AND status != '${DELETED}' ORDER BY seq DESC LIMIT ?`;
type RawRow = [number, string, string, string, string, number, number | null, number];

/** One keyset page in the SQLite query's row shape: SQLite's raw mode when the handle has it, else Kysely builds the same rows (PostgreSQL). */
async function rawRows(handle: ExportSource, providerId: number, below: number, limit: number): Promise<RawRow[]> {
  if (handle.rawRows) return handle.rawRows(RAW_SQLITE, [providerId, below, limit]) as RawRow[];
  const rows = await page(handle.db, providerId, below, limit).select(RAW_COLUMNS.map(([, c]) => c)).execute();
  return rows.map((r) => [r.seq, r.tone_code, r.tone_name, r.singer_name, `,${r.status},${r.approve_type},${r.price},${r.caller_price},${r.tariff_price},${r.relative_time},${r.tone_valid_day},`, r.order_times, r.language_id, r.created_at]);
}

const page = (db: Db, providerId: number, below: number, limit: number) =>
  db.selectFrom('tones').select('seq').where('provider_id', '=', providerId).where('seq', '<', below).where('status', '!=', DELETED).orderBy('seq', 'desc').limit(limit);

async function* rawCsv(handle: ExportSource, providerId: number, pageRows: number): AsyncGenerator<string> {
  yield '\uFEFF' + RAW_COLUMNS.map(([h]) => h).join(',') + '\n';
  const iso = dayTimes('iso');
  for await (const rows of pages((below) => rawRows(handle, providerId, below, pageRows))) {
    let out = '';
    // Only the free-text columns can hold a comma or quote; codes, prices, periods and dates are validated formats.
    for (const [, code, name, singer, fixed, orders, language, created] of rows) out += `${code},${csvCell(name)},${csvCell(singer)}${fixed}${orders},${language ?? ''},${iso(created)}\n`;
    yield out;
  }
}

// ---- readable -----------------------------------------------------------------------------------------

/** SQLite, as RAW_SQLITE: the status inputs as one key, the prices as one text, validity and downloads as one. */
const READABLE_SQLITE = `SELECT seq, tone_code, tone_name, singer_name,
  status || ',' || approve_type || ',' || table_type || ',' || ask_type || ',' || (refuse_reason = ''),
  ',' || price || ',' || caller_price || ',' || tariff_price || ',', relative_time,
  ',' || tone_valid_day || ',' || order_times || ',', language_id, created_at
  FROM tones WHERE provider_id = ? AND seq < ? AND status != '${DELETED}' ORDER BY seq DESC LIMIT ?`;
type ReadableRow = [number, string, string, string, string, string, string, string, number | null, number];

async function readableRows(handle: ExportSource, providerId: number, below: number, limit: number): Promise<ReadableRow[]> {
  if (handle.rawRows) return handle.rawRows(READABLE_SQLITE, [providerId, below, limit]) as ReadableRow[];
  const rows = await page(handle.db, providerId, below, limit)
    .select(['tone_code', 'tone_name', 'singer_name', 'status', 'approve_type', 'table_type', 'ask_type', 'refuse_reason', 'price', 'caller_price', 'tariff_price', 'relative_time', 'tone_valid_day', 'order_times', 'language_id', 'created_at'])
    .execute();
  return rows.map((r) => [
    r.seq, r.tone_code, r.tone_name, r.singer_name, `${r.status},${r.approve_type},${r.table_type},${r.ask_type},${r.refuse_reason === '' ? 1 : 0}`,
    `,${r.price},${r.caller_price},${r.tariff_price},`, r.relative_time, `,${r.tone_valid_day},${r.order_times},`, r.language_id, r.created_at,
  ]);
}

/**
 * The words of the readable file as the provider's screens say them: headers from the list and the tone form
 * of the provider's site (Kenya's 'Skiza price'), the status by the rbtMaintenance definition's status column.
 */
function vocabulary(o: ReadableOptions) {
  const engine = engineFor(o.site);
  const t = (key: string, params?: Record<string, unknown>) => translate(key, o.lang, params);
  // The site's definitions as they are (overlays applied), without resolving whole screens: only a column and two labels are needed.
  const statusColumn = engine.definition('rbtMaintenance').columns!.status;
  const formFields = engine.definition('rbtUploading').fields ?? {};
  const formLabel = (field: string, fallback: string) => formFields[field]?.label ?? fallback;
  const headers = [
    'Tone.toneCode', 'Tone.toneName', 'Tone.singerName', 'Tone.status', formLabel('price', 'Tone.price'), formLabel('callerPrice', 'Tone.callerPrice'),
    'Tone.tariffPrice', 'Tone.relativeTime', 'Tone.toneValidDay', 'Tone.orderTimes', 'Common.language', 'Tone.uploadTime',
  ].map((k) => safeCell(t(k)));

  const statuses = new Map<string, string>();
  const status = (key: string) => {
    let word = statuses.get(key);
    if (word === undefined) {
      const [s, approveType, tableType, askType, noReason] = key.split(',');
      const row = { status: s, approveType, tableType, askType, refuseReason: noReason === '1' ? '' : 'x' };
      const value = String(evaluate(statusColumn.value, { row, config: o.config, user: {} }));
      const label = statusColumn.labels?.[value];
      word = safeCell(label ? t(label) : value);
      statuses.set(key, word);
    }
    return word;
  };
  const periods = new Map<string, string>();
  const period = (days: string) => {
    let text = periods.get(days);
    if (text === undefined) periods.set(days, (text = days === '' ? '' : safeCell(t('Common.days', { value: days, count: Number(days) }))));
    return text;
  };
  return { headers, status, period };
}

async function* readableCsv(handle: ExportSource, providerId: number, o: ReadableOptions, pageRows: number): AsyncGenerator<string> {
  const words = vocabulary(o);
  const languages = new Map([...(await languageNames(handle.db, o.lang))].map(([id, name]) => [id, safeCell(name)]));
  const time = dayTimes('display', zoneOffset(o.timeZone));
  yield '\uFEFF' + words.headers.join(',') + '\n';
  for await (const rows of pages((below) => readableRows(handle, providerId, below, pageRows))) {
    let out = '';
    for (const [, code, name, singer, statusKey, prices, relative, validAndOrders, language, created] of rows) {
      out += `${code},${safeCell(name)},${safeCell(singer)},${words.status(statusKey)}${prices}${words.period(relative)}${validAndOrders}${language === null ? '' : languages.get(language) ?? ''},${time(created)}\n`;
    }
    yield out;
  }
}

/** Keyset pages, newest first, until one comes back empty. */
async function* pages<R extends unknown[]>(read: (below: number) => Promise<R[]>): AsyncGenerator<R[]> {
  let below = 2_147_483_647; // above any seq, and within an int4 column on PostgreSQL
  for (;;) {
    const rows = await read(below);
    if (rows.length === 0) return;
    yield rows;
    below = rows[rows.length - 1][0] as number;
  }
}

/**
 * The provider's tones as CSV text chunks, in the readable format (with its options) or the raw one. Pages of
 * 500 rows: the export bench measured the server's peak memory at about 140 MB with them against 160-180 MB with
 * pages of 2000 (the chunk strings and row arrays of bigger pages let the heap grow), at the same speed.
 */
export function exportCsv(handle: ExportSource, providerId: number, format: { kind: 'raw' } | ({ kind: 'readable' } & ReadableOptions), pageRows = 500): AsyncGenerator<string> {
  return format.kind === 'raw' ? rawCsv(handle, providerId, pageRows) : readableCsv(handle, providerId, format, pageRows);
}
