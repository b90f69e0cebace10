// The portal's interface languages are data: i18n/languages.json lists them (name in itself, writing direction,
// locale and digits, fallback), i18n/<code>.json holds each one's texts. This module is the one reading of that
// list, shared by the build (which bundles each language's catalogue already resolved along its chain), the
// browser, the server and the validator, so none of them names a language in code.

export interface LanguageInfo {
  /** The language's name in itself (English, 中文, فارسی). */
  name: string;
  dir: 'ltr' | 'rtl';
  /** BCP 47 locale of its date and number conventions. */
  locale: string;
  /** Unicode numbering system of its digits on screen (latn, arabext...). */
  numerals?: string;
  /** The language standing in, key by key, for a key this one lacks. */
  fallback?: string;
}

export interface LanguageList {
  languages: Record<string, LanguageInfo>;
}

/** A language the list names, with its code. */
export interface Language extends LanguageInfo {
  code: string;
}

export const languageCodes = (list: LanguageList): string[] => Object.keys(list.languages);

/** Every language of the list with its code, in the list's order (the default first); digits default to Latin. */
export const listedLanguages = (list: LanguageList): Array<Required<Omit<Language, 'fallback'>>> =>
  Object.entries(list.languages).map(([code, l]) => ({
    code,
    name: l.name,
    dir: l.dir,
    locale: l.locale,
    numerals: l.numerals ?? 'latn',
  }));

/** The first language of the list: the default, and the last resort of every chain. */
export const defaultLanguage = (list: LanguageList): string => languageCodes(list)[0];

export function languageOf(list: LanguageList, code: string): Language {
  const info = list.languages[code] ?? list.languages[defaultLanguage(list)];
  return { code: code in list.languages ? code : defaultLanguage(list), ...info };
}

/**
 * The languages a text is looked up in, in order: the language, its fallback, that one's fallback..., then the
 * default language. A fallback the list does not name, or one already in the chain (a cycle), ends the declared
 * part (the validator reports both).
 */
export function fallbackChain(list: LanguageList, code: string): string[] {
  const chain: string[] = [];
  let next: string | undefined = code;
  while (next !== undefined && next in list.languages && !chain.includes(next)) {
    chain.push(next);
    next = list.languages[next].fallback;
  }
  const last = defaultLanguage(list);
  if (!chain.includes(last)) chain.push(last);
  return chain;
}

/** The language of the list a language tag names ('zh-CN' -> 'zh', 'FA' -> 'fa'), if any. */
export function matchLanguage(list: LanguageList, tag: unknown): string | undefined {
  if (typeof tag !== 'string') return undefined;
  const wanted = tag.trim().toLowerCase();
  const codes = languageCodes(list);
  return codes.find((c) => c.toLowerCase() === wanted) ?? codes.find((c) => c.toLowerCase() === wanted.split('-')[0]);
}

/** The first language of an Accept-Language header the list has, by the header's order. */
export function acceptedLanguage(list: LanguageList, header: unknown): string | undefined {
  if (typeof header !== 'string') return undefined;
  for (const part of header.split(',')) {
    const found = matchLanguage(list, part.split(';')[0]);
    if (found) return found;
  }
  return undefined;
}

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
/** A key without its plural suffix: `X.y_one` and `X.y` are one message. */
export const messageBase = (key: string): string => key.replace(PLURAL_SUFFIX, '');

/**
 * One catalogue from a chain of them (the language's own first): each message comes whole from the first
 * catalogue that has it. A message is a key with its plural forms, so an English `_one` form never stands in
 * beside a Persian text of the key. Keys starting with `$` ($schema) are no messages.
 */
export function resolveCatalogue(chain: Array<Record<string, unknown>>): Record<string, string> {
  const out: Record<string, string> = {};
  const taken = new Set<string>();
  for (const catalogue of chain) {
    const here = new Set<string>();
    for (const [key, text] of Object.entries(catalogue)) {
      if (key.startsWith('$') || typeof text !== 'string') continue;
      const base = messageBase(key);
      if (taken.has(base)) continue;
      out[key] = text;
      here.add(base);
    }
    for (const base of here) taken.add(base);
  }
  return out;
}

/** The catalogue of a language resolved along its chain, from every language's own catalogue. */
export function catalogueFor(
  list: LanguageList,
  code: string,
  catalogues: Record<string, Record<string, unknown> | undefined>,
): Record<string, string> {
  return resolveCatalogue(fallbackChain(list, code).map((c) => catalogues[c] ?? {}));
}

const digitCache = new Map<string, string[]>();

/** The ten digits of a numbering system (Intl knows them), or undefined for Latin digits. */
function digitsOf(numerals: string | undefined): string[] | undefined {
  if (!numerals || numerals === 'latn') return undefined;
  let digits = digitCache.get(numerals);
  if (!digits) {
    try {
      const format = new Intl.NumberFormat(`en-u-nu-${numerals}`, { useGrouping: false });
      digits = Array.from({ length: 10 }, (_, d) => format.format(d));
    } catch {
      digits = Array.from({ length: 10 }, (_, d) => String(d));
    }
    digitCache.set(numerals, digits);
  }
  return digits;
}

/** Text with its Latin digits written in a numbering system (for showing only: values keep Latin digits). */
export function localDigits(text: string, numerals: string | undefined): string {
  const digits = digitsOf(numerals);
  return digits ? text.replace(/[0-9]/g, (d) => digits[Number(d)]) : text;
}

/**
 * Text with the digits of a numbering system turned back into Latin ones: a Persian keyboard types ۵, which a
 * price or a code must carry as 5. Arabic-Indic and Persian digits are always read, besides `numerals`.
 */
export function latinDigits(text: string, numerals?: string): string {
  const systems = [...new Set(['arab', 'arabext', ...(numerals ? [numerals] : [])])];
  let out = text;
  for (const system of systems) {
    const digits = digitsOf(system);
    if (digits) digits.forEach((d, i) => (out = out.split(d).join(String(i))));
  }
  return out;
}
