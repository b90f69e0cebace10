// Streams one multipart file part to a temporary file while counting its size and keeping its first bytes
// (for the content check and the wav/image headers). Stops as soon as the size limit is passed, so an
// oversize upload never fills the disk; memory stays at one chunk plus the head.
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import type { IncomingMessage } from 'node:http';
import type { FileStore } from './storage';
import { ApiError } from '../envelope';
import { RC } from '../returnCodes';
import { formatSize, ZIP_CAP_MB } from './accept';

export const HEAD_BYTES = 64 * 1024;

export class TooLargeError extends Error {}

export interface Received {
  path: string;
  size: number;
  head: Buffer;
}

export async function receiveToTemp(file: Readable, store: FileStore, limit: number): Promise<Received> {
  const { path, stream } = store.temp();
  let size = 0;
  const head: Buffer[] = [];
  let headLen = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      size += chunk.length;
      if (size > limit) return cb(new TooLargeError());
      if (headLen < HEAD_BYTES) {
        const piece = chunk.subarray(0, HEAD_BYTES - headLen);
        head.push(piece);
        headLen += piece.length;
      }
      cb(null, chunk);
    },
  });
  try {
    await pipeline(file, meter, stream);
  } catch (e) {
    // The file opens asynchronously: a part refused at its first chunk may still be opening it. Removing it
    // before it is closed would leave the file behind once the open completes.
    if (!stream.closed) await new Promise((resolve) => stream.once('close', resolve));
    await store.discard(path);
    throw e;
  }
  if ((file as Readable & { truncated?: boolean }).truncated) {
    await store.discard(path);
    throw new TooLargeError();
  }
  return { path, size, head: Buffer.concat(head) };
}

/**
 * After a refusal, reads and discards the rest of the request body, so the client (which is still sending)
 * receives the answer instead of a reset connection. Bounded by the multipart limits (files, sizes).
 */
export function drainRequest(raw: IncomingMessage): Promise<void> {
  if (raw.readableEnded || raw.destroyed) return Promise.resolve();
  raw.unpipe();
  return new Promise((resolve) => {
    raw.once('end', resolve);
    raw.once('close', resolve);
    raw.once('error', () => resolve());
    raw.resume();
  });
}

/**
 * A body the multipart reader could not read (no or wrong boundary, cut before the closing boundary, over the
 * part limits) is the client's: 962001, not a server error. File-system errors stay the server's.
 */
export function asBodyRefusal(e: unknown): unknown {
  if (e instanceof ApiError) return e;
  const err = e as { syscall?: string; code?: string };
  if (err?.syscall) return e;
  if (err?.code === 'FST_REQ_FILE_TOO_LARGE')
    return new ApiError(RC.fileTooLarge, [formatSize(ZIP_CAP_MB * 1024 * 1024)]);
  return new ApiError(RC.uploadMalformed);
}
