// Serving a stored file for playback (RFC 9110 range requests): a browser seeks in audio by asking for byte
// ranges, and iOS Safari plays nothing from a server that does not answer them. Every answer says
// Accept-Ranges: bytes and carries a strong ETag (size and last change; a saved name never gets other content)
// with Last-Modified and a private cache lifetime; If-None-Match answers 304. One range "bytes=a-b", "a-" or
// "-n" answers 206 with Content-Range and the length of that range; a range past the end answers 416 with
// "Content-Range: bytes */size". Several ranges, or a Range header that is not one, are ignored (the whole
// file, 200), as the RFC allows; so is a Range whose If-Range names another version.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FileStore } from './storage';

export type RangeAnswer = { start: number; end: number } | 'unsatisfiable' | undefined;

/** The one byte range a Range header asks of a file of `size` bytes; undefined for the whole file. */
export function parseRange(header: string | undefined, size: number): RangeAnswer {
  if (!header) return undefined;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (m[2] !== '' && Number(m[2]) < start) return undefined; // not a valid range: ignored
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

export const etagOf = (f: { size: number; mtimeMs: number }) =>
  `"${f.size.toString(16)}-${Math.floor(f.mtimeMs).toString(16)}"`;

/** How long a browser keeps a stored file: its name never gets other content, and it is only the owner's. */
const CACHE = 'private, max-age=86400';

/**
 * Answers a request for a stored file of a provider: 200 (whole), 206 (a range), 304 (not modified) or 416.
 * Undefined when the file is not there (the caller answers not found).
 */
export function sendStored(
  req: FastifyRequest,
  reply: FastifyReply,
  store: FileStore,
  file: { providerId: number; savedName: string; contentType: string },
): FastifyReply | undefined {
  const st = store.stat(file.providerId, file.savedName);
  if (!st) return undefined;
  const etag = etagOf(st);
  reply
    .header('accept-ranges', 'bytes')
    .header('etag', etag)
    .header('last-modified', new Date(st.mtimeMs).toUTCString())
    .header('cache-control', CACHE)
    .header('content-type', file.contentType)
    .header('content-disposition', `inline; filename="${file.savedName}"`);
  const match = req.headers['if-none-match'];
  if (match && match.split(',').some((t) => t.trim() === etag || t.trim() === '*')) return reply.status(304).send();
  const ifRange = req.headers['if-range'];
  const range = ifRange && ifRange !== etag ? undefined : parseRange(req.headers.range, st.size);
  if (range === 'unsatisfiable')
    return reply.status(416).header('content-range', `bytes */${st.size}`).header('content-length', 0).send();
  const opened = store.open(file.providerId, file.savedName, range);
  if (!opened) return undefined;
  if (!range) return reply.status(200).header('content-length', st.size).send(opened.stream);
  return reply
    .status(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${st.size}`)
    .header('content-length', range.end - range.start + 1)
    .send(opened.stream);
}
