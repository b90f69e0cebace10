// Field schemas checked before any configuration value fills them: a bound of the wrong type ("maxLength":
// "100", "minimum": "0"), a configuration placeholder whose "as" is unknown or gives the wrong type for its
// keyword, and anything else the JSON Schema meta-schema refuses. Checked once, on the schema as written, so
// a mistake shows even when no site sets the configuration key (an unset key removes its keyword at run time,
// which would hide the mistake until an operator sets it).
import { ajv } from './ajv';
import { childPath } from './jsonPath';
import {
  PLACEHOLDER_TRANSFORMS,
  isConfigPlaceholder,
  isLogicPlaceholder,
  type PlaceholderTransform,
} from './placeholders';

export interface PathProblem {
  path: string;
  reason: string;
}

type Expected = 'integer' | 'number' | 'string' | 'boolean' | 'array' | 'object';

/** The type each bound keyword needs (our own keywords included: see ajv.ts). */
const BOUNDS: Record<string, Expected> = {
  maxLength: 'integer',
  minLength: 'integer',
  maxItems: 'integer',
  minItems: 'integer',
  maxProperties: 'integer',
  minProperties: 'integer',
  maxDecimals: 'integer',
  maximum: 'number',
  minimum: 'number',
  exclusiveMaximum: 'number',
  exclusiveMinimum: 'number',
  multipleOf: 'number',
  numericMinimum: 'number',
  numericMaximum: 'number',
  boundDecimals: 'integer',
  pattern: 'string',
  format: 'string',
  forbiddenChars: 'string',
  message: 'string',
  uniqueItems: 'boolean',
  required: 'array',
  enum: 'array',
  messages: 'object',
};
const SPLIT_ITEMS_BOUNDS: Record<string, Expected> = {
  separator: 'string',
  maxItems: 'integer',
  itemMaxLength: 'integer',
  itemPattern: 'string',
};

/** What a placeholder gives at run time, by its "as". */
const GIVES: Record<PlaceholderTransform, Expected> = {
  text: 'string',
  number: 'number',
  integer: 'integer',
  decimalPlaces: 'integer',
  pipeList: 'array',
};
const SAMPLE: Record<Expected, unknown> = {
  integer: 1,
  number: 1.5,
  string: 'x',
  boolean: true,
  array: ['x'],
  object: {},
};

/** Keywords whose value is one subschema, a list of them, or a map of them. */
const ONE = [
  'items',
  'additionalProperties',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'additionalItems',
  'unevaluatedProperties',
  'unevaluatedItems',
];
const LIST = ['allOf', 'anyOf', 'oneOf', 'prefixItems', 'items'];
const MAP = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];

function typeOf(value: unknown): Expected | 'null' {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value as Expected;
}

const fits = (got: Expected | 'null', want: Expected) => got === want || (want === 'number' && got === 'integer');
const shown = (v: unknown) => JSON.stringify(v);

