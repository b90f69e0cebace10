// Audio as a provider brings it (001 §5.2 with support_transcode_file_types): a wav of any PCM rate, depth and
// channels, A-law or µ-law, an mp3, m4a/AAC, ogg/opus or flac, recognised by its content. Intake reads what the
// file is (ffprobe; the wav header for a wav) and, for a single upload, decodes it once (analyse.ts) for its
// loudness, peak, clipping, silence and waveform. A file is refused, with a message naming what it is and what
// is accepted, when it is not audio the portal can read, is of a kind not accepted here, cannot be decoded, is
// silent, shorter or longer than audio_min_seconds/audio_max_seconds, or clipped beyond audio_clip_percent.
import { num, type Config } from '../services/config';
import { RC, type ReturnCode } from '../returnCodes';
import type { Violation } from '../validation';
import { readWavInfo } from '../files/wav';
import { AUDIO_FILE_KINDS, isAudioKind, type FileKind } from '../files/sniff';
import { analyse, type Analysis } from './analyse';
import { probe, type AudioFacts } from './probe';
import { ToolError } from './ffmpeg';

/** What an audio upload's row keeps (uploaded_files.info) and its upload answer shows. */
export interface AudioInfo {
  codec: string;
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
  audioFormat: number;
  durationSeconds: number;
  bitRate: number;
  byteRate?: number;
  blockAlign?: number;
  loudnessLufs?: number | null;
  peakDb?: number;
  clippedPercent?: number;
  leadingSilence?: number;
  trailingSilence?: number;
  peaks?: number[];
}

export class AudioRefusal extends Error {
  constructor(
    readonly code: ReturnCode,
    readonly violation: Violation,
  ) {
    super(violation.message);
  }
}

/**
 * The kinds a configuration accepts: wav always, and those support_transcode_file_types lists ('aac' also takes
 * AAC in an m4a, 'ogg' also opus in ogg). Video kinds listed there (mp4, 3gp) are the upload check's.
 */
export function acceptedAudioKinds(config: Config): FileKind[] {
  const listed = (config.support_transcode_file_types ?? '').toLowerCase().split(/[|,;\s]+/);
  const out = new Set<FileKind>(['wav']);
  for (const t of listed) {
    if ((AUDIO_FILE_KINDS as readonly string[]).includes(t)) out.add(t as FileKind);
    if (t === 'aac') out.add('m4a');
    if (t === 'ogg') out.add('opus');
  }
  return AUDIO_FILE_KINDS.filter((k) => out.has(k));
}

export interface IntakeLimits {
  minSeconds: number;
  maxSeconds: number;
  silenceDb: number;
  clipPercent: number;
}

export const intakeLimits = (config: Config): IntakeLimits => ({
  minSeconds: num(config, 'audio_min_seconds'),
  maxSeconds: num(config, 'audio_max_seconds'),
  silenceDb: num(config, 'audio_silence_dbfs'),
  clipPercent: num(config, 'audio_clip_percent'),
});

const seconds = (s: number) => Math.round(s * 10) / 10;

/** The message parameters that say what a file is: "MP3, 44100 Hz, 2 channel(s), 185.3 s". */
export function describeAudio(f: Pick<AudioFacts, 'kind' | 'sampleRate' | 'channels' | 'durationSeconds'>) {
  return {
    kind: f.kind.toUpperCase(),
    rate: f.sampleRate,
    channels: f.channels,
    seconds: seconds(f.durationSeconds),
  };
}

const refuse = (code: ReturnCode, message: string, params: Record<string, unknown>) =>
  new AudioRefusal(code, { field: '', message, params });

/** Why a file's length refuses it, or undefined. */
export function lengthProblem(facts: AudioFacts, limits: IntakeLimits): AudioRefusal | undefined {
  const d = facts.durationSeconds;
  if (d < limits.minSeconds)
    return refuse(RC.audioRefused, 'Audio.tooShort', { ...describeAudio(facts), min: limits.minSeconds });
  if (limits.maxSeconds > 0 && d > limits.maxSeconds)
    return refuse(RC.audioRefused, 'Audio.tooLong', { ...describeAudio(facts), max: limits.maxSeconds });
  return undefined;
}

/** Why what a file's samples say refuses it (silent, clipped), or undefined. */
export function soundProblem(
  facts: AudioFacts,
  a: Pick<Analysis, 'peakDb' | 'clippedPercent' | 'durationSeconds'>,
  limits: IntakeLimits,
): AudioRefusal | undefined {
  if (a.durationSeconds === 0) return refuse(RC.audioRefused, 'Audio.corrupt', describeAudio(facts));
  if (!(a.peakDb >= limits.silenceDb))
    return refuse(RC.audioRefused, 'Audio.silent', {
      ...describeAudio(facts),
      peak: Number.isFinite(a.peakDb) ? a.peakDb : '-∞',
      threshold: limits.silenceDb,
    });
  if (limits.clipPercent > 0 && a.clippedPercent > limits.clipPercent)
    return refuse(RC.audioRefused, 'Audio.clipped', {
      ...describeAudio(facts),
      percent: a.clippedPercent,
      max: limits.clipPercent,
    });
  return undefined;
}

