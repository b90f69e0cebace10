// db/schema.ts is kept by hand beside the migrations: every query's column names and value types come from it, so a
// column a migration adds but schema.ts lacks cannot be written by typed code, and one schema.ts declares that no
// migration made compiles and then fails at run time. Here every migration runs on an empty database (SQLite, or a
// schema of its own on PostgreSQL in the suite's PostgreSQL pass) and its tables and columns are compared with the
// interfaces schema.ts gives its `Database`: the same names, and per column the same nullability and kind of value.
// A column only an entity record reads and writes (screen-definitions/records/*.json, through records/fieldMap.ts:
// no typed query names it) is typed by the record instead, so adding a record field needs no line in schema.ts;
// where schema.ts does declare such a column, the two must agree.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import ts from 'typescript';
import { sql } from 'kysely';
import { loadSourcesFromDisk } from '../../src/engine/fsLoader';
import type { RecordFieldDef } from '../../src/engine';
import { openDatabase, type DatabaseHandle, type Dialect } from '../../src/server/db/connection';
import { migrate } from '../../src/server/db/migrate';
import { dropPgSchema, usingPostgres } from './helpers';

/** What a column holds, as far as the two sides can both say it. */
type Kind = 'number' | 'string' | 'other';
interface Column {
  kind: Kind;
  nullable: boolean;
}
type Tables = Record<string, Record<string, Column>>;

const SCHEMA_FILE = join(__dirname, '../../src/server/db/schema.ts');

/**
 * The tables and columns schema.ts declares for the dialect: the properties of `Database` and of each table's interface
 * (with what it extends).
 */
function declaredTables(dialect: Dialect): Tables {
  const program = ts.createProgram([SCHEMA_FILE], {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    target: ts.ScriptTarget.ES2022,
  });
  const checker = program.getTypeChecker();
  const file = program.getSourceFile(SCHEMA_FILE)!;
  const database = file.statements.find(
    (s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === 'Database',
  )!;
  const kindOf = (type: ts.Type): Kind => {
    if (type.flags & ts.TypeFlags.NumberLike) return 'number';
    if (type.flags & ts.TypeFlags.StringLike) return 'string';
    return 'other';
  };
  const columnOf = (symbol: ts.Symbol): Column => {
    let type = checker.getTypeOfSymbol(symbol);
    // Generated<T> and ColumnType<S, I, U>: the value a select reads is S.
    const selected = type.getProperty('__select__');
    if (selected) type = checker.getTypeOfSymbol(selected);
    const parts = type.isUnion() ? type.types : [type];
    const values = parts.filter((t) => !(t.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined)));
    const kinds = [...new Set(values.map(kindOf))];
    return { kind: kinds.length === 1 ? kinds[0] : 'other', nullable: values.length < parts.length };
  };
  const tables: Tables = {};
  for (const table of checker.getPropertiesOfType(checker.getTypeAtLocation(database))) {
    // A table only one database has is tagged so in schema.ts (@sqliteOnly: a queue PostgreSQL keeps in pg-boss).
    const only = table.getJsDocTags().find((t) => /^(sqlite|postgres)Only$/.test(t.name));
    if (only && only.name !== `${dialect}Only`) continue;
    const row = checker.getTypeOfSymbol(table);
    tables[table.name] = Object.fromEntries(checker.getPropertiesOfType(row).map((c) => [c.name, columnOf(c)]));
  }
  return tables;
}

/** A record field's column as its type stores it (records/fieldMap.ts): text and json a string, id a number or null. */
const recordColumn = (type: RecordFieldDef['type'] = 'text'): Column =>
  type === 'text' || type === 'json'
    ? { kind: 'string', nullable: false }
    : { kind: 'number', nullable: type === 'id' };

/** The columns the entity records declare (the details JSON column is the details' own), by table. */
function recordTables(): Tables {
  const tables: Tables = {};
  for (const record of Object.values(loadSourcesFromDisk().records))
    for (const f of Object.values(record.fields))
      if (f.column !== 'details') (tables[record.table] ??= {})[f.column] = recordColumn(f.type);
  return tables;
}

/** schema.ts's tables with the records' columns it leaves to them. */
function withRecordColumns(declared: Tables, records: Tables): Tables {
  const out: Tables = Object.fromEntries(Object.entries(declared).map(([t, cs]) => [t, { ...cs }]));
  for (const [table, columns] of Object.entries(records))
    for (const [column, c] of Object.entries(columns))
      if (out[table] && !(column in out[table])) out[table][column] = c;
  return out;
}

