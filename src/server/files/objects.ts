// Where committed files live, behind one small interface with two drivers: a local directory (localObjects.ts,
// the default) and S3-compatible object storage (s3Objects.ts, when S3_BUCKET is set). Keys are
// "<provider id>/<saved name>". The FileStore (storage.ts) receives uploads into a local scratch folder first,
// where they are checked, and hands an object store only what was accepted, so a refused upload never reaches it.
import type { Readable } from 'node:stream';

/** A byte range as the Range header asks it (inclusive ends): bytes=a-b, bytes=a- or bytes=-n (suffix). */
export type RangeRequest = { start: number; end?: number } | { suffix: number };

export interface StoredObject {
  stream: Readable;
  /** The whole object's size in bytes. */
  size: number;
  /** The bytes the stream holds when a range was asked and satisfiable (inclusive). */
  range?: { start: number; end: number };
}

/** A range past the end of the object (HTTP 416): the object's size for Content-Range: bytes star/size. */
export class RangeNotSatisfiable extends Error {
  constructor(readonly size: number) {
    super(`range not satisfiable (size ${size})`);
  }
}

export interface ObjectStore {
  /** Where the objects are, for the banner and /readyz: "data/files" or "s3://bucket/prefix". */
  readonly location: string;
  /** Takes over a local file (consumed: moved or uploaded and then removed). */
  adopt(key: string, path: string, size: number): Promise<void>;
  put(key: string, data: Buffer): Promise<void>;
  /** The object, or undefined when there is none; a range request is answered with its bytes. */
  get(key: string, range?: RangeRequest): Promise<StoredObject | undefined>;
  /** Removes an object; gone already is fine. */
  delete(key: string): Promise<void>;
  /** Throws, with a reason a person can act on, when objects cannot be written now (/readyz). */
  check(): Promise<void>;
}

/** Resolves a range request against an object's size; undefined for the whole object. */
export function resolveRange(
  range: RangeRequest | undefined,
  size: number,
): { start: number; end: number } | undefined {
  if (!range) return undefined;
  if ('suffix' in range) {
    if (range.suffix <= 0 || size === 0) throw new RangeNotSatisfiable(size);
    return { start: Math.max(0, size - range.suffix), end: size - 1 };
  }
  if (range.start >= size) throw new RangeNotSatisfiable(size);
  return { start: range.start, end: Math.min(range.end ?? size - 1, size - 1) };
}

/** The Range header's single byte range; undefined for none, several, or a malformed one (then the whole file). */
export function parseRange(header: string | undefined): RangeRequest | undefined {
  const m = /^bytes=(\d*)-(\d*)$/.exec((header ?? '').trim());
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  if (m[1] === '') return { suffix: Number(m[2]) };
  const start = Number(m[1]);
  if (m[2] === '') return { start };
  const end = Number(m[2]);
  return end < start ? undefined : { start, end };
}
