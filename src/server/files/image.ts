// Image measurement from the first bytes (001 §5.2: images optionally exactly 350x350).
// png: IHDR right after the signature; gif: logical screen size; jpg: the first SOFn marker.

export interface ImageSize {
  width: number;
  height: number;
}

export function readImageSize(kind: 'jpg' | 'gif' | 'png', head: Buffer): ImageSize | undefined {
  if (kind === 'png' && head.length >= 24) return { width: head.readUInt32BE(16), height: head.readUInt32BE(20) };
  if (kind === 'gif' && head.length >= 10) return { width: head.readUInt16LE(6), height: head.readUInt16LE(8) };
  if (kind === 'jpg') {
    let pos = 2;
    while (pos + 9 < head.length) {
      if (head[pos] !== 0xff) return undefined;
      const marker = head[pos + 1];
      if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
        pos += 2;
        continue;
      }
      const len = head.readUInt16BE(pos + 2);
      // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { height: head.readUInt16BE(pos + 5), width: head.readUInt16BE(pos + 7) };
      }
      pos += 2 + len;
    }
  }
  return undefined;
}
