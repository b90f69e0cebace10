// The route registry. Every call is declared once with its parameter schema, its access rules and its
// handler; the same declaration registers the Fastify route (whose schema validates the request) and feeds
// the OpenAPI document (docs/openapi.ts). Access rules run in one place, in this order:
// session (900000) -> CSRF on writes (950001, HTTP 403) -> password change pending (312022) ->
// account expired (909090) -> the capability gate (950016: a call of screens or actions the account's menu does not
// offer, http/gate.ts) -> maintenance window on writes (950002) -> control characters in any text
// parameter (950004) -> schema -> facts the server looks up -> parameters of hidden fields dropped -> screen
// rules -> values within their columns and ids naming usable rows (http/contract.ts) -> handler; the
// database layer refuses any value a column cannot hold (db/columns.ts).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, envelope, type Result } from '../envelope';
import { RC, type ReturnCode } from '../returnCodes';
import { controlCharacterViolations } from './controlCharacters';
import { OPERATOR_COOKIE, readCookie, SESSION_COOKIE } from './cookies';
import { findOperatorSession, findSession } from '../services/sessions';
import { isExpired, mustChangePassword } from '../services/providers';
import { inMaintenanceWindow, windowHours } from '../services/maintenanceWindow';
import { assertValid, screenContract, type ContractOutcome, type ValidationContext } from '../validation';
import { checkReferences, columnViolations, fitToColumns, referencesOf } from './contract';
import { assertCallOpen, assertOperatorCallOpen } from './gate';
import { userScope } from './userScope';
import { operatorUser } from '../services/operators';
import { obj, type JsonSchema } from './schemas';
import type { TObject, Static } from '@sinclair/typebox';

export type { JsonSchema };
/** A screen's call whose rules validate a request: add mode unless `mode` says edit; `action` names the button that sends it. */
export interface ScreenCall {
  id: string;
  call: string;
  mode?: 'add' | 'edit';
  /** The screen's button that sends the call: the call is refused while the button is disabled (or hidden). */
  action?: string;
  /** The handler gets the parameters as the screen shows its fields (validation.ts shownAsTheScreenShows, through checkScreen). */
  asShown?: boolean;
}
/** What the server looks up itself before a screen's rules run: form values and user info that replace the request's. */
export interface Facts {
  form?: Record<string, unknown>;
  user?: Record<string, unknown>;
}

type Auth = 'public' | 'session' | 'operator';
/** A request of a route that needs a session: the guard has set it before the handler runs. */
export type SessionRequest = FastifyRequest & { session: NonNullable<FastifyRequest['session']> };
/** A request of an operator's route (the console's calls): the guard has set the operator's session. */
export type OperatorRequest = FastifyRequest & { operatorSession: NonNullable<FastifyRequest['operatorSession']> };
/** The path parameters a route's url names (`/sp/batchtemplate/:name` gives { name: string }): the router sets each. */
export type PathParams<U extends string> = U extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string } & PathParams<`/${Rest}`>
  : U extends `${string}:${infer Name}`
    ? { [K in Name]: string }
    : Record<never, never>;
/** The request a handler gets: with the session its route's auth requires and the path parameters its url names. */
export type RequestOf<A extends Auth, U extends string = string> = (A extends 'session'
  ? SessionRequest
  : A extends 'operator'
    ? OperatorRequest
    : FastifyRequest) & { params: PathParams<U> };
/** No parameters but portalType (every call takes it). */
type NoParams = ReturnType<typeof obj<Record<never, never>>>;

/**
 * A call's declaration. `P` is its parameter schema (http/schemas.ts), whose static type the handler's parameters
 * take; `A` its access, whose session the handler's request carries; `U` its url, whose path parameters the
 * request's `params` holds. Declared through route(), which infers all three.
 */
