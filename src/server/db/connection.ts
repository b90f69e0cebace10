// One query layer over two databases: SQLite (embedded default, a file in DATA_DIR) and PostgreSQL (when
// DATABASE_URL is postgres://...). Everything above this file speaks Kysely and never knows which.
import { mkdirSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { rowMaker } from './rowCopy';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect, type PostgresPool, type PostgresPoolClient } from 'kysely';
import type { Database } from './schema';

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Where the SQLite file lives, or the PostgreSQL URL without its password. */
  location: string;
  /**
   * SQLite only: rows of a read-only query as arrays (better-sqlite3's raw mode), for bulk reads such as the
   * tone export, where building a keyed object per row costs more than reading it (about 40% of the time).
   */
  rawRows?(sqlText: string, params: readonly unknown[]): unknown[][];
  /** PostgreSQL only: the connection pool's clients (open, idle) and the queries waiting for one (/metrics). */
  poolStats?(): { total: number; idle: number; waiting: number; max: number };
  close(): Promise<void>;
}

export interface DatabaseOptions {
  dataDir: string;
  databaseUrl?: string;
  /** PostgreSQL only: a schema of its own (tests and benchmarks run side by side in one database). */
  pgSchema?: string;
}

// COUNT(*) and bigint columns (our epoch-ms timestamps) come back from pg as strings; they fit in a double.
pg.types.setTypeParser(20, (v) => Number(v));

export async function openDatabase(opts: DatabaseOptions): Promise<DatabaseHandle> {
  if (opts.databaseUrl && /^postgres(ql)?:\/\//.test(opts.databaseUrl))
    return openPostgres(opts.databaseUrl, opts.pgSchema);
  mkdirSync(opts.dataDir, { recursive: true });
  const file = join(opts.dataDir, 'rbt.sqlite');
  const sqlite = new SqliteDatabase(file);
  // WAL lets readers (the list calls) run while a writer commits; NORMAL sync is durable enough with WAL.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  const raw = new Map<string, SqliteDatabase.Statement>();
  const rawRows = (sqlText: string, params: readonly unknown[]) => {
    let stmt = raw.get(sqlText);
    if (!stmt) raw.set(sqlText, (stmt = sqlite.prepare(sqlText).raw(true)));
    return stmt.all(...params) as unknown[][];
  };
  return { db, dialect: 'sqlite', location: file, rawRows, close: () => db.destroy() };
}

/**
 * Kysely prepares every query anew; with better-sqlite3 that preparation costs more than running a small
 * query. Queries built by the same code have the same SQL text, so prepared statements are kept by text
 * (cleared past 500 distinct texts). Safe because Kysely runs one query at a time on this connection.
 */
function withStatementCache(sqlite: SqliteDatabase.Database) {
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => sqlite.close(),
    prepare(sqlText: string): SqliteStatement {
      let stmt = cache.get(sqlText);
      if (!stmt) {
        if (cache.size >= 500) cache.clear();
        stmt = readingByArrays(sqlite.prepare(sqlText));
        cache.set(sqlText, stmt);
      }
      return stmt;
    },
  };
}

/** What Kysely's SQLite driver asks of a statement. */
type SqliteStatement = Pick<SqliteDatabase.Statement, 'reader' | 'all' | 'run' | 'iterate'>;

/**
 * A reading statement that fetches its rows as arrays and makes each an object with a literal generated once for
 * its columns (db/rowCopy.ts). better-sqlite3 builds a row object key by key, which for the 20 to 40 columns of a
 * tone, an account or a session costs more than running the query: about a third less time for a page of tones
 * (microbenchmark on the demo database).
 */
function readingByArrays(stmt: SqliteDatabase.Statement): SqliteStatement {
  if (!stmt.reader) return stmt;
  const toRow = rowMaker(stmt.columns().map((c) => c.name));
  stmt.raw(true);
  return {
    reader: true,
    all: ((...params: unknown[]) => (stmt.all(...params) as unknown[][]).map(toRow)) as SqliteStatement['all'],
    run: stmt.run.bind(stmt),
    iterate: function* (...params: unknown[]) {
      for (const values of stmt.iterate(...params) as IterableIterator<unknown[]>) yield toRow(values);
    } as SqliteStatement['iterate'],
  };
}

/**
 * On PostgreSQL, planning a small query costs several times its execution. Data statements are therefore
 * sent as named prepared statements (the name is a digest of the SQL text, worked out once per text), so each
 * connection plans a statement once and reuses the plan. DDL and transaction control go through unchanged.
 * Rows come back as arrays and are made objects as on SQLite (readingByArrays): pg, too, builds a row object
 * key by key.
 */
function withPreparedStatements(pool: pg.Pool): PostgresPool {
  const names = new Map<string, string>();
  const named = (text: string) => {
    let name = names.get(text);
    if (!name) {
      if (names.size >= 500) names.clear();
      names.set(text, (name = 'k' + createHash('sha1').update(text).digest('hex').slice(0, 20)));
    }
    return name;
  };
  const statement = async (client: pg.PoolClient, text: string, values: ReadonlyArray<unknown>) => {
    const r = await client.query({ name: named(text), text, values: [...values], rowMode: 'array' });
    const toRow = rowMaker(r.fields.map((f) => f.name));
    (r as pg.QueryResult).rows = (r.rows as unknown[][]).map(toRow);
    return r;
  };
  return {
    async connect() {
      const client = await pool.connect();
      // A connection lost while checked out (PostgreSQL restarted) fails its query; the client's own error event
      // must be heard too, or it ends the process. The pool then drops the client rather than reusing it.
      const lost = () => undefined;
      client.on('error', lost);
      const query = (text: string, values: ReadonlyArray<unknown>) =>
        /^\s*(select|insert|update|delete|with)\b/i.test(text)
          ? statement(client, text, values)
          : client.query(text, [...values]);
      const release = () => {
        client.off('error', lost);
        client.release();
      };
      return { query, release } as unknown as PostgresPoolClient;
    },
    end: () => pool.end(),
  };
}

async function openPostgres(url: string, schema?: string): Promise<DatabaseHandle> {
  if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`bad schema name ${schema}`);
  if (schema) {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      await c.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    } finally {
      await c.end();
    }
  }
  const max = Number(process.env.DATABASE_POOL_SIZE) > 0 ? Number(process.env.DATABASE_POOL_SIZE) : 10;
  const pool = new pg.Pool({
    connectionString: url,
    max,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle connection the server closed (PostgreSQL restarted, a failover) is dropped from the pool and the
  // next query opens a new one; unhandled, the pool's error event would end the process.
  pool.on('error', () => undefined);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: withPreparedStatements(pool) }) });
  return {
    db,
    dialect: 'postgres',
    location: url.replace(/:[^:@/]*@/, ':***@'),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
    close: () => db.destroy(),
  };
}
