// Where uploaded files live: DATA_DIR/files/<provider id>/<saved name>, written first to DATA_DIR/tmp and
// renamed into place only once accepted (same file system, so the rename is atomic). A deployment that
// wants an object store implements the same operations. Reads stream, a byte range at a time for playback
// (open's range); work that needs local files (transcoding) gets a scratch directory under tmp, whose files
// are committed like any temporary file.
import {
  createReadStream,
  createWriteStream,
  mkdirSync,
  existsSync,
  readdirSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { mkdir, rename, rm, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Readable, Writable } from 'node:stream';

/** A temporary file untouched this long belongs to no request in flight (uploads time out long before). */
export const STALE_TEMP_MS = 60 * 60 * 1000;

export class FileStore {
  readonly tmpDir: string;
  readonly filesDir: string;

  constructor(dataDir: string, now = Date.now()) {
    this.tmpDir = join(dataDir, 'tmp');
    this.filesDir = join(dataDir, 'files');
    mkdirSync(this.tmpDir, { recursive: true });
    mkdirSync(this.filesDir, { recursive: true });
    this.sweepTemp(now);
  }

  /**
   * Removes what a process killed in the middle of an upload left in tmp. Only files older than STALE_TEMP_MS:
   * other processes sharing DATA_DIR may be receiving uploads right now. Returns how many were removed.
   */
  sweepTemp(now = Date.now()): number {
    let removed = 0;
    for (const name of readdirSync(this.tmpDir)) {
      const path = join(this.tmpDir, name);
      try {
        const st = statSync(path);
        if (st.isFile() && now - st.mtimeMs > STALE_TEMP_MS) {
          unlinkSync(path);
          removed++;
        } else if (st.isDirectory() && name.endsWith('.work') && now - st.mtimeMs > STALE_TEMP_MS) {
          // A scratch directory whose work never came back for it (its job gave up while its process was down).
          rmSync(path, { recursive: true, force: true });
          removed++;
        }
      } catch {
        // Removed meanwhile by its own request: nothing to do.
      }
    }
    return removed;
  }

  /** A new temporary file to stream into. */
  temp(): { path: string; stream: Writable } {
    const path = join(this.tmpDir, `${randomBytes(12).toString('hex')}.part`);
    return { path, stream: createWriteStream(path, { flags: 'wx' }) };
  }

  /** A generated saved name: time, randomness and the original extension; never the user's name. */
  static savedName(ext: string): string {
    return `${Date.now()}${randomBytes(6).toString('hex')}.${ext}`;
  }

  private pathOf(providerId: number, savedName: string): string {
    if (!/^[A-Za-z0-9]+\.[a-z0-9]+$/.test(savedName)) throw new Error('bad saved name');
    return join(this.filesDir, String(providerId), savedName);
  }

  async commit(tempPath: string, providerId: number, savedName: string): Promise<void> {
    mkdirSync(join(this.filesDir, String(providerId)), { recursive: true });
    await rename(tempPath, this.pathOf(providerId, savedName));
  }

  /** Writes bytes directly (seed data). */
  write(providerId: number, savedName: string, data: Buffer): void {
    mkdirSync(join(this.filesDir, String(providerId)), { recursive: true });
    writeFileSync(this.pathOf(providerId, savedName), data);
  }

  /**
   * A stored file's bytes as a stream, all of them or the inclusive byte range asked (playback seeks), with the
   * file's whole size and its last change (for ETag and Last-Modified). Undefined when there is no such file.
   */
  open(
    providerId: number,
    savedName: string,
    range?: { start: number; end: number },
  ): { stream: Readable; size: number; mtimeMs: number } | undefined {
    const p = this.pathOf(providerId, savedName);
    if (!existsSync(p)) return undefined;
    const st = statSync(p);
    return {
      stream: createReadStream(p, range ? { start: range.start, end: range.end } : {}),
      size: st.size,
      mtimeMs: st.mtimeMs,
    };
  }

  /** A stored file's size and last change without reading it (a range request is checked against the size first). */
  stat(providerId: number, savedName: string): { size: number; mtimeMs: number } | undefined {
    const p = this.pathOf(providerId, savedName);
    if (!existsSync(p)) return undefined;
    const st = statSync(p);
    return { size: st.size, mtimeMs: st.mtimeMs };
  }

  /**
   * A local scratch directory for `key` (one per transcode): emptied when taken, so what a killed run left there
   * is gone before a new run starts; `dispose` removes it. Files made there are committed like temporary files.
   */
  async scratch(key: string): Promise<{ dir: string; dispose(): Promise<void> }> {
    if (!/^[A-Za-z0-9-]+$/.test(key)) throw new Error('bad scratch key');
    const dir = join(this.tmpDir, `${key}.work`);
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
    return { dir, dispose: () => rm(dir, { recursive: true, force: true }) };
  }

  /** Removes a committed file (an upload whose record could not be written, an export task's file when the task is deleted); gone already is fine. */
  async remove(providerId: number, savedName: string): Promise<void> {
    await unlink(this.pathOf(providerId, savedName)).catch(() => undefined);
  }

  async discard(path: string): Promise<void> {
    await unlink(path).catch(() => undefined);
  }
}
