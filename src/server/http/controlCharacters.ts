// Control characters in request text. No column of the portal holds them, PostgreSQL refuses a NUL in any
// text value (an HTTP 500 before this check), and a stored ESC or C1 sequence would reach an operator's
// terminal or a spreadsheet later. http/route.ts refuses them for every call before any handler (or the
// database) sees the request, so SQLite and PostgreSQL answer the same 950004.
//
// Refused: C0 controls except tab, line feed and carriage return (multi-line descriptions keep their line
// breaks; which single-line fields refuse those is each field's own rule), DEL, the C1 controls
// U+0080-U+009F, and lone UTF-16 surrogates (not text; PostgreSQL would store a replacement character).
// Nothing is stripped silently: the provider sees which field was refused and why.
import type { Violation } from '../validation';

const CONTROL =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const CONTROL_ALL = new RegExp(CONTROL.source, 'g');

export const hasControlCharacter = (s: string): boolean => CONTROL.test(s);

/** A name to echo in an answer: its control characters shown as '?'. */
export const withoutControlCharacters = (s: string): string => s.replace(CONTROL_ALL, '?');

/** The refusal of one value; {char} is the first offending character's code point (e.g. U+0000). */
const refusal = (field: string, s: string): Violation => ({
  field,
  message: 'CommonRes.controlCharacter',
  params: { char: codePoint(s) },
});

/** The first control character of `s` as U+XXXX (call only when hasControlCharacter(s)). */
export const codePoint = (s: string) => {
  const c = CONTROL.exec(s)![0].charCodeAt(0);
  return `U+${c.toString(16).toUpperCase().padStart(4, '0')}`;
};

/** A parameter whose text is a JSON object or array (toneFile, additionalToneInfo...): its decoded content. */
function jsonInside(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A text that may be JSON (starts with [ or { after blanks): its content is walked too. */
const LOOKS_LIKE_JSON = /^\s*[[{]/;

/**
 * One violation per offending value, anywhere in the parameters: strings, array items and object keys and
 * values at any depth (JSON bodies, and text parameters that are themselves JSON, whose escapes such as
 * \u0000 decode to control characters), named by their path (`tags.2`, `toneFile.image`). Breadth first
 * without recursion, so a deeply nested body cannot exhaust the stack. Every call's parameters pass here, so a
 * clean plain value costs one test: a path is only spelt out for a refusal or for content walked further.
 */
export function controlCharacterViolations(root: unknown): Violation[] {
  const out: Violation[] = [];
  const queue: Array<[string, unknown]> = [['', root]];
  for (let i = 0; i < queue.length; i++) {
    const [field, value] = queue[i];
    if (typeof value === 'string') {
      if (hasControlCharacter(value)) out.push(refusal(field, value));
      else if (LOOKS_LIKE_JSON.test(value)) queue.push([field, jsonInside(value)]);
    } else if (value && typeof value === 'object') {
      for (const k in value) {
        if (!Object.hasOwn(value, k)) continue;
        const v = (value as Record<string, unknown>)[k];
        const badKey = hasControlCharacter(k);
        const clean = typeof v === 'string' && !hasControlCharacter(v) && !LOOKS_LIKE_JSON.test(v);
        if (!badKey && (clean || v === null || v === undefined || typeof v === 'number' || typeof v === 'boolean'))
          continue;
        // The answer names the field: a key's own control characters are not echoed back.
        const name = badKey ? withoutControlCharacters(k) : k;
        const path = field ? `${field}.${name}` : name;
        if (badKey) out.push(refusal(path, k));
        if (!clean) queue.push([path, v]);
      }
    }
  }
  return out;
}
