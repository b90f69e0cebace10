// The server's side of a record (screen-definitions/records/<entity>.json): what the write calls take and
// store, what the list rows, the detail answer and the export carry, and what an approved modification changes,
// all derived from the record's fields, so a field is declared once (there) and never retyped here. Generic over
// entities: tones use it now (services/toneRecord.ts); tone boxes too (services/toneBoxRecord.ts).
import type { RecordDoc, RecordFieldDef } from '../../engine';
import { typed, type JsonSchema, type TSchema } from '../http/schemas';
import { columnOf } from '../http/contract';

/** The details column: fields without a column of their own, kept as one JSON object. */
export const DETAILS = 'details';

export interface MappedField {
  name: string;
  def: RecordFieldDef;
  column: string;
  type: NonNullable<RecordFieldDef['type']>;
  /** The write calls' parameter, when the field is written, and the edit call's. */
  param?: string;
  editParam?: string;
}

type Row = Record<string, unknown>;

const parseJson = (s: unknown): Record<string, unknown> => {
  try {
    const v = JSON.parse(typeof s === 'string' && s !== '' ? s : '{}');
    return v && typeof v === 'object' && !Array.isArray(v) ? v : {};
  } catch {
    return {};
  }
};
const absent = (v: unknown) => v === undefined || v === null || v === '';

/** A request value as its column holds it. */
function toColumn(f: MappedField, v: unknown): unknown {
  const fallback = typeof f.def.write === 'object' ? f.def.write.default : undefined;
  switch (f.type) {
    case 'id':
      return absent(v) || v === '-1' || Number.isNaN(Number(v)) ? null : Number(v);
    case 'integer':
      return absent(v) || Number.isNaN(Number(v)) ? 0 : Number(v);
    case 'json':
      return typeof v === 'string' && v !== '' ? v : '{}';
    default:
      return absent(v) ? (fallback ?? '') : String(v);
  }
}

/** A column's value as the calls answer it. */
function toWire(f: MappedField, v: unknown): unknown {
  switch (f.type) {
    case 'id':
      return v === null || v === undefined ? '' : String(v);
    case 'integer':
      return String(v ?? 0);
    case 'time':
      return new Date(Number(v)).toISOString();
    case 'json':
      return parseJson(v);
    default:
      return v ?? '';
  }
}

const keysOf = (value: boolean | string | string[] | undefined, name: string): string[] =>
  value === undefined || value === false ? [] : value === true ? [name] : Array.isArray(value) ? value : [value];

export interface FieldMap {
  record: RecordDoc;
  fields: MappedField[];
  field(name: string): MappedField;
  /** Parameter schemas of the write calls: the transport shape only (the screen's rules check the values). */
  writeParams(): Record<string, TSchema>;
  /** The columns an insert stores from a write call's parameters (details as one JSON text). */
  insertValues(params: Row): Row;
  /** What a modification changes, by field name (column form), for the fields the edit call carries. */
  changeOf(params: Row, storedDetails: string): Row;
  /** The columns a change of changeOf sets when it is approved. */
  changeColumns(change: Row): Row;
  /** Columns read for a list row, and the row as the list call answers it. */
  listColumns: string[];
  listRow(row: Row): Record<string, string>;
  listKeys: string[];
  /** The detail answer's keys of the record's fields, from a row holding every column. */
  detail(row: Row): Row;
  detailKeys: string[];
  /** The detail answer's record fields as JSON Schema properties (strings, objects for json fields). */
  detailSchema: Record<string, JsonSchema>;
  /** Fields of the export file, in order. */
  exportFields: MappedField[];
}

/**
 * The list row builder: an object literal with the list's keys written out, generated once per record. A list
 * answer builds one a row, and a loop of keyed stores (out[key] = ...) turns an object of this many keys into V8's
 * dictionary mode, slower to build and to serialise (the tone list's rows took about 30 µs a page, 5 rows).
 */
function listRowOf(plan: ReadonlyArray<readonly [string, MappedField]>): (row: Row) => Record<string, string> {
  const wire = plan.map(
    ([, f]) =>
      (v: unknown) =>
        String(toWire(f, v)),
  );
  const body = plan
    .map(([key, f], i) => `${JSON.stringify(key)}: wire[${i}](row[${JSON.stringify(f.column)}])`)
    .join(', ');
  const build = new Function('wire', 'row', `return { ${body} };`) as (
    w: typeof wire,
    row: Row,
  ) => Record<string, string>;
  return (row) => build(wire, row);
}

