// Texts of the message keys (i18n/<language>.json, owned by the engine) for the server's answers, so a field
// error reads the same in a curl answer as under the field in the browser. Each language's catalogue is
// resolved once along its fallback chain (i18n/languages.json), key by key, as the build resolves it for the
// browser.
import { loadCatalogueFromDisk } from '../../engine/fsLoader';
import { messageText } from '../../engine/messages';
import { defaultLang, parseLang, serverLanguages, type Lang } from './lang';

/** A field's refusal: the field, its message key and the key's parameters (validation.ts makes them). */
interface Violation {
  field: string;
  message: string;
  params?: Record<string, unknown>;
}

const cache = new Map<Lang, Record<string, string>>();

function table(lang: Lang): Record<string, string> {
  let t = cache.get(lang);
  if (!t) {
    t = loadCatalogueFromDisk(lang);
    cache.set(lang, t);
  }
  return t;
}

/** The text of a message key with {name} parameters filled in (plural forms by `count`); the key itself when no text exists. */
export function translate(key: string, lang: Lang, params: Record<string, unknown> = {}): string {
  const code = parseLang(lang) ?? defaultLang();
  const info = serverLanguages().languages[code];
  return messageText(
    { language: code, own: table(code), numerals: info?.numerals, rtl: info?.dir === 'rtl' },
    key,
    params,
  );
}

/**
 * One field reason as a sentence: 'field: text', the message key translated (a parameter schema's refusal is
 * Validation.<keyword>); a keyword the catalogues have no text for keeps the schema's own words.
 */
export function translateViolation(v: Violation, lang: Lang, label?: string): string {
  const text = translate(v.message, lang, v.params);
  const shown = text === v.message && v.params?.text !== undefined ? String(v.params.text) : text;
  const name = label ?? v.field;
  return name ? `${name}: ${shown}` : shown;
}
