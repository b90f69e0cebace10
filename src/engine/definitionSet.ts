// A site's definition set: every base screen definition with the site's overlay applied, the shared rules, and
// the site's default operator configuration. Built from plain objects, so the browser (bundled JSON) and Node
// (files on disk, see fsLoader.ts) share it.
import { applyOverlay } from './overlay';
import type { RulesDoc } from './rules';
import type { Config, Overlay, ScreenDef, SiteId } from './types';

export interface DefinitionSources {
  screens: Record<string, ScreenDef>;
  overlays: Record<SiteId, Record<string, Overlay>>;
  siteConfig: Record<SiteId, Config>;
  rules: RulesDoc;
}

export interface DefinitionSet {
  site: SiteId;
  screens: Record<string, ScreenDef>;
  rules: RulesDoc;
  /** Default configuration of the site: generic defaults, then the site's own. */
  config: Config;
}

export function buildDefinitionSet(sources: DefinitionSources, site: SiteId): DefinitionSet {
  const overlays = sources.overlays[site] ?? {};
  const screens: Record<string, ScreenDef> = {};
  for (const [id, base] of Object.entries(sources.screens)) screens[id] = applyOverlay(base, overlays[id]);
  const config = site === 'generic' ? { ...sources.siteConfig.generic } : { ...sources.siteConfig.generic, ...sources.siteConfig[site] };
  return { site, screens, rules: sources.rules, config };
}