function checkValue(keyword: string, value: unknown, want: Expected, path: string, out: PathProblem[]): unknown {
  if (isLogicPlaceholder(value)) return SAMPLE[want];
  if (isConfigPlaceholder(value)) {
    const extra = Object.keys(value).filter((k) => k !== '$config' && k !== 'as');
    if (extra.length)
      out.push({
        path: childPath(path, extra[0]),
        reason: `a placeholder has only "$config" and "as" (found "${extra[0]}")`,
      });
    const as = value.as ?? 'text';
    if (!PLACEHOLDER_TRANSFORMS.includes(as)) {
      out.push({
        path: childPath(path, 'as'),
        reason: `unknown "as": ${shown(as)} (one of ${PLACEHOLDER_TRANSFORMS.join(', ')})`,
      });
      return SAMPLE[want];
    }
    if (!fits(GIVES[as], want)) {
      const hint =
        want === 'integer' && as === 'number'
          ? ': use "as": "integer"'
          : want === 'string'
            ? ': use "as": "text" (or leave "as" out)'
            : '';
      out.push({
        path: childPath(path, 'as'),
        reason: `"${keyword}" needs ${want === 'integer' ? 'an integer' : `a ${want}`}, but "as": "${as}" gives ${GIVES[as] === 'integer' ? 'an integer' : `a ${GIVES[as]}`}${hint}`,
      });
    }
    return SAMPLE[want];
  }
  const got = typeOf(value);
  if (!fits(got, want)) {
    const quoted =
      typeof value === 'string' &&
      value.trim() !== '' &&
      !Number.isNaN(Number(value)) &&
      (want === 'integer' || want === 'number')
        ? ` (write ${value} without quotes)`
        : '';
    out.push({
      path,
      reason: `"${keyword}" must be ${want === 'integer' ? 'an integer' : `a ${want}`}, found ${got === 'null' ? 'null' : `${got} ${shown(value)}`}${quoted}`,
    });
    return SAMPLE[want];
  }
  if (keyword === 'pattern' && typeof value === 'string') {
    try {
      new RegExp(value, 'u');
    } catch (e) {
      out.push({ path, reason: `"pattern" is not a valid regular expression: ${(e as Error).message}` });
    }
  }
  return value;
}

/**
 * Problems of one field schema as written, and the schema with every placeholder replaced by a sample of the
 * type it gives (for the meta-schema check).
 */
function walkSchema(schema: unknown, path: string, out: PathProblem[]): unknown {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return schema;
  const sample: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    const here = childPath(path, key);
    if (Object.hasOwn(BOUNDS, key)) {
      sample[key] = checkValue(key, value, BOUNDS[key], here, out);
    } else if (key === 'splitItems' && value && typeof value === 'object' && !Array.isArray(value)) {
      const inner: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value))
        inner[k] = Object.hasOwn(SPLIT_ITEMS_BOUNDS, k)
          ? checkValue(`splitItems.${k}`, v, SPLIT_ITEMS_BOUNDS[k], childPath(here, k), out)
          : v;
      sample[key] = inner;
    } else if (LIST.includes(key) && Array.isArray(value)) {
      sample[key] = value.map((v, i) => walkSchema(v, childPath(here, i), out));
    } else if (ONE.includes(key)) {
      sample[key] = walkSchema(value, here, out);
    } else if (MAP.includes(key) && value && typeof value === 'object' && !Array.isArray(value)) {
      sample[key] = Object.fromEntries(
        Object.entries(value).map(([k, v]) => [k, walkSchema(v, childPath(here, k), out)]),
      );
    } else if (isConfigPlaceholder(value) || isLogicPlaceholder(value)) {
      sample[key] = 'x';
    } else sample[key] = value;
  }
  return sample;
}

/** Problems of a field schema as written (paths under `path`, the schema's own JSON path). */
export function fieldSchemaProblems(schema: unknown, path: string): PathProblem[] {
  const out: PathProblem[] = [];
  const sample = walkSchema(schema, path, out);
  if (out.length === 0 && sample && typeof sample === 'object' && !ajv.validateSchema(sample as object)) {
    // What the meta-schema refuses beyond the bounds above ("type": "strnig", a non-array allOf, ...).
    for (const e of ajv.errors ?? []) {
      if (e.keyword === 'anyOf' || e.keyword === 'allOf') continue;
      out.push({
        path:
          path +
          e.instancePath
            .split('/')
            .filter(Boolean)
            .map((p) => (/^\d+$/.test(p) ? `[${p}]` : `.${p}`))
            .join(''),
        reason: `not a valid JSON Schema: ${e.message}${e.params && 'allowedValues' in e.params ? ` (${(e.params.allowedValues as string[]).join(', ')})` : ''}`,
      });
    }
  }
  const seen = new Set<string>();
  return out.filter((p) => !seen.has(p.path) && seen.add(p.path));
}