export function fieldMap(record: RecordDoc): FieldMap {
  const fields: MappedField[] = Object.entries(record.fields).map(([name, def]) => ({
    name,
    def,
    column: def.column,
    type: def.type ?? 'text',
    ...(def.write ? { param: (typeof def.write === 'object' && def.write.param) || name } : {}),
    ...(def.write
      ? { editParam: (typeof def.write === 'object' && (def.write.editParam || def.write.param)) || name }
      : {}),
  }));
  const byName = new Map(fields.map((f) => [f.name, f]));
  const written = fields.filter((f) => f.param !== undefined);
  const own = (f: MappedField) => f.column !== DETAILS;
  const listed = fields.filter((f) => f.def.list);
  // Each list key with its field, worked out once: a list answer builds a row per tone.
  const listPlan = listed.flatMap((f) => keysOf(f.def.list, f.name).map((key) => [key, f] as const));
  const detailed = fields.filter((f) => f.def.detail);

  const detailsOf = (params: Row, only: MappedField[], param: 'param' | 'editParam') =>
    Object.fromEntries(
      only.filter((f) => !own(f) && !absent(params[f[param]!])).map((f) => [f.name, String(params[f[param]!])]),
    );

  return {
    record,
    fields,
    field(name) {
      const f = byName.get(name);
      if (!f) throw new Error(`record ${record.table} has no field "${name}"`);
      return f;
    },
    writeParams() {
      const out: Record<string, TSchema> = {};
      for (const f of written) {
        for (const param of new Set([f.param!, f.editParam!])) out[param] = shape(f);
      }
      return out;
      function shape(f: MappedField): TSchema {
        // Its column bounds it too (http/contract.ts fitToColumns reads the column's size from the database).
        return typed<string>({ ...(own(f) ? columnOf(record.table, f.column) : {}), ...ownShape(f) });
      }
      function ownShape(f: MappedField): JsonSchema {
        // An id column holds a 32-bit integer on both databases: a longer number is refused, not stored (-1 and '' mean none).
        if (f.type === 'id')
          return {
            type: 'string',
            pattern: '^(-1|\\d{0,9})$',
            description: f.def.description ?? `${f.name} (${f.def.label})`,
          };
        const maxLength = (typeof f.def.write === 'object' && f.def.write.maxLength) || 4096;
        // Definitions send flags as numbers (crbtType 1) and forms send text: the parameter schemas coerce a number or
        // a boolean to its text, which must fit the column too (a number branch would let 12345 into a varchar(4)).
        return { type: 'string', maxLength, description: f.def.description ?? `${f.name} (${f.def.label})` };
      }
    },
    insertValues(params) {
      const out: Row = {};
      for (const f of written) if (own(f)) out[f.column] = toColumn(f, params[f.param!]);
      if (written.some((f) => !own(f))) out[DETAILS] = JSON.stringify(detailsOf(params, written, 'param'));
      return out;
    },
    changeOf(params, storedDetails) {
      const editable = written.filter((f) => f.def.edit !== false);
      const out: Row = {};
      for (const f of editable)
        if (own(f) && params[f.editParam!] !== undefined) out[f.name] = toColumn(f, params[f.editParam!]);
      // Fields without a column, when the call carries one: the edited ones over those stored.
      if (editable.some((f) => !own(f) && params[f.editParam!] !== undefined))
        out[DETAILS] = JSON.stringify({ ...parseJson(storedDetails), ...detailsOf(params, editable, 'editParam') });
      return out;
    },
    changeColumns(change) {
      const out: Row = {};
      for (const [key, value] of Object.entries(change)) {
        if (key === DETAILS) out[DETAILS] = value;
        else if (byName.has(key) && own(byName.get(key)!)) out[byName.get(key)!.column] = value;
      }
      return out;
    },
    listColumns: [...new Set(listed.filter(own).map((f) => f.column))],
    listKeys: listed.flatMap((f) => keysOf(f.def.list, f.name)),
    listRow: listRowOf(listPlan),
    detailKeys: detailed.flatMap((f) => keysOf(f.def.detail, f.name)),
    detailSchema: Object.fromEntries(
      detailed.flatMap((f) =>
        keysOf(f.def.detail, f.name).map((k) => [k, f.type === 'json' ? { type: 'object' } : { type: 'string' }]),
      ),
    ),
    detail(row) {
      const details = parseJson(row[DETAILS]);
      const out: Row = {};
      for (const f of detailed) {
        const value = own(f) ? toWire(f, row[f.column]) : (details[f.name] ?? '');
        for (const key of keysOf(f.def.detail, f.name)) out[key] = value;
      }
      return out;
    },
    exportFields: fields.filter((f) => f.def.export),
  };
}
