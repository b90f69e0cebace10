// Part of a row as an object of its own, copied the cheap way. A row of some 30 columns split by rest
// destructuring (`{ session_id, ...account } = row`) or by a loop of keyed stores comes out in V8's dictionary mode
// (keyed stores past 16 properties switch an object to it), which costs about 10 µs to build and makes every later
// read of it slow; the session lookup does it on every request. An object literal with the columns written out
// is an ordinary object built in well under a microsecond, so the literal is generated once per column list.
const copiers = new Map<string, (row: Record<string, unknown>) => unknown>();

/**
 * A function copying the columns of `columns` that `keep` accepts out of a row with those columns. The column
 * names are the database's (JSON-quoted into the generated literal, so any name is safe).
 */
export function rowCopier<T>(columns: string[], keep: (column: string) => boolean): (row: object) => T {
  const kept = columns.filter(keep);
  const signature = kept.join('\u0000');
  let copy = copiers.get(signature);
  if (!copy) {
    const body = kept.map((c) => `${JSON.stringify(c)}: row[${JSON.stringify(c)}]`).join(', ');
    copy = new Function('row', `return { ${body} };`) as (row: Record<string, unknown>) => unknown;
    copiers.set(signature, copy);
  }
  return copy as (row: object) => T;
}

const makers = new Map<string, (values: unknown[]) => Record<string, unknown>>();

/**
 * A function making a row object out of a row's values in column order (better-sqlite3's raw rows), the same
 * way: one literal generated per column list. A later column of the same name wins, as in a row object.
 */
export function rowMaker(columns: string[]): (values: unknown[]) => Record<string, unknown> {
  const signature = columns.join('\u0000');
  let make = makers.get(signature);
  if (!make) {
    const body = columns.map((c, i) => `${JSON.stringify(c)}: values[${i}]`).join(', ');
    make = new Function('values', `return { ${body} };`) as (values: unknown[]) => Record<string, unknown>;
    makers.set(signature, make);
  }
  return make;
}
