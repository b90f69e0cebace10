// Where uploaded files live: DATA_DIR/files/<provider id>/<saved name>, written first to DATA_DIR/tmp and
// renamed into place only once accepted (same file system, so the rename is atomic). A deployment that
// wants an object store implements the same four operations.
import {
  createReadStream,
  createWriteStream,
  mkdirSync,
  existsSync,
  readdirSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { rename, unlink } from 'node:fs/promises';
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

  open(providerId: number, savedName: string): { stream: Readable; size: number } | undefined {
    const p = this.pathOf(providerId, savedName);
    if (!existsSync(p)) return undefined;
    return { stream: createReadStream(p), size: statSync(p).size };
  }

  /** Removes a committed file (an upload whose record could not be written, an export task's file when the task is deleted); gone already is fine. */
  async remove(providerId: number, savedName: string): Promise<void> {
    await unlink(this.pathOf(providerId, savedName)).catch(() => undefined);
  }

  async discard(path: string): Promise<void> {
    await unlink(path).catch(() => undefined);
  }
}
