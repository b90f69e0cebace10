// The browser's definition sources: the same JSON files the server reads from disk, bundled by Vite from the
// tree vite.config.ts names (`@definitions`) and read by the engine's one loader, which discovers the sites from
// the folders of site-variants/ the build saw. The configuration schema (its defaults) stays out of the bundle:
// the browser's configuration is the server's, which layers the same files with those defaults underneath.
// The engine's parts are imported by path, not through the engine's index, so its validator (Ajv) stays out of
// a page until that page validates (./validator.ts).
import { buildDefinitionSet } from '../engine/definitionSet';
import { engineWith, type Engine } from '../engine/engine';
import { sourcesFromFiles } from '../engine/sources';
import type { SiteId } from '../engine/types';
import { lazyValidate } from './validator';

const sources = sourcesFromFiles(
  import.meta.glob(
    [
      '@definitions/screen-definitions/*.json',
      '@definitions/screen-definitions/{fragments,expressions}/*.json',
      '@definitions/site-variants/*/*.json',
      '@definitions/schemas/rules.json',
    ],
    { eager: true, import: 'default' },
  ),
);

/** Is this a site the portal was built with? A user of any other site gets an error page, not a broken screen. */
export const isBundledSite = (site: string): boolean => sources.sites.includes(site);

const engines = new Map<SiteId, Engine>();

/** One engine per site variant, built on first use; an unknown site throws (check isBundledSite first). It validates once loadValidator() has resolved. */
export function engineFor(site: SiteId): Engine {
  let engine = engines.get(site);
  if (!engine) {
    engine = engineWith(buildDefinitionSet(sources, site), lazyValidate);
    engines.set(site, engine);
  }
  return engine;
}
