// What an upload field accepts, and why a chosen file is refused, as message keys with their parameters. The
// field's ui options say it (`accept`, `maxSizeMB`/`maxSizeKB`, `fileType`, `wav`); the browser checks a file
// before sending it and the server checks the stored file again when the form is submitted, with this same code
// and the same message keys. Pure: a file is its name, its size and, for a wav, the first bytes of its header.

export interface WavFormat {
  sampleRate?: number;
  bits?: number;
  channels?: number;
}

export interface FileRules {
  extensions: string[];
  maxBytes?: number;
  /** The server's kind filter for sp/uploadfile (?fileType=). */
  fileType?: string;
  /** A wav must have exactly these values (001 §5.2 wav tip, §5.5 IVR 8000 Hz 8 bit); absent values are free. */
  wav?: WavFormat;
  /**
   * What the server makes of an audio file chosen here (sp/convertaudio): 'ivr' converts a file not in the wav
   * format above into it (any accepted audio, instead of refusing it); 'web' previews the web audition a unified
   * master will give, for masters up to previewMaxSeconds.
   */
  convert?: 'ivr' | 'web';
  previewMaxSeconds?: number;
  /** Message keys the field names for its refusals (defaults Upload.wrongType, Upload.tooLarge, Upload.wavFormat). */
  messages: { wrongType: string; tooLarge: string; wavFormat: string };
}

export interface FileProblem {
  key: string;
  params: Record<string, unknown>;
}

const num = (v: unknown): number | undefined =>
  v === undefined || v === null || v === '' || Number.isNaN(Number(v)) ? undefined : Number(v);

export function rulesOf(ui: Record<string, unknown>): FileRules {
  const accept = Array.isArray(ui.accept)
    ? ui.accept.map(String)
    : typeof ui.accept === 'string'
      ? ui.accept.split(',')
      : [];
  const extensions = accept
    .map((a) => a.trim().toLowerCase())
    .filter(Boolean)
    .map((a) => (a.startsWith('.') ? a : `.${a}`));
  const mb = num(ui.maxSizeMB);
  const kb = num(ui.maxSizeKB);
  const maxBytes = mb !== undefined ? mb * 1024 * 1024 : kb !== undefined ? kb * 1024 : undefined;
  const w = ui.wav && typeof ui.wav === 'object' ? (ui.wav as Record<string, unknown>) : undefined;
  const wav = w ? { sampleRate: num(w.sampleRate), bits: num(w.bits), channels: num(w.channels) } : undefined;
  const key = (name: string, fallback: string) => (typeof ui[name] === 'string' ? (ui[name] as string) : fallback);
  return {
    extensions,
    maxBytes,
    fileType: typeof ui.fileType === 'string' ? ui.fileType : undefined,
    ...(ui.convert === 'ivr' || ui.convert === 'web' ? { convert: ui.convert } : {}),
    ...(num(ui.previewMaxSeconds) !== undefined ? { previewMaxSeconds: num(ui.previewMaxSeconds) } : {}),
    ...(wav && Object.values(wav).some((v) => v !== undefined) ? { wav } : {}),
    messages: {
      wrongType: key('formatError', 'Upload.wrongType'),
      tooLarge: key('sizeError', 'Upload.tooLarge'),
      wavFormat: key('wavError', 'Upload.wavFormat'),
    },
  };
}

const extensionOf = (name: string) => (name.includes('.') ? name.slice(name.lastIndexOf('.')).toLowerCase() : '');

export function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${+(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** The types a field accepts, as a user reads them: ".jpg, .jpeg, .gif, .png". */
export const typesText = (rules: FileRules) => rules.extensions.join(', ');

/** The problem with a file's name or size, or null when it may be sent. */
export function fileProblem(file: { name: string; size: number }, rules: FileRules): FileProblem | null {
  if (rules.extensions.length && !rules.extensions.includes(extensionOf(file.name))) {
    return { key: rules.messages.wrongType, params: { types: typesText(rules) } };
  }
  if (rules.maxBytes !== undefined && file.size > rules.maxBytes)
    return { key: rules.messages.tooLarge, params: { size: sizeText(rules.maxBytes) } };
  return null;
}

export interface WavInfo {
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
  byteRate: number;
  blockAlign: number;
  audioFormat: number;
  durationSeconds: number;
}

const text4 = (b: Uint8Array, at: number) => String.fromCharCode(b[at], b[at + 1], b[at + 2], b[at + 3]);

/** Reads the fmt and data chunks from the first bytes of a RIFF/WAVE file; undefined when not found there. */
export function readWavHeader(head: Uint8Array, fileSize: number): WavInfo | undefined {
  if (head.length < 12 || text4(head, 0) !== 'RIFF' || text4(head, 8) !== 'WAVE') return undefined;
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  let pos = 12;
  let fmt: Omit<WavInfo, 'durationSeconds'> | undefined;
  while (pos + 8 <= head.length) {
    const id = text4(head, pos);
    const size = view.getUint32(pos + 4, true);
    if (id === 'fmt ' && pos + 24 <= head.length) {
      fmt = {
        audioFormat: view.getUint16(pos + 8, true),
        channels: view.getUint16(pos + 10, true),
        sampleRate: view.getUint32(pos + 12, true),
        byteRate: view.getUint32(pos + 16, true),
        blockAlign: view.getUint16(pos + 20, true),
        bitsPerSample: view.getUint16(pos + 22, true),
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

/**
 * A wav whose format is not the one the field asks for: the message names what the file is and what is asked,
 * e.g. "2 channel(s), 44100 Hz, 16 bit" against "1 channel(s), 8000 Hz, 8 bit". A header that cannot be read
 * is refused the same way, with '?' for what the file is.
 */
export function wavProblem(
  info: Pick<WavInfo, 'sampleRate' | 'bitsPerSample' | 'channels'> | undefined,
  rules: FileRules,
): FileProblem | null {
  const want = rules.wav;
  if (!want) return null;
  const ok =
    info &&
    (want.sampleRate === undefined || info.sampleRate === want.sampleRate) &&
    (want.bits === undefined || info.bitsPerSample === want.bits) &&
    (want.channels === undefined || info.channels === want.channels);
  if (ok) return null;
  return {
    key: rules.messages.wavFormat,
    params: {
      rate: info?.sampleRate ?? '?',
      bits: info?.bitsPerSample ?? '?',
      channels: info?.channels ?? '?',
      expectedRate: want.sampleRate ?? '*',
      expectedBits: want.bits ?? '*',
      expectedChannels: want.channels ?? '*',
    },
  };
}
