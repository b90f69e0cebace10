// Makes every file a master should give in ONE ffmpeg run: the master is decoded once, trimmed and normalised
// once (when configured), split, and each branch encoded to its output file in `dir`; one more branch streams
// 8 kHz mono samples back through a pipe, from which the waveform peaks of the result (and its duration, peak
// and silence) are taken. A file is only ever written inside `dir` (the caller's scratch directory) and taken
// from there once ffmpeg has finished without error and the file is what its profile asks (read back with
// ffprobe), so a killed or failed run leaves no file anybody uses.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { run } from './ffmpeg';
import type { Analysis } from './analyse';
import { probe, type AudioFacts } from './probe';
import type { OutputProfile, Processing } from './profiles';
import { SampleStats, type SampleSummary } from './samples';

export interface Made {
  profile: OutputProfile;
  path: string;
  size: number;
  facts: AudioFacts;
}

/** ffmpeg's options before its input: no questions, no banner or progress, only errors on standard error. */
export const QUIET = ['-nostdin', '-hide_banner', '-nostats', '-loglevel', 'error', '-y'];

/** The options that make one profile's file at `path` from the stream mapped before them. */
export const fileArgs = (p: OutputProfile, path: string) => ['-map_metadata', '-1', ...p.args, path];

/** Largest gain normalisation applies either way, so a near-silent master is not blown up into noise. */
const MAX_GAIN_DB = 20;

/** The filters applied before the split: trimming of silent ends and loudness normalisation, as configured. */
export function preFilters(analysis: Analysis | undefined, p: Processing): string[] {
  const out: string[] = [];
  if (p.trim && analysis) {
    const end = analysis.durationSeconds - analysis.trailingSilence;
    if (analysis.leadingSilence > 0 || analysis.trailingSilence > 0)
      out.push(`atrim=start=${analysis.leadingSilence.toFixed(3)}:end=${end.toFixed(3)}`, 'asetpts=PTS-STARTPTS');
  }
  if (p.loudnessLufs !== null && analysis?.loudnessLufs !== null && analysis?.loudnessLufs !== undefined) {
    const gain = Math.max(-MAX_GAIN_DB, Math.min(MAX_GAIN_DB, p.loudnessLufs - analysis.loudnessLufs));
    // A gain up could push peaks past full scale: the limiter keeps them just below it (-1 dBFS).
    out.push(`volume=${gain.toFixed(2)}dB`, 'alimiter=limit=0.891:level=disabled');
  }
  return out;
}

/** Does a produced file have what its profile asks? The reason when not. */
export function mismatch(facts: AudioFacts | undefined, p: OutputProfile): string | undefined {
  if (!facts) return `${p.role} output is not a readable ${p.ext} file`;
  const e = p.expect;
  if (facts.codec !== e.codec) return `${p.role} output codec ${facts.codec}, expected ${e.codec}`;
  if (facts.sampleRate !== e.sampleRate) return `${p.role} output ${facts.sampleRate} Hz, expected ${e.sampleRate}`;
  if (facts.channels !== e.channels) return `${p.role} output ${facts.channels} channel(s), expected ${e.channels}`;
  if (e.bitsPerSample !== undefined && facts.bitsPerSample !== e.bitsPerSample)
    return `${p.role} output ${facts.bitsPerSample} bit, expected ${e.bitsPerSample}`;
  return undefined;
}

export class OutputMismatch extends Error {}

/**
 * Runs the conversion. Resolves with the files made (checked) and the summary of the result's samples; rejects
 * with the ffmpeg ToolError, or OutputMismatch when a file is not what its profile asks.
 */
export async function transcode(
  master: string,
  o: {
    profiles: OutputProfile[];
    processing: Processing;
    analysis?: Analysis;
    dir: string;
    signal?: AbortSignal;
    timeoutMs?: number;
  },
): Promise<{ files: Made[]; result: SampleSummary }> {
  const n = o.profiles.length + 1;
  const labels = [...o.profiles.map((_, i) => `o${i}`), 'pk'];
  const chain = [...preFilters(o.analysis, o.processing), `asplit=${n}${labels.map((l) => `[${l}]`).join('')}`];
  const paths = o.profiles.map((p) => join(o.dir, `${p.role}.${p.ext}`));
  const stats = new SampleStats(8000, 1, o.processing.silenceDb);
  await run(
    'ffmpeg',
    [
      ...QUIET,
      ...['-i', master, '-filter_complex', `[0:a:0]${chain.join(',')}`],
      ...o.profiles.flatMap((p, i) => ['-map', `[o${i}]`, ...fileArgs(p, paths[i])]),
      ...['-map', '[pk]', '-ac', '1', '-ar', '8000', '-c:a', 'pcm_s16le', '-f', 's16le', 'pipe:1'],
    ],
    {
      timeoutMs: o.timeoutMs ?? 10 * 60_000,
      signal: o.signal,
      onStdout: async (out) => {
        for await (const chunk of out) stats.add(chunk as Buffer);
      },
    },
  );
  const files: Made[] = [];
  for (const [i, p] of o.profiles.entries()) {
    const facts = await probe(paths[i]);
    const wrong = mismatch(facts, p);
    if (wrong) throw new OutputMismatch(wrong);
    files.push({ profile: p, path: paths[i], size: statSync(paths[i]).size, facts: facts! });
  }
  return { files, result: stats.summary() };
}
