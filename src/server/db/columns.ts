// What each column can hold, read from the migrated database itself (the migrations are the one place that
// declares a column's type and size), and a Kysely plugin that refuses, before the query is sent, any insert
// or update value the column cannot hold: a text longer than its varchar(n), a number that is not an integer
// or outside the integer's range, a NUL. SQLite would store such a value and PostgreSQL would answer an
// error (an HTTP 500); with this guard both refuse it the same way (ColumnMisfit, answered 950004 naming the
// request parameter the value came from). It is the last line: the request contract (http/route.ts, the
// definitions' rules) refuses such values earlier with a field's own message.
import {
  AliasNode,
  ColumnNode,
  InsertQueryNode,
  PrimitiveValueListNode,
  sql,
  TableNode,
  UpdateQueryNode,
  ValueListNode,
  ValueNode,
  ValuesNode,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import type { DatabaseHandle } from './connection';

export interface ColumnSpec {
  kind: 'integer' | 'bigint' | 'text' | 'number' | 'other';
  /** Characters a varchar(n) holds. */
  maxLength?: number;
}
/** Columns by table, then column name. */
export type ColumnCatalog = Map<string, Map<string, ColumnSpec>>;

const INT32 = 2 ** 31 - 1;

function specOf(type: string, maxLength: number | null): ColumnSpec {
  const t = type.toLowerCase();
  const n = maxLength ?? Number(/\((\d+)\)/.exec(t)?.[1] ?? NaN);
  if (/^(integer|int|int4|serial)$/.test(t)) return { kind: 'integer' };
  if (/^(bigint|int8|bigserial)$/.test(t)) return { kind: 'bigint' };
  if (/char|text/.test(t)) return Number.isFinite(n) ? { kind: 'text', maxLength: n } : { kind: 'text' };
  if (/real|double|numeric|float/.test(t)) return { kind: 'number' };
  return { kind: 'other' };
}

/** Every column of every table of the database the handle opens, as its migrations created them. */
export async function readColumns(handle: DatabaseHandle): Promise<ColumnCatalog> {
  const rows =
    handle.dialect === 'postgres'
      ? (
          await sql<{ t: string; c: string; type: string; len: number | null }>`
            select table_name as t, column_name as c, data_type as type, character_maximum_length as len
            from information_schema.columns where table_schema = current_schema()`.execute(handle.db)
        ).rows
      : (
          await sql<{ t: string; c: string; type: string; len: null }>`
            select m.name as t, p.name as c, p.type as type, null as len
            from sqlite_master m join pragma_table_info(m.name) p
            where m.type = 'table' and m.name not like 'sqlite_%'`.execute(handle.db)
        ).rows;
  const out: ColumnCatalog = new Map();
  for (const r of rows) {
    if (!out.has(r.t)) out.set(r.t, new Map());
    out.get(r.t)!.set(r.c, specOf(r.type, r.len === null ? null : Number(r.len)));
  }
  return out;
}

/** Why the column cannot hold the value (a message key and its parameters), or null when it can. */
export function misfit(spec: ColumnSpec, value: unknown): { message: string; params?: Record<string, unknown> } | null {
  if (value === null || value === undefined) return null;
  if (spec.kind === 'integer' || spec.kind === 'bigint') {
    const n =
      typeof value === 'number' ? value : typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : NaN;
    const limit = spec.kind === 'integer' ? INT32 : Number.MAX_SAFE_INTEGER;
    if (typeof value === 'boolean') return null;
    if (!Number.isSafeInteger(n) || Math.abs(n) > limit)
      return { message: 'Validation.columnInteger', params: { min: -limit, max: limit } };
    return null;
  }
  if (spec.kind === 'number') {
    return typeof value === 'number' && !Number.isFinite(value) ? { message: 'Validation.columnInteger' } : null;
  }
  if (spec.kind === 'text') {
    const s = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;
    if (s === undefined) return null;
    if (s.includes('\u0000')) return { message: 'CommonRes.controlCharacter', params: { char: 'U+0000' } };
    // varchar(n) counts characters (code points) on PostgreSQL.
    if (spec.maxLength !== undefined && s.length > spec.maxLength && [...s].length > spec.maxLength)
      return { message: 'Validation.maxLength', params: { limit: spec.maxLength } };
  }
  return null;
}

/** A value its column cannot hold: thrown before the query reaches the database. */
export class ColumnMisfit extends Error {
  constructor(
    readonly table: string,
    readonly column: string,
    readonly value: unknown,
    readonly reason: { message: string; params?: Record<string, unknown> },
  ) {
    super(`${table}.${column} cannot hold the value (${reason.message})`);
  }
}

// The query's tree is read through Kysely's own node types and guards: a node of another kind names no table,
// column or literal value, and is left to the database.
const tableName = (node: OperationNode | undefined): string | undefined => {
  if (!node) return undefined;
  if (AliasNode.is(node)) return tableName(node.node);
  if (TableNode.is(node)) return node.table.identifier.name;
  return undefined;
};

/** The literal values of an insert's rows, or undefined for a value that is an expression (raw SQL, a subquery). */
function rowValues(row: OperationNode): unknown[] {
  if (PrimitiveValueListNode.is(row)) return [...row.values];
  if (ValueListNode.is(row)) return row.values.map((v) => (ValueNode.is(v) ? v.value : undefined));
  return [];
}

/** The guard over a catalog: every insert and update checked value by value. */
export function columnGuard(catalog: ColumnCatalog): KyselyPlugin {
  const check = (table: string | undefined, column: string | undefined, value: unknown) => {
    if (!table || !column) return;
    const spec = catalog.get(table)?.get(column);
    if (!spec) return;
    const reason = misfit(spec, value);
    if (reason) throw new ColumnMisfit(table, column, value, reason);
  };
  return {
    transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
      if (InsertQueryNode.is(node)) {
        const table = tableName(node.into);
        const columns = (node.columns ?? []).map((c) => c.column.name);
        if (node.values && ValuesNode.is(node.values))
          for (const row of node.values.values) rowValues(row).forEach((value, i) => check(table, columns[i], value));
      } else if (UpdateQueryNode.is(node)) {
        const table = tableName(node.table);
        for (const u of node.updates ?? [])
          if (ValueNode.is(u.value) && ColumnNode.is(u.column)) check(table, u.column.column.name, u.value.value);
      }
      return node;
    },
    async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      return result;
    },
  };
}
