// The request contract every call passes through (route.ts), derived rather than written per route:
// - a parameter a screen's call sends as a constant, or as a choice between constants ({"if": [..., 2, 1]}),
//   may take only those values (an enum), so an uploadType of '1; DROP TABLE tones;--' is refused;
// - a parameter stored in a column (marked x-column by a record's field map) is no longer than the column
//   holds, the column's size read from the migrated database (db/columns.ts): documented as its maxLength,
//   checked after the screen's rules so that a field's own message comes first;
// - a parameter that names a row (records/references.json: table, scope, list) must name a row that exists and
//   that the caller may use: a language, a tariff, a copyright owner of the caller's site, the caller's own tone.
// The values' own rules (required, formats, dates, ranges) are the screen definition's, checked by the engine.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { ColumnCatalog } from '../db/columns';
import type { JsonSchema } from './schemas';
import type { Violation } from '../validation';
import { ApiError } from '../envelope';
import { RC, type ReturnCode } from '../returnCodes';
import type { Translated } from '../services/translations';

const constant = (v: unknown) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

/** The values a payload mapping can give, when it gives only constants; undefined when it reads anything. */
export function mappingValues(mapping: unknown): string[] | undefined {
  if (constant(mapping)) return [String(mapping)];
  if (mapping && typeof mapping === 'object' && !Array.isArray(mapping)) {
    const entries = Object.entries(mapping);
    if (entries.length === 1 && entries[0][0] === 'if' && Array.isArray(entries[0][1])) {
      const args = entries[0][1] as unknown[];
      // {"if": [cond, then, cond, then, ..., else]}: the branches are the odd positions and the last.
      const branches = args.filter((_, i) => i % 2 === 1 || i === args.length - 1);
      const all = branches.map(mappingValues);
      return all.every((v) => v !== undefined) ? [...new Set(all.flat() as string[])] : undefined;
    }
  }
  return undefined;
}

/** A record field's parameter: its column, for fitToColumns. */
export const columnOf = (table: string, column: string): JsonSchema => ({ 'x-column': `${table}.${column}` });

/**
 * The schema with each x-column property bounded by its column: a varchar(n)'s n as maxLength (never longer
 * than a bound the declaration already states). Without a catalog (the definitions linter) it is unchanged.
 */
export function fitToColumns(schema: JsonSchema, catalog: ColumnCatalog | undefined): JsonSchema {
  const props = schema.properties as Record<string, JsonSchema> | undefined;
  if (!catalog || !props) return schema;
  const fitted = Object.fromEntries(
    Object.entries(props).map(([name, p]) => {
      const at = typeof p['x-column'] === 'string' ? (p['x-column'] as string).split('.') : undefined;
      const spec = at ? catalog.get(at[0])?.get(at[1]) : undefined;
      if (!spec || spec.kind !== 'text' || spec.maxLength === undefined || p.type !== 'string') return [name, p];
      const declared = typeof p.maxLength === 'number' ? p.maxLength : Infinity;
      return [name, { ...p, maxLength: Math.min(declared, spec.maxLength) }];
    }),
  );
  return { ...schema, properties: fitted };
}

/**
 * The x-column parameters longer than their column (the bounds fitToColumns set). Checked after the screen's
 * rules, so a field's own message (ToneForm.toneNameLength) comes first; this catches what no rule bounds.
 */
export function columnViolations(schema: JsonSchema, params: Record<string, unknown>): Violation[] {
  const out: Violation[] = [];
  for (const [name, limit] of columnBounds(schema)) {
    const v = params[name];
    if (v === undefined || v === null) continue;
    const text = typeof v === 'string' ? v : String(v);
    // Characters, not UTF-16 units; only a text longer than the limit in units can be longer in characters.
    if (text.length > limit && [...text].length > limit)
      out.push({ field: name, message: 'Validation.maxLength', params: { limit } });
  }
  return out;
}

