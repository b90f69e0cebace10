// Parameter schema pieces shared by the routes. Values arrive as strings from form bodies and queries, so
// schemas describe strings; Fastify's validator turns a JSON number into its string where a string is asked.
import { langCodes } from './lang';

/** A JSON Schema as Fastify and Ajv take it. */
export type JsonSchema = Record<string, unknown>;

export const portalType: JsonSchema = { type: 'string', enum: ['1'], description: 'Always 1 for this portal.' };
export const accountCode: JsonSchema = {
  type: 'string',
  pattern: '^\\d{6,20}$',
  description: 'Provider account code, 6-20 digits.',
};
export const password: JsonSchema = { type: 'string', minLength: 1, maxLength: 64 };
/** An interface language: the codes of i18n/languages.json (read at start, so a listed language is accepted). */
export const language: JsonSchema = {
  type: 'string',
  enum: langCodes(),
  description: 'An interface language of i18n/languages.json.',
};

export const obj = (properties: Record<string, JsonSchema>, required: string[] = []): JsonSchema => ({
  type: 'object',
  properties: { portalType, ...properties },
  required,
});

/**
 * A row id. The tables' integer keys hold at most 2147483647, so an id has at most 9 digits: a longer number
 * names no row, and PostgreSQL would refuse it in the query itself (SQLite would not), so it is refused here.
 */
export const rowId: JsonSchema = { type: 'string', pattern: '^\\d{1,9}$' };
/** Comma-separated row ids (batch actions): at most `max`, or any number (the handler names the limit). */
export const rowIds = (what: string, max?: number): JsonSchema => ({
  type: 'string',
  pattern: `^\\d{1,9}(,\\d{1,9})${max ? `{0,${max - 1}}` : '*'}$`,
  ...(max ? {} : { maxLength: 2000 }),
  description: max ? `${what}, comma-separated (at most ${max}).` : `${what}, comma-separated.`,
});
/** The distinct ids of a comma-separated list (already checked by rowIds). */
export const rowIdList = (text: unknown): number[] => [
  ...new Set(
    String(text ?? '')
      .split(',')
      .filter(Boolean)
      .map(Number),
  ),
];

export const paging: Record<string, JsonSchema> = {
  startRecordNum: { type: 'string', pattern: '^\\d{1,9}$', description: 'First row, 1-based.' },
  endRecordNum: { type: 'string', pattern: '^(-1|\\d{1,9})$', description: 'Last row, inclusive; -1 for all rows.' },
  queryType: { type: 'string', enum: ['1', '2', '3'], description: '1 only count (recordSum), 2 rows and count.' },
};

/**
 * The declared shape of an answer record whose fields are strings: it documents the call (OpenAPI) and lets the
 * definitions linter check that a screen reads only fields the answer has. `more` adds fields of other types.
 */
export const stringRecord = (fields: readonly string[], more: Record<string, JsonSchema> = {}): JsonSchema => ({
  type: 'object',
  properties: { ...Object.fromEntries(fields.map((f) => [f, { type: 'string' }])), ...more },
  additionalProperties: false,
});
