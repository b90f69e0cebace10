// Sorting and derived-state filtering of list calls, both from the screen definitions alone:
// - orderBy ("<field> asc|desc", 001 §7 sp/qrytone) is honoured only for a field a column of one of the call's
//   screens declares `sortable` on the caller's site: an allow-list from the definitions, never a column name or
//   SQL from the browser. Anything else is refused with 950004 naming orderBy and the fields it may name.
// - a state filter (record filter match 'state') takes exactly the values the named status expression can give
//   (engine/outcomes.ts) and selects the rows it gives that value, so the filter and the column never disagree.
import type { RawBuilder } from 'kysely';
import { outcomesOf } from '../../engine/outcomes';
import { logicToSql } from '../db/logicSql';
import { ApiError } from '../envelope';
import { RC } from '../returnCodes';
import { engineFor } from '../validation';

export interface ListOrder {
  field: string;
  direction: 'asc' | 'desc';
}

/** The route's parameter: its shape only; which fields it may name is the allow-list's (orderOf). */
export const ORDER_BY_PARAM = {
  type: 'string',
  maxLength: 64,
  description:
    '"<field> asc" or "<field> desc": a field of a column the screens of this call declare sortable (else 950004). Ties keep the list\'s own order.',
} as const;

/** The fields the screens' columns declare sortable on this site, in column order. */
export function sortableFields(site: string, screens: string[]): string[] {
  const engine = engineFor(site);
  const out: string[] = [];
  for (const id of screens) {
    if (!engine.screenIds().includes(id)) continue;
    const columns = Object.values(engine.definition(id).columns ?? {}).sort((a, b) => a.order - b.order);
    for (const c of columns) if (c.sortable && c.field && !out.includes(c.field)) out.push(c.field);
  }
  return out;
}

/** The order a request asks for, or undefined for the list's own order; refuses a field not allowed. */
export function orderOf(site: string, screens: string[], raw: unknown): ListOrder | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  const allowed = sortableFields(site, screens);
  const m = /^([A-Za-z][A-Za-z0-9_]*) (asc|desc)$/.exec(String(raw));
  if (!m || !allowed.includes(m[1]))
    throw new ApiError(
      RC.badInput,
      [],
      [
        {
          field: 'orderBy',
          message: allowed.length ? 'List.orderByRefused' : 'List.orderByNone',
          params: { value: String(raw), fields: allowed.join(', ') },
        },
      ],
    );
  return { field: m[1], direction: m[2] as ListOrder['direction'] };
}

/** The values a state filter takes: '' (none) and every value of the named expression (on the base site). */
export const stateValues = (expression: string): string[] => [
  '',
  ...outcomesOf(engineFor('generic').expression(expression)).map((o) => o.value),
];

/** SQL selecting the rows the site's named expression gives `value` (an enum value of stateValues). */
export function stateWhere(
  site: string,
  expression: string,
  value: string,
  column: (field: string) => string,
  table?: string,
): RawBuilder<unknown> {
  const outcome = outcomesOf(engineFor(site).expression(expression)).find((o) => o.value === value);
  if (!outcome)
    throw new ApiError(RC.badInput, [], [{ field: 'state', message: 'Validation.enum', params: { value } }]);
  return logicToSql(outcome.when, column, table);
}
