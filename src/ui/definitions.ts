// The browser's definition sources: the same JSON files the server reads from disk, bundled by Vite.
import { buildDefinitionSet, createEngine, type DefinitionSources, type Engine, type ScreenDef, type SiteId, SITES } from '../engine';

const screenFiles = import.meta.glob<ScreenDef>('../../screen-definitions/*.json', { eager: true, import: 'default' });
const variantFiles = import.meta.glob<Record<string, unknown>>('../../site-variants/*/*.json', { eager: true, import: 'default' });
const rulesFile = import.meta.glob<DefinitionSources['rules']>('../../schemas/rules.json', { eager: true, import: 'default' });

const baseName = (path: string) => path.split('/').pop()!.replace(/\.json$/, '');

function sources(): DefinitionSources {
  const screens: DefinitionSources['screens'] = {};
  for (const [path, def] of Object.entries(screenFiles)) screens[baseName(path)] = def;
  const overlays = Object.fromEntries(SITES.map((s) => [s, {}])) as DefinitionSources['overlays'];
  const siteConfig = Object.fromEntries(SITES.map((s) => [s, {}])) as DefinitionSources['siteConfig'];
  for (const [path, file] of Object.entries(variantFiles)) {
    const site = path.split('/').slice(-2)[0] as SiteId;
    const name = baseName(path);
    if (name === 'config') siteConfig[site] = (file as { values: Record<string, string> }).values;
    else overlays[site][name] = file;
  }
  return { screens, overlays, siteConfig, rules: Object.values(rulesFile)[0] };
}

const engines = new Map<SiteId, Engine>();

/** One engine per site variant, built on first use. */
export function engineFor(site: SiteId): Engine {
  let engine = engines.get(site);
  if (!engine) {
    engine = createEngine(buildDefinitionSet(sources(), site));
    engines.set(site, engine);
  }
  return engine;
}
