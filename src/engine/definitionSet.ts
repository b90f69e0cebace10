// A site's definition set: every base screen definition with the site's overlay applied, the shared rules, and
// the site's configuration from its files (schema defaults, then generic, then the site's own). Built from
// plain objects (sources.ts), so the browser (bundled JSON) and Node (files on disk, see fsLoader.ts) share it.
import { applyOverlay } from './overlay';
import type { RulesDoc } from './rules';
import { fileConfigOf, type DefinitionSources } from './sources';
import type { Config, ScreenDef, SiteId } from './types';

export type { DefinitionSources } from './sources';

export interface DefinitionSet {
  site: SiteId;
  screens: Record<string, ScreenDef>;
  rules: RulesDoc;
  /** Configuration of the site from its files: schema defaults, then generic, then the site's own values. */
  config: Config;
}

export function buildDefinitionSet(sources: DefinitionSources, site: SiteId): DefinitionSet {
  if (!sources.sites.includes(site)) throw new Error(`unknown site "${site}" (sites: ${sources.sites.join(', ')})`);
  const overlays = sources.overlays[site] ?? {};
  const screens: Record<string, ScreenDef> = {};
  for (const [id, base] of Object.entries(sources.screens)) screens[id] = applyOverlay(base, overlays[id]);
  return { site, screens, rules: sources.rules, config: fileConfigOf(sources, site) };
}
