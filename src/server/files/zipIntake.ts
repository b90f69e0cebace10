// The batch tone zip (001 §5.3), read entry by entry with yauzl from the temporary file the upload streamed to,
// under limits: the number of entries (batch_zip_max_files, 50), each entry's and the whole zip's uncompressed
// size and the compression ratio (declared sizes are checked before anything is inflated, actual bytes while
// inflating, so a zip bomb stops at the limit). An entry is refused for a path that leaves the folder
// (zip-slip '..', an absolute or drive path), for being a symlink, encrypted, or an archive itself (by name or
// content), and, when the index names it, for a name with special characters, a type a tone cannot use or
// content that is not what its extension says or bytes that differ from the header's size and CRC-32. Each refusal names the entry and the reason (message keys,
// translated by the caller). Only entries the index names are inflated, each to a temporary file of the store:
// the caller commits them when the whole batch is accepted and discards them otherwise.
import { createReadStream } from 'node:fs';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32, createInflateRaw } from 'node:zlib';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import type { FileStore } from './storage';
import { contentMatches, EXTENSIONS, extensionOf, hasSpecialCharacters, isAudioKind, type FileKind } from './sniff';
import { AudioRefusal, takeAsAudio } from '../media/intake';
import { RC } from '../returnCodes';
import type { Config } from '../services/config';
import { hasControlCharacter, withoutControlCharacters } from '../http/controlCharacters';
import { readImageSize } from './image';
import { HEAD_BYTES } from './receive';
import type { Violation } from '../validation';

export interface ZipLimits {
  maxEntries: number;
  maxEntryBytes: number;
  maxTotalBytes: number;
  /** Largest uncompressed/compressed ratio of an entry. */
  maxRatio: number;
}

export interface ZipEntryFile {
  name: string;
  tempPath: string;
  size: number;
  kind: FileKind;
  info: Record<string, unknown>;
}

export interface ZipIntake {
  /** Every file entry's name (directories left out), to check the index against. */
  names: Set<string>;
  /** The inflated entries the index asked for, by name. */
  files: Map<string, ZipEntryFile>;
  problems: Violation[];
}

const ARCHIVES = new Set(['zip', 'jar', 'rar', '7z', 'gz', 'tgz', 'tar', 'bz2', 'xz']);
const MAX_PROBLEMS = 20;
const fatalUtf8 = new TextDecoder('utf-8', { fatal: true });

/** The entry's name: UTF-8 when flagged (bit 11) or when it decodes as such, else Latin-1 (close to CP437 for names). */
function entryName(e: Entry): string {
  const raw = e.fileName as unknown as Buffer;
  if (typeof raw === 'string') return raw;
  try {
    return fatalUtf8.decode(raw);
  } catch {
    return raw.toString('latin1');
  }
}

class Fatal extends Error {
  constructor(readonly problem: Violation) {
    super(problem.message);
  }
}

const problem = (message: string, params: Record<string, unknown>): Violation => ({ field: '', message, params });

/** Why an entry's header alone refuses it, or undefined. */
function headerProblem(e: Entry, name: string): Violation | undefined {
  const path = name.replace(/\\/g, '/');
  // A control character in a name (a NUL, a terminal escape) is refused, and not echoed back.
  if (hasControlCharacter(name)) return problem('Batch.zipBadName', { entry: withoutControlCharacters(name) });
  if (path.startsWith('/') || /^[A-Za-z]:/.test(path)) return problem('Batch.zipAbsolutePath', { entry: name });
  if (path.split('/').includes('..')) return problem('Batch.zipSlip', { entry: name });
  const mode = (e.externalFileAttributes >>> 16) & 0o170000;
  if (mode === 0o120000) return problem('Batch.zipSymlink', { entry: name });
  if (e.generalPurposeBitFlag & 0x1) return problem('Batch.zipEncrypted', { entry: name });
  if (!path.endsWith('/') && ARCHIVES.has(extensionOf(path))) return problem('Batch.zipNested', { entry: name });
  return undefined;
}

