// The one loader of the definition sources: it turns the project's JSON files (screen-definitions/*.json, the
// shared parts under screen-definitions/fragments/, expressions/ and records/, site-variants/<site>/*.json,
// schemas/rules.json, schemas/config.schema.json), keyed by their paths, into the
// sources every site's definition set is built from. Sites are discovered here, never listed in code: every
// folder of site-variants/ is a site and its name is the site id. Node reads the files from disk
// (fsLoader.ts), the browser gets them bundled by Vite (src/ui/definitions.ts); both hand them to this function,
// so the CLI, the server, the operator CLI and the portal agree on the sites and on what each one holds.
import type { ExpressionDoc, FragmentDoc } from './compose';
import type { RecordDoc } from './records';
import { BASE_SITE } from './baseSite';
import type { RulesDoc } from './rules';
import type { Config, Overlay, ScreenDef, SiteId } from './types';

export { BASE_SITE };
/** A site id is a folder name that is also safe in a URL, an environment variable and the providers.site column (16). */
export const SITE_ID_PATTERN = /^[a-z][a-z0-9_-]{0,15}$/;

/** Files relative to the project root ('site-variants/generic/config.json') or with any prefix before it. */
export type SourceFiles = Record<string, unknown>;

export interface DefinitionSources {
  /** Every site, the base first, then by name. */
  sites: SiteId[];
  /** Screen definitions as written (composition.ts expands their fragments and named expressions). */
  screens: Record<string, ScreenDef>;
  /** The file of each screen (screen-definitions/<id>.json, or in an application's folder: operator/<id>.json). */
  screenFiles: Record<string, string>;
  /** screen-definitions/fragments/<name>.json: what `{"$use": name}` stands for. */
  fragments: Record<string, FragmentDoc>;
  /** screen-definitions/expressions/<name>.json: what `{"$expr": name}` stands for. */
  expressions: Record<string, ExpressionDoc>;
  /** screen-definitions/records/<entity>.json: how an entity's fields are named on the wire and stored. */
  records: Record<string, RecordDoc>;
  overlays: Record<SiteId, Record<string, Overlay>>;
  /** The `values` of each site's config.json ({} when the site has none). */
  siteConfig: Record<SiteId, Config>;
  /** Sites whose folder has a config.json (every site must have one; the linter says so). */
  withConfigFile: SiteId[];
  /** The `default` of every key of schemas/config.schema.json: the bottom layer of every site's configuration. */
  configDefaults: Config;
  rules: RulesDoc;
}

export interface ConfigSchema {
  properties: Record<string, { default?: unknown; description?: string }>;
}

/** Folders of screen-definitions/ holding shared parts rather than screens. */
export const SHARED_FOLDERS = ['fragments', 'expressions', 'records'] as const;
/**
 * Folders of screen-definitions/ holding the screens of another application of the same engine: the operator
 * console's (src/ui/operator). Their screens are screens like any other, apart so that the provider's portal
 * bundles none of them.
 */
export const APP_FOLDERS = ['operator'] as const;
type SharedFolder = (typeof SHARED_FOLDERS)[number];

type Place =
  | { kind: 'screen'; name: string }
  | { kind: 'shared'; folder: SharedFolder; name: string }
  | { kind: 'overlay'; site: string; name: string }
  | { kind: 'rules' }
  | { kind: 'configSchema' };

/** Where a file belongs, from the last folder of the project tree its path names. */
function placeOf(path: string): Place | undefined {
  const parts = path.replace(/\\/g, '/').split('/');
  const file = parts[parts.length - 1];
  if (!file.endsWith('.json')) return undefined;
  const name = file.slice(0, -'.json'.length);
  const folder = parts[parts.length - 2];
  if (folder === 'screen-definitions') return { kind: 'screen', name };
  if (parts[parts.length - 3] === 'screen-definitions' && (APP_FOLDERS as readonly string[]).includes(folder))
    return { kind: 'screen', name };
  if (parts[parts.length - 3] === 'screen-definitions' && (SHARED_FOLDERS as readonly string[]).includes(folder))
    return { kind: 'shared', folder: folder as SharedFolder, name };
  if (parts[parts.length - 3] === 'site-variants') return { kind: 'overlay', site: folder, name };
  if (folder === 'schemas' && file === 'rules.json') return { kind: 'rules' };
  if (folder === 'schemas' && file === 'config.schema.json') return { kind: 'configSchema' };
  return undefined;
}

