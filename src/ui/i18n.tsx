// Translations: i18n/en.json and i18n/zh.json are flat maps of message keys to text with {name} parameters.
// The chosen language is remembered in localStorage. Both catalogues are small, so both are bundled.
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import en from '../../i18n/en.json';
import zh from '../../i18n/zh.json';

export type Language = 'en' | 'zh';
const catalogues: Record<Language, Record<string, string>> = { en, zh };
const STORAGE_KEY = 'portal.language';

export function translate(language: Language, key: string, params?: Record<string, unknown>): string {
  const text = catalogues[language][key] ?? catalogues.en[key] ?? key;
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (params[name] === undefined ? whole : String(params[name])));
}

export function storedLanguage(): Language {
  const saved = typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE_KEY);
  return saved === 'zh' ? 'zh' : 'en';
}

interface I18n { language: Language; setLanguage(l: Language): void; t(key: string, params?: Record<string, unknown>): string }
const I18nContext = createContext<I18n | null>(null);

export function I18nProvider({ children }: { children: ReactNode }) {
  const [language, setLanguageState] = useState<Language>(storedLanguage);
  const setLanguage = useCallback((l: Language) => {
    localStorage.setItem(STORAGE_KEY, l);
    document.documentElement.lang = l === 'zh' ? 'zh-CN' : 'en';
    setLanguageState(l);
  }, []);
  const t = useCallback((key: string, params?: Record<string, unknown>) => translate(language, key, params), [language]);
  const value = useMemo(() => ({ language, setLanguage, t }), [language, setLanguage, t]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  const ctx = useContext(I18nContext);
  if (!ctx) throw new Error('useI18n outside I18nProvider');
  return ctx;
}
