// The tone export of 001 §2.2 and §7 (sp/exporttone): the provider's tones, newest first, deleted ones left
// out, streamed in keyset pages of (provider_id, seq) so any number of tones goes out in constant memory and
// no long-running cursor holds the database. Its columns are the tone record's export fields, in the record's
// order (records/tone.json): a field added there is exported, nothing here names one. Two formats:
// - readable (the default): a file a provider opens in a spreadsheet. UTF-8 with a byte order mark (Excel
//   reads the encoding from it), headers in the provider's language (the fields' labels; a label the site's
//   tone form gives the field otherwise, as Kenya's 'Skiza price'), each field as its `readable` says: the
//   status as the lists word it (the named expression toneStatus and the status column's labels, so list and
//   file always agree), languages by name, the relative validity with its unit, times in the provider's time
//   zone as the portal shows them (YYYY-MM-DD HH:mm:ss); cells a spreadsheet would run as a formula (starting
//   with = + - @, tab or carriage return) neutralised with a leading apostrophe (OWASP's advice for CSV injection).
// - raw (format=raw): for scripts. Field names as headers, the values exactly as stored (codes, language id),
//   ISO 8601 UTC times; not meant for a spreadsheet. The batch export task (a file the provider downloads,
//   services/batch/exportTask.ts) uses this format with its text cells neutralised as the readable ones are.
// Speed: reading a row costs mostly the JS values made from it (a string per value, an array per row), so on
// SQLite the fields that need no work (codes, prices, dates) come joined into one value by the query itself,
// and the raw file's pages are written whole by SQLite (one string per page; sqlPage).
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Lang } from '../returnCodes';
import { evaluate } from '../../engine';
import { readsVars } from '../db/logicSql';
import { translate } from '../http/messages';
import { csvCell, quotedCell } from '../http/csv';
import { ISO_LIMIT, isoTimeSql, quotedCellSql, type CellSql } from '../http/csvSql';
import { engineFor } from '../validation';
import type { MappedField } from '../records/fieldMap';
import type { Config } from './config';
import { STATUS } from '../lifecycle/states';
import { toneFields } from './toneRecord';
import { languageNames } from './translations';

type Db = Kysely<Database>;
export type ExportFormat = 'readable' | 'raw';
export interface ExportSource {
  db: Db;
  rawRows?(sqlText: string, params: readonly unknown[]): unknown[][];
}
export interface ReadableOptions {
  lang: Lang;
  timeZone: string;
  site: string;
  config: Config;
}

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
  const f = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const QUARTER = 900_000;
  let bucket = NaN;
  let offset = 0;
  return (ms) => {
    const b = Math.floor(ms / QUARTER);
    if (b === bucket) return offset;
    bucket = b;
    const at = b * QUARTER;
    const p = Object.fromEntries(f.formatToParts(at).map((x) => [x.type, x.value]));
    offset =
      Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second)) -
      at;
    return offset;
  };
}

// ---- the plan of a file: its columns as query parts ------------------------------------------------------

/**
 * One part of a row: `columns` read by the query (joined by it into one value, with commas, when `joined`), and
 * how the value(s) become the part's text. A joined part is the run of fields that need no work. `sql`: the
 * same text written by SQLite (SQLite pages, raw file only).
 */
interface Part {
  columns: string[];
  joined: boolean;
  text(v: unknown): string;
  sql?: CellSql;
}
/** A separator no stored value holds: the status inputs come joined by it as one key. */
const KEY_SEPARATOR = '\u0001';

/** The part of one field, or null when the field goes out as stored with no escaping (joinable). */
type Presenter = (f: MappedField) => Part | null;

/** The parts of a file: consecutive joinable fields become one part, the query joining them. */
function plan(fields: MappedField[], present: Presenter): Part[] {
  const parts: Part[] = [];
  for (const f of fields) {
    const part = present(f);
    const last = parts[parts.length - 1];
    if (part) parts.push(part);
    else if (last?.joined) last.columns.push(f.column);
    else
      parts.push({ columns: [f.column], joined: true, text: (v) => (v === null || v === undefined ? '' : String(v)) });
  }
  return parts;
}

/** A part's SQL (SQLite): its column, or its columns joined by commas (or by the key separator for a key). */
function partSql(part: Part, key = false): string {
  if (part.columns.length === 1 && !key) return part.columns[0];
  const sep = key ? `char(${KEY_SEPARATOR.charCodeAt(0)})` : "','";
  return part.columns.map((c) => `coalesce(${c}, '')`).join(` || ${sep} || `);
}

/** What an export reads: the provider's tones as the parts of its rows (`keys`: the parts read as one key). */
interface Walk {
  handle: ExportSource;
  parts: Part[];
  keys: Set<Part>;
  providerId: number;
}

