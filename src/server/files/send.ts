// Answers with a stored file, streamed from its store (never read whole into memory), with byte ranges
// (RFC 9110): an audio player seeks and a download resumes with a Range header (206 with Content-Range and the
// range's Content-Length; 416 with "Content-Range: bytes */size" past the end; iOS Safari plays nothing from a
// server that does not answer them). Several ranges, or a header that is not one, get the whole file, as the RFC
// allows. A caller that knows the file's version (an upload: its saved name never gets other content) passes it:
// the answer then carries a strong ETag and Last-Modified, If-None-Match answers 304 without touching the
// store, and a Range whose If-Range names another version gets the whole file.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FileStore } from './storage';
import { parseRange, RangeNotSatisfiable } from './objects';

/** What identifies one version of a stored file: its size and when it was stored. */
export interface FileVersion {
  size: number;
  storedAt: number;
}

export const etagOf = (v: FileVersion) => `"${v.size.toString(16)}-${Math.floor(v.storedAt).toString(16)}"`;

/** Sends the provider's file with the given headers; false (nothing sent) when the store has no such file. */
export async function sendStored(
  req: FastifyRequest,
  reply: FastifyReply,
  store: FileStore,
  file: { providerId: number; savedName: string; version?: FileVersion },
  headers: Record<string, string>,
): Promise<boolean> {
  const etag = file.version && etagOf(file.version);
  if (etag && file.version) {
    void reply.header('etag', etag).header('last-modified', new Date(file.version.storedAt).toUTCString());
    const match = req.headers['if-none-match'];
    if (match && match.split(',').some((t) => t.trim() === etag || t.trim() === '*')) {
      void reply.code(304).headers(headers).header('accept-ranges', 'bytes').send();
      return true;
    }
  }
  const ifRange = req.headers['if-range'];
  const range = ifRange && ifRange !== etag ? undefined : parseRange(req.headers.range);
  let stored;
  try {
    stored = await store.open(file.providerId, file.savedName, range);
  } catch (e) {
    if (!(e instanceof RangeNotSatisfiable)) throw e;
    void reply
      .code(416)
      .header('content-range', `bytes */${e.size}`)
      .headers(headers)
      .header('content-length', 0)
      .send();
    return true;
  }
  if (!stored) return false;
  void reply.headers(headers).header('accept-ranges', 'bytes');
  if (stored.range) {
    const { start, end } = stored.range;
    void reply
      .code(206)
      .header('content-range', `bytes ${start}-${end}/${stored.size}`)
      .header('content-length', end - start + 1);
  } else {
    void reply.header('content-length', stored.size);
  }
  void reply.send(stored.stream);
  return true;
}
