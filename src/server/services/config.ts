// Operator configuration in layers, lowest first (docs/integrators.md, "Configuration layers"):
//   1. the key's default in schemas/config.schema.json
//   2. site-variants/generic/config.json
//   3. site-variants/<site>/config.json
//   4. the operator's deployment value (config table, site '*')
//   5. the operator's value for that site (config table, site id)
// The files are read at every start, so editing a site's config.json and restarting changes what its providers
// see unless the operator set the key; the table holds only what the operator set (npm run operator -- config).
import Ajv from 'ajv';
import type { Kysely } from 'kysely';
import { BASE_SITE, configLayers, type ConfigLayer, type DefinitionSources, type SiteId } from '../../engine';
import { loadConfigSchemaFromDisk, loadSourcesFromDisk } from '../../engine/fsLoader';
import type { ConfigSchema } from '../../engine/sources';
import type { Database } from '../db/schema';

export type Config = Record<string, string>;
/** The config table's site for the operator's deployment values. */
export const DEPLOYMENT = '*';

/** A value and the layer it comes from. */
export interface Explained {
  value: string;
  source: string;
}

const operatorSource = (site: string) =>
  site === DEPLOYMENT
    ? 'operator, deployment (config set without --site)'
    : `operator, site ${site} (config set --site ${site})`;

interface View {
  explained: Record<string, Explained>;
  /** Frozen, and the same object for as long as the site's values are the same (siteCache.ts keys by it). */
  config: Config;
}

/**
 * Reads configuration and keeps it until it changes. The operator CLI writes from another process, so the store
 * keeps the config table's generation (migration 030: a trigger counts every change) with what it read, and
 * reads the table again when the database holds another: the session lookup reads the generation with the
 * session (atGeneration), anything else asks the database first (forSite). A site whose values a change leaves
 * as they were keeps its very Config object, and with it everything derived from it.
 */
export class ConfigStore {
  private generation: number | undefined;
  private rows: Array<{ site: string; key: string; value: string }> = [];
  private reading: Promise<void> | undefined;
  private views = new Map<string, View>();
  private readonly checks = new Map<string, (value: string) => boolean>();

  constructor(
    private db: Kysely<Database>,
    private files: DefinitionSources = loadSourcesFromDisk(),
    private schema: ConfigSchema = loadConfigSchemaFromDisk(),
  ) {}

  /** The sites of site-variants/, the base first. */
  sites(): SiteId[] {
    return this.files.sites;
  }

  isSite(site: unknown): site is SiteId {
    return typeof site === 'string' && this.files.sites.includes(site);
  }

  description(key: string): string {
    return this.schema.properties[key]?.description ?? '';
  }

  /** Why a value cannot be stored for a key (unknown key, or the schema's type or pattern), or undefined. */
  refusal(key: string, value: string): string | undefined {
    const prop = this.schema.properties[key];
    if (!prop) return `unknown key ${key}: a key must be declared in schemas/config.schema.json first`;
    let check = this.checks.get(key);
    if (!check) {
      const validate = new Ajv({ strict: false }).compile(prop);
      check = (v) => validate(v) as boolean;
      this.checks.set(key, check);
    }
    const pattern = (prop as { pattern?: string }).pattern;
    return check(value) ? undefined : `${key} must match ${pattern ?? 'its schema'} (${this.description(key)})`;
  }

  /** The config table's generation now (one small query). */
  async currentGeneration(): Promise<number> {
    const row = await this.db
      .selectFrom('config_generation')
      .select('generation')
      .where('id', '=', 1)
      .executeTakeFirst();
    return Number(row?.generation ?? 0);
  }

  /** Reads the table again unless what is kept was read at `generation` or later (the number only grows). */
  private async sync(generation: number): Promise<void> {
    while (this.generation === undefined || this.generation < generation) {
      // Concurrent requests that saw the same new generation share one read.
      if (!this.reading) {
        this.reading = (async () => {
          // Read after the generation was seen: rows newer than it are at worst read again at the next change.
          const rows = await this.db.selectFrom('config').select(['site', 'key', 'value']).execute();
          this.rows = rows.map((r) => ({ ...r, value: r.value ?? '' }));
          const before = this.views;
          this.views = new Map();
          // A site whose values did not change keeps its object (and what was derived from it).
          for (const [site, view] of before) {
            const now = this.build(site);
            this.views.set(site, sameValues(now.config, view.config) ? view : now);
          }
          this.generation = generation;
        })().finally(() => (this.reading = undefined));
      }
      await this.reading;
    }
  }

  private build(site: string): View {
    const scopes = site === DEPLOYMENT ? [DEPLOYMENT] : [DEPLOYMENT, site];
    const layers: ConfigLayer[] = [
      ...configLayers(this.files, site === DEPLOYMENT ? BASE_SITE : site),
      ...scopes.map((scope) => ({
        source: operatorSource(scope),
        values: Object.fromEntries(this.rows.filter((r) => r.site === scope).map((r) => [r.key, r.value])),
      })),
    ];
    const explained: Record<string, Explained> = {};
    for (const layer of layers)
      for (const [k, v] of Object.entries(layer.values)) explained[k] = { value: v, source: layer.source };
    const config = Object.freeze(Object.fromEntries(Object.entries(explained).map(([k, e]) => [k, e.value])));
    return { explained, config };
  }

  private view(site: string): View {
    let v = this.views.get(site);
    if (!v) this.views.set(site, (v = this.build(site)));
    return v;
  }

  /** Every key with its value and the layer it comes from; without a site, the deployment's values before any site's own. */
  async explain(site?: SiteId): Promise<Record<string, Explained>> {
    await this.sync(await this.currentGeneration());
    return this.view(site ?? DEPLOYMENT).explained;
  }

  /** What a site's providers see now. */
  async forSite(site: SiteId): Promise<Config> {
    return this.atGeneration(site, await this.currentGeneration());
  }

  /** What a site's providers see at a generation just read from the database (with the session): no query unless it changed. */
  async atGeneration(site: SiteId, generation: number): Promise<Config> {
    await this.sync(generation);
    return this.view(site).config;
  }

  async set(key: string, value: string, site: string = DEPLOYMENT): Promise<void> {
    const now = Date.now();
    await this.db
      .insertInto('config')
      .values({ site, key, value, description: this.description(key), updated_at: now })
      .onConflict((oc) => oc.columns(['site', 'key']).doUpdateSet({ value, updated_at: now }))
      .execute();
  }

  /** Removes the operator's value, so the layers below apply again. False when there was none. */
  async unset(key: string, site: string = DEPLOYMENT): Promise<boolean> {
    const r = await this.db.deleteFrom('config').where('site', '=', site).where('key', '=', key).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }
}

function sameValues(a: Config, b: Config): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}

/** A numeric key's value; an unusable stored value falls back to the key's schema default. */
export function num(c: Config, key: string): number {
  const n = Number(c[key]);
  if (c[key] !== undefined && c[key] !== '' && Number.isFinite(n)) return n;
  const fallback = Number(loadSourcesFromDisk().configDefaults[key]);
  if (!Number.isFinite(fallback))
    throw new Error(`configuration key ${key} has no numeric default in schemas/config.schema.json`);
  return fallback;
}
