// The language of an answer: the session's language, else the request's Accept-Language, else the default (the
// first of i18n/languages.json). Which languages exist is read from that list, never written here.
import type { FastifyRequest } from 'fastify';
import {
  acceptedLanguage,
  defaultLanguage,
  languageCodes,
  matchLanguage,
  type LanguageList,
} from '../../engine/languages';
import { loadLanguagesFromDisk } from '../../engine/fsLoader';

/** An interface language's code: one of i18n/languages.json. */
export type Lang = string;

/** The interface languages of the tree the server serves (DEFINITIONS_ROOT or the repository). */
export const serverLanguages = (): LanguageList => loadLanguagesFromDisk();

/** Every language the server speaks, in the list's order. */
export const langCodes = (): string[] => languageCodes(serverLanguages());

export const defaultLang = (): Lang => defaultLanguage(serverLanguages());

/** The listed language a value names ('fa', 'zh-CN'), or undefined. */
export const parseLang = (value: unknown): Lang | undefined => matchLanguage(serverLanguages(), value);

export const headerLang = (req: FastifyRequest): Lang =>
  acceptedLanguage(serverLanguages(), req.headers['accept-language']) ?? defaultLang();
