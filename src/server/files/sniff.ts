// File types decided by content and extension together (001 §5.2): the first bytes must be what the
// extension claims. Magic numbers: wav "RIFF....WAVE", 3gp/mp4 "....ftyp" (brand 3g* for 3gp), jpg FF D8 FF,
// gif "GIF87a"/"GIF89a", png 89 "PNG" 0D 0A 1A 0A, zip "PK\3\4" (or the empty-archive "PK\5\6"), mp3 "ID3"
// or an MPEG frame sync; txt and inf are text: valid UTF-8 (an optional BOM) without NUL bytes. Audio
// (wav, mp3, m4a, aac, ogg, opus, flac) is recognised by ffmpeg's probe at intake (media/intake.ts), which
// decides its kind by content whatever its extension; the magic numbers here only screen it.

export type FileKind =
  | 'wav'
  | '3gp'
  | 'mp4'
  | 'jpg'
  | 'gif'
  | 'png'
  | 'zip'
  | 'txt'
  | 'inf'
  | 'mp3'
  | 'm4a'
  | 'aac'
  | 'ogg'
  | 'opus'
  | 'flac';

/** The audio kinds intake probes, recognises by content and (besides wav) transcodes. */
export const AUDIO_FILE_KINDS: readonly FileKind[] = ['wav', 'mp3', 'm4a', 'aac', 'ogg', 'opus', 'flac'];
export const isAudioKind = (k: FileKind | undefined) => k !== undefined && AUDIO_FILE_KINDS.includes(k);

export const EXTENSIONS: Record<string, FileKind> = {
  wav: 'wav',
  '3gp': '3gp',
  mp4: 'mp4',
  jpg: 'jpg',
  jpeg: 'jpg',
  gif: 'gif',
  png: 'png',
  zip: 'zip',
  txt: 'txt',
  inf: 'inf',
  mp3: 'mp3',
  m4a: 'm4a',
  aac: 'aac',
  ogg: 'ogg',
  oga: 'ogg',
  opus: 'opus',
  flac: 'flac',
};

const ascii = (b: Buffer, start: number, end: number) => b.subarray(start, end).toString('latin1');

function isText(head: Buffer): boolean {
  if (head.includes(0)) return false;
  // The head may cut a multi-byte character: ignore up to 3 trailing bytes of an incomplete sequence.
  for (let cut = 0; cut <= 3; cut++) {
    const slice = head.subarray(0, head.length - cut);
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(slice);
      return true;
    } catch {
      /* try a shorter slice */
    }
  }
  return false;
}

/** The kind the content shows, given the kind the extension claims (text kinds cannot be told apart). */
export function contentMatches(claimed: FileKind, head: Buffer): boolean {
  switch (claimed) {
    case 'wav':
      return head.length >= 12 && ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WAVE';
    case '3gp':
      return head.length >= 12 && ascii(head, 4, 8) === 'ftyp' && ascii(head, 8, 10) === '3g';
    case 'mp4':
      return head.length >= 12 && ascii(head, 4, 8) === 'ftyp' && ascii(head, 8, 10) !== '3g';
    case 'jpg':
      return head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
    case 'gif':
      return head.length >= 6 && (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a');
    case 'png':
      return (
        head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
      );
    case 'zip':
      return (
        head.length >= 4 &&
        head[0] === 0x50 &&
        head[1] === 0x4b &&
        ((head[2] === 3 && head[3] === 4) || (head[2] === 5 && head[3] === 6))
      );
    case 'mp3':
      return (
        (head.length >= 3 && ascii(head, 0, 3) === 'ID3') ||
        (head.length >= 2 && head[0] === 0xff && (head[1] & 0xe0) === 0xe0)
      );
    case 'm4a':
      return head.length >= 12 && ascii(head, 4, 8) === 'ftyp';
    case 'aac':
      return (head.length >= 2 && head[0] === 0xff && (head[1] & 0xf6) === 0xf0) || ascii(head, 0, 3) === 'ID3';
    case 'ogg':
    case 'opus':
      return head.length >= 4 && ascii(head, 0, 4) === 'OggS';
    case 'flac':
      return head.length >= 4 && (ascii(head, 0, 4) === 'fLaC' || ascii(head, 0, 3) === 'ID3');
    case 'txt':
    case 'inf':
      return isText(head);
  }
}

/** 'Upload file failed. File name contain some special character!': letters, digits, space, . _ - ( ) only. */
export function hasSpecialCharacters(name: string): boolean {
  return !/^[\p{L}\p{N}][\p{L}\p{N} ._()-]{0,199}$/u.test(name) || name.includes('..');
}

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}
