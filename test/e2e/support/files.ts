// Real files for upload tests, written to a temporary directory: a wav (the server's own generator), a minimal
// 3gp, and a solid-colour PNG of any size (a valid PNG, so the browser can preview it and the server can measure it).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { sineWav } from '../../../src/server/files/wav';

const dir = mkdtempSync(join(tmpdir(), 'rbt-files-'));

/** A wav (8000 Hz, 8 bit, mono unless told otherwise: the format the demo configuration asks for). */
export function wavFile(
  name: string,
  seconds = 1,
  format: { sampleRate?: number; bits?: 8 | 16; channels?: 1 | 2 } = {},
): string {
  const path = join(dir, name);
  writeFileSync(path, sineWav({ seconds, frequency: 440, ...format }));
  return path;
}

/** A minimal 3gp (the ftyp box is what the server reads). */
export function threeGpFile(name: string): string {
  const path = join(dir, name);
  const b = Buffer.alloc(64);
  b.writeUInt32BE(24, 0);
  b.write('ftyp3gp4', 4, 'latin1');
  writeFileSync(path, b);
  return path;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

export function pngFile(name: string, width: number, height: number): string {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0)]);
  for (let x = 0; x < width; x++) row.set([52, 84, 209], 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  const path = join(dir, name);
  writeFileSync(path, png);
  return path;
}