const bounds = new WeakMap<JsonSchema, Array<[string, number]>>();
/** A call's bounded parameters with their limits, found once per schema: every request of the call checks them. */
function columnBounds(schema: JsonSchema): Array<[string, number]> {
  let out = bounds.get(schema);
  if (!out) {
    const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
    out = Object.entries(props).flatMap(([name, p]) =>
      p['x-column'] !== undefined && typeof p.maxLength === 'number' ? [[name, p.maxLength] as [string, number]] : [],
    );
    bounds.set(schema, out);
  }
  return out;
}

export interface Reference {
  table: string;
  /** all: reference data; site: a row of a provider of the caller's site; provider: the caller's own row. */
  scope?: 'all' | 'site' | 'provider';
  /** The parameter holds several ids separated by this. */
  list?: string;
  /** Values meaning "none" ('-1' for no tariff). */
  none?: string[];
  /** Only the calls of these tags (catalogID names an IVR directory in the ivr calls). */
  tags?: string[];
  /** Answer this code instead of 950004 naming the field (950005 for an entity the call works on). */
  code?: ReturnCode;
  /** The field's own message key instead of CommonRes.unknownReference. */
  message?: string;
}

/** How the operator's review names a table's rows (records/references.json `names`). */
export interface RowNames {
  column: string;
  /** The entity of services/translations.ts that translates the column. */
  translations?: Translated;
}

let references: { parameters: Map<string, Reference[]>; names: Map<string, RowNames> } | undefined;
function referencesFile() {
  if (!references) {
    const file = join(__dirname, '..', '..', '..', 'src', 'server', 'records', 'references.json');
    const doc = JSON.parse(readFileSync(file, 'utf8')) as {
      parameters: Record<string, Reference | Reference[]>;
      names: Record<string, RowNames | string>;
    };
    // Maps: a parameter named like an Object.prototype key (constructor, __proto__) names nothing.
    references = {
      parameters: new Map(Object.entries(doc.parameters).map(([k, v]) => [k, [v].flat()])),
      names: new Map(Object.entries(doc.names).filter((e): e is [string, RowNames] => typeof e[1] === 'object')),
    };
  }
  return references;
}
const referenceTable = () => referencesFile().parameters;

/** How a table's rows are named to a person, if references.json says. */
export const rowNamesOf = (table: string): RowNames | undefined => referencesFile().names.get(table);

/** The references a call's parameters make, by parameter name (for the document and the isolation test). */
export function referencesOf(tag: string, params: string[]): Record<string, Reference> {
  const table = referenceTable();
  const out: Record<string, Reference> = {};
  for (const p of params) {
    const ref = table.get(p)?.find((r) => !r.tags || r.tags.includes(tag));
    if (ref) out[p] = ref;
  }
  return out;
}

/** Every id parameter names a row the caller may use; refused with the field named (or the reference's code). */
export async function checkReferences(
  req: FastifyRequest,
  tag: string,
  params: Record<string, unknown>,
): Promise<void> {
  const db = req.server.ctx.db as unknown as Kysely<any>;
  const provider = req.session?.provider;
  const violations: Violation[] = [];
  for (const [name, ref] of Object.entries(referencesOf(tag, Object.keys(params)))) {
    const raw = params[name];
    if (raw === undefined || raw === null || raw === '') continue;
    const text = String(raw);
    if (ref.none?.includes(text)) continue;
    const ids = ref.list ? text.split(ref.list) : [text];
    const wellFormed = ids.every((id) => /^\d{1,9}$/.test(id));
    let found = 0;
    if (wellFormed && (ref.scope === 'all' || ref.scope === undefined || provider)) {
      let q = db
        .selectFrom(`${ref.table} as r`)
        .select('r.id')
        .where('r.id', 'in', [...new Set(ids.map(Number))]);
      if (ref.scope === 'provider') q = q.where('r.provider_id', '=', provider!.id);
      if (ref.scope === 'site')
        q = q.innerJoin('providers as p', 'p.id', 'r.provider_id').where('p.site', '=', provider!.site);
      found = (await q.execute()).length;
    }
    if (found === new Set(ids).size && wellFormed) continue;
    if (ref.code) throw new ApiError(ref.code);
    violations.push({ field: name, message: ref.message ?? 'CommonRes.unknownReference' });
  }
  if (violations.length) throw new ApiError(RC.badInput, [], violations);
}
