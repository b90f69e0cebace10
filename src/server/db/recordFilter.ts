// One record filter (a record's `filters` in screen-definitions/records/*.json) as a condition on a list query:
// the comparisons every listed entity shares, so each list states only which column a field lives in.
import { sql, type SelectQueryBuilder } from 'kysely';
import type { Database } from './schema';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => '\\' + c);
const DAY_MS = 86_400_000;

/**
 * `q` narrowed to the rows whose column `col` matches `value` by `match`, or undefined for a match that is not a
 * plain comparison (an expression: its list translates it itself).
 */
export function compareColumn<T extends keyof Database, Q extends SelectQueryBuilder<Database, T, object>>(
  q: Q,
  col: string,
  match: string,
  value: string,
): Q | undefined {
  // Kysely types a column by its table; the record names it at run time (a FieldMap column of this table).
  const c = col as any;
  switch (match) {
    case 'equals':
      return q.where(c, '=', value) as Q;
    case 'prefix':
      return q.where(c, 'like', `${escapeLike(value)}%`) as Q;
    case 'from':
      return q.where(c, '>=', value) as Q;
    case 'to':
      return q.where(c, '<=', value) as Q;
    // Times are epoch ms; a day is the UTC day.
    case 'fromDay':
      return q.where(c, '>=', Date.parse(`${value}T00:00:00Z`)) as Q;
    case 'toDay':
      return q.where(c, '<', Date.parse(`${value}T00:00:00Z`) + DAY_MS) as Q;
    // Prices are decimal strings: compared as numbers (no index; the other filters narrow first).
    case 'min':
      return q.where(sql<number>`cast(${sql.ref(col)} as real)`, '>=', Number(value)) as Q;
    case 'max':
      return q.where(sql<number>`cast(${sql.ref(col)} as real)`, '<=', Number(value)) as Q;
    default:
      return undefined;
  }
}
