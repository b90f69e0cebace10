// Node only: the whole definition tree as the linter sees it. Unlike fsLoader (which loads what the runtime
// serves), it reads every entry on disk, so what the runtime would silently skip is reported: JSON syntax
// errors with line and column, duplicate keys, stray files, folders of site-variants/ that are not sites (a site
// is a folder with a config.json), and files of those folders. Each problem keeps its position in its file.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { DefinitionSources } from './definitionSet';
import { PROJECT_ROOT } from './fsLoader';
import { parseJsonSource, type JsonSource, type Position } from './jsonSource';
import type { LintInput, Problem } from './lint';
import { closestName } from './names';

export interface DefinitionTree {
  /** Null when a file the linter cannot work without (schemas/) is unreadable: fileProblems says why. */
  input: LintInput | null;
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
} as const;

/** Hidden entries (.DS_Store, editor swap files) are the file system's business, not the integrator's. */
const listDir = (dir: string) => (existsSync(dir) ? readdirSync(dir).filter((n) => !n.startsWith('.')).sort() : []);
const isDir = (path: string) => statSync(path).isDirectory();

export function readDefinitionTree(root = PROJECT_ROOT): DefinitionTree {
  const fileProblems: Problem[] = [];
  const sources = new Map<string, JsonSource>();

  /** Parses one file; syntax errors and duplicate keys become problems. Undefined when it is not JSON. */
  const read = (file: string): unknown => {
    const source = parseJsonSource(readFileSync(join(root, file), 'utf8'));
    sources.set(file, source);
    if (source.syntaxError) fileProblems.push({ file, ...source.syntaxError, reason: `JSON syntax error: ${source.syntaxError.reason}` });
    for (const d of source.duplicateKeys) fileProblems.push({ file, ...d });
    return source.value;
  };
  const stray = (file: string, reason: string) => fileProblems.push({ file, path: '$', line: 1, column: 1, reason });

  const schemas = {} as Record<keyof typeof SCHEMAS, object>;
  for (const [key, name] of Object.entries(SCHEMAS)) schemas[key as keyof typeof SCHEMAS] = read(`schemas/${name}`) as object;
  const rules = read('schemas/rules.json');

  const catalogues: Record<string, Record<string, string>> = {};
  for (const name of listDir(join(root, 'i18n'))) {
    if (!name.endsWith('.json')) continue;
    const value = read(`i18n/${name}`);
    // An unreadable catalogue is reported once (its syntax error), not as every key missing from it.
    if (value && typeof value === 'object') catalogues[name.slice(0, -5)] = value as Record<string, string>;
  }

  const screens: Record<string, unknown> = {};
  const unreadableScreens = new Set<string>();
  for (const name of listDir(join(root, 'screen-definitions'))) {
    const file = `screen-definitions/${name}`;
    if (isDir(join(root, file))) stray(`${file}/`, 'a folder in screen-definitions/, which holds only <screen>.json files: its files are not read');
    else if (!name.endsWith('.json')) stray(file, 'not a screen definition (only <screen>.json files are read here), so it changes nothing');
    else {
      const value = read(file);
      if (value === undefined) unreadableScreens.add(name.slice(0, -5));
      else screens[name.slice(0, -5)] = value;
    }
  }

  const variants = join(root, 'site-variants');
  const folders = listDir(variants).filter((name) => {
    if (isDir(join(variants, name))) return true;
    stray(`site-variants/${name}`, 'a file directly in site-variants/, which holds only site folders (site-variants/<site>/): it is not read');
    return false;
  });
  const sites = folders.filter((name) => existsSync(join(variants, name, 'config.json')));
  const overlays: Record<string, Record<string, unknown>> = {};
  const siteConfig: Record<string, Record<string, string>> = {};
  const siteConfigDocs: Record<string, unknown> = {};
  for (const folder of folders) {
    const names = listDir(join(variants, folder));
    if (!sites.includes(folder)) {
      const like = closestName(folder, sites);
      const why = `folder "${folder}" has no config.json, so it is not a site and its files are not read${like ? ` (did you mean "${like}"?)` : ' (a site folder needs a config.json)'}`;
      if (names.length === 0) stray(`site-variants/${folder}/`, `empty ${why}`);
      for (const name of names) stray(`site-variants/${folder}/${name}`, why);
      continue;
    }
    overlays[folder] = {};
    for (const name of names) {
      const file = `site-variants/${folder}/${name}`;
      if (isDir(join(variants, folder, name))) { stray(`${file}/`, `a folder inside site "${folder}", whose overlays are <screen>.json files: its files are not read`); continue; }
      if (!name.endsWith('.json')) { stray(file, `not an overlay (only config.json and <screen>.json files are read in a site folder), so it changes nothing`); continue; }
      const value = read(file);
      if (name === 'config.json') {
        siteConfigDocs[folder] = value;
        siteConfig[folder] = (value as { values?: Record<string, string> } | undefined)?.values ?? {};
      } else if (value !== undefined) overlays[folder][name.slice(0, -5)] = value;
    }
  }

  const locate = (file: string, path: string) => sources.get(file)?.locate(path);
  const schemasOk = Object.values(schemas).every((s) => s && typeof s === 'object') && rules && typeof rules === 'object';
  if (!schemasOk) return { input: null, fileProblems, locate };
  return {
    input: {
      sources: { screens, overlays, siteConfig, rules } as unknown as DefinitionSources,
      sites,
      siteConfigDocs,
      unreadableScreens,
      schemas,
      catalogues,
    },
    fileProblems,
    locate,
  };
}