/** Header checks that stop the whole reading (a zip bomb is not read further). */
function checkSizes(e: Entry, name: string, limits: ZipLimits, declaredTotal: number): void {
  const ratio = e.compressedSize > 0 ? e.uncompressedSize / e.compressedSize : e.uncompressedSize > 0 ? Infinity : 0;
  if (ratio > limits.maxRatio) throw new Fatal(problem('Batch.zipBomb', { entry: name, max: limits.maxRatio }));
  if (e.uncompressedSize > limits.maxEntryBytes)
    throw new Fatal(
      problem('Batch.zipEntryTooLarge', { entry: name, max: `${Math.round(limits.maxEntryBytes / 1048576)} MB` }),
    );
  if (declaredTotal > limits.maxTotalBytes)
    throw new Fatal(problem('Batch.zipTooLarge', { max: `${Math.round(limits.maxTotalBytes / 1048576)} MB` }));
}

const openZip = (path: string) =>
  new Promise<ZipFile>((resolve, reject) =>
    yauzl.open(
      path,
      { lazyEntries: true, decodeStrings: false, validateEntrySizes: true, autoClose: false, strictFileNames: false },
      (err, zip) => (err || !zip ? reject(err) : resolve(zip)),
    ),
  );

/** Where an entry's (compressed) bytes start in the file, from its local header. */
const dataStart = (zip: ZipFile, e: Entry) =>
  new Promise<number>((resolve, reject) =>
    zip.readLocalFileHeader(e, { minimal: true }, (err, h) => (err || !h ? reject(err) : resolve(h.fileDataStart))),
  );

/**
 * An entry's content as a stream. Read here rather than through yauzl's openReadStream, whose 16 KB reads and
 * inflate chunks made an ingest about twice as slow as `unzip -t`: 1 MB reads and 256 KB inflate chunks, the
 * CRC-32 checked as unzip -t checks it. Only
 * stored (0) and deflated (8) entries are read; anything else counts as damaged.
 */
async function entryStream(path: string, zip: ZipFile, e: Entry): Promise<NodeJS.ReadableStream[]> {
  if (e.compressionMethod !== 0 && e.compressionMethod !== 8)
    throw new Error(`compression method ${e.compressionMethod}`);
  const start = await dataStart(zip, e);
  if (e.compressedSize === 0) return [Readable.from([])];
  const raw = createReadStream(path, { start, end: start + e.compressedSize - 1, highWaterMark: 1 << 20 });
  return e.compressionMethod === 8 ? [raw, createInflateRaw({ chunkSize: 1 << 18 })] : [raw];
}

/**
 * Reads the zip at `path`. `wanted` names the entries to inflate (those the index refers to); `kinds` the
 * file kinds a tone may use. Stops at the first fatal problem (count, size, ratio, a corrupt zip); collects the
 * others (up to 20) so one answer lists what to fix.
 */
