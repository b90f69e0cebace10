// The interface languages as validate sees them (i18n/languages.json and every i18n/<code>.json): the list's own
// shape, a catalogue nobody lists or a listed language without one, fallbacks that name no language or go round
// in a circle, and each catalogue against the default language's: a language without a fallback is the end of its
// chain and must say everything the default says (an error per message it lacks), a language with one may be
// partial (its coverage is information), a key the default does not have is a mistake of its own (a typo: "did
// you mean"), and a message of the default that no definition, rule, record or source file names is reported as
// unused. Message keys a definition names are checked against the default where they are used (lint.ts).
import Ajv2020 from 'ajv/dist/2020';
import { childPath } from './jsonPath';
import { defaultLanguage, fallbackChain, messageBase, type LanguageList } from './languages';
import { closestName, didYouMean } from './names';
import type { Problem } from './problem';

export const LANGUAGE_LIST_FILE = 'i18n/languages.json';
const catalogueFile = (code: string) => `i18n/${code}.json`;

/** The message keys something names: literal strings, and prefixes of keys built at run time (`Status.${x}`). */
export interface KeyUses {
  strings: Set<string>;
  prefixes: string[];
  /** False when a file could not be read (its syntax error is reported): what it names is unknown. */
  complete?: boolean;
}

export interface LanguageLintInput {
  /** i18n/languages.json as read (undefined when missing or unreadable). */
  list: unknown;
  listSchema?: object;
  catalogueSchema?: object;
  /** Every catalogue file read, by its code (file name without .json). */
  catalogues: Record<string, Record<string, unknown>>;
  /** Every catalogue file there is, read or not (an unreadable one is reported by its syntax error). */
  files?: string[];
  uses: KeyUses;
}

export interface LanguageLintResult {
  problems: Problem[];
  /** One line per language with a fallback: how much of it is translated. */
  info: string[];
  /** The languages the definitions' keys are checked against where they are used: the default's catalogue. */
  reference: Record<string, Record<string, string>>;
  list?: LanguageList;
}

const messages = (catalogue: Record<string, unknown>) =>
  new Set(
    Object.keys(catalogue)
      .filter((k) => !k.startsWith('$') && typeof catalogue[k] === 'string')
      .map(messageBase),
  );

export function isUsed(key: string, uses: KeyUses): boolean {
  const base = messageBase(key);
  return uses.strings.has(key) || uses.strings.has(base) || uses.prefixes.some((p) => base.startsWith(p));
}

