// Where uploaded files live: DATA_DIR/files/<provider id>/<saved name>, written first to DATA_DIR/tmp and
// renamed into place only once accepted (same file system, so the rename is atomic). A deployment that
// wants an object store implements the same four operations.
import { createReadStream, createWriteStream, mkdirSync, existsSync, statSync, writeFileSync } from 'node:fs';
import { rename, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Readable, Writable } from 'node:stream';

export class FileStore {
  readonly tmpDir: string;
  readonly filesDir: string;

  constructor(dataDir: string) {
    this.tmpDir = join(dataDir, 'tmp');
    this.filesDir = join(dataDir, 'files');
    mkdirSync(this.tmpDir, { recursive: true });
    mkdirSync(this.filesDir, { recursive: true });
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
