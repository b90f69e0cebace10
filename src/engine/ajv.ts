// One Ajv instance with the keywords the product's rules need. Browser and server compile with this same
// instance, so a rule and its message key behave identically in both places.
import Ajv, { type AnySchemaObject, type ValidateFunction } from 'ajv';
import { fullFormats } from 'ajv-formats/dist/formats';
import { decimalPlaces } from './numbers';

type KeywordFn = ((schema: any, data: any) => boolean) & {
  errors?: Array<{ keyword: string; message?: string; params: Record<string, unknown> }>;
};

const isBlank = (v: unknown) => v === undefined || v === null || v === '';

function fail(fn: KeywordFn, keyword: string, params: Record<string, unknown>): false {
  fn.errors = [{ keyword, params }];
  return false;
}

export const ajv = new Ajv({
  allErrors: true,
  verbose: true, // errors carry parentSchema, where message keys live
  strict: true,
  strictTypes: false,
  strictRequired: false,
  allowUnionTypes: true,
  // The forms' values are strings as typed; numbers are compared with the numeric* keywords below.
  coerceTypes: false,
  // Ajv's optimiser pass over generated code costs more than it saves here: compiling every screen of a site
  // is about a third faster without it (bench/engine.ts), and validating a full form stays far below 1 ms.
  code: { optimize: false },
});
// The formats the rules use, taken from ajv-formats' table as its plugin takes them: the plugin's own module would
// bring the formatMinimum/formatMaximum keywords too, which no rule uses (about 1 KB gzip of the browser's bundle).
for (const name of ['email', 'date', 'date-time', 'uri'] as const) ajv.addFormat(name, fullFormats[name]);

// Annotations: message keys travel with the rule that produces them.
ajv.addKeyword({ keyword: 'message', schemaType: 'string' });
ajv.addKeyword({ keyword: 'messages', schemaType: 'object' });

/** The value contains none of these characters (rule_valid_name, rule_invalid_tonename...). */
const forbiddenChars: KeywordFn = (chars: string, data: unknown) => {
  if (typeof data !== 'string') return true;
  const found = [...data].find((c) => chars.includes(c));
  return found === undefined ? true : fail(forbiddenChars, 'forbiddenChars', { char: found });
};
ajv.addKeyword({ keyword: 'forbiddenChars', schemaType: 'string', errors: true, validate: forbiddenChars });

/** Decimal places of a numeric string at most N (page_price_form). */
const maxDecimals: KeywordFn = (limit: number, data: unknown) => {
  if (isBlank(data)) return true;
  return decimalPlaces(data) <= limit ? true : fail(maxDecimals, 'maxDecimals', { limit });
};
ajv.addKeyword({ keyword: 'maxDecimals', schemaType: 'number', errors: true, validate: maxDecimals });

function numericBound(keyword: 'numericMinimum' | 'numericMaximum') {
  const fn: KeywordFn = (limit: number, data: unknown) => {
    if (isBlank(data) || Number.isNaN(Number(data))) return true; // the format rule reports non-numbers
    const n = Number(data);
    const ok = keyword === 'numericMinimum' ? n >= limit : n <= limit;
    return ok ? true : fail(fn, keyword, { limit });
  };
  ajv.addKeyword({ keyword, schemaType: 'number', errors: true, validate: fn });
}
numericBound('numericMinimum');
numericBound('numericMaximum');
/**
 * Annotation beside numericMinimum/numericMaximum: the decimals the bounds are written with in the node's message
 * (a price range reads "between 0.00 and 10.00", as the price tip and every price on screen write prices).
 */
ajv.addKeyword({ keyword: 'boundDecimals', schemaType: 'number' });

/**
 * Passwords: every character that is not a letter or digit must be one the login configuration allows
 * (allowed_password_special_char); with `required`, at least one of them must be present.
 */
