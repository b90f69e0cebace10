// Node only: the whole definition tree as the linter sees it. The sources are built by the one loader
// (sources.ts) from the same files and site folders fsLoader gives the runtime, so the sites validated are the
// sites served; but every entry on disk is read here, so what the runtime would silently skip is reported: JSON
// syntax errors with line and column, duplicate keys, and stray files (anything the loader does not read). Each
// problem keeps its position in its file.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PROJECT_ROOT, siteFoldersOnDisk } from './fsLoader';
import { parseJsonSource, type JsonSource, type Position } from './jsonSource';
import type { LintInput, Problem } from './lint';
import type { KeyUses, LanguageLintInput } from './lintLanguages';
import { didYouMean } from './names';
import { APP_FOLDERS, SHARED_FOLDERS, sourcesFromFiles, type SourceFiles } from './sources';

export interface DefinitionTree {
  /** Null when a file the linter cannot work without (schemas/) is unreadable: fileProblems says why. */
  input: LintInput | null;
  /** The language list and every catalogue, with the message keys definitions and source files name. */
  languages: LanguageLintInput;
  fileProblems: Problem[];
  /** Line and column of a JSON path in a file of the tree (relative, with /), when the file was read. */
  locate(file: string, path: string): Position | undefined;
}

const SCHEMAS = {
  definition: 'screen-definition.schema.json',
  overlay: 'overlay.schema.json',
  rules: 'rules.schema.json',
  config: 'config.schema.json',
  siteConfig: 'site-config.schema.json',
  fragment: 'fragment.schema.json',
  expression: 'expression.schema.json',
  record: 'record.schema.json',
} as const;
/** Schemas the others refer to by $id. */
const SHARED_SCHEMAS = ['logic.schema.json', 'placeholder.schema.json'];
const GLOSSARY = 'glossary.json';
const LANGUAGES = 'languages.json';
/** The portal's source code: where message keys are named in code (the repository's, whatever tree is read). */
const CODE_ROOT = resolve(__dirname, '../..');

/** Files of a folder, recursively, whose names end in one of `ends`. */
function sourceFiles(dir: string, ends: string[]): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path, ends);
    return ends.some((end) => e.name.endsWith(end)) ? [path] : [];
  });
}

