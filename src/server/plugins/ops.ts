// What operators and load balancers ask a process (docs/operations.md): /healthz (the process runs and answers),
// /readyz (it can serve: 200, or 503 with the reason) and /metrics (Prometheus text). Plain answers outside
// the portal's envelope, for machines; every request's duration goes into the metrics.
import type { FastifyInstance } from 'fastify';
import type { FileStore } from '../files/storage';
import type { Lifecycle } from '../ops/lifecycle';
import type { Metrics } from '../ops/metrics';
import { readiness } from '../ops/readiness';

export function opsRoutes(app: FastifyInstance, o: { store: FileStore; lifecycle: Lifecycle; metrics: Metrics }): void {
  // A callback rather than async, as app.ts's hooks: every request runs it, and a promise each is measurable.
  app.addHook('onResponse', (req, reply, done) => {
    o.metrics.requestSeconds.observe(
      { method: req.method, route: req.routeOptions.url ?? 'unmatched', code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });
  app.get('/healthz', async (_req, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'alive', phase: o.lifecycle.phase }),
  );
  app.get('/readyz', async (_req, reply) => {
    const r = await readiness(app.ctx, o.store, o.lifecycle);
    return reply
      .code(r.ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(r.ready ? { status: 'ready', checks: r.checks } : { status: 'not ready', ...r });
  });
  app.get('/metrics', async (_req, reply) =>
    reply
      .header('content-type', o.metrics.registry.contentType)
      .header('cache-control', 'no-store')
      .send(await o.metrics.registry.metrics()),
  );
}
