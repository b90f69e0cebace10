// A small zip writer for tests and benches: every field under control, so a test can build what no zip tool
// would write on purpose (a '../' path, an absolute path, a symlink, an encrypted flag, sizes that lie, a bomb).
// Entries are stored or deflated (zlib raw deflate), with real CRC-32s unless told otherwise.
import { closeSync, openSync, writeSync } from 'node:fs';
import { deflateRawSync } from 'node:zlib';

const CRC_TABLE = (() => {
  const t = new Int32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c;
  }
  return t;
})();

export function crc32(data: Buffer): number {
  let c = -1;
  for (let i = 0; i < data.length; i++) c = CRC_TABLE[(c ^ data[i]) & 0xff] ^ (c >>> 8);
  return (c ^ -1) >>> 0;
}

export interface EntryOptions {
  deflate?: boolean;
  /** General purpose flags (bit 0: encrypted; bit 11 UTF-8 names is always set). */
  flags?: number;
  /** Unix mode in the external attributes (0o120777 makes a symlink). */
  mode?: number;
  /** Declared uncompressed size instead of the real one (a lying header). */
  declaredSize?: number;
}

/** Writes a zip to a file entry by entry (memory: one entry at a time). */
export class ZipWriter {
  private fd: number;
  private offset = 0;
  private central: Buffer[] = [];
  private count = 0;

  constructor(path: string) {
    this.fd = openSync(path, 'w');
  }

  private write(b: Buffer) {
    writeSync(this.fd, b);
    this.offset += b.length;
  }

  add(name: string, data: Buffer, o: EntryOptions = {}): this {
    const nameBuf = Buffer.from(name, 'utf8');
    const body = o.deflate ? deflateRawSync(data) : data;
    const method = o.deflate ? 8 : 0;
    const flags = (o.flags ?? 0) | 0x800;
    const crc = crc32(data);
    const usize = o.declaredSize ?? data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(0, 10);
    local.writeUInt16LE(0x21, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(usize, 22);
    local.writeUInt16LE(nameBuf.length, 26);
    local.writeUInt16LE(0, 28);
    const at = this.offset;
    this.write(local);
    this.write(nameBuf);
    this.write(body);
    const c = Buffer.alloc(46);
    c.writeUInt32LE(0x02014b50, 0);
    c.writeUInt16LE((3 << 8) | 20, 4); // made by Unix, so the external attributes carry a mode
    c.writeUInt16LE(20, 6);
    c.writeUInt16LE(flags, 8);
    c.writeUInt16LE(method, 10);
    c.writeUInt16LE(0, 12);
    c.writeUInt16LE(0x21, 14);
    c.writeUInt32LE(crc, 16);
    c.writeUInt32LE(body.length, 20);
    c.writeUInt32LE(usize, 24);
    c.writeUInt16LE(nameBuf.length, 28);
    c.writeUInt32LE(((o.mode ?? 0o100644) << 16) >>> 0, 38);
    c.writeUInt32LE(at, 42);
    this.central.push(c, nameBuf);
    this.count++;
    return this;
  }

  finish(): void {
    const start = this.offset;
    for (const b of this.central) this.write(b);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.count, 8);
    end.writeUInt16LE(this.count, 10);
    end.writeUInt32LE(this.offset - start, 12);
    end.writeUInt32LE(start, 16);
    this.write(end);
    closeSync(this.fd);
  }
}

/** A whole zip in memory (small test zips). */
export function zipBuffer(entries: Array<[string, Buffer, EntryOptions?]>, path: string): void {
  const w = new ZipWriter(path);
  for (const [name, data, o] of entries) w.add(name, data, o);
  w.finish();
}
