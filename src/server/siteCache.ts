// Values derived from a site's configuration, built once and reused until that configuration changes: what a
// request would otherwise recompute from the same definitions and values every time (which screens and calls a
// provider may use, a site's compiled rules, a login page's settings).
//
// ConfigStore (services/config.ts) hands out one frozen Config object per site for as long as the site's
// values stay the same; an operator's change (any process: the config table's generation, migration 030) gives
// the sites it changes a new object and leaves the others theirs. A value here is kept per site with the Config
// object it was built from, so it is rebuilt exactly when its site's configuration changed, on every server
// process, and never served after the change is committed (the request reads the generation with its session).
//
//   const gate = siteCache((site, config, flags) => capabilities(site, config, flags));
//   gate.get(session.provider.site, session.config, userFlagsKey)
//
// `key` separates values that also depend on something besides the site and its configuration (a user's flags,
// a mode): each key's value is built once. Keys are bounded (`maxKeys` a site, the oldest dropped first), so a key
// with many values costs rebuilding, never memory.
import type { Config } from './services/config';

export interface SiteCache<T> {
  /** The value for the site, its current configuration and the key: built on first use, then kept. */
  get(site: string, config: Config, key?: string): T;
  /** Forgets every value (tests; a definitions reload). */
  clear(): void;
}

export function siteCache<T>(
  build: (site: string, config: Config, key: string) => T,
  { maxKeys = 256 }: { maxKeys?: number } = {},
): SiteCache<T> {
  const bySite = new Map<string, { config: Config; values: Map<string, T> }>();
  return {
    get(site, config, key = '') {
      let entry = bySite.get(site);
      if (!entry || entry.config !== config) bySite.set(site, (entry = { config, values: new Map() }));
      if (entry.values.has(key)) return entry.values.get(key) as T;
      const value = build(site, config, key);
      if (entry.values.size >= maxKeys) entry.values.delete(entry.values.keys().next().value as string);
      entry.values.set(key, value);
      return value;
    },
    clear: () => bySite.clear(),
  };
}
