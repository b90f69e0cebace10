// What the decoded samples of a file say, read as they stream out of ffmpeg (16-bit little-endian, interleaved):
// its length, its peak, how much of it sits at full scale (clipping: ffmpeg clamps what a lossy decoder
// overshoots to ±32767, so a clipped mp3 shows as well as a clipped wav), the silence at either end, and the
// waveform: the largest magnitude of each 5 ms window, reduced at the end to a fixed number of peaks (0-255)
// that the audio preview draws. Memory: one number per 5 ms (60,000 for five minutes), whatever the file.

/** Peaks stored per file: enough for a preview a few hundred pixels wide at twice the pixel density. */
export const PEAK_COUNT = 600;
/** A sample at or above this magnitude counts as at full scale. */
const FULL_SCALE = 32766;

export interface SampleSummary {
  durationSeconds: number;
  /** Largest magnitude in dBFS (-Infinity for digital silence). */
  peakDb: number;
  /** Share of samples at full scale, in percent. */
  clippedPercent: number;
  /** Silence before the first and after the last sound louder than `silenceDb`, in seconds. */
  leadingSilence: number;
  trailingSilence: number;
  /** PEAK_COUNT values 0-255 (fewer for a file under 3 s). */
  peaks: number[];
}

const db = (magnitude: number) => (magnitude <= 0 ? -Infinity : 20 * Math.log10(magnitude / 32768));

export class SampleStats {
  private readonly window: number;
  private windows: number[] = [];
  private current = 0;
  private inWindow = 0;
  private frames = 0;
  private peak = 0;
  private clipped = 0;
  private firstLoud = -1;
  private lastLoud = -1;
  private carry: Buffer | undefined;
  private readonly loud: number;

  constructor(
    private readonly rate: number,
    private readonly channels: number,
    /** Sound quieter than this (dBFS) is silence at the ends. */
    silenceDb = -50,
  ) {
    this.window = Math.max(1, Math.round(rate / 200));
    this.loud = 32768 * 10 ** (silenceDb / 20);
  }

  add(chunk: Buffer): void {
    let b = chunk;
    if (this.carry) {
      b = Buffer.concat([this.carry, chunk]);
      this.carry = undefined;
    }
    const frameBytes = 2 * this.channels;
    const whole = b.length - (b.length % frameBytes);
    if (whole < b.length) this.carry = Buffer.from(b.subarray(whole));
    for (let at = 0; at < whole; at += frameBytes) {
      let m = 0;
      for (let c = 0; c < this.channels; c++) {
        const v = Math.abs(b.readInt16LE(at + 2 * c));
        if (v >= FULL_SCALE) this.clipped++;
        if (v > m) m = v;
      }
      if (m > this.peak) this.peak = m;
      if (m >= this.loud) {
        if (this.firstLoud < 0) this.firstLoud = this.frames;
        this.lastLoud = this.frames;
      }
      if (m > this.current) this.current = m;
      this.frames++;
      if (++this.inWindow === this.window) {
        this.windows.push(this.current);
        this.current = 0;
        this.inWindow = 0;
      }
    }
  }

  summary(): SampleSummary {
    const windows = this.inWindow > 0 ? [...this.windows, this.current] : this.windows;
    const seconds = this.frames / this.rate;
    const samples = this.frames * this.channels;
    return {
      durationSeconds: Math.round(seconds * 1000) / 1000,
      peakDb: Math.round(db(this.peak) * 100) / 100,
      clippedPercent: samples ? Math.round((this.clipped / samples) * 100_000) / 1000 : 0,
      leadingSilence: this.firstLoud < 0 ? seconds : Math.round((this.firstLoud / this.rate) * 1000) / 1000,
      trailingSilence:
        this.lastLoud < 0 ? seconds : Math.round(((this.frames - 1 - this.lastLoud) / this.rate) * 1000) / 1000,
      peaks: reduce(windows, PEAK_COUNT),
    };
  }
}

/** `count` peaks of the windows (each the largest of its share), scaled so the loudest is 255. */
export function reduce(windows: number[], count: number): number[] {
  const n = Math.min(count, windows.length);
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const from = Math.floor((i * windows.length) / n);
    const to = Math.max(from + 1, Math.floor(((i + 1) * windows.length) / n));
    let m = 0;
    for (let j = from; j < to; j++) if (windows[j] > m) m = windows[j];
    out.push(m);
  }
  const top = Math.max(1, ...out);
  return out.map((v) => Math.round((v / top) * 255));
}
