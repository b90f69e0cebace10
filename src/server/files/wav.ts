// Wav header reading (001 §5.2): format chunk values and the duration, so forms can apply the IVR rule
// (8000 Hz, 8 bit) and show the wav tip. Also the writer of the demo's short PCM wav files.

export interface WavInfo {
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
  byteRate: number;
  blockAlign: number;
  audioFormat: number;
  durationSeconds: number;
}

/** Reads the fmt and data chunks from the first bytes of a RIFF/WAVE file; undefined when not found there. */
export function readWavInfo(head: Buffer, fileSize: number): WavInfo | undefined {
  let pos = 12;
  let fmt: Omit<WavInfo, 'durationSeconds'> | undefined;
  while (pos + 8 <= head.length) {
    const id = head.toString('latin1', pos, pos + 4);
    const size = head.readUInt32LE(pos + 4);
    if (id === 'fmt ' && pos + 24 <= head.length) {
      fmt = {
        audioFormat: head.readUInt16LE(pos + 8),
        channels: head.readUInt16LE(pos + 10),
        sampleRate: head.readUInt32LE(pos + 12),
        byteRate: head.readUInt32LE(pos + 16),
        blockAlign: head.readUInt16LE(pos + 20),
        bitsPerSample: head.readUInt16LE(pos + 22),
      };
    } else if (id === 'data' && fmt) {
      // Streams written on the fly may leave the data size 0 or 0xFFFFFFFF: use the file size then.
      const dataBytes = size === 0 || size === 0xffffffff ? fileSize - pos - 8 : Math.min(size, fileSize - pos - 8);
      const durationSeconds = fmt.byteRate > 0 ? Math.round((dataBytes / fmt.byteRate) * 1000) / 1000 : 0;
      return { ...fmt, durationSeconds };
    }
    pos += 8 + size + (size % 2);
  }
  return undefined;
}

/** A mono 8-bit PCM wav of a sine tone (the demo's audio, and test fixtures). */
export function sineWav(opts: { seconds?: number; sampleRate?: number; frequency?: number } = {}): Buffer {
  const rate = opts.sampleRate ?? 8000;
  const n = Math.round(rate * (opts.seconds ?? 1));
  const freq = opts.frequency ?? 440;
  const b = Buffer.alloc(44 + n);
  b.write('RIFF', 0, 'latin1');
  b.writeUInt32LE(36 + n, 4);
  b.write('WAVE', 8, 'latin1');
  b.write('fmt ', 12, 'latin1');
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20); // PCM
  b.writeUInt16LE(1, 22); // mono
  b.writeUInt32LE(rate, 24);
  b.writeUInt32LE(rate, 28); // byte rate = rate * 1 channel * 1 byte
  b.writeUInt16LE(1, 32); // block align
  b.writeUInt16LE(8, 34); // bits
  b.write('data', 36, 'latin1');
  b.writeUInt32LE(n, 40);
  // 8-bit PCM is unsigned, silence at 128; fade in and out so the preview does not click.
  for (let i = 0; i < n; i++) {
    const env = Math.min(1, i / 400, (n - i) / 400);
    b[44 + i] = Math.round(128 + 90 * env * Math.sin((2 * Math.PI * freq * i) / rate));
  }
  return b;
}