export function lintLanguages(input: LanguageLintInput): LanguageLintResult {
  const problems: Problem[] = [];
  const info: string[] = [];
  const problem = (file: string, path: string, reason: string, severity?: 'warning') =>
    problems.push({ file, path, reason, ...(severity ? { severity } : {}) });
  const ajv = new Ajv2020({ allErrors: true, strict: false });

  if (input.list === undefined) {
    problem(
      LANGUAGE_LIST_FILE,
      '$',
      'missing: the interface languages are listed here (see schemas/languages.schema.json)',
    );
    return { problems, info, reference: {} };
  }
  if (input.listSchema) {
    const validate = ajv.compile(input.listSchema);
    if (!validate(input.list)) {
      for (const e of validate.errors ?? [])
        problem(
          LANGUAGE_LIST_FILE,
          `$${e.instancePath.replace(/\//g, '.')}`,
          e.keyword === 'additionalProperties'
            ? `unknown key "${e.params.additionalProperty}"`
            : (e.message ?? e.keyword),
        );
      return { problems, info, reference: {} };
    }
  }
  const list = input.list as LanguageList;
  const codes = Object.keys(list.languages);
  const files = input.files ?? Object.keys(input.catalogues);

  // The list and the files name the same languages.
  for (const code of files)
    if (!codes.includes(code))
      problem(
        catalogueFile(code),
        '$',
        `a catalogue of no language: add "${code}" to ${LANGUAGE_LIST_FILE} (its name in itself, dir, locale and a fallback such as "${defaultLanguage(list)}")${didYouMean(code, codes).replace(' (', ', or ').replace(/\)$/, '')}`,
      );
  for (const code of codes) {
    const at = childPath('$.languages', code);
    if (!files.includes(code))
      problem(LANGUAGE_LIST_FILE, at, `no catalogue ${catalogueFile(code)}: a language is its file plus this entry`);
    const fallback = list.languages[code].fallback;
    if (fallback === undefined) continue;
    if (!codes.includes(fallback))
      problem(
        LANGUAGE_LIST_FILE,
        `${at}.fallback`,
        `falls back to "${fallback}", which the list does not have${didYouMean(fallback, codes)}`,
      );
    else if (fallback === code) problem(LANGUAGE_LIST_FILE, `${at}.fallback`, 'a language cannot fall back to itself');
    else {
      // Following the declared fallbacks from here must end somewhere, not come back.
      const seen = [code];
      let next: string | undefined = fallback;
      while (next !== undefined && codes.includes(next) && !seen.includes(next)) {
        seen.push(next);
        next = list.languages[next].fallback;
      }
      if (next !== undefined && seen.includes(next) && seen.indexOf(next) <= seen.indexOf(code))
        problem(
          LANGUAGE_LIST_FILE,
          `${at}.fallback`,
          `the fallbacks go round in a circle (${[...seen, next].join(' -> ')}): one language of a chain must have none`,
        );
    }
  }

  // Each catalogue's shape.
  if (input.catalogueSchema) {
    const validate = ajv.compile(input.catalogueSchema);
    for (const [code, catalogue] of Object.entries(input.catalogues))
      if (!validate(catalogue))
        for (const e of validate.errors ?? [])
          problem(
            catalogueFile(code),
            e.keyword === 'propertyNames' ? childPath('$', String(e.params.propertyName)) : `$${e.instancePath}`,
            e.keyword === 'propertyNames'
              ? `"${e.params.propertyName}" is not a message key (Namespace.name)`
              : (e.message ?? e.keyword),
          );
  }

  const root = defaultLanguage(list);
  const reference = input.catalogues[root] ?? {};
  const referenceMessages = messages(reference);
  const referenceKeys = Object.keys(reference).filter((k) => !k.startsWith('$'));

  for (const code of codes) {
    const own = input.catalogues[code];
    if (!own || code === root) continue;
    const file = catalogueFile(code);
    const has = messages(own);
    // Keys the default does not have: nothing asks for them (a misspelt key never shows).
    for (const key of Object.keys(own)) {
      if (key.startsWith('$') || referenceMessages.has(messageBase(key))) continue;
      const like = closestName(key, referenceKeys);
      problem(
        file,
        childPath('$', key),
        `"${key}" is no message of ${catalogueFile(root)}, so nothing shows it${like ? ` (did you mean "${like}"?)` : ''}`,
        'warning',
      );
    }
    const chain = fallbackChain(list, code);
    const declared = list.languages[code].fallback !== undefined && codes.includes(list.languages[code].fallback!);
    const translated = [...referenceMessages].filter((m) => has.has(m)).length;
    if (declared) {
      const rest = chain.slice(1).join(' -> ');
      info.push(
        `${file}: ${translated} of ${referenceMessages.size} messages translated; ${translated < referenceMessages.size ? `the rest fall back to ${rest}` : `complete (fallback ${rest})`}`,
      );
      continue;
    }
    // The end of its chain: every message, or the screen would show a key.
    for (const m of referenceMessages)
      if (!has.has(m))
        problem(
          file,
          '$',
          `message "${m}" is missing: ${code} has no fallback in ${LANGUAGE_LIST_FILE}, so it must have every message of ${catalogueFile(root)}`,
        );
  }

  // Messages nothing names (unknowable while a file of the tree cannot be read).
  if (input.uses.complete !== false)
    for (const key of referenceKeys)
      if (!isUsed(key, input.uses))
        problem(
          catalogueFile(root),
          childPath('$', key),
          `message "${key}" is used nowhere: no definition, rule, record or source file names it`,
          'warning',
        );

  return { problems, info, reference: { [root]: reference as Record<string, string> }, list };
}
