// Reading a batch txt file (update, copyright, the zip's inf/txt index): UTF-8 only (a BOM is allowed), one
// record a line, '|' between values. Blank lines and lines starting with '#' (the templates' notes) are
// skipped, but every line keeps its number in the file, so a message names the line the user sees in an
// editor. A file in another encoding is refused with the first line that is not UTF-8, and a line holding a
// control character (other than tab) with that line, as every call refuses them in its parameters.
import type { Violation } from '../../validation';
import { codePoint, hasControlCharacter } from '../../http/controlCharacters';

export interface TextLine {
  /** 1-based line number in the file. */
  no: number;
  text: string;
}

export const SEPARATOR = '|';

/** Values of a line: split at '|', spaces around each value ignored. */
export const valuesOf = (text: string): string[] => text.split(SEPARATOR).map((v) => v.trim());

const fatal = new TextDecoder('utf-8', { fatal: true });

/**
 * The data lines of a file, or the reason it is refused: not UTF-8 (UTF-16 BOM, NUL bytes or an invalid
 * sequence, naming the line), a data line holding a control character (naming the line and the character), or
 * no data line at all (`emptyKey`, the spec's message for that kind of file).
 */
export function readTextLines(
  buf: Buffer,
  fileName: string,
  emptyKey: string,
): { lines: TextLine[] } | { problem: Violation } {
  const notUtf8 = (line: number): { problem: Violation } => ({
    problem: { field: '', message: 'Batch.notUtf8', params: { file: fileName, line } },
  });
  if ((buf[0] === 0xff && buf[1] === 0xfe) || (buf[0] === 0xfe && buf[1] === 0xff)) return notUtf8(1);
  let text: string;
  try {
    text = fatal.decode(buf);
  } catch {
    // Name the first line that does not decode.
    let start = 0;
    for (let no = 1; ; no++) {
      const end = buf.indexOf(10, start);
      try {
        fatal.decode(buf.subarray(start, end < 0 ? buf.length : end));
      } catch {
        return notUtf8(no);
      }
      if (end < 0) return notUtf8(no);
      start = end + 1;
    }
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const nul = text.indexOf('\u0000');
  if (nul >= 0) return notUtf8(text.slice(0, nul).split('\n').length);
  const lines: TextLine[] = [];
  for (const [i, raw] of text.split(/\r?\n/).entries()) {
    const t = raw.trim();
    if (t === '' || t.startsWith('#')) continue;
    const line = raw.replace(/\r$/, '');
    if (hasControlCharacter(line))
      return {
        problem: {
          field: '',
          message: 'Batch.controlCharacter',
          params: { file: fileName, line: i + 1, char: codePoint(line) },
        },
      };
    lines.push({ no: i + 1, text: line });
  }
  if (lines.length === 0) return { problem: { field: '', message: emptyKey, params: { file: fileName } } };
  return { lines };
}