/** The rows of a keyset page on SQLite, after its SELECT list; parameters provider id, seq to read below, limit. */
const PAGE_ROWS_SQL = `FROM tones WHERE provider_id = ? AND seq < ? AND status != '${STATUS.deleted}' ORDER BY seq DESC LIMIT ?`;

/** One keyset page: [seq, part values...], read by SQLite's raw mode when the handle has it, else through Kysely (PostgreSQL). */
async function readPage({ handle, parts, keys, providerId }: Walk, below: number, limit: number): Promise<unknown[][]> {
  if (handle.rawRows) {
    const text = `SELECT seq, ${parts.map((p) => partSql(p, keys.has(p))).join(', ')} ${PAGE_ROWS_SQL}`;
    return handle.rawRows(text, [providerId, below, limit]);
  }
  const columns = [...new Set(parts.flatMap((p) => p.columns))];
  const rows = await handle.db
    .selectFrom('tones')
    .select(['seq', ...columns.map((c) => sql.ref(c).as(c))] as any)
    .where('provider_id', '=', providerId)
    .where('seq', '<', below)
    .where('status', '!=', STATUS.deleted)
    .orderBy('seq', 'desc')
    .limit(limit)
    .execute();
  return (rows as Array<Record<string, unknown>>).map((r) => [
    r.seq,
    ...parts.map((p) =>
      p.columns.length === 1 && !keys.has(p)
        ? r[p.columns[0]]
        : p.columns.map((c) => r[c] ?? '').join(keys.has(p) ? KEY_SEPARATOR : ','),
    ),
  ]);
}

/** The CSV lines of one keyset page and the seq to read below next; undefined past the last tone. */
type Page = { text: string; last: number } | undefined;

/** A page written row by row by the parts' JS writers. */
async function jsPage(walk: Walk, below: number, limit: number): Promise<Page> {
  const page = await readPage(walk, below, limit);
  if (page.length === 0) return undefined;
  const parts = walk.parts;
  let out = '';
  for (const row of page) {
    let line = '';
    for (let i = 0; i < parts.length; i++) line += (i ? ',' : '') + parts[i].text(row[i + 1]);
    out += line + '\n';
  }
  return { text: out, last: page[page.length - 1][0] as number };
}

/**
 * The query writing a whole page as one string (SQLite), when every part has its SQL: the server's CPU time
 * for a raw export of 1M tones about a quarter lower than making JS values of each row and writing them. A row whose values the SQL cannot write
 * exactly as the JS writers do (http/csvSql.ts) has a NULL line; the page holding it is written by jsPage.
 * The lines are concatenated in the order the inner query reads them (newest first): an aggregate over a
 * subquery ordered and limited takes its rows as the subquery yields them, and group_concat's own ORDER BY
 * costs a sort of every page (a fifth of the export's time). toneExport.test.ts checks the order over pages.
 */
function pageSql(parts: Part[]): string | undefined {
  if (parts.some((p) => !p.joined && !p.sql)) return undefined;
  // concat() writes NULL as '', as partSql's coalesce does; each line ends in its newline.
  const text = `concat(${parts.map((p) => (p.joined ? p.columns.join(", ',', ") : p.sql!.text)).join(", ',', ")}, char(10))`;
  const exact = parts.flatMap((p) => (p.sql ? [p.sql.exact] : []));
  const line = exact.length ? `CASE WHEN ${exact.join(' AND ')} THEN ${text} END` : text;
  return `SELECT group_concat(line, ''), count(*), count(line), min(seq) FROM (SELECT seq, ${line} AS line ${PAGE_ROWS_SQL})`;
}

/** A page written by SQLite, or null when a row of it needs the JS writers. */
function sqlPage({ handle, providerId }: Walk, text: string, below: number, limit: number): Page | null {
  const [[lines, count, written, last]] = handle.rawRows!(text, [providerId, below, limit]) as [
    [string, number, number, number],
  ];
  if (count === 0) return undefined;
  return written === count ? { text: lines, last } : null;
}

async function* rows(walk: Walk, pageRows: number): AsyncGenerator<string> {
  const sqlText = walk.handle.rawRows && pageSql(walk.parts);
  let below = 2_147_483_647; // above any seq, and within an int4 column on PostgreSQL
  for (;;) {
    const sqlWritten = sqlText ? sqlPage(walk, sqlText, below, pageRows) : null;
    const page = sqlWritten !== null ? sqlWritten : await jsPage(walk, below, pageRows);
    if (!page) return;
    yield page.text;
    below = page.last;
  }
}

// ---- raw ----------------------------------------------------------------------------------------------

function rawCsv(
  handle: ExportSource,
  providerId: number,
  pageRows: number,
  neutralise: boolean,
): AsyncGenerator<string> {
  const fields = toneFields().exportFields;
  const iso = dayTimes('iso');
  const parts = plan(fields, (f) => {
    if (f.type === 'time')
      return { columns: [f.column], joined: false, text: (v) => iso(Number(v)), sql: isoTimeSql(f.column) };
    if (f.def.freeText || f.type === 'json')
      return neutralise
        ? { columns: [f.column], joined: false, text: csvCell }
        : { columns: [f.column], joined: false, text: quotedCell, sql: quotedCellSql(f.column) };
    return null;
  });
  return withHeader(
    fields.map((f) => f.name).join(','),
    rows({ handle, parts, keys: new Set(), providerId }, pageRows),
  );
}

