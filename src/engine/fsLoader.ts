// Node only: reads screen-definitions/, site-variants/ and schemas/ from disk and hands them to the one loader
// (sources.ts). The browser gets the same files bundled by Vite (src/ui/definitions.ts). Not exported from
// index.ts so the browser bundle never sees fs.
import { readdirSync, readFileSync, existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildDefinitionSet } from './definitionSet';
import {
  APP_FOLDERS,
  SHARED_FOLDERS,
  sourcesFromFiles,
  type ConfigSchema,
  type DefinitionSources,
  type SourceFiles,
} from './sources';
import { catalogueFor, fallbackChain, type LanguageList } from './languages';
import type { SiteId } from './types';

/**
 * The tree the definitions, site variants, schemas and catalogues are read from: the repository, or the one
 * DEFINITIONS_ROOT names (an integrator's copy; the throwaway-site test points the CLI, the server and the
 * build at a temporary copy this way).
 */
export const PROJECT_ROOT = process.env.DEFINITIONS_ROOT
  ? resolve(process.env.DEFINITIONS_ROOT)
  : resolve(__dirname, '../..');

function readJson(path: string): any {
  return JSON.parse(readFileSync(path, 'utf8'));
}

const jsonNames = (dir: string) =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((n) => n.endsWith('.json'))
        .sort()
    : [];

/** The folders of site-variants/: each is a site, whatever it holds. */
export function siteFoldersOnDisk(root = PROJECT_ROOT): string[] {
  const dir = join(root, 'site-variants');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((n) => !n.startsWith('.') && statSync(join(dir, n)).isDirectory())
    .sort();
}

/** Every file the loader reads, keyed by its path relative to the root. */
function sourceFilesOnDisk(root = PROJECT_ROOT): SourceFiles {
  const files: SourceFiles = {};
  const add = (rel: string) => {
    files[rel] = readJson(join(root, rel));
  };
  for (const name of jsonNames(join(root, 'screen-definitions'))) add(`screen-definitions/${name}`);
  for (const folder of [...SHARED_FOLDERS, ...APP_FOLDERS])
    for (const name of jsonNames(join(root, 'screen-definitions', folder))) add(`screen-definitions/${folder}/${name}`);
  for (const site of siteFoldersOnDisk(root))
    for (const name of jsonNames(join(root, 'site-variants', site))) add(`site-variants/${site}/${name}`);
  add('schemas/rules.json');
  add('schemas/config.schema.json');
  return files;
}

const cache = new Map<string, DefinitionSources>();

/** The sources of a tree, read once per process (the server and CLIs read them at start). */
export function loadSourcesFromDisk(root = PROJECT_ROOT): DefinitionSources {
  let sources = cache.get(root);
  if (!sources) {
    sources = sourcesFromFiles(sourceFilesOnDisk(root), siteFoldersOnDisk(root));
    cache.set(root, sources);
  }
  return sources;
}

/**
 * The sources the provider's portal bundles (src/ui/definitions.ts): none of the screens of another application's
 * folder (APP_FOLDERS: the operator console's). For measuring what a portal page starts from (bench/engine.ts).
 */
export function loadPortalSourcesFromDisk(root = PROJECT_ROOT): DefinitionSources {
  const appFolders = APP_FOLDERS.map((folder) => `screen-definitions/${folder}/`);
  const files = Object.entries(sourceFilesOnDisk(root)).filter(([rel]) => !appFolders.some((f) => rel.startsWith(f)));
  return sourcesFromFiles(Object.fromEntries(files), siteFoldersOnDisk(root));
}

/** The sites of a tree: one per folder of site-variants/, generic first. */
export const siteIds = (root = PROJECT_ROOT): SiteId[] => loadSourcesFromDisk(root).sites;

export function loadDefinitionSetFromDisk(site: SiteId, root = PROJECT_ROOT) {
  return buildDefinitionSet(loadSourcesFromDisk(root), site);
}

/** schemas/config.schema.json: every configuration key with its type, default and description. */
export const loadConfigSchemaFromDisk = (root = PROJECT_ROOT): ConfigSchema =>
  readJson(join(root, 'schemas', 'config.schema.json'));

const languageLists = new Map<string, LanguageList>();

/** i18n/languages.json: the interface languages (read once per process; every start reads it afresh). */
export function loadLanguagesFromDisk(root = PROJECT_ROOT): LanguageList {
  let list = languageLists.get(root);
  if (!list) {
    list = readJson(join(root, 'i18n', 'languages.json')) as LanguageList;
    languageLists.set(root, list);
  }
  return list;
}

/** A language's own catalogue, i18n/<code>.json ({} when the file is missing). */
export function loadOwnCatalogueFromDisk(code: string, root = PROJECT_ROOT): Record<string, string> {
  const file = join(root, 'i18n', `${code}.json`);
  return existsSync(file) ? (readJson(file) as Record<string, string>) : {};
}

/** A language's catalogue resolved along its fallback chain (languages.ts). */
export function loadCatalogueFromDisk(code: string, root = PROJECT_ROOT): Record<string, string> {
  const list = loadLanguagesFromDisk(root);
  return catalogueFor(
    list,
    code,
    Object.fromEntries(fallbackChain(list, code).map((c) => [c, loadOwnCatalogueFromDisk(c, root)])),
  );
}
