// Texts of the engine's message keys (i18n/en.json, i18n/zh.json, owned by the engine) for the server's
// answers, so a field error reads the same in a curl answer as under the field in the browser.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../engine/fsLoader';
import type { Lang } from '../returnCodes';
import type { Violation } from '../validation';
import { messageText } from '../../engine/messages';

const cache = new Map<Lang, Record<string, string>>();
// The catalogues of the tree the definitions come from (DEFINITIONS_ROOT or the repository).
const I18N_DIR = join(PROJECT_ROOT, 'i18n');

function table(lang: Lang): Record<string, string> {
  let t = cache.get(lang);
  if (!t) {
    const file = join(I18N_DIR, `${lang}.json`);
    t = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>) : {};
    cache.set(lang, t);
  }
  return t;
}

/** The text of a message key with {name} parameters filled in (plural forms by `count`); the key itself when no text exists. */
export function translate(key: string, lang: Lang, params: Record<string, unknown> = {}): string {
  return messageText({ language: lang, own: table(lang), fallback: table('en') }, key, params);
}

/**
 * One field reason as a sentence: 'field: text', the message key translated (a parameter schema's refusal is
 * Validation.<keyword>); a keyword the catalogues have no text for keeps the schema's own words.
 */
export function translateViolation(v: Violation, lang: Lang): string {
  const text = translate(v.message, lang, v.params);
  const shown = text === v.message && v.params?.text !== undefined ? String(v.params.text) : text;
  return v.field ? `${v.field}: ${shown}` : shown;
}
