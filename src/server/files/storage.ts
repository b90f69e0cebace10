// Every stored file (uploads, batch zips' entries, export task files, demo data) goes through the FileStore:
// received first into this process's scratch folder (DATA_DIR/tmp, never shared) where it is checked, then
// handed to the object store (objects.ts: a local directory, or S3-compatible storage when S3_BUCKET is set)
// only once accepted. Keys are "<provider id>/<saved name>". Work that needs local files (transcoding) gets a
// scratch directory under tmp, whose results are committed like any temporary file.
import { createWriteStream, mkdirSync, readdirSync, rmSync, statSync, unlinkSync } from 'node:fs';
import { mkdir, rm, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Writable } from 'node:stream';
import type { ObjectStore, RangeRequest, StoredObject } from './objects';
import { LocalObjects } from './localObjects';
import { S3Objects, s3Settings } from './s3Objects';

/** A temporary file untouched this long belongs to no request in flight (uploads time out long before). */
export const STALE_TEMP_MS = 60 * 60 * 1000;

/** What the metrics count of stored files (ops/metrics.ts). */
export interface StoreObserver {
  stored(bytes: number): void;
}

/** The object store the environment names: S3 when S3_BUCKET is set, else DATA_DIR/files. */
export function objectStoreFor(dataDir: string, env: NodeJS.ProcessEnv = process.env): ObjectStore {
  const s3 = s3Settings(env);
  return s3 ? new S3Objects(s3) : new LocalObjects(join(dataDir, 'files'));
}

export class FileStore {
  readonly tmpDir: string;
  observer?: StoreObserver;

  constructor(
    dataDir: string,
    readonly objects: ObjectStore = new LocalObjects(join(dataDir, 'files')),
    now = Date.now(),
  ) {
    this.tmpDir = join(dataDir, 'tmp');
    mkdirSync(this.tmpDir, { recursive: true });
    this.sweepTemp(now);
  }

  get location(): string {
    return this.objects.location;
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

  private keyOf(providerId: number, savedName: string): string {
    if (!/^[A-Za-z0-9]+\.[a-z0-9]+$/.test(savedName)) throw new Error('bad saved name');
    return `${providerId}/${savedName}`;
  }

  /** Stores an accepted temporary file under its saved name (the temporary file is consumed). */
  async commit(tempPath: string, providerId: number, savedName: string): Promise<void> {
    const { size } = await stat(tempPath);
    await this.objects.adopt(this.keyOf(providerId, savedName), tempPath, size);
    this.observer?.stored(size);
  }

  /** Writes bytes directly (seed data). */
  async write(providerId: number, savedName: string, data: Buffer): Promise<void> {
    await this.objects.put(this.keyOf(providerId, savedName), data);
  }

  /** The file's bytes (a range of them when asked: RangeNotSatisfiable past its end), or undefined when gone. */
  open(providerId: number, savedName: string, range?: RangeRequest): Promise<StoredObject | undefined> {
    return this.objects.get(this.keyOf(providerId, savedName), range);
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

  /**
   * Removes a committed file (an upload whose record could not be written, an export task's file when the task
   * is deleted, a deleted tone's files after their retention); gone already is fine. False when the store could
   * not be reached: the caller's own error stays the one reported, and the retention sweep tries again later.
   */
  async remove(providerId: number, savedName: string): Promise<boolean> {
    return this.objects.delete(this.keyOf(providerId, savedName)).then(
      () => true,
      () => false,
    );
  }

  async discard(path: string): Promise<void> {
    await unlink(path).catch(() => undefined);
  }

  /** Throws with the reason when files cannot be stored now (/readyz, common/checkuploadpath). */
  ready(): Promise<void> {
    return this.objects.check();
  }
}
