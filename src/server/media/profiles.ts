// The platform's files made from a master, as configuration says (schemas/config.schema.json, 001 §5.1-§5.5):
// - ivr: the IVR play wav in the wav tip's format: wav_sample_rate, wav_channels, wav_bits_per_sample (8000 Hz,
//   mono, 8 bit by default) and wav_audio_format (1 PCM, 6 A-law, 7 µ-law; A-law and µ-law are 8 bit);
// - web: the web audition, transcode_web_format 'mp3' (transcode_web_sample_rate, transcode_web_channels,
//   transcode_web_bitrate_kbps: 44.1 kHz stereo 128 kbps, so it sounds like the music it is) or 'wav' (the
//   IVR file's format, as the separate mode asks);
// - hd: the HD play file where the site asks for one (support_volte '1', not on the first variant,
//   tone_form_first_variant; the conditions of the tone form's HD file):
//   transcode_hd_format '3gp' (AMR-WB, 16 kHz mono, the HD voice codec), 'mp4' (AAC) or '' for none;
// - prompt: the IVR prompts (salutatory, help, directory prompt tones, name tones): the IVR wav.
// Before the split, optional trimming of silence at the ends (transcode_trim_silence) and loudness
// normalisation to transcode_loudness_lufs (EBU R128 integrated loudness; empty: off).
import { num, type Config } from '../services/config';

export type Role = 'ivr' | 'web' | 'hd' | 'prompt';

export interface OutputProfile {
  role: Role;
  ext: 'wav' | 'mp3' | '3gp' | 'mp4';
  /** ffmpeg's options for this output (codec, rate, channels, container). */
  args: string[];
  /** What the produced file must be, checked after it is made (and by the tests). */
  expect: { codec: string; sampleRate: number; channels: number; bitsPerSample?: number };
}

/** The wav format tags a configuration may ask for, with ffmpeg's encoder. */
const WAV_CODECS: Record<string, (bits: number) => string | undefined> = {
  '1': (bits) => ({ 8: 'pcm_u8', 16: 'pcm_s16le', 24: 'pcm_s24le', 32: 'pcm_s32le' })[bits],
  '6': () => 'pcm_alaw',
  '7': () => 'pcm_mulaw',
};

/** The IVR wav of this configuration (also every prompt's format). */
export function ivrWav(config: Config, role: Role = 'ivr'): OutputProfile {
  const rate = num(config, 'wav_sample_rate');
  const channels = num(config, 'wav_channels');
  const format = config.wav_audio_format || '1';
  const bits = format === '1' ? num(config, 'wav_bits_per_sample') : 8;
  const codec = WAV_CODECS[format]?.(bits);
  if (!codec) throw new Error(`no wav encoder for wav_audio_format ${format}, ${bits} bit`);
  return {
    role,
    ext: 'wav',
    // -bitexact: no encoder tag (LIST chunk), so the header is the plain one IVR platforms read.
    args: ['-c:a', codec, '-ar', String(rate), '-ac', String(channels), '-bitexact', '-f', 'wav'],
    expect: { codec, sampleRate: rate, channels, bitsPerSample: bits },
  };
}

function webAudition(config: Config): OutputProfile {
  if ((config.transcode_web_format || 'mp3') === 'wav') return { ...ivrWav(config), role: 'web' };
  const rate = num(config, 'transcode_web_sample_rate');
  const channels = num(config, 'transcode_web_channels');
  return {
    role: 'web',
    ext: 'mp3',
    args: [
      ...['-c:a', 'libmp3lame', '-b:a', `${num(config, 'transcode_web_bitrate_kbps')}k`],
      ...['-ar', String(rate), '-ac', String(channels), '-id3v2_version', '0', '-write_xing', '1', '-f', 'mp3'],
    ],
    expect: { codec: 'mp3', sampleRate: rate, channels },
  };
}

function hdFile(config: Config): OutputProfile | undefined {
  if (config.tone_form_first_variant === '1' || config.support_volte === '0') return undefined;
  switch (config.transcode_hd_format ?? '3gp') {
    case '3gp':
      return {
        role: 'hd',
        ext: '3gp',
        args: ['-c:a', 'libvo_amrwbenc', '-b:a', '23850', '-ar', '16000', '-ac', '1', '-f', '3gp'],
        expect: { codec: 'amr_wb', sampleRate: 16000, channels: 1 },
      };
    case 'mp4':
      return {
        role: 'hd',
        ext: 'mp4',
        args: ['-c:a', 'aac', '-b:a', '128k', '-ar', '44100', '-ac', '2', '-movflags', '+faststart', '-f', 'mp4'],
        expect: { codec: 'aac', sampleRate: 44100, channels: 2 },
      };
    default:
      return undefined;
  }
}

/** A tone's files from its unified master: the IVR wav, the web audition and, where the site has one, the HD file. */
export function toneProfiles(config: Config): OutputProfile[] {
  return [ivrWav(config), webAudition(config), hdFile(config)].filter((p): p is OutputProfile => p !== undefined);
}

/** The file map key (001 §3 toneFile) each role fills. */
export const TONE_FILE_KEY: Record<Exclude<Role, 'prompt'>, string> = {
  ivr: 'aipPlay',
  web: 'webAuditon',
  hd: 'hdPlay',
};

export interface Processing {
  /** Cut the silence before the first and after the last sound (seconds), or leave the ends. */
  trim: boolean;
  /** Target integrated loudness in LUFS, or null for none. */
  loudnessLufs: number | null;
  /** Sound quieter than this is silence (dBFS). */
  silenceDb: number;
}

export function processingOf(config: Config): Processing {
  const target = config.transcode_loudness_lufs;
  return {
    trim: config.transcode_trim_silence === '1',
    loudnessLufs: target !== undefined && target !== '' && Number.isFinite(Number(target)) ? Number(target) : null,
    silenceDb: num(config, 'audio_silence_dbfs'),
  };
}
