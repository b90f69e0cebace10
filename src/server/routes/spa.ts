// The built portal (vite's dist/) on the same origin as the API, with history-mode fallback: a GET that is
// not an API call and not a file answers index.html, so /rbtMaintenance survives a reload; under /console it answers
// the operator console's page (operator.html).
// Served with plain streams rather than @fastify/static: a handful of content types is all a Vite build
// needs, and @fastify/static's ESM-only dependency does not load under the CommonJS test runner.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';

export const API_PREFIXES = ['/sp/', '/op/', '/common/', '/admin/', '/docs/', '/checkLoginInfo'];
/** The operator console's pages: the build's second entry (operator.html), with its own history-mode fallback. */
const CONSOLE = '/console';
/**
 * The build's entry pages by file name, sent to the address their application lives at: each application routes
 * by its address, and /operator.html is no page of the console (it showed "Page not found" inside the console).
 */
const ENTRY_PAGES: Record<string, string> = { '/index.html': '/', '/operator.html': CONSOLE };
export const isApiPath = (url: string) => API_PREFIXES.some((p) => url.startsWith(p));

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json',
  '.webmanifest': 'application/manifest+json',
};

/** The build writes .br and .gz copies of its text assets (vite.config.mts): send one the client accepts. */
function compressedCopy(accept: string, file: string): { path: string; encoding: string } | undefined {
  for (const [encoding, ext] of [
    ['br', '.br'],
    ['gzip', '.gz'],
  ] as const) {
    if (accept.includes(encoding) && existsSync(file + ext)) return { path: file + ext, encoding };
  }
  return undefined;
}

function sendFile(reply: FastifyReply, file: string, cache: string, accept = '') {
  const copy = compressedCopy(accept, file);
  if (copy) reply.header('content-encoding', copy.encoding);
  return reply
    .header('content-type', TYPES[extname(file)] ?? 'application/octet-stream')
    .header('content-length', statSync(copy?.path ?? file).size)
    .header('cache-control', cache)
    .header('vary', 'accept-encoding')
    .send(createReadStream(copy?.path ?? file));
}

export function spa(app: FastifyInstance, distDir: string): boolean {
  const index = join(distDir, 'index.html');
  if (!existsSync(index)) return false;
  const root = normalize(distDir + sep);
  const consolePage = existsSync(join(distDir, 'operator.html')) ? join(distDir, 'operator.html') : index;
  app.get('/*', (req, reply) => {
    const path = decodeURIComponent(req.url.split('?')[0]);
    if (isApiPath(path)) return reply.callNotFound();
    if (Object.hasOwn(ENTRY_PAGES, path)) return reply.redirect(ENTRY_PAGES[path], 302);
    const file = normalize(join(distDir, path));
    if (file.startsWith(root) && existsSync(file) && statSync(file).isFile()) {
      // Vite's assets carry a content hash in their names: cache them for good.
      return sendFile(
        reply,
        file,
        path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        String(req.headers['accept-encoding'] ?? ''),
      );
    }
    const page = path === CONSOLE || path.startsWith(`${CONSOLE}/`) ? consolePage : index;
    return sendFile(reply, page, 'no-cache', String(req.headers['accept-encoding'] ?? ''));
  });
  return true;
}
