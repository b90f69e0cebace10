// The HTTP server of `npm start`, listening before the database is migrated: while a process starts (migrating,
// or waiting for another process that migrates) a load balancer's probes get an answer, /healthz 200 and
// /readyz 503 with the reason, and every other request a 503 to retry. Fastify takes over once the app is
// built (app.ts's serverFactory). It also drains the server for a graceful shutdown.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { NOT_READY, type Lifecycle } from './lifecycle';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export interface EarlyServer {
  server: Server;
  /** For Fastify's serverFactory: keeps Fastify's handler until serve(). */
  factory: (handler: Handler) => Server;
  /** Hands every request from now on to Fastify. */
  serve(): void;
  /** Stops accepting connections and waits, up to timeoutMs, for the requests in flight; then closes the rest. */
  drain(timeoutMs: number): Promise<void>;
}

export function listenEarly(port: number, host: string, lifecycle: Lifecycle): Promise<EarlyServer> {
  let fastify: Handler | undefined;
  let current: Handler | undefined;
  const starting: Handler = (req, res) => {
    const json = (status: number, body: unknown) =>
      res
        .writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' })
        .end(JSON.stringify(body));
    const path = (req.url ?? '').split('?')[0];
    const reason = lifecycle.phase === 'ready' ? 'starting' : NOT_READY[lifecycle.phase];
    if (path === '/healthz') return json(200, { status: 'alive', phase: lifecycle.phase });
    if (path === '/readyz') return json(503, { status: 'not ready', phase: lifecycle.phase, reason });
    res.setHeader('retry-after', '5');
    json(503, { status: 'not ready', reason });
  };
  const server = createServer((req, res) => {
    // A draining process closes each connection once its answer is sent (a request in flight when the drain
    // began included), so clients and balancers reconnect elsewhere and the drain ends with the last answer.
    if (lifecycle.phase === 'draining') res.shouldKeepAlive = false;
    res.once('finish', () => {
      if (lifecycle.phase === 'draining') setImmediate(() => server.closeIdleConnections());
    });
    (current ?? starting)(req, res);
  });
  // Fastify's own default rather than Node's 5 s: an idle keep-alive connection must outlive a client's or a
  // balancer's idea of it, or a request sent just as the server closes it meets a closed socket.
  server.keepAliveTimeout = 72_000;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve({
        server,
        factory(handler) {
          fastify = handler;
          return server;
        },
        serve() {
          current = fastify;
        },
        drain(timeoutMs) {
          return new Promise((done) => {
            const timer = setTimeout(() => {
              server.closeAllConnections();
              done();
            }, timeoutMs);
            server.close(() => {
              clearTimeout(timer);
              done();
            });
            server.closeIdleConnections();
          });
        },
      });
    });
  });
}
