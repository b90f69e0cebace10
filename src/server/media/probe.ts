// What an audio file is, read from its content by ffmpeg's own probe (ffprobe, JSON): the container and codec,
// hence the kind the portal calls it (wav, mp3, m4a, aac, ogg, opus, flac, and the 3gp/mp4 of HD files), its
// sample rate, channels, bit depth, wav format tag (1 PCM, 3 float, 6 A-law, 7 µ-law) and duration. The
// extension a file was sent with plays no part: an mp3 named .wav is an mp3.
import { run, ToolError } from './ffmpeg';

export const AUDIO_KINDS = ['wav', 'mp3', 'm4a', 'aac', 'ogg', 'opus', 'flac'] as const;
export type AudioKind = (typeof AUDIO_KINDS)[number] | '3gp' | 'mp4';

export interface AudioFacts {
  kind: AudioKind;
  /** ffprobe's codec name (pcm_s16le, pcm_alaw, mp3, aac, vorbis, opus, flac, amr_wb ...). */
  codec: string;
  sampleRate: number;
  channels: number;
  /** Bits per sample where the format has them (PCM wav, flac), else 0. */
  bitsPerSample: number;
  /** The wav format tag (1 PCM, 3 float, 6 A-law, 7 µ-law); 0 for other kinds. */
  audioFormat: number;
  durationSeconds: number;
  /** Average bit rate in bits per second, when the container says. */
  bitRate: number;
  hasVideo: boolean;
}

interface ProbeStream {
  codec_type?: string;
  codec_name?: string;
  codec_tag?: string;
  sample_rate?: string;
  channels?: number;
  bits_per_sample?: number;
  bits_per_raw_sample?: string;
  duration?: string;
}
interface ProbeOutput {
  format?: { format_name?: string; duration?: string; bit_rate?: string; tags?: Record<string, string> };
  streams?: ProbeStream[];
}

/** The portal's kind of a probed file, or undefined when it is none of the audio kinds it knows. */
export function kindOf(p: ProbeOutput, audio: ProbeStream): AudioKind | undefined {
  const format = (p.format?.format_name ?? '').split(',');
  const brand = (p.format?.tags?.major_brand ?? '').trim().toLowerCase();
  if (format.includes('wav')) return 'wav';
  if (format.includes('mp3')) return 'mp3';
  if (format.includes('flac')) return 'flac';
  if (format.includes('ogg')) return audio.codec_name === 'opus' ? 'opus' : 'ogg';
  if (format.includes('aac')) return 'aac';
  if (format.includes('mp4') || format.includes('mov')) {
    if (brand.startsWith('3g')) return '3gp';
    if (brand.startsWith('m4a') || brand.startsWith('m4b')) return 'm4a';
    return p.streams?.some((s) => s.codec_type === 'video') ? 'mp4' : 'm4a';
  }
  return undefined;
}

/** The facts of the file at `path`, or undefined when ffprobe finds no audio stream of a kind it knows. */
export async function probe(path: string): Promise<AudioFacts | undefined> {
  let out: ProbeOutput;
  try {
    const r = await run('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', path], {
      timeoutMs: 30_000,
    });
    out = JSON.parse(r.stdout) as ProbeOutput;
  } catch (e) {
    if (e instanceof ToolError && !e.stopped) return undefined; // not a media file ffmpeg can read
    throw e;
  }
  const audio = out.streams?.find((s) => s.codec_type === 'audio');
  if (!audio) return undefined;
  const kind = kindOf(out, audio);
  if (!kind) return undefined;
  const n = (v: unknown) => (Number.isFinite(Number(v)) ? Number(v) : 0);
  const tag = kind === 'wav' ? parseInt(audio.codec_tag ?? '0', 16) : 0;
  return {
    kind,
    codec: audio.codec_name ?? '',
    sampleRate: n(audio.sample_rate),
    channels: n(audio.channels),
    bitsPerSample: n(audio.bits_per_sample) || n(audio.bits_per_raw_sample),
    audioFormat: Number.isFinite(tag) ? tag : 0,
    durationSeconds: Math.round(n(out.format?.duration ?? audio.duration) * 1000) / 1000,
    bitRate: n(out.format?.bit_rate),
    hasVideo: out.streams?.some((s) => s.codec_type === 'video' && s.codec_name !== 'mjpeg') ?? false,
  };
}