const WAV_CODEC_NAMES: Record<number, string> = { 1: 'pcm', 3: 'pcm_float', 6: 'pcm_alaw', 7: 'pcm_mulaw' };

/** The facts of a received file: the wav header for a plain wav (no process needed), ffprobe for the rest. */
async function factsOf(path: string, head: Buffer, size: number): Promise<AudioFacts | undefined> {
  const wav = readWavInfo(head, size);
  if (wav && [1, 3, 6, 7].includes(wav.audioFormat)) {
    return {
      kind: 'wav',
      codec: WAV_CODEC_NAMES[wav.audioFormat],
      sampleRate: wav.sampleRate,
      channels: wav.channels,
      bitsPerSample: wav.bitsPerSample,
      audioFormat: wav.audioFormat,
      durationSeconds: wav.durationSeconds,
      bitRate: wav.byteRate * 8,
      hasVideo: false,
    };
  }
  return probe(path);
}

/**
 * Takes a received audio file for what its content is (an mp3 named .wav is an mp3): inspected among the audio kinds
 * of `accepted` (inspectAudio), with its kind and info written onto `file`. Rejects with an AudioRefusal as
 * inspectAudio does. The upload (decoded once for what it sounds like) and a batch zip's entries (probed only:
 * their masters are decoded by their transcode) take audio this way.
 */
export async function takeAsAudio(
  file: { kind: FileKind; info: Record<string, unknown> },
  at: { path: string; head: Buffer; size: number },
  accepted: { kinds: readonly FileKind[]; config: Config },
  decode: boolean,
): Promise<void> {
  const allowed = accepted.kinds.filter(isAudioKind);
  const audio = await inspectAudio(at.path, at.head, at.size, { allowed, config: accepted.config, decode });
  file.kind = audio.kind;
  file.info = { ...audio.info };
}

/**
 * Inspects a received audio file: its kind by content (which must be one of `allowed`), its facts and, when
 * `decode`, one decoding pass for loudness, peak, clipping, silence and waveform. Resolves with the kind and
 * the info to record; rejects with an AudioRefusal naming what the file is.
 */
export async function inspectAudio(
  path: string,
  head: Buffer,
  size: number,
  o: { allowed: readonly FileKind[]; config: Config; decode: boolean },
): Promise<{ kind: FileKind; facts: AudioFacts; info: AudioInfo }> {
  const facts = await factsOf(path, head, size);
  if (!facts || facts.hasVideo) throw refuse(RC.fileContentMismatch, 'Audio.notAudio', {});
  const kind = facts.kind as FileKind;
  if (!o.allowed.includes(kind))
    throw refuse(RC.fileType, 'Audio.kindNotAccepted', {
      ...describeAudio(facts),
      types: o.allowed.join(', '),
    });
  const limits = intakeLimits(o.config);
  const wav = kind === 'wav' ? readWavInfo(head, size) : undefined;
  const info: AudioInfo = {
    codec: facts.codec,
    channels: facts.channels,
    sampleRate: facts.sampleRate,
    bitsPerSample: facts.bitsPerSample,
    audioFormat: facts.audioFormat,
    durationSeconds: facts.durationSeconds,
    bitRate: facts.bitRate,
    ...(wav ? { byteRate: wav.byteRate, blockAlign: wav.blockAlign } : {}),
  };
  if (!o.decode) {
    const bad = lengthProblem(facts, limits);
    if (bad) throw bad;
    return { kind, facts, info };
  }
  let a: Analysis;
  try {
    a = await analyse(path, facts, { silenceDb: -50 });
  } catch (e) {
    if (e instanceof ToolError && !e.stopped) throw refuse(RC.audioRefused, 'Audio.corrupt', describeAudio(facts));
    throw e;
  }
  // The decoded length is the true one (an mp3 without a length header is only estimated by the probe).
  const decoded = { ...facts, durationSeconds: a.durationSeconds || facts.durationSeconds };
  const bad = soundProblem(decoded, a, limits) ?? lengthProblem(decoded, limits);
  if (bad) throw bad;
  return {
    kind,
    facts: decoded,
    info: {
      ...info,
      durationSeconds: decoded.durationSeconds,
      loudnessLufs: a.loudnessLufs,
      peakDb: a.peakDb,
      clippedPercent: a.clippedPercent,
      leadingSilence: a.leadingSilence,
      trailingSilence: a.trailingSilence,
      peaks: a.peaks,
    },
  };
}
