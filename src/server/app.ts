// Builds the server: database (migrated, seeded with demo data when empty), configuration, the route modules by
// domain, the envelope for every answer and the built portal. main.ts listens; the API tests listen on a
// loopback port of their own.
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { FastifySchemaValidationError } from 'fastify';
import multipart from '@fastify/multipart';
import { join } from 'node:path';
import { ColumnMisfit } from './db/columns';
import { trustProxyOf } from './env';
import { batchRunner } from './jobs/runner';
import { transcodeRunner } from './jobs/transcodeRunner';
import { ApiError, envelope } from './envelope';
import { RC, httpStatusFor } from './returnCodes';
import { headerLang, type Lang } from './http/lang';
import { registerFormBody } from './http/formBody';
import type { FileStore } from './files/storage';
import { openContext, type AppOptions } from './openContext';
import { ZIP_CAP_MB } from './files/accept';
import { registerApiRoutes } from './routeTable';
import { docsRoutes } from './routes/docs';
import { opsRoutes } from './routes/ops';
import { Lifecycle } from './ops/lifecycle';
import { Metrics } from './ops/metrics';
import { spa, isApiPath } from './routes/spa';
import { scheduleSweeps } from './services/fileRetention';
import type { AppContext } from './context';
import { translateViolation } from './http/messages';
import type { Violation } from './validation';
import { buildLazyValidator } from './http/lazyValidators';

export interface App {
  app: FastifyInstance;
  ctx: AppContext;
  lifecycle: Lifecycle;
  store: FileStore;
  close(): Promise<void>;
}

