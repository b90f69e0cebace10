// What an operator reviews of a change request (issue 26): the entity's values before and after, side by side,
// each marked when the change alters it, and its audio and image files before and after (the provider's saved
// files, playable through the operator's file call). Old is the live row; new is what approval would make of it.
import type { FieldMap } from '../records/fieldMap';
import type { ChangeKind } from './states';

export interface ViewField {
  name: string;
  /** i18n key of the field's label. */
  label: string;
  old: string;
  new: string;
  changed: boolean;
}
export interface ViewFile {
  name: string;
  label: string;
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

const parse = (text: unknown): Record<string, unknown> => {
  try {
    const v = JSON.parse(typeof text === 'string' && text ? text : '{}') as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};
const text = (v: unknown) =>
  v === undefined || v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);

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

/**
 * The view of an entity stored through a record (records/*.json): every written field with a value on either
 * side, the change's values over the live row's; the record's field holding its file map (a tone's toneFile, a
 * box's prompts) as files, one per key of `files.labels`.
 */
export function recordView(
  map: FieldMap,
  row: Row,
  payload: Row,
  kind: ChangeKind,
  files?: { field: string; labels: Record<string, string> },
) {
  const liveDetails = parse(row[DETAILS]);
  const newDetails = payload[DETAILS] === undefined ? liveDetails : parse(payload[DETAILS]);
  const fields: ViewField[] = [];
  const fileFields: ViewFile[] = [];
  for (const f of map.fields) {
    if (!f.def.write && !f.def.detail) continue;
    const own = f.column !== DETAILS;
    const live = own ? row[f.column] : liveDetails[f.name];
    const changed = own ? (payload[f.name] !== undefined ? payload[f.name] : live) : newDetails[f.name];
    if (files && f.name === files.field) {
      const [before, after] = sides(kind, parse(live), parse(changed), {});
      for (const [key, label] of Object.entries(files.labels))
        fileFields.push({
          name: key,
          label,
          old: text(before[key]),
          new: text(after[key]),
          changed: text(before[key]) !== text(after[key]),
        });
      continue;
    }
    if (f.type === 'json') continue;
    const [before, after] = sides(kind, live, changed, '');
    if (text(before) !== '' || text(after) !== '') fields.push(field(f.name, f.def.label, before, after));
  }
  return { fields, files: fileFields };
}
