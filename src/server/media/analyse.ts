// One decoding pass over a file at intake: its integrated loudness (EBU R128, ffmpeg's ebur128 filter) and
// what its samples say (samples.ts: exact duration, peak, clipping, silence at the ends, the waveform peaks).
// The samples come through a pipe as they are decoded, so memory stays flat however long the file.
import { run } from './ffmpeg';
import type { AudioFacts } from './probe';
import { SampleStats, type SampleSummary } from './samples';

export interface Analysis extends SampleSummary {
  /** Integrated loudness in LUFS (ffmpeg answers -70 for silence); null when it could not be measured. */
  loudnessLufs: number | null;
}

/** The integrated loudness from the summary ebur128 prints when it ends. */
export function loudnessOf(stderr: string): number | null {
  const summary = stderr.lastIndexOf('Summary:');
  const m = summary >= 0 ? /I:\s*(-?[\d.]+|-?inf)\s*LUFS/.exec(stderr.slice(summary)) : null;
  if (!m) return null;
  const v = Number(m[1]);
  return Number.isFinite(v) ? v : -70;
}

/**
 * Decodes the file's first audio stream once; throws ToolError when ffmpeg cannot decode it. A damaged frame here
 * and there is decoded past, as players do; a file that yields no sound at all is the caller's to refuse.
 */
export async function analyse(path: string, facts: AudioFacts, o: { silenceDb?: number } = {}): Promise<Analysis> {
  const channels = Math.min(2, Math.max(1, facts.channels));
  const rate = facts.sampleRate > 0 ? facts.sampleRate : 44100;
  const stats = new SampleStats(rate, channels, o.silenceDb);
  const { stderr } = await run(
    'ffmpeg',
    [
      ...['-nostdin', '-hide_banner', '-nostats', '-loglevel', 'info'],
      ...['-i', path, '-map', '0:a:0', '-vn'],
      // Frames logged at verbose level stay out of stderr; the summary comes at info.
      ...['-af', 'ebur128=framelog=verbose'],
      ...['-ac', String(channels), '-ar', String(rate), '-c:a', 'pcm_s16le', '-f', 's16le', 'pipe:1'],
    ],
    {
      timeoutMs: 120_000,
      onStdout: async (out) => {
        for await (const chunk of out) stats.add(chunk as Buffer);
      },
    },
  );
  return { ...stats.summary(), loudnessLufs: loudnessOf(stderr) };
}