/** The site ids a set of paths names (site-variants/<site>/...), the base first. */
function sitesIn(paths: Iterable<string>, folders: Iterable<string> = []): SiteId[] {
  const found = new Set<string>(folders);
  for (const path of paths) {
    const place = placeOf(path);
    if (place?.kind === 'overlay') found.add(place.site);
  }
  return [...found].sort((a, b) => (a === BASE_SITE ? -1 : b === BASE_SITE ? 1 : a < b ? -1 : a > b ? 1 : 0));
}

/** The schema's defaults as configuration values (strings, as the operator's backend gives them). */
function configDefaultsOf(schema: ConfigSchema | undefined): Config {
  const out: Config = {};
  for (const [key, prop] of Object.entries(schema?.properties ?? {}))
    if (prop.default !== undefined) out[key] = String(prop.default);
  return out;
}

/**
 * Sources from files keyed by path. `folders` adds site folders that hold no JSON file yet (Node lists them from
 * disk), so the linter can name a folder that lacks its config.json.
 */
export function sourcesFromFiles(files: SourceFiles, folders: Iterable<string> = []): DefinitionSources {
  const sites = sitesIn(Object.keys(files), folders);
  const sources: DefinitionSources = {
    sites,
    screens: {},
    screenFiles: {},
    fragments: {},
    expressions: {},
    records: {},
    overlays: Object.fromEntries(sites.map((s) => [s, {}])),
    siteConfig: Object.fromEntries(sites.map((s) => [s, {}])),
    withConfigFile: [],
    configDefaults: {},
    rules: { rules: {} } as unknown as RulesDoc,
  };
  for (const path of Object.keys(files).sort()) {
    const place = placeOf(path);
    const json = files[path];
    if (!place) continue;
    if (place.kind === 'screen') {
      sources.screens[place.name] = json as ScreenDef;
      sources.screenFiles[place.name] = path.replace(/\\/g, '/').replace(/^.*?(screen-definitions\/)/, '$1');
    } else if (place.kind === 'shared') (sources[place.folder] as Record<string, unknown>)[place.name] = json;
    else if (place.kind === 'rules') sources.rules = json as RulesDoc;
    else if (place.kind === 'configSchema') sources.configDefaults = configDefaultsOf(json as ConfigSchema);
    else if (place.name === 'config') {
      sources.siteConfig[place.site] = (json as { values?: Config } | null)?.values ?? {};
      sources.withConfigFile.push(place.site);
    } else sources.overlays[place.site][place.name] = json as Overlay;
  }
  return sources;
}

/** One layer of a site's file configuration, named by where it comes from. */
export interface ConfigLayer {
  source: string;
  values: Config;
}

/** The file layers of a site's configuration, lowest first: schema defaults, generic, the site's own. */
export function configLayers(sources: DefinitionSources, site: SiteId): ConfigLayer[] {
  const layers: ConfigLayer[] = [
    { source: 'schemas/config.schema.json (default)', values: sources.configDefaults },
    { source: `site-variants/${BASE_SITE}/config.json`, values: sources.siteConfig[BASE_SITE] ?? {} },
  ];
  if (site !== BASE_SITE && sources.sites.includes(site))
    layers.push({ source: `site-variants/${site}/config.json`, values: sources.siteConfig[site] ?? {} });
  return layers;
}

/** A site's configuration from its files alone: its layers merged, the higher winning key by key. */
export const fileConfigOf = (sources: DefinitionSources, site: SiteId): Config =>
  Object.assign({}, ...configLayers(sources, site).map((l) => l.values)) as Config;

/** The file a screen is written in, for messages that name it. */
export const screenFileOf = (sources: Pick<DefinitionSources, 'screenFiles'>, id: string) =>
  sources.screenFiles[id] ?? `screen-definitions/${id}.json`;