const KEY_LITERAL = /['"`]([A-Za-z][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)+)['"`]/g;
/** `Status.${x}`, 'Status.' + x: a key built at run time, known by its start. */
const KEY_PREFIX = /[`'"]([A-Z][A-Za-z0-9_]*\.[A-Za-z0-9_.]*)(?:\$\{|['"]\s*\+)/g;

/** The message keys the portal's source names (literals and run-time prefixes), and every string of the tree's JSON. */
function keyUses(files: SourceFiles): KeyUses {
  const strings = new Set<string>();
  const prefixes = new Set<string>();
  const collect = (v: unknown): void => {
    if (typeof v === 'string') strings.add(v);
    else if (Array.isArray(v)) v.forEach(collect);
    else if (v && typeof v === 'object') Object.values(v).forEach(collect);
  };
  Object.values(files).forEach(collect);
  // The portal's code, and the e2e harness's definitions (screens built only to test the widgets, on these catalogues).
  const code = [
    ...sourceFiles(join(CODE_ROOT, 'src'), ['.ts', '.tsx', '.mts']),
    ...sourceFiles(join(CODE_ROOT, 'test', 'e2e', 'harness'), ['.json']),
  ];
  for (const file of code) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(KEY_LITERAL)) strings.add(m[1]);
    for (const m of text.matchAll(KEY_PREFIX)) prefixes.add(m[1]);
  }
  return { strings, prefixes: [...prefixes] };
}

/** Hidden entries (.DS_Store, editor swap files) are the file system's business, not the integrator's. */
const listDir = (dir: string) =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((n) => !n.startsWith('.'))
        .sort()
    : [];
const isDir = (path: string) => statSync(path).isDirectory();

export function readDefinitionTree(root = PROJECT_ROOT): DefinitionTree {
  const fileProblems: Problem[] = [];
  const parsed = new Map<string, JsonSource>();
  /** What the loader reads, by path, as it would read it. */
  const files: SourceFiles = {};

  /** Parses one file; syntax errors and duplicate keys become problems. Undefined when it is not JSON. */
  const read = (file: string): unknown => {
    const source = parseJsonSource(readFileSync(join(root, file), 'utf8'));
    parsed.set(file, source);
    if (source.syntaxError)
      fileProblems.push({ file, ...source.syntaxError, reason: `JSON syntax error: ${source.syntaxError.reason}` });
    for (const d of source.duplicateKeys) fileProblems.push({ file, ...d });
    return source.value;
  };
  const stray = (file: string, reason: string) => fileProblems.push({ file, path: '$', line: 1, column: 1, reason });

  const schemas = {} as Record<keyof typeof SCHEMAS, object>;
  for (const [key, name] of Object.entries(SCHEMAS))
    schemas[key as keyof typeof SCHEMAS] = read(`schemas/${name}`) as object;
  const shared = SHARED_SCHEMAS.map((name) => read(`schemas/${name}`) as object);
  const rules = read('schemas/rules.json');
  files['schemas/rules.json'] = rules;
  files['schemas/config.schema.json'] = schemas.config;

  const catalogues: Record<string, Record<string, string>> = {};
  const languageList = existsSync(join(root, 'i18n', LANGUAGES)) ? read(`i18n/${LANGUAGES}`) : undefined;
  const listSchema = existsSync(join(root, 'schemas', 'languages.schema.json'))
    ? (read('schemas/languages.schema.json') as object)
    : undefined;
  const catalogueSchema = read('schemas/i18n.schema.json') as object | undefined;
  for (const name of listDir(join(root, 'i18n'))) {
    // glossary.json is the portal's words for translators (test/ui/glossary.test.ts holds the catalogues to it), and
    // languages.json the list of languages: neither is a language.
    if (!name.endsWith('.json') || name === GLOSSARY || name === LANGUAGES) continue;
    const value = read(`i18n/${name}`);
    // An unreadable catalogue is reported once (its syntax error), not as every key missing from it.
    if (value && typeof value === 'object') catalogues[name.slice(0, -5)] = value as Record<string, string>;
  }

  const unreadableScreens = new Set<string>();
  const sharedFolders: readonly string[] = [...SHARED_FOLDERS, ...APP_FOLDERS];
  for (const name of listDir(join(root, 'screen-definitions'))) {
    const file = `screen-definitions/${name}`;
    if (isDir(join(root, file))) {
      if (!sharedFolders.includes(name))
        stray(
          `${file}/`,
          `a folder in screen-definitions/, which holds <screen>.json files and the folders ${sharedFolders.join(', ')}: its files are not read${didYouMean(name, sharedFolders)}`,
        );
      else readShared(name);
    } else if (!name.endsWith('.json'))
      stray(file, 'not a screen definition (only <screen>.json files are read here), so it changes nothing');
    else {
      const value = read(file);
      if (value === undefined) unreadableScreens.add(name.slice(0, -5));
      else files[file] = value;
    }
  }

  function readShared(folder: string) {
    for (const name of listDir(join(root, 'screen-definitions', folder))) {
      const file = `screen-definitions/${folder}/${name}`;
      if (isDir(join(root, file)))
        stray(
          `${file}/`,
          `a folder inside screen-definitions/${folder}/, which holds only <name>.json files: its files are not read`,
        );
      else if (!name.endsWith('.json'))
        stray(file, `not read: screen-definitions/${folder}/ holds only <name>.json files`);
      else {
        const value = read(file);
        if (value !== undefined) files[file] = value;
      }
    }
  }

  // Every folder of site-variants/ is a site (the loader's rule); lint.ts says what a site folder lacks.
  const folders = siteFoldersOnDisk(root);
  for (const name of listDir(join(root, 'site-variants'))) {
    if (!folders.includes(name))
      stray(
        `site-variants/${name}`,
        'a file directly in site-variants/, which holds only site folders (site-variants/<site>/): it is not read',
      );
  }
  const siteConfigDocs: Record<string, unknown> = {};
  for (const folder of folders) {
    for (const name of listDir(join(root, 'site-variants', folder))) {
      const file = `site-variants/${folder}/${name}`;
      if (isDir(join(root, file))) {
        stray(
          `${file}/`,
          `a folder inside site "${folder}", whose overlays are <screen>.json files: its files are not read`,
        );
        continue;
      }
      if (!name.endsWith('.json')) {
        stray(
          file,
          `not an overlay (only config.json and <screen>.json files are read in a site folder), so it changes nothing`,
        );
        continue;
      }
      const value = read(file);
      if (name === 'config.json') {
        siteConfigDocs[folder] = value;
        // An unreadable config.json is still there (its syntax error is the one problem), with no values.
        files[file] = value ?? null;
      } else if (value !== undefined) files[file] = value;
    }
  }

  const locate = (file: string, path: string) => parsed.get(file)?.locate(path);
  const isObject = (v: unknown) => !!v && typeof v === 'object';
  const languages: LanguageLintInput = {
    list: languageList,
    listSchema,
    catalogueSchema: isObject(catalogueSchema) ? catalogueSchema : undefined,
    catalogues,
    files: listDir(join(root, 'i18n'))
      .filter((n) => n.endsWith('.json') && n !== GLOSSARY && n !== LANGUAGES)
      .map((n) => n.slice(0, -5)),
    uses: { ...keyUses(files), complete: [...parsed.values()].every((s) => !s.syntaxError) },
  };
  if (![...Object.values(schemas), ...shared, rules].every(isObject))
    return { input: null, languages, fileProblems, locate };
  return {
    languages,
    input: {
      sources: sourcesFromFiles(files, folders),
      siteConfigDocs,
      unreadableScreens,
      schemas: { ...schemas, shared },
      catalogues,
    },
    fileProblems,
    locate,
  };
}
