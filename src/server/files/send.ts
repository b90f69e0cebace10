// Answers with a stored file, streamed from its store (never read whole into memory), with byte ranges: an
// audio player seeks and a download resumes with a Range header (206 and Content-Range; 416 past the end).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FileStore } from './storage';
import { parseRange, RangeNotSatisfiable } from './objects';

/** Sends the provider's file with the given headers; false (nothing sent) when the store has no such file. */
export async function sendStored(
  req: FastifyRequest,
  reply: FastifyReply,
  store: FileStore,
  file: { providerId: number; savedName: string },
  headers: Record<string, string>,
): Promise<boolean> {
  const range = parseRange(req.headers.range);
  let stored;
  try {
    stored = await store.open(file.providerId, file.savedName, range);
  } catch (e) {
    if (!(e instanceof RangeNotSatisfiable)) throw e;
    void reply.code(416).header('content-range', `bytes */${e.size}`).headers(headers).send();
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
