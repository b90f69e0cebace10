// Parameter schema pieces shared by the routes. Values arrive as strings from form bodies and queries, so
// schemas describe strings; Fastify's validator turns a JSON number into its string where a string is asked.
// The pieces are TypeBox schemas: plain JSON Schema for Fastify, Ajv and the OpenAPI document (TypeBox's marks are
// symbols, which JSON and Ajv do not see), and a static type TypeScript infers, so a handler's parameters are typed
// by the schema the route declares (http/route.ts) and never restated.
import { langCodes } from './lang';
import { Type, type SchemaOptions, type Static, type TObject, type TOptional, type TSchema } from '@sinclair/typebox';

export type { Static, TSchema };
/** A JSON Schema as Fastify and Ajv take it (answer records, documents): plain data, no static type. */
export type JsonSchema = Record<string, unknown>;
/** A parameter's schema: JSON Schema with the type of the value it admits. */
export type ParamSchema<T = unknown> = TSchema & { static: T };

/** A text parameter. */
export const text = (options: SchemaOptions = {}) => Type.String(options);
/** A text parameter that is one of `values` (typed as their union; the JSON Schema keeps its plain `enum`). */
export const oneOf = <const V extends readonly string[]>(values: V, options: SchemaOptions = {}) =>
  Type.Unsafe<V[number]>({ type: 'string', enum: [...values], ...options });
/** An existing JSON Schema (derived from a definition or a record) typed as the values it admits. */
export const typed = <T = string>(schema: JsonSchema) => Type.Unsafe<T>(schema);

export const portalType = oneOf(['1'], { description: 'Always 1 for this portal.' });
export const accountCode = text({ pattern: '^\\d{6,20}$', description: 'Provider account code, 6-20 digits.' });
export const password = text({ minLength: 1, maxLength: 64 });
/** An interface language: the codes of i18n/languages.json (read at start, so a listed language is accepted). */
export const language = typed<string>({
  type: 'string',
  enum: langCodes(),
  description: 'An interface language of i18n/languages.json.',
});

type Fields = Record<string, TSchema>;
/** The properties of `obj`: portalType and `P`, those named in `R` required, the others optional. */
type Params<P extends Fields, R extends string> = {
  [K in keyof P | 'portalType']: K extends keyof P
    ? K extends R
      ? P[K]
      : TOptional<P[K]>
    : TOptional<typeof portalType>;
};

/** The parameters of a call: portalType (every call takes it) and `properties`, of which `required` must be sent. */
export function obj<P extends Fields, const R extends keyof P & string = never>(
  properties: P,
  required: readonly R[] = [],
): TObject<Params<P, R>> {
  const all: Fields = { portalType, ...properties };
  const props = Object.fromEntries(
    Object.entries(all).map(([name, schema]) => [
      name,
      (required as readonly string[]).includes(name) ? schema : Type.Optional(schema),
    ]),
  );
  // Type.Object leaves `required` out when nothing is; the declared schema always names it.
  const schema = Type.Object(props);
  return { ...schema, required: schema.required ?? [] } as unknown as TObject<Params<P, R>>;
}

/** The type of the parameters a call's schema admits. */
export type ParamsOf<S extends TSchema> = Static<S>;

/**
 * A row id. The tables' integer keys hold at most 2147483647, so an id has at most 9 digits: a longer number
 * names no row, and PostgreSQL would refuse it in the query itself (SQLite would not), so it is refused here.
 */
export const rowId = text({ pattern: '^\\d{1,9}$' });
/** Comma-separated row ids (batch actions): at most `max`, or any number (the handler names the limit). */
export const rowIds = (what: string, max?: number) =>
  text({
    pattern: `^\\d{1,9}(,\\d{1,9})${max ? `{0,${max - 1}}` : '*'}$`,
    ...(max ? {} : { maxLength: 2000 }),
    description: max ? `${what}, comma-separated (at most ${max}).` : `${what}, comma-separated.`,
  });
/** The distinct ids of a comma-separated list (already checked by rowIds). */
export const rowIdList = (list: string | undefined): number[] => [
  ...new Set(
    String(list ?? '')
      .split(',')
      .filter(Boolean)
      .map(Number),
  ),
];

export const paging = {
  startRecordNum: text({ pattern: '^\\d{1,9}$', description: 'First row, 1-based.' }),
  endRecordNum: text({ pattern: '^(-1|\\d{1,9})$', description: 'Last row, inclusive; -1 for all rows.' }),
  queryType: oneOf(['1', '2', '3'], { description: '1 only count (recordSum), 2 rows and count.' }),
};
/** The paging parameters as a call receives them. */
export type Paging = Partial<Static<TObject<typeof paging>>>;

/** The parts of a multipart/form-data body, for the document (a route's multipartSchema). */
export const multipartParts = (properties: Record<string, JsonSchema>, required?: string[]): JsonSchema => ({
  type: 'object',
  properties,
  ...(required ? { required } : {}),
});

/**
 * The declared shape of an answer record whose fields are strings: it documents the call (OpenAPI) and lets the
 * definitions linter check that a screen reads only fields the answer has. `more` adds fields of other types.
 */
export const stringRecord = (fields: readonly string[], more: Record<string, JsonSchema> = {}): JsonSchema => ({
  type: 'object',
  properties: { ...Object.fromEntries(fields.map((f) => [f, { type: 'string' }])), ...more },
  additionalProperties: false,
});