export interface RouteDef<P extends TObject = NoParams, A extends Auth = Auth, U extends string = string> {
  /** READ: a read-only call answered on GET (query, portalType=1) and POST (form or JSON body) alike. */
  method: 'GET' | 'POST' | 'READ';
  url: U;
  tag: string;
  summary: string;
  description?: string;
  /** public: anyone; session: a provider's session; operator: an operator's (the console's calls, /op/...). */
  auth: A;
  /** Changes state: the CSRF token is required and, unless maintenanceWindow is false, the window applies. */
  write?: boolean;
  maintenanceWindow?: boolean;
  /** Allowed while the account must change its password (first login, operator reset). */
  allowPending?: boolean;
  /** Allowed while the account is expired (909090 otherwise). */
  allowExpired?: boolean;
  /** Parameters (query for GET, body for POST), validated before the handler. */
  params?: P;
  /** Shape of `record` in the answer, for the document. */
  record?: JsonSchema;
  /**
   * Screen definition and call whose rules validate the parameters (engine), in add mode unless `mode` says edit;
   * several when several screens send the call (each checks the parameters it sends: a list's search fields).
   */
  screen?: ScreenCall | ScreenCall[];
  /**
   * Values the rules must not take from the request (the stored type of a box, the selected tones' validity
   * dates, the account's pending approvals): looked up after the parameter schema, before the screen's rules.
   * It may refuse (an id that names no row of the provider's).
   */
  facts?(req: RequestOf<A, U>, params: Static<P>): Promise<Facts>;
  /** multipart/form-data body, read by the handler as a stream. */
  multipart?: boolean;
  /** The parts of a multipart body, for the document (default: files under multipartFiles). */
  multipartSchema?: JsonSchema;
  /** The handler answers itself (file downloads); otherwise its Result becomes the envelope. */
  raw?: boolean;
  /** Extra answer codes the call may give, for the document. */
  codes?: string[];
  /**
   * Screen rules (message keys) answered with a code of their own instead of 950004 when they are the first
   * reason of a refusal, e.g. a new password equal to the old one: 950011 as the document says.
   */
  ruleCodes?: Record<string, ReturnCode>;
  handler(req: RequestOf<A, U>, reply: FastifyReply, params: Static<P>): Promise<Result | void>;
}

/** A declaration as the registry keeps it, whatever its parameters and access (the table, the document, the linter). */
export type ApiRoute = RouteDef<TObject, Auth>;

/** Declares a call: its handler's parameters and request are typed by the declaration itself. */
export const route = <P extends TObject = NoParams, const A extends Auth = Auth, const U extends string = string>(
  def: RouteDef<P, A, U>,
): ApiRoute => def as unknown as ApiRoute;

/** A GET's query, a POST's body; a multipart POST's parameters are its query (its body holds the files). */
const paramsOf = (req: FastifyRequest, route: ApiRoute): Record<string, unknown> =>
  req.method === 'GET' || route.multipart
    ? { ...((req.query as object) ?? {}) }
    : { ...(req.body && typeof req.body === 'object' ? (req.body as object) : {}) };

/** Every code a call may answer, in the order the pipeline checks them, then its own; the document lists them. */
export function answerCodes(route: ApiRoute): string[] {
  const session = route.auth !== 'public';
  const codes = [
    RC.ok,
    session && RC.sessionExpired,
    session && route.write && RC.csrf,
    session && !route.allowPending && RC.mustChangePassword,
    session && !route.allowExpired && RC.accountExpired,
    session && RC.notAvailable,
    session && route.write && route.maintenanceWindow !== false && RC.prohibitedWindow,
    RC.badInput,
    ...(route.codes ?? []),
    ...Object.values(route.ruleCodes ?? {}),
    ...(route.write ? Object.values(referencesOf(route.tag, paramNames(route))).map((r) => r.code) : []),
  ];
  return [...new Set(codes.filter((c): c is string => typeof c === 'string'))];
}

/** The names of a call's parameters (query or body). */
export const paramNames = (route: ApiRoute): string[] =>
  Object.keys(((route.params ?? {}) as { properties?: object }).properties ?? {});

/** The operator console's calls: an operator's session, CSRF on writes, its own password first, its role's screens. */
async function operatorGuard(route: ApiRoute, req: FastifyRequest): Promise<void> {
  const { ctx } = req.server;
  const token = readCookie(req, OPERATOR_COOKIE);
  const config = await ctx.config.forSite(ctx.site);
  const found = token ? await findOperatorSession(ctx.db, token, config, ctx.now()) : undefined;
  if (!found) throw new ApiError(RC.sessionExpired);
  req.operatorSession = { ...found, config };
  req.lang = found.language;
  if (route.write && req.headers['x-csrf-token'] !== found.csrfToken) throw new ApiError(RC.csrf);
  if (!route.allowPending && found.operator.need_change_pwd === '1') throw new ApiError(RC.mustChangePassword);
  assertOperatorCallOpen(req, found.operator, config);
  if (
    route.write &&
    route.maintenanceWindow !== false &&
    inMaintenanceWindow(config.maintenance_window, new Date(ctx.now()))
  )
    throw new ApiError(RC.prohibitedWindow, windowHours(config.maintenance_window));
}

