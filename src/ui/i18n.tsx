// Translations: i18n/en.json and i18n/zh.json are flat maps of message keys to text with {name} parameters.
// Only the chosen language is loaded, in two parts (src/ui/i18nParts.mts): `core` before the app renders, `rest`
// when a screen asks for it with useCatalogue('rest') / <WithCatalogue>. The choice is remembered in localStorage.
import { messageText } from '../engine/messages';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

export type Language = 'en' | 'zh';
export type CataloguePart = 'core' | 'rest';
type Loader = () => Promise<{ default: Record<string, string> }>;

const loaders: Record<Language, Record<CataloguePart, Loader>> = {
  en: { core: () => import('virtual:i18n/en/core'), rest: () => import('virtual:i18n/en/rest') },
  zh: { core: () => import('virtual:i18n/zh/core'), rest: () => import('virtual:i18n/zh/rest') },
};
const catalogues: Record<Language, Record<string, string>> = { en: {}, zh: {} };
const loading = new Map<string, Promise<void>>();
const loaded = new Set<string>();
const STORAGE_KEY = 'portal.language';

export function loadCatalogue(language: Language, part: CataloguePart): Promise<void> {
  const id = `${language}/${part}`;
  let p = loading.get(id);
  if (!p) {
    p = loaders[language][part]().then((m) => {
      Object.assign(catalogues[language], m.default);
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
export function translate(language: Language, key: string, params?: Record<string, unknown>): string {
  return messageText({ language, own: catalogues[language], fallback: catalogues.en }, key, params);
}

export function storedLanguage(): Language {
  const saved = typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE_KEY);
  return saved === 'zh' ? 'zh' : 'en';
}

interface I18n {
  language: Language;
  setLanguage(l: Language): void;
  t(key: string, params?: Record<string, unknown>): string;
  /** Ask for a catalogue part; true once it is loaded for the current language. */
  needs(part: CataloguePart): boolean;
}
const I18nContext = createContext<I18n | null>(null);

export function I18nProvider({ children }: { children: ReactNode }) {
  const [language, setLanguageState] = useState<Language>(storedLanguage);
  const [parts, setParts] = useState<Set<CataloguePart>>(() => new Set(['core']));
  // Bumped whenever a part arrives, so `t` (and everything using it) renders again.
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let live = true;
    void ensure(language, parts).then(() => {
      if (live) setVersion((v) => v + 1);
    });
    return () => {
      live = false;
    };
  }, [language, parts]);

  useEffect(() => {
    document.documentElement.lang = language === 'zh' ? 'zh-CN' : 'en';
  }, [language]);

  const setLanguage = useCallback(
    (l: Language) => {
      localStorage.setItem(STORAGE_KEY, l);
      // Switch once the new language's parts are here, so the page never shows keys in between.
      void ensure(l, parts).then(() => setLanguageState(l));
    },
    [parts],
  );

  // `version` is a dependency on purpose: answers change when a part arrives.
  const needs = useCallback(
    (part: CataloguePart) => {
      if (!parts.has(part)) queueMicrotask(() => setParts((old) => (old.has(part) ? old : new Set([...old, part]))));
      return isLoaded(language, part);
    },
    [language, parts, version],
  ); // eslint-disable-line react-hooks/exhaustive-deps

  const t = useCallback(
    (key: string, params?: Record<string, unknown>) => translate(language, key, params),
    [language, version],
  ); // eslint-disable-line react-hooks/exhaustive-deps
  const value = useMemo(() => ({ language, setLanguage, t, needs }), [language, setLanguage, t, needs]);
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
