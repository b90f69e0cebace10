import { createEngine, type SiteId } from '../../src/engine';
import { loadDefinitionSetFromDisk } from '../../src/engine/fsLoader';

/** Engines over the repository's own definitions, one per site. */
const cache = new Map<SiteId, ReturnType<typeof createEngine>>();
export function engineFor(site: SiteId = 'generic') {
  if (!cache.has(site)) cache.set(site, createEngine(loadDefinitionSetFromDisk(site)));
  return cache.get(site)!;
}
