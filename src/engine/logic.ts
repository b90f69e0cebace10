// Conditions, defaults and payload expressions are JSON Logic (https://jsonlogic.com): a standard,
// serialisable, eval-free format. The few operations JSON Logic lacks for this product are added here,
// once, so definitions stay data.
import jsonLogic from 'json-logic-js';
import { addYears, daysFromToday, todayIso } from './dates';
import { decimalPlaces } from './numbers';

type Fn = (...args: any[]) => unknown;

/** Called when an expression reads today's date (resolveCache.ts keys such a resolution by the day). */
let onClockRead: (() => void) | undefined;
const clock = <T>(read: () => T): T => {
  onClockRead?.();
  return read();
};

/** Runs `fn`, calling `noted` whenever an expression it evaluates reads today's date. */
export function readsClock<T>(fn: () => T, noted: () => void): T {
  const outer = onClockRead;
  onClockRead = () => {
    noted();
    outer?.();
  };
  try {
    return fn();
  } finally {
    onClockRead = outer;
  }
}

const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

const customOperations: Record<string, Fn> = {
  /** "a|b|c" -> ["a","b","c"]; empty or missing -> []. */
  split: (value: unknown, separator: unknown) => (text(value) === '' ? [] : text(value).split(text(separator))),
  join: (list: unknown, separator: unknown) =>
    Array.isArray(list) ? list.map(text).join(text(separator)) : text(list),
  /** [{toneCode: 'a'}, ...], 'toneCode' -> ['a', ...] */
  pluck: (list: unknown, key: unknown) => (Array.isArray(list) ? list.map((item) => (item ?? {})[text(key)]) : []),
  length: (value: unknown) => (Array.isArray(value) ? value.length : text(value).length),
  isEmpty: (value: unknown) =>
    value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0),
  /** First character upper-cased: toneName 'hello' -> 'H'. */
  firstLetterUpper: (value: unknown) => text(value).trim().charAt(0).toUpperCase(),
  toJson: (value: unknown) => JSON.stringify(value ?? {}),
  number: (value: unknown) => (text(value) === '' ? null : Number(value)),
  /** Fixed decimals for display or sending: 12.5, 2 -> "12.50". */
  toFixed: (value: unknown, digits: unknown) =>
    text(value) === '' || Number.isNaN(Number(value)) ? text(value) : Number(value).toFixed(Number(digits)),
  /** Decimal places of a format string such as page_price_form "0.00" -> 2. */
  decimalPlaces: (format: unknown) => decimalPlaces(format),
  today: () => clock(todayIso),
  /** Whole days from today to an ISO date (negative in the past). */
  daysFromToday: (date: unknown) => (text(date) === '' ? null : clock(() => daysFromToday(text(date)))),
  /** The ISO date `years` years away ('' when the value is no date): a range of at most a year (000 §9). */
  addYears: (date: unknown, years: unknown) => addYears(text(date), Number(years)),
  /** ISO dates compare as text: a on or before b. Empty values pass (required rules catch them). */
  dateOnOrBefore: (a: unknown, b: unknown) =>
    text(a) === '' || text(b) === '' || text(a).slice(0, 10) <= text(b).slice(0, 10),
  /** Latest of a list of ISO dates ('' when none). */
  maxDate: (list: unknown) => (Array.isArray(list) ? (list.map(text).filter(Boolean).sort().pop() ?? '') : text(list)),
  /**
   * A field of the item whose `key` is latest (ISO dates compare as text): the tone that ends last of a box's
   * tones, [{toneName, toneValidDay}, ...], 'toneValidDay', 'toneName' -> its name ('' when the list is empty).
   */
  latestBy: (list: unknown, key: unknown, field: unknown) => {
    const items = Array.isArray(list) ? list.filter((item) => text((item ?? {})[text(key)]) !== '') : [];
    const latest = items.reduce<any>(
      (best, item) => (best === undefined || text(item[text(key)]) > text(best[text(key)]) ? item : best),
      undefined,
    );
    return latest === undefined ? '' : text(latest[text(field)]);
  },
  first: (list: unknown) => (Array.isArray(list) ? list[0] : undefined),
  last: (list: unknown) => (Array.isArray(list) ? list[list.length - 1] : undefined),
  /** ['a','b'], 'toneCode' -> [{toneCode:'a'}, {toneCode:'b'}]: the inverse of pluck, for recovering payloads. */
  wrap: (list: unknown, key: unknown) => (Array.isArray(list) ? list.map((v) => ({ [text(key)]: v })) : []),
  trim: (value: unknown) => text(value).trim(),
  /** "a|b" option list -> [{value, label}] for option lists built from the configuration. */
  options: (list: unknown) => (Array.isArray(list) ? list.map((v) => ({ value: text(v), label: text(v) })) : []),
  /** Is the value one of a pipe-separated configuration list? */
  inPipeList: (value: unknown, list: unknown) =>
    text(list)
      .split('|')
      .map((s) => s.trim())
      .includes(text(value)),
};

for (const [name, fn] of Object.entries(customOperations)) jsonLogic.add_operation(name, fn);

/** Operations a definition may use: JSON Logic's own and ours. Used by the definition linter. */
export const KNOWN_OPERATIONS = new Set([
  'var',
  'missing',
  'missing_some',
  'if',
  '?:',
  '==',
  '===',
  '!=',
  '!==',
  '!',
  '!!',
  'or',
  'and',
  '>',
  '>=',
  '<',
  '<=',
  'max',
  'min',
  '+',
  '-',
  '*',
  '/',
  '%',
  'map',
  'filter',
  'reduce',
  'all',
  'none',
  'some',
  'merge',
  'in',
  'cat',
  'substr',
  'log',
  ...Object.keys(customOperations),
]);

export function isLogic(value: unknown): boolean {
  return jsonLogic.is_logic(value);
}

export function evaluate(expression: unknown, data: object): unknown {
  return jsonLogic.apply(expression as any, data);
}

/** A condition is a boolean or an expression; absent means `fallback`. */
export function holds(condition: unknown, data: object, fallback: boolean): boolean {
  if (condition === undefined) return fallback;
  if (typeof condition === 'boolean') return condition;
  return jsonLogic.truthy(evaluate(condition, data));
}

/** Does an expression read a variable under this prefix (e.g. 'row')? Such conditions wait for their data. */
export function readsVar(expression: unknown, prefix: string): boolean {
  if (Array.isArray(expression)) return expression.some((e) => readsVar(e, prefix));
  if (expression && typeof expression === 'object') {
    return Object.entries(expression).some(([k, v]) => {
      if (k === 'var') {
        const name = Array.isArray(v) ? v[0] : v;
        return typeof name === 'string' && (name === prefix || name.startsWith(`${prefix}.`));
      }
      return readsVar(v, prefix);
    });
  }
  return false;
}