/** One log line a request, written when it is answered and naming it (method, URL without secrets), not Fastify's two. */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}
  override requestCompleted(error: Error | null | undefined, req: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(req)) return;
    const line = { req, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

/** An error the handler answers: a schema refusal carries Ajv's errors as Fastify types them. */
type HandledError = Error & { validation?: FastifySchemaValidationError[]; statusCode?: number };

export async function buildApp(opts: AppOptions): Promise<App> {
  const app = Fastify({
    logger: opts.logger ?? false,
    logController: new OneLinePerRequest(),
    trustProxy: trustProxyOf(process.env.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    // A URL the router cannot take (a path parameter over 100 characters, a broken %-escape) is bad input too:
    // the envelope with 950004, like any other refusal, rather than the router's own answer.
    frameworkErrors: (err, req, reply) => {
      const lang = headerLang(req);
      const v: Violation = { field: '', message: 'Validation.url', params: { text: err.message } };
      const body = envelope(lang, { code: RC.badInput, record: detailRecord([v], lang) });
      body.returnMsg = `${body.returnMsg} ${translateViolation(v, lang)}`;
      void (reply as unknown as FastifyReply).status(200).send(body);
    },
    // Parameter schemas describe strings (form bodies); a JSON number is accepted where a string is asked.
    ajv: { customOptions: { coerceTypes: true, removeAdditional: false, allErrors: true, keywords: ['x-column'] } },
    schemaController: { compilersFactory: { buildValidator: buildLazyValidator } },
    ...(opts.serverFactory ? { serverFactory: opts.serverFactory } : {}),
  });
  const { ctx, store } = await openContext(
    opts,
    (line) => app.log.info(line),
    (line) => app.log.warn(line),
  );
  const handle = ctx.handle;
  const lifecycle = opts.lifecycle ?? new Lifecycle();
  ctx.metrics = new Metrics({ jobs: ctx.jobs, media: ctx.media, handle });
  store.observer = ctx.metrics;

  app.decorate('ctx', ctx);
  app.decorate('apiRoutes', []);
  app.decorateRequest('session', undefined);
  app.decorateRequest('lang', 'en');
  app.decorateRequest('contractMs', 0);
  // Hooks with a callback rather than async: every request runs them, and a promise each is measurable.
  app.addHook('onRequest', (req, _reply, done) => {
    req.lang = headerLang(req);
    done();
  });
  // Every answer of a live session carries its CSRF token, so a reloaded page recovers it from any call.
  app.addHook('onSend', (req, reply, payload, done) => {
    if (req.session) reply.header('x-csrf-token', req.session.csrfToken);
    // Uploaded files are served inline: browsers must not guess a type (an HTML-looking txt stays text), and
    // the portal is never framed by another site.
    reply
      .header('x-content-type-options', 'nosniff')
      .header('x-frame-options', 'DENY')
      .header('referrer-policy', 'same-origin');
    // Time spent in the server for this answer (the benchmark's "server time"; browsers show it too), and the part of
    // it the request contract took (routes.ts: parameters, screen rules, columns, references).
    reply.header(
      'server-timing',
      req.contractMs > 0
        ? `app;dur=${reply.elapsedTime.toFixed(2)}, contract;dur=${req.contractMs.toFixed(3)}`
        : `app;dur=${reply.elapsedTime.toFixed(2)}`,
    );
    done(null, payload);
  });

  registerFormBody(app);
  // preservePath: the name as sent, so '../x.wav' is refused for its special characters rather than silently shortened.
  await app.register(multipart, {
    preservePath: true,
    limits: { fileSize: ZIP_CAP_MB * 1024 * 1024 + 1, files: 10, fields: 20, fieldSize: 64 * 1024, parts: 40 },
  });

  app.setErrorHandler((err: HandledError, req, reply) => {
    if (err instanceof ApiError) {
      const body = envelope(req.lang, { code: err.code, args: err.args, record: detailRecord(err.detail, req.lang) });
      // A generic refusal (950004, a refused batch file) is completed by its first reason; a code of its own
      // (950011 for a rule, ApiRoute.ruleCodes) already says it, its reasons stay in the record.
      if (GENERIC_REFUSALS.has(err.code) && Array.isArray(err.detail) && err.detail.length > 0) {
        body.returnMsg = `${body.returnMsg} ${translateViolation(err.detail[0] as Violation, req.lang)}`;
      }
      return reply.status(httpStatusFor(err.code)).send(body);
    }
    if (err instanceof ColumnMisfit) {
      // The last line (db/columns.ts): named by the request parameter the value came from, else by its column.
      const v: Violation = {
        field: parameterHolding(req, err.value) ?? err.column,
        message: err.reason.message,
        params: err.reason.params,
      };
      const body = envelope(req.lang, { code: RC.badInput, record: detailRecord([v], req.lang) });
      body.returnMsg = `${body.returnMsg} ${translateViolation(v, req.lang)}`;
      return reply.status(200).send(body);
    }
    if (err.validation) {
      // The parameter schema's refusals read like the engine's: the generic message of the keyword with its limit
      // (a value longer than its column: "At most 100 characters."). anyOf repeats what its branches said.
      const all: Violation[] = err.validation
        .filter((v) => v.keyword !== 'anyOf')
        .map((v) => ({
          field: String(v.params?.missingProperty ?? String(v.instancePath ?? '').replace(/^\//, '')),
          message: `Validation.${v.keyword}`,
          params: { ...v.params, text: v.message },
        }));
      // One reason a parameter, the first (an anyOf's first branch: the text shape), as the engine gives one a field.
      const violations = all.filter((v, i) => all.findIndex((w) => w.field === v.field) === i);
      const body = envelope(req.lang, { code: RC.badInput, record: detailRecord(violations, req.lang) });
      body.returnMsg = `${body.returnMsg} ${translateViolation(violations[0], req.lang)}`.trim();
      return reply.status(200).send(body);
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return reply
        .status(200)
        .send(envelope(req.lang, { code: RC.badInput, record: { errors: [{ field: '', message: err.message }] } }));
    }
    req.log.error(err);
    return reply.status(500).send(envelope(req.lang, { code: RC.serverError }));
  });

  registerApiRoutes(app, store);
  opsRoutes(app, { store, lifecycle, metrics: ctx.metrics });
  docsRoutes(app);
  const distDir = opts.distDir ?? join(__dirname, '..', '..', 'dist');
  spa(app, distDir);
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0];
    reply.status(isApiPath(path) ? 200 : 404).send(envelope(req.lang, { code: RC.notFound }));
  });

  await app.ready();
  // This process works the batch and media queues and sweeps deleted tones' files unless told not to
  // (BATCH_WORKERS=0: a web-only process; MEDIA_WORKERS=0: no transcoding here).
  let stopSweeps = () => undefined as void;
  if (opts.workers ?? process.env.BATCH_WORKERS !== '0') {
    const runner = batchRunner(ctx, store, (line) => app.log.warn(line));
    await ctx.jobs.work(runner.handle, runner.dead);
    stopSweeps = scheduleSweeps(ctx, store, (line) => app.log.warn(line));
  }
  if (opts.mediaWorkers ?? ((opts.workers ?? process.env.BATCH_WORKERS !== '0') && process.env.MEDIA_WORKERS !== '0')) {
    const runner = transcodeRunner(ctx, store, (line) => app.log.warn(line));
    await ctx.media.work(runner.handle, runner.dead);
  }
  lifecycle.set('ready');
  return {
    app,
    ctx,
    lifecycle,
    store,
    async close() {
      stopSweeps();
      await app.close();
      await handle.close();
    },
  };
}

const GENERIC_REFUSALS = new Set<string>([
  RC.badInput,
  RC.batchRefused,
  RC.audioRefused,
  RC.fileType,
  RC.fileContentMismatch,
]);

/** Field errors in the answer: the field, the message key and its text in the request's language. */
function detailRecord(detail: unknown, lang: Lang) {
  if (!Array.isArray(detail)) return undefined;
  return {
    errors: (detail as Violation[]).map((v) => ({
      field: v.field,
      message: v.message,
      text: translateViolation(v, lang),
      params: v.params ?? {},
    })),
  };
}

/** The name of the request parameter (body or query, first level) whose value is `value`, if one is. */
function parameterHolding(req: { body?: unknown; query?: unknown }, value: unknown): string | undefined {
  for (const part of [req.body, req.query]) {
    if (!part || typeof part !== 'object') continue;
    for (const [k, v] of Object.entries(part))
      if (v !== null && v !== undefined && String(v) === String(value)) return k;
  }
  return undefined;
}