export async function intakeZip(
  path: string,
  o: {
    wanted: (name: string) => boolean;
    kinds: readonly FileKind[];
    limits: ZipLimits;
    store: FileStore;
    /** The provider's configuration: audio entries are probed by content and held to its limits. */
    config: Config;
  },
): Promise<ZipIntake> {
  const out: ZipIntake = { names: new Set(), files: new Map(), problems: [] };
  let zip: ZipFile;
  try {
    zip = await openZip(path);
  } catch {
    out.problems.push(problem('Batch.zipCorrupt', {}));
    return out;
  }
  const { limits } = o;
  let declaredTotal = 0;
  let actualTotal = 0;
  try {
    if (zip.entryCount > limits.maxEntries)
      throw new Fatal(problem('Batch.zipTooManyEntries', { count: zip.entryCount, max: limits.maxEntries }));
    await new Promise<void>((resolve, reject) => {
      const next = () => (out.problems.length >= MAX_PROBLEMS ? resolve() : zip.readEntry());
      zip.on('end', resolve);
      zip.on('error', (e) => reject(e instanceof Fatal ? e : new Fatal(problem('Batch.zipCorrupt', {}))));
      zip.on('entry', (e: Entry) => {
        void (async () => {
          const name = entryName(e);
          const bad = headerProblem(e, name);
          if (bad) {
            out.problems.push(bad);
            return next();
          }
          if (name.endsWith('/')) return next(); // a folder
          declaredTotal += e.uncompressedSize;
          checkSizes(e, name, limits, declaredTotal);
          if (out.names.has(name)) {
            out.problems.push(problem('Batch.zipDuplicate', { entry: name }));
            return next();
          }
          out.names.add(name);
          if (!o.wanted(name)) return next();
          const base = name.replace(/\\/g, '/').split('/').pop() ?? name;
          const kind = EXTENSIONS[extensionOf(base)];
          if (hasSpecialCharacters(base)) out.problems.push(problem('Batch.zipEntryName', { entry: name }));
          else if (!kind || !o.kinds.includes(kind))
            out.problems.push(problem('Batch.zipEntryType', { entry: name, types: o.kinds.join(', ') }));
          else {
            const file = await inflate(zip, e, name, kind);
            out.files.set(name, file);
            // A zip under any other name is named as what it is: an archive inside the archive.
            if (contentMatches('zip', file.head)) out.problems.push(problem('Batch.zipNested', { entry: name }));
            else if (isAudioKind(kind)) {
              try {
                await takeAsAudio(file, { ...file, path: file.tempPath }, o, false);
              } catch (err) {
                if (!(err instanceof AudioRefusal)) throw err;
                // Not audio at all is the content refusal every entry kind has; any other reason is named by
                // the entry (the violation's field), in the reader's language.
                out.problems.push(
                  err.code === RC.fileContentMismatch
                    ? problem('Batch.zipEntryContent', { entry: name })
                    : { ...err.violation, field: name },
                );
              }
            } else if (
              !contentMatches(kind, file.head) ||
              (file.head[0] === 0x50 && file.head[1] === 0x4b && file.head[2] === 3 && file.head[3] === 4)
            ) {
              out.problems.push(
                problem(contentMatches('zip', file.head) ? 'Batch.zipNested' : 'Batch.zipEntryContent', {
                  entry: name,
                }),
              );
            } else {
              file.info =
                kind === 'jpg' || kind === 'gif' || kind === 'png' ? { ...readImageSize(kind, file.head) } : {};
            }
          }
          next();
        })().catch(reject);
      });
      zip.readEntry();
    });
  } catch (e) {
    out.problems.push(e instanceof Fatal ? e.problem : problem('Batch.zipCorrupt', {}));
  } finally {
    zip.close();
  }
  return out;

  /** Inflates one entry to a temporary file, counting real bytes against the limits as they come. */
  async function inflate(z: ZipFile, e: Entry, name: string, kind: FileKind): Promise<ZipEntryFile & { head: Buffer }> {
    const temp = o.store.temp();
    const head: Buffer[] = [];
    let headLen = 0;
    let size = 0;
    let crc = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _enc, cb) {
        size += chunk.length;
        crc = crc32(chunk, crc);
        actualTotal += chunk.length;
        if (size > e.uncompressedSize || size > limits.maxEntryBytes || actualTotal > limits.maxTotalBytes)
          return cb(new Fatal(problem('Batch.zipBomb', { entry: name, max: limits.maxRatio })));
        if (headLen < HEAD_BYTES) {
          const piece = chunk.subarray(0, HEAD_BYTES - headLen);
          head.push(piece);
          headLen += piece.length;
        }
        cb(null, chunk);
      },
    });
    const file = { name, tempPath: temp.path, size: 0, kind, info: {}, head: Buffer.alloc(0) };
    out.files.set(name, file); // so a failure below still discards the temporary file
    try {
      await pipeline([...(await entryStream(path, z, e)), meter, temp.stream]);
    } catch (err) {
      throw err instanceof Fatal ? err : new Fatal(problem('Batch.zipEntryCorrupt', { entry: name }));
    }
    // Fewer bytes than the header says (more were stopped above, as a bomb), or other bytes: damaged.
    if (size !== e.uncompressedSize || crc >>> 0 !== e.crc32 >>> 0)
      throw new Fatal(problem('Batch.zipEntryCorrupt', { entry: name }));
    file.size = size;
    file.head = Buffer.concat(head);
    return file;
  }
}

/** Discards every temporary file of an intake (a refused batch stores nothing). */
export async function discardIntake(intake: ZipIntake, store: FileStore): Promise<void> {
  for (const f of intake.files.values()) await store.discard(f.tempPath);
}