// ---- readable -----------------------------------------------------------------------------------------

async function readableCsv(
  handle: ExportSource,
  providerId: number,
  o: ReadableOptions,
  pageRows: number,
): Promise<AsyncGenerator<string>> {
  const map = toneFields();
  const fields = map.exportFields.filter((f) => readableAs(f) !== false);
  const engine = engineFor(o.site);
  const t = (key: string, params?: Record<string, unknown>) => translate(key, o.lang, params);
  const languages = new Map(
    [...(await languageNames(handle.db, o.lang))].map(([id, name]) => [String(id), csvCell(name)]),
  );
  const time = dayTimes('display', zoneOffset(o.timeZone));
  const keys = new Set<Part>();
  const cached = (word: (v: string) => string) => {
    const seen = new Map<string, string>();
    return (v: unknown) => {
      const key = v === null || v === undefined ? '' : String(v);
      let text = seen.get(key);
      if (text === undefined) seen.set(key, (text = word(key)));
      return text;
    };
  };
  const parts = plan(fields, (f) => {
    switch (readableAs(f)) {
      case 'status': {
        // The status column of the lists: its value (the named expression toneTranscodeStatus) over the fields it reads, its labels.
        const column = engine.definition('rbtMaintenance').columns!.status;
        const inputs = readsVars(column.value, 'row');
        const part: Part = {
          columns: inputs.map((name) => map.field(name).column),
          joined: false,
          text: cached((key) => {
            const values = key.split(KEY_SEPARATOR);
            const row = Object.fromEntries(inputs.map((name, i) => [name, values[i] ?? '']));
            const value = String(evaluate(column.value, { row, config: o.config, user: {} }));
            const label = column.labels?.[value];
            return csvCell(label ? t(label) : value);
          }),
        };
        keys.add(part);
        return part;
      }
      case 'days':
        return {
          columns: [f.column],
          joined: false,
          text: cached((days) => (days === '' ? '' : csvCell(t('Common.days', { value: days, count: Number(days) })))),
        };
      case 'languageName':
        return {
          columns: [f.column],
          joined: false,
          text: (v) => (v === null || v === undefined ? '' : (languages.get(String(v)) ?? '')),
        };
      default:
        if (f.type === 'time') return { columns: [f.column], joined: false, text: (v) => time(Number(v)) };
        if (f.def.freeText || f.type === 'json')
          return { columns: [f.column], joined: false, text: (v) => csvCell(String(v ?? '')) };
        return null;
    }
  });
  const headers = fields.map((f) => csvCell(t(headerLabel(f, o.site))));
  return withHeader(headers.join(','), rows({ handle, parts, keys, providerId }, pageRows));
}

/** How a field reads in the readable file: the record's `export.readable`, else as stored. */
const readableAs = (f: MappedField) => (typeof f.def.export === 'object' ? f.def.export.readable : undefined);

/**
 * The header of a field in the readable file: its record label, unless the site's tone form labels the field
 * that enters it otherwise than the generic form does (Kenya's 'Skiza price' and 'My Skiza price').
 */
function headerLabel(f: MappedField, site: string): string {
  const formField = (s: string) => {
    const def = engineFor(s).definition('rbtUploading');
    const entry = f.param ? (def.calls?.add?.payload?.[f.param] as { var?: unknown } | undefined) : undefined;
    const name = typeof entry?.var === 'string' && entry.var.startsWith('form.') ? entry.var.slice(5) : undefined;
    return name ? def.fields?.[name]?.label : undefined;
  };
  const own = formField(site);
  return own && own !== formField('generic') ? own : f.def.label;
}

async function* withHeader(header: string, body: AsyncGenerator<string>): AsyncGenerator<string> {
  yield '\uFEFF' + header + '\n';
  yield* body;
}

/**
 * The provider's tones as CSV text chunks, in the readable format (with its options) or the raw one. Pages of
 * 500 rows: the export bench measured the server's peak memory at about 140 MB with them against 160-180 MB with
 * pages of 2000 (the chunk strings and row arrays of bigger pages let the heap grow), at the same speed.
 */
export async function* exportCsv(
  handle: ExportSource,
  providerId: number,
  format: { kind: 'raw'; neutralise?: boolean } | ({ kind: 'readable' } & ReadableOptions),
  pageRows = 500,
): AsyncGenerator<string> {
  yield* format.kind === 'raw'
    ? rawCsv(handle, providerId, pageRows, format.neutralise === true)
    : await readableCsv(handle, providerId, format, pageRows);
}