const specialChars: KeywordFn = (rule: { allowed?: string; required?: boolean }, data: unknown) => {
  if (typeof data !== 'string') return true;
  const allowed = rule.allowed ?? '';
  const specials = [...data].filter((c) => !/[A-Za-z0-9]/.test(c));
  const bad = specials.find((c) => !allowed.includes(c));
  if (bad !== undefined) return fail(specialChars, 'specialChars', { reason: 'notAllowed', char: bad, allowed });
  if (rule.required && specials.length === 0)
    return fail(specialChars, 'specialChars', { reason: 'required', allowed });
  return true;
};
ajv.addKeyword({
  keyword: 'specialChars',
  type: 'string',
  errors: true,
  validate: specialChars,
  metaSchema: {
    type: 'object',
    properties: { allowed: { type: 'string' }, required: { type: 'boolean' } },
    additionalProperties: false,
  },
});

/**
 * A list typed as one string: tags 'a~b~c', emails 'a@x,b@y'. Checks the count, empty items, each item's length
 * and, optionally, each item's pattern or format.
 */
const splitItems: KeywordFn = (
  rule: { separator: string; maxItems?: number; itemMaxLength?: number; itemFormat?: 'email'; itemPattern?: string },
  data: unknown,
) => {
  if (typeof data !== 'string' || data === '') return true;
  const items = data.split(rule.separator);
  if (rule.maxItems !== undefined && items.length > rule.maxItems)
    return fail(splitItems, 'splitItems', { reason: 'maxItems', limit: rule.maxItems });
  const empty = items.findIndex((i) => i.trim() === '');
  if (empty >= 0) return fail(splitItems, 'splitItems', { reason: 'empty', index: empty + 1 });
  const long = items.find((i) => rule.itemMaxLength !== undefined && i.length > rule.itemMaxLength);
  if (long !== undefined)
    return fail(splitItems, 'splitItems', { reason: 'itemMaxLength', limit: rule.itemMaxLength, item: long });
  const pattern = rule.itemPattern ? new RegExp(rule.itemPattern, 'u') : undefined;
  const format = rule.itemFormat ? compile({ type: 'string', format: rule.itemFormat }) : undefined;
  const bad = items.find((i) => (pattern && !pattern.test(i.trim())) || (format && !format(i.trim())));
  if (bad !== undefined) return fail(splitItems, 'splitItems', { reason: 'item', item: bad });
  return true;
};
ajv.addKeyword({
  keyword: 'splitItems',
  type: 'string',
  errors: true,
  validate: splitItems,
  metaSchema: {
    type: 'object',
    required: ['separator'],
    additionalProperties: false,
    properties: {
      separator: { type: 'string' },
      maxItems: { type: 'number' },
      itemMaxLength: { type: 'number' },
      itemFormat: { enum: ['email'] },
      itemPattern: { type: 'string' },
    },
  },
});

const cache = new Map<string, ValidateFunction>();
/** The same schema object again (a kept resolved screen's) finds its validator without being serialised. */
let bySchema = new WeakMap<object, ValidateFunction>();

/** Compiles a schema once per distinct resolved shape (configuration values change the shape). */
export function compile(schema: AnySchemaObject): ValidateFunction {
  let fn = bySchema.get(schema);
  if (fn) return fn;
  const key = JSON.stringify(schema);
  fn = cache.get(key);
  if (!fn) {
    fn = ajv.compile(schema);
    cache.set(key, fn);
  }
  bySchema.set(schema, fn);
  return fn;
}

/**
 * Forgets every compiled validator (ours and Ajv's own schema cache), as in a freshly loaded page or process:
 * the engine benchmark measures its cold runs from here.
 */
export function clearCompileCache(): void {
  cache.clear();
  bySchema = new WeakMap();
  checkedSchemas = new Map();
  ajv.removeSchema();
}

/** What schemaProblems found for each schema it checked, by its JSON: a definitions lint checks the same shapes again and again. */
let checkedSchemas = new Map<string, string | null>();

/** Checks a schema against Ajv's meta-schema and our keywords (compiled once per distinct schema, never kept for validation). */
export function schemaProblems(schema: unknown): string | null {
  const key = JSON.stringify(schema);
  const known = checkedSchemas.get(key);
  if (known !== undefined) return known;
  let why: string | null = null;
  try {
    ajv.removeSchema(ajv.compile(schema as AnySchemaObject).schema as AnySchemaObject);
  } catch (e) {
    why = (e as Error).message;
  }
  checkedSchemas.set(key, why);
  return why;
}
