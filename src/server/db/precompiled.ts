// Hot queries compiled once. Building and compiling a Kysely query costs more than running a small one on
// SQLite, so a query that runs on every request (the session lookup, the tone list) is built once with
// named sentinels in place of its values, and rerun with the values substituted in the same positions.
import { CompiledQuery, type Compilable, type Kysely } from 'kysely';
import type { Database } from './schema';

const SENTINEL = '\u0000precompiled:';

export function precompiled<P extends string, R>(
  names: readonly P[],
  // A sentinel stands where a value of any column's type goes: typed never, which every column accepts.
  build: (db: Kysely<Database>, p: Record<P, never>) => Compilable<R>,
) {
  const cache = new WeakMap<Kysely<Database>, { sql: string; params: readonly unknown[] }>();
  const sentinels = Object.fromEntries(names.map((n) => [n, SENTINEL + n])) as Record<P, never>;
  return async (db: Kysely<Database>, values: Record<P, unknown>): Promise<R[]> => {
    let c = cache.get(db);
    if (!c) {
      const q = build(db, sentinels).compile();
      c = { sql: q.sql, params: q.parameters };
      cache.set(db, c);
    }
    const params = c.params.map((p) =>
      typeof p === 'string' && p.startsWith(SENTINEL) ? values[p.slice(SENTINEL.length) as P] : p,
    );
    return (await db.executeQuery<R>(CompiledQuery.raw(c.sql, params))).rows;
  };
}