async function guard(route: ApiRoute, req: FastifyRequest): Promise<void> {
  const { ctx } = req.server;
  if (route.auth === 'public') return;
  if (route.auth === 'operator') return operatorGuard(route, req);
  const token = readCookie(req, SESSION_COOKIE);
  const found = token
    ? await findSession(ctx.db, token, (site, generation) => ctx.config.atGeneration(site, generation), ctx.now())
    : undefined;
  if (!found) throw new ApiError(RC.sessionExpired);
  const config = found.config;
  req.session = {
    id: found.id,
    provider: found.provider,
    csrfToken: found.csrfToken,
    language: found.language,
    config,
  };
  req.lang = found.language;
  if (route.write && req.headers['x-csrf-token'] !== found.csrfToken) throw new ApiError(RC.csrf);
  if (!route.allowPending && mustChangePassword(found.provider)) throw new ApiError(RC.mustChangePassword);
  if (!route.allowExpired && isExpired(found.provider, ctx.now())) throw new ApiError(RC.accountExpired);
  assertCallOpen(req, req.session, ctx.now());
  if (
    route.write &&
    route.maintenanceWindow !== false &&
    inMaintenanceWindow(config.maintenance_window, new Date(ctx.now()))
  ) {
    throw new ApiError(RC.prohibitedWindow, windowHours(config.maintenance_window));
  }
}

export function registerRoutes(app: FastifyInstance, routes: ApiRoute[]): void {
  for (const declared of routes) {
    // Every call takes at least portalType (GETs carry portalType=1), so every call has a parameter schema.
    // Parameters stored in a column are bounded by it (the column sizes of the running database; the OpenAPI
    // document shows the same bounds).
    const columns = (app as Partial<FastifyInstance>).ctx?.columns;
    const route: ApiRoute = { ...declared, params: declared.params ?? obj({}) };
    const bounded = fitToColumns(route.params!, columns);
    app.apiRoutes.push(route);
    const methods = route.method === 'READ' ? (['GET', 'POST'] as const) : ([route.method] as const);
    for (const method of methods) {
      // The declared schema validates; the column bounds are checked after the screen's rules (columnViolations).
      const schema = method === 'GET' || route.multipart ? { querystring: route.params } : { body: route.params };
      app.route({
        method,
        url: route.url,
        schema,
        preValidation: async (req) => {
          await guard(route, req);
          // A POST without a body (curl -X POST, ky without json) has no parameters rather than a bad body.
          if (method === 'POST' && !route.multipart && (req.body === undefined || req.body === null || req.body === ''))
            req.body = {};
          // Before the schema and any handler: a NUL reaching PostgreSQL is an HTTP 500, on SQLite a stored NUL.
          const started = performance.now();
          const control = [req.params, req.query, route.multipart ? undefined : req.body].flatMap((part) =>
            controlCharacterViolations(part),
          );
          req.contractMs += performance.now() - started;
          if (control.length) throw new ApiError(RC.badInput, [], control);
        },
        handler: async (req, reply) => {
          const started = performance.now();
          let params = paramsOf(req, route);
          const screens = route.screen ? [route.screen].flat() : [];
          // The guard has set the session of a session route; the schema has checked the parameters' shape.
          const typedReq = req as RequestOf<'session'> & RequestOf<'operator'>;
          const facts = screens.length && route.facts ? await route.facts(typedReq, params as Static<TObject>) : {};
          if (screens.length) {
            const s = req.session;
            const o = req.operatorSession;
            const config = s?.config ?? o?.config ?? (await req.server.ctx.config.forSite(req.server.ctx.site));
            const scope = s ? userScope(s, req.server.ctx.now()) : undefined;
            const user: Record<string, unknown> = scope ? scope.user : o ? operatorUser(o.operator) : {};
            const site = s?.provider.site ?? req.server.ctx.site;
            const ruleUser = facts.user ? { ...user, ...facts.user } : user;
            // Each screen sending the call checks the parameters it sends; the first that refuses answers.
            const check = (): ContractOutcome => {
              let out = params;
              for (const screen of screens) {
                const context: ValidationContext = {
                  config,
                  user: ruleUser,
                  site,
                  mode: screen.mode ?? 'add',
                  known: facts.form,
                  action: screen.action,
                };
                const checked = screenContract(screen.id, screen.call, out, context, screen.asShown);
                if (checked.violations.length) return checked;
                out = checked.params;
              }
              return { params: out, violations: [] };
            };
            // A provider's read whose rules see only the request and the session keeps its outcome in the
            // session's user scope (keptContracts.ts); a write's parameters (a password, a new tone) are never kept.
            const checked =
              scope && !route.write && !facts.form && !facts.user
                ? scope.contracts.get(`${route.url}|${JSON.stringify(params)}`, check)
                : check();
            params = checked.params;
            const violations = checked.violations;
            const own = violations.length ? route.ruleCodes?.[violations[0].message] : undefined;
            if (own) throw new ApiError(own, [], violations);
            assertValid(violations);
          }
          // Values within their columns; ids naming rows that exist and that the caller may use.
          assertValid(columnViolations(bounded, params));
          if (route.write) await checkReferences(req, route.tag, params);
          req.contractMs += performance.now() - started;
          const result = await route.handler(typedReq, reply, params as Static<TObject>);
          if (route.raw) return reply;
          return envelope(req.lang, result ?? {});
        },
      });
    }
  }
}
