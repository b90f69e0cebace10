// The default object store: a directory (DATA_DIR/files/<provider id>/<saved name>). A file is adopted by a
// rename from the scratch folder on the same file system, so it appears whole or not at all.
import { createReadStream, mkdirSync } from 'node:fs';
import { access, constants, mkdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { resolveRange, type ObjectStore, type RangeRequest, type StoredObject } from './objects';

export class LocalObjects implements ObjectStore {
  constructor(readonly dir: string) {
    mkdirSync(dir, { recursive: true });
  }

  get location(): string {
    return this.dir;
  }

  private pathOf(key: string): string {
    return join(this.dir, ...key.split('/'));
  }

  async adopt(key: string, path: string): Promise<void> {
    await mkdir(dirname(this.pathOf(key)), { recursive: true });
    await rename(path, this.pathOf(key));
  }

  async put(key: string, data: Buffer): Promise<void> {
    await mkdir(dirname(this.pathOf(key)), { recursive: true });
    await writeFile(this.pathOf(key), data);
  }

  async get(key: string, range?: RangeRequest): Promise<StoredObject | undefined> {
    const p = this.pathOf(key);
    const size = await stat(p).then(
      (s) => (s.isFile() ? s.size : undefined),
      () => undefined,
    );
    if (size === undefined) return undefined;
    const r = resolveRange(range, size);
    return { stream: createReadStream(p, r ?? {}), size, range: r };
  }

  async delete(key: string): Promise<void> {
    await unlink(this.pathOf(key)).catch(() => undefined);
  }

  async check(): Promise<void> {
    await access(this.dir, constants.W_OK).catch(() => {
      throw new Error(`file storage ${this.dir} is not writable`);
    });
  }
}
