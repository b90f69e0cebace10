// Translations: i18n/<code>.json are flat maps of message keys to text with {name} parameters, and
// i18n/languages.json lists the languages (virtual:languages, built from it: nothing here names a language).
// Only the chosen language is loaded, already resolved along its fallback chain, in two parts
// (src/ui/i18nParts.mts): `core` before the app renders, `rest` when a screen asks for it with
// useCatalogue('rest') / <WithCatalogue>. The choice is remembered in localStorage; the page takes the
// language's lang and dir, so a right-to-left language lays the whole portal out mirrored.
import { localDigits } from '../engine/languages';
import { messageText } from '../engine/messages';
import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { languages, loaders } from 'virtual:languages';
import { flatPart } from './i18nParts.mts';

/** A language code of i18n/languages.json. */
export type Language = string;
export type LanguageInfo = (typeof languages)[number];
export type CataloguePart = 'core' | 'rest';

export { languages };
const DEFAULT = languages[0];
const catalogues: Record<Language, Record<string, string>> = {};
const loading = new Map<string, Promise<void>>();
const loaded = new Set<string>();
const STORAGE_KEY = 'portal.language';

/** The list's entry of a language (the default's for a code the list does not have). */
export const languageInfo = (code: string): LanguageInfo => languages.find((l) => l.code === code) ?? DEFAULT;

export function loadCatalogue(language: Language, part: CataloguePart): Promise<void> {
  const code = languageInfo(language).code;
  const id = `${code}/${part}`;
  let p = loading.get(id);
  if (!p) {
    p = loaders[code][part]().then((m) => {
      Object.assign((catalogues[code] ??= {}), flatPart(m.default));
      loaded.add(id);
    });
    loading.set(id, p);
  }
  return p;
}

const isLoaded = (language: Language, part: CataloguePart) => loaded.has(`${language}/${part}`);
const ensure = (language: Language, parts: Iterable<CataloguePart>) =>
  Promise.all([...parts].map((part) => loadCatalogue(language, part)));

/** A key's text in a loaded catalogue (plural forms by a numeric `count`), or the key itself (a literal text passes through unchanged). */
function translate(language: Language, key: string, params?: Record<string, unknown>): string {
  const { numerals, dir } = languageInfo(language);
  return messageText({ language, own: catalogues[language] ?? {}, numerals, rtl: dir === 'rtl' }, key, params);
}

/** The list's language a tag names ('fa-IR' -> 'fa'), if any. */
function listed(tag: string | null | undefined): Language | undefined {
  if (!tag) return undefined;
  const t = tag.toLowerCase();
  return (languages.find((l) => l.code.toLowerCase() === t) ?? languages.find((l) => l.code === t.split('-')[0]))?.code;
}

/** The remembered choice, else the browser's first language the portal has, else the default. */
export function storedLanguage(): Language {
  const saved = typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE_KEY);
  const browser = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  return listed(saved) ?? browser.map(listed).find(Boolean) ?? DEFAULT.code;
}

/** The page's language and direction, so the browser lays out, hyphenates and reads aloud accordingly. */
export function applyToDocument(language: Language): void {
  const info = languageInfo(language);
  document.documentElement.lang = info.locale;
  document.documentElement.dir = info.dir;
}

interface I18n {
  language: Language;
  /** The language's entry of the list: direction, locale, digits. */
  info: LanguageInfo;
  setLanguage(l: Language): void;
  t(key: string, params?: Record<string, unknown>): string;
  /** A number or a text of digits as this language writes it (for showing only: values keep Latin digits). */
  digits(text: string | number): string;
  /** Ask for a catalogue part; true once it is loaded for the current language. */
  needs(part: CataloguePart): boolean;
}
const I18nContext = createContext<I18n | null>(null);

export function I18nProvider({ children }: { children: ReactNode }) {
  const [language, setLanguageState] = useState<Language>(storedLanguage);
  // The parts asked for so far: a ref, not state, since asking changes nothing on screen until the part is in.
  const parts = useRef(new Set<CataloguePart>(['core']));
  // Bumped whenever a part arrives, so `t` (and everything using it) renders again.
  const [version, setVersion] = useState(0);
  // A part arriving renders the whole app again: as a transition, in slices, not one long task.
  const arrive = useCallback((language: Language, wanted: Iterable<CataloguePart>) => {
    void ensure(language, wanted).then(() => startTransition(() => setVersion((v) => v + 1)));
  }, []);

  // What this render showed without: the parts main.tsx loads before the first render are usually in already, and
  // then nothing waits and nothing renders again.
  const complete = [...parts.current].every((part) => isLoaded(language, part));
  useEffect(() => {
    if (!complete) arrive(language, parts.current);
  }, [arrive, complete, language]);
  useEffect(() => applyToDocument(language), [language]);

  const setLanguage = useCallback((l: Language) => {
    localStorage.setItem(STORAGE_KEY, l);
    // Switch once the new language's parts are here, so the page never shows keys in between.
    void ensure(l, parts.current).then(() => setLanguageState(l));
  }, []);

  const needs = useCallback(
    (part: CataloguePart) => {
      if (!parts.current.has(part)) {
        parts.current.add(part);
        if (!isLoaded(language, part)) arrive(language, [part]);
      }
      return isLoaded(language, part);
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `version`: the answer changes when a part arrives
    [arrive, language, version],
  );

  const t = useCallback(
    (key: string, params?: Record<string, unknown>) => translate(language, key, params),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `version`: a new function when a part arrives re-renders the texts
    [language, version],
  );
  const value = useMemo(() => {
    const info = languageInfo(language);
    const digits = (text: string | number) => localDigits(String(text), info.numerals);
    return { language, info, setLanguage, t, digits, needs };
  }, [language, setLanguage, t, needs]);
  if (!isLoaded(language, 'core')) return null;
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  const ctx = useContext(I18nContext);
  if (!ctx) throw new Error('useI18n outside I18nProvider');
  return ctx;
}

/** Render children once a catalogue part is loaded (screens beyond the login page wrap themselves in it). */
export function WithCatalogue({
  part,
  fallback = null,
  children,
}: {
  part: CataloguePart;
  fallback?: ReactNode;
  children: ReactNode;
}) {
  const ready = useI18n().needs(part);
  return <>{ready ? children : fallback}</>;
}