/** SQLite's declared types and PostgreSQL's type names, by the kind of value the driver gives back. */
function kindOfSqlType(dataType: string): Kind {
  const t = dataType.toLowerCase();
  if (/^(integer|int\d?|bigint|smallint|real|double|float\d?|numeric|serial|bigserial)/.test(t)) return 'number';
  if (/^(text|varchar|character|char|bpchar)/.test(t)) return 'string';
  return 'other';
}

/**
 * SQLite reports a primary key column without NOT NULL as nullable (PostgreSQL adds NOT NULL to every key): an INTEGER
 * key is the rowid, never null, and every other key is set by the code that inserts the row.
 */
async function primaryKey(handle: DatabaseHandle, table: string): Promise<string[]> {
  if (handle.dialect !== 'sqlite') return [];
  const { rows } = await sql<{ name: string }>`select name from pragma_table_info(${table}) where pk > 0`.execute(
    handle.db,
  );
  return rows.map((r) => r.name);
}

/** The tables and columns the migrated database has (Kysely's migration bookkeeping left out). */
async function migratedTables(handle: DatabaseHandle, pgSchema?: string): Promise<Tables> {
  const tables: Tables = {};
  for (const table of await handle.db.introspection.getTables()) {
    // PostgreSQL's introspection reads every schema of the database; other test files' schemas sit beside this one.
    if (pgSchema && table.schema !== pgSchema) continue;
    const keys = await primaryKey(handle, table.name);
    tables[table.name] = Object.fromEntries(
      table.columns.map((c) => [
        c.name,
        { kind: kindOfSqlType(c.dataType), nullable: c.isNullable && !keys.includes(c.name) },
      ]),
    );
  }
  return tables;
}

const dataDir = mkdtempSync(join(tmpdir(), 'rbt-schema-'));
const pgSchema = usingPostgres ? `t_${randomBytes(6).toString('hex')}` : undefined;
let migrated: Tables;
let declared: Tables;
let inSchemaTs: Tables;
let records: Tables;

beforeAll(async () => {
  records = recordTables();
  inSchemaTs = declaredTables(usingPostgres ? 'postgres' : 'sqlite');
  declared = withRecordColumns(inSchemaTs, records);
  const handle = await openDatabase({
    dataDir,
    databaseUrl: usingPostgres ? process.env.DATABASE_URL : undefined,
    pgSchema,
  });
  try {
    await migrate(handle);
    migrated = await migratedTables(handle, pgSchema);
  } finally {
    await handle.close();
  }
});

afterAll(async () => {
  if (pgSchema) await dropPgSchema(pgSchema);
  rmSync(dataDir, { recursive: true, force: true });
});

test('schema.ts declares exactly the tables the migrations make', () => {
  expect(Object.keys(declared).sort()).toEqual(Object.keys(migrated).sort());
});

test('each table has the columns schema.ts declares for it, with the same nullability and kind of value', () => {
  // A map per table, so a failure names the table and the column that differ.
  const describe = (tables: Tables) =>
    Object.fromEntries(
      Object.entries(tables).map(([name, columns]) => [
        name,
        Object.fromEntries(
          Object.entries(columns)
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([column, c]) => [column, `${c.kind}${c.nullable ? ' | null' : ''}`]),
        ),
      ]),
    );
  const shared = Object.keys(migrated).filter((t) => t in declared);
  expect(shared.length).toBeGreaterThan(30);
  // Every column on both sides is told apart by kind (a type neither maps would compare 'other' with 'other').
  const unknown = [declared, migrated].flatMap((tables) =>
    Object.entries(tables).flatMap(([t, cs]) =>
      Object.keys(cs)
        .filter((c) => cs[c].kind === 'other')
        .map((c) => `${t}.${c}`),
    ),
  );
  expect(unknown).toEqual([]);
  const pick = (tables: Tables) => Object.fromEntries(shared.map((t) => [t, tables[t]]));
  expect(describe(pick(declared))).toEqual(describe(pick(migrated)));
});

test('the records name tables schema.ts declares, and their columns schema.ts declares too have the type the record gives', () => {
  expect(Object.keys(records).filter((t) => !(t in inSchemaTs))).toEqual([]);
  const both = Object.entries(records).flatMap(([t, cs]) =>
    Object.entries(cs)
      .filter(([c]) => c in inSchemaTs[t])
      .map(([c, record]) => ({ column: `${t}.${c}`, record, schemaTs: inSchemaTs[t][c] })),
  );
  expect(both.length).toBeGreaterThan(50);
  expect(
    both.filter(({ record, schemaTs }) => schemaTs.kind !== record.kind || schemaTs.nullable !== record.nullable),
  ).toEqual([]);
});
