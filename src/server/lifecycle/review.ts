// What an operator reviews of a change request (issue 26): the entity's values before and after, side by side,
// each marked when the change alters it, and its audio and image files before and after (the provider's saved
// files, playable through the operator's file call). Old is the live row; new is what approval would make of it.
import { BASE_SITE, type RecordFieldDef } from '../../engine';
import type { FieldMap } from '../records/fieldMap';
import { engineFor } from '../validation';
import { wireMarks, type ChangeKind } from './states';
import { referencesOf, type Reference } from '../http/contract';

export interface ViewField {
  name: string;
  /** i18n key of the field's label. */
  label: string;
  old: string;
  new: string;
  changed: boolean;
  /** The table its ids name (records/references.json), for reviewNames.ts; not answered. */
  reference?: Reference;
  /** Code -> message key: the browser shows the words (the record field's readAs). */
  labels?: Record<string, string>;
  /** 'datetime': old and new are moments (ISO 8601), shown in the reader's zone and language. */
  format?: 'datetime';
}
export interface ViewFile {
  name: string;
  /** i18n key of the file's label, and its message's parameters (a box's prompt names its language). */
  label: string;
  params?: Record<string, string>;
  /** Saved file names ('' when none). */
  old: string;
  new: string;
  changed: boolean;
}
export interface ChangeView {
  fields: ViewField[];
  files: ViewFile[];
}

type Row = Record<string, unknown>;
const DETAILS = 'details';
const NO_MARKS = { approve_type: '', table_type: '', ask_type: '', refuse_reason: '' };
const LIFECYCLE_FIELDS = new Set(['status', ...Object.keys(wireMarks(NO_MARKS))]);

/** A JSON object stored as text ({} when empty or not an object). */
export const parseObject = (text: unknown): Record<string, unknown> => {
  try {
    const v = JSON.parse(typeof text === 'string' && text ? text : '{}') as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};
const text = (v: unknown) =>
  v === undefined || v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);

/** A stored moment (milliseconds) as the lists answer it. */
const moment = (v: unknown) => (v === '' || v === null || v === undefined ? '' : new Date(Number(v)).toISOString());

/** Pairs of before and after: an addition has nothing before, a deletion nothing after. */
export function sides<T>(kind: ChangeKind, live: T, changed: T, empty: T): [T, T] {
  if (kind === 'add') return [empty, changed];
  if (kind === 'delete') return [live, empty];
  return [live, changed];
}

export const field = (name: string, label: string, old: unknown, now: unknown): ViewField => ({
  name,
  label,
  old: text(old),
  new: text(now),
  changed: text(old) !== text(now),
});

const readAsLabels = new Map<string, Record<string, string> | undefined>();
/**
 * The words for a record field's codes (its readAs: a form field's options, code -> message key) on the provider's
 * site, worked out once per field and site: a site's overlay may offer a code the base form does not (Kenya's music
 * package, type 5). A site without a folder any more reads them from the base site's form.
 */
function labelsOn(readAs: NonNullable<RecordFieldDef['readAs']>, site: string): Record<string, string> | undefined {
  const key = `${site}\u0000${readAs.screen}\u0000${readAs.field}`;
  if (!readAsLabels.has(key)) {
    let engine;
    try {
      engine = engineFor(site);
    } catch {
      engine = engineFor(BASE_SITE);
    }
    const options = engine.screenIds().includes(readAs.screen)
      ? engine.definition(readAs.screen).fields?.[readAs.field]?.options
      : undefined;
    readAsLabels.set(
      key,
      Array.isArray(options) ? Object.fromEntries(options.map((o) => [String(o.value), o.label])) : undefined,
    );
  }
  return readAsLabels.get(key);
}

/**
 * The view of an entity stored through a record (records/*.json): every written field with a value on either
 * side, the change's values over the live row's; the record's field holding its file map (a tone's toneFile, a
 * box's prompts) as files, one per key of `files.labels`. A field whose parameter names a row carries the
 * reference, so the review can name it (reviewNames.ts).
 */
export function recordView(
  map: FieldMap,
  row: Row,
  payload: Row,
  kind: ChangeKind,
  o: {
    /** The OpenAPI tag of the entity's calls: which table an id parameter names (records/references.json). */
    tag: string;
    /** The record's field holding the file map, and each key's label (a key, or a key with its parameters). */
    files?: { field: string; labels: Record<string, string | { label: string; params: Record<string, string> }> };
    /** The provider's site, whose forms give coded values their words (readAs). */
    site: string;
  },
) {
  const { files } = o;
  const liveDetails = parseObject(row[DETAILS]);
  const newDetails = payload[DETAILS] === undefined ? liveDetails : parseObject(payload[DETAILS]);
  const fields: ViewField[] = [];
  const fileFields: ViewFile[] = [];
  for (const f of map.fields) {
    if (!f.def.write && !f.def.detail) continue;
    const own = f.column !== DETAILS;
    const live = own ? row[f.column] : liveDetails[f.name];
    const changed = own ? (payload[f.name] !== undefined ? payload[f.name] : live) : newDetails[f.name];
    if (files && f.name === files.field) {
      const [before, after] = sides(kind, parseObject(live), parseObject(changed), {});
      for (const [key, label] of Object.entries(files.labels))
        fileFields.push({
          name: key,
          ...(typeof label === 'string' ? { label } : label),
          old: text(before[key]),
          new: text(after[key]),
          changed: text(before[key]) !== text(after[key]),
        });
      continue;
    }
    // The lifecycle's own marks (status, approveType...) and the row's key say nothing about the change itself.
    if (f.type === 'json' || LIFECYCLE_FIELDS.has(f.name) || f.column === 'id') continue;
    const [before, after] = sides(kind, live, changed, '').map((v) => (f.type === 'time' ? moment(v) : v));
    if (text(before) === '' && text(after) === '') continue;
    const param = f.editParam ?? f.param;
    const labels = f.def.readAs && labelsOn(f.def.readAs, o.site);
    const reference = param ? referencesOf(o.tag, [param])[param] : undefined;
    fields.push({
      ...field(f.name, f.def.label, before, after),
      ...(reference ? { reference } : {}),
      ...(labels ? { labels } : {}),
      ...(f.type === 'time' ? { format: 'datetime' as const } : {}),
    });
  }
  return { fields, files: fileFields };
}
