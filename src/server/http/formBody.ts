// Form-encoded bodies (the spec's "form-encoded POST with an action header"): parsed into an object whose
// repeated keys become arrays, the same shape a JSON body gives.
import type { FastifyInstance } from 'fastify';

export function registerFormBody(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 * 1024 },
    (_req, body, done) => {
      const out: Record<string, string | string[]> = {};
      for (const [k, v] of new URLSearchParams(body as string)) {
        const prev = out[k];
        out[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
      }
      done(null, out);
    },
  );
}
