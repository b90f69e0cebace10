// The values a derived column can show, each with the condition that gives it, read from the column's own
// expression (an `if` chain such as toneStatus). A list's status filter offers exactly these values (so a state
// the column can show is never missing from the filter, nor listed a second time in a definition), and the
// server filters by the same conditions (logicToSql), so "Modification to be approved" finds exactly the rows the
// column labels so. A branch whose value is the row's own field ({"var": "row.status"}) guarded by
// {"in": [{"var": "row.status"}, [...]]} stands for one value per listed literal.
import type { Logic } from './types';

export interface Outcome {
  value: string;
  /** JSON Logic over `row`: true exactly for the rows the expression gives `value`. */
  when: Logic;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isLiteral = (v: unknown): v is string | number => typeof v === 'string' || typeof v === 'number';
const varName = (v: unknown): string | undefined => {
  const name = isObject(v) && 'var' in v ? (Array.isArray(v.var) ? v.var[0] : v.var) : undefined;
  return typeof name === 'string' ? name : undefined;
};
const all = (conditions: Logic[]): Logic =>
  conditions.length === 0 ? true : conditions.length === 1 ? conditions[0] : { and: conditions };

/** Throws when the expression is not an `if` chain of literals (or guarded field values): it has no finite list. */
export function outcomesOf(expression: Logic): Outcome[] {
  if (isLiteral(expression)) return [{ value: String(expression), when: true }];
  if (!isObject(expression) || !Array.isArray(expression.if))
    throw new Error(`not an "if" chain of values: ${JSON.stringify(expression)}`);
  const parts = expression.if as Logic[];
  const out: Outcome[] = [];
  const earlier: Logic[] = [];
  const add = (value: string, when: Logic[]) => {
    if (!out.some((o) => o.value === value)) out.push({ value, when: all(when) });
  };
  for (let i = 0; i + 1 < parts.length; i += 2) {
    const [condition, value] = [parts[i], parts[i + 1]];
    const unless = earlier.map((c) => ({ '!': c }));
    if (isLiteral(value)) add(String(value), [condition, ...unless]);
    else if (isObject(value) && Array.isArray(value.if)) {
      // A nested chain (a tone's transcoding states inside its approval states): its values under this branch.
      for (const o of outcomesOf(value)) add(o.value, [condition, ...unless, ...(o.when === true ? [] : [o.when])]);
    } else {
      const field = varName(value);
      const guard = isObject(condition) && Array.isArray(condition.in) ? (condition.in as unknown[]) : undefined;
      if (!field || !guard || varName(guard[0]) !== field || !Array.isArray(guard[1]))
        throw new Error(`a branch value must be a literal or its guarded field: ${JSON.stringify(value)}`);
      for (const lit of guard[1] as unknown[]) add(String(lit), [{ '==': [{ var: field }, lit] }, ...unless]);
    }
    earlier.push(condition);
  }
  if (parts.length % 2 === 1) {
    const last = parts[parts.length - 1];
    const unless = earlier.map((c) => ({ '!': c }));
    if (isObject(last) && Array.isArray(last.if))
      for (const o of outcomesOf(last)) add(o.value, [...unless, ...(o.when === true ? [] : [o.when])]);
    else if (isLiteral(last)) add(String(last), unless.length ? unless : [true]);
    else throw new Error(`the last value must be a literal or a chain: ${JSON.stringify(last)}`);
  }
  return out;
}
