// Wav header reading (001 §5.2): format chunk values and the duration, so forms can apply the IVR rule
// (8000 Hz, 8 bit) and show the wav tip. Also the writer of the demo's short PCM wav files.
import { readWavHeader } from '../../engine/files';

export type { WavInfo } from '../../engine/files';

/** Reads the fmt and data chunks from the first bytes of a RIFF/WAVE file (the engine's reader, shared with the browser). */
export const readWavInfo = (head: Buffer, fileSize: number) => readWavHeader(head, fileSize);

/**
 * A PCM wav of a sine tone (the demo's audio, and test fixtures): mono 8 bit at 8000 Hz unless told otherwise,
 * so tests can also make the 44100 Hz, 16 bit, stereo file an IVR field must refuse.
 */
export function sineWav(
  opts: { seconds?: number; sampleRate?: number; frequency?: number; bits?: 8 | 16; channels?: 1 | 2 } = {},
): Buffer {
  const rate = opts.sampleRate ?? 8000;
  const bits = opts.bits ?? 8;
  const channels = opts.channels ?? 1;
  const bytes = bits / 8;
  const frames = Math.round(rate * (opts.seconds ?? 1));
  const freq = opts.frequency ?? 440;
  const dataSize = frames * channels * bytes;
  const b = Buffer.alloc(44 + dataSize);
  b.write('RIFF', 0, 'latin1');
  b.writeUInt32LE(36 + dataSize, 4);
  b.write('WAVE', 8, 'latin1');
  b.write('fmt ', 12, 'latin1');
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20); // PCM
  b.writeUInt16LE(channels, 22);
  b.writeUInt32LE(rate, 24);
  b.writeUInt32LE(rate * channels * bytes, 28); // byte rate
  b.writeUInt16LE(channels * bytes, 32); // block align
  b.writeUInt16LE(bits, 34);
  b.write('data', 36, 'latin1');
  b.writeUInt32LE(dataSize, 40);
  // 8-bit PCM is unsigned (silence at 128), 16-bit signed; fade in and out so the preview does not click.
  for (let i = 0; i < frames; i++) {
    const env = Math.min(1, i / 400, (frames - i) / 400);
    const v = env * Math.sin((2 * Math.PI * freq * i) / rate);
    for (let c = 0; c < channels; c++) {
      const at = 44 + (i * channels + c) * bytes;
      if (bits === 8) b[at] = Math.round(128 + 90 * v);
      else b.writeInt16LE(Math.round(23000 * v), at);
    }
  }
  return b;
}
