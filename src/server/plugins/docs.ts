// GET /docs/openapi.json: the OpenAPI 3.1 document of every call, generated from the same route declarations
// (and parameter schemas) that register and validate the calls, plus the return-code catalogue.
import type { FastifyInstance } from 'fastify';
import { langCodes } from '../http/lang';
import { translate } from '../http/messages';
import { RETURN_CODES, returnCodeKey } from '../returnCodes';
import { answerCodes, paramNames, type ApiRoute } from '../routes';
import { fitToColumns, referencesOf } from '../http/contract';
import type { ColumnCatalog } from '../db/columns';

const envelopeSchema = (record?: Record<string, unknown>) => ({
  type: 'object',
  required: ['returnCode', 'returnMsg'],
  properties: {
    returnCode: { type: 'string', description: 'See components.x-return-codes.' },
    returnMsg: {
      type: 'string',
      description: 'Text of the code in the session language (else Accept-Language, else English).',
    },
    record: record ?? {},
    recordSum: { type: 'integer', description: 'Total rows of a list.' },
  },
});

function operation(r: ApiRoute, method: 'get' | 'post', columns: ColumnCatalog | undefined) {
  const op: Record<string, unknown> = {
    operationId: `${method}${r.url.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
    tags: [r.tag],
    summary: r.summary,
    description: [
      r.description ?? '',
      r.auth === 'session' ? 'Needs a session (cookie rbt_session); 900000 otherwise.' : 'No session needed.',
      r.write ? 'Changes state: send the X-CSRF-Token header (950001, HTTP 403, without it).' : '',
      r.write && r.maintenanceWindow !== false && r.auth === 'session'
        ? 'Refused during maintenance_window (950002).'
        : '',
      r.auth === 'session' && !r.allowPending ? 'Answers 312022 while the password must be changed.' : '',
      r.codes?.length ? `Other codes: ${r.codes.join(', ')}.` : '',
    ]
      .filter(Boolean)
      .join(' '),
    security:
      r.auth === 'session' || r.auth === 'operator'
        ? [r.write ? { [SCHEME[r.auth]]: [], csrf: [] } : { [SCHEME[r.auth]]: [] }]
        : [],
    // Every returnCode this call answers (the test suite holds the server to this list).
    'x-return-codes': answerCodes(r),
    // Changes state (the fuzz and CSRF tests take every such call from here).
    'x-write': r.write === true,
    // Parameters naming a row: its table and whose rows the caller may name (records/references.json).
    'x-references': Object.fromEntries(
      Object.entries(referencesOf(r.tag, paramNames(r))).map(([name, ref]) => [
        name,
        { table: ref.table, scope: ref.scope ?? 'all', ...(ref.list ? { list: ref.list } : {}) },
      ]),
    ),
    responses: {
      '200': {
        description: r.raw ? 'The file (binary), or the envelope on refusal.' : 'The envelope.',
        headers:
          r.auth === 'session' || r.auth === 'operator' || r.url === '/sp/sploginhs' || r.url === '/op/login'
            ? {
                'X-CSRF-Token': {
                  schema: { type: 'string' },
                  description: 'CSRF token of the session, to send back on writes.',
                },
              }
            : undefined,
        content: { 'application/json': { schema: envelopeSchema(r.record) } },
      },
    },
  };
  // Parameters stored in a column show its size as their maxLength (http/contract.ts fitToColumns).
  const params = (r.params ? fitToColumns(r.params, columns) : undefined) as
    { properties?: Record<string, unknown>; required?: string[] } | undefined;
  const pathParams = [...r.url.matchAll(/:(\w+)/g)].map((m) => ({
    name: m[1],
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  if (r.multipart) {
    const parts = r.multipartSchema ?? {
      type: 'object',
      properties: { multipartFiles: { type: 'array', items: { type: 'string', format: 'binary' } } },
    };
    op.requestBody = { content: { 'multipart/form-data': { schema: parts } } };
    const q = params?.properties ?? {};
    op.parameters = [
      ...pathParams,
      ...Object.entries(q).map(([name, schema]) => ({ name, in: 'query', required: false, schema })),
    ];
  } else if (method === 'get') {
    op.parameters = [
      ...pathParams,
      ...Object.entries(params?.properties ?? {}).map(([name, schema]) => ({
        name,
        in: 'query',
        required: params?.required?.includes(name) ?? false,
        schema,
      })),
    ];
  } else {
    if (pathParams.length) op.parameters = pathParams;
    if (params)
      op.requestBody = {
        content: { 'application/x-www-form-urlencoded': { schema: params }, 'application/json': { schema: params } },
      };
  }
  return op;
}

/** The security scheme of each kind of signed-in call. */
const SCHEME = { session: 'session', operator: 'operatorSession' } as const;

export function openApiDocument(routes: ApiRoute[], columns?: ColumnCatalog) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    const path = r.url.replace(/:(\w+)/g, '{$1}');
    const item = (paths[path] ??= {});
    const methods =
      r.method === 'READ' ? (['get', 'post'] as const) : ([r.method.toLowerCase() as 'get' | 'post'] as const);
    for (const m of methods) item[m] = operation(r, m, columns);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'RBT provider portal: reference API',
      version: '1.0.0',
      description:
        'Every answer is {returnCode, returnMsg, record, recordSum}; each operation lists the codes it answers in x-return-codes. Read-only calls answer both GET (query, portalType=1) and POST (form-encoded or JSON). Sessions: HttpOnly cookie rbt_session set by /sp/sploginhs; writes need the X-CSRF-Token header whose value every answer of a live session carries. Text parameters of every call (at any depth, and inside parameters whose text is JSON) must not contain control characters (C0 except tab, line feed and carriage return; DEL; C1; lone surrogates): 950004 naming the field, before anything is read or stored. The request contract of every call: a parameter stored in a column is at most as long as the column (maxLength here, from the migrated database); a parameter a screen sends as a constant or a choice of constants takes only those (enum); a parameter of a field the screen does not show in the caller context (another site, a hidden field) is ignored; a required text of blanks alone counts as missing; a parameter naming a row (x-references: table and scope) must name a row that exists and that the caller may use (950004 with CommonRes.unknownReference, or 950005 for the entity the call works on). The database layer refuses any value its column cannot hold (longer than a varchar, not a whole number within an integer column, a NUL) with 950004, so SQLite and PostgreSQL answer alike. Refusals never change a row or a file.',
    },
    // The provider's portal and the operator console: one tag a domain, the console's calls under 'operator'.
    tags: [...new Set(routes.map((r) => r.tag))].sort().map((name) => ({
      name,
      ...(name === 'operator'
        ? {
            description:
              "The operator console (/console): review queue and decisions, providers, configuration, audit log, outbox. Operator sessions (cookie rbt_operator, /op/login) only; a provider's session is refused.",
          }
        : {}),
    })),
    paths,
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'rbt_session' },
        operatorSession: { type: 'apiKey', in: 'cookie', name: 'rbt_operator' },
        csrf: { type: 'apiKey', in: 'header', name: 'X-CSRF-Token' },
      },
      'x-return-codes': returnCodeTexts(),
    },
  };
}

/** Every return code with its text in each interface language ({0} where an argument goes) and its HTTP status. */
function returnCodeTexts() {
  return Object.fromEntries(
    Object.entries(RETURN_CODES).map(([code, def]) => [
      code,
      { ...Object.fromEntries(langCodes().map((l) => [l, translate(returnCodeKey(code), l)])), ...def },
    ]),
  );
}

export function docsRoutes(app: FastifyInstance): void {
  app.get('/docs/openapi.json', async () => openApiDocument(app.apiRoutes, app.ctx.columns));
}
