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

/** Reads configuration with a short cache: the operator CLI writes from another process. */
export class ConfigStore {
  private cache = new Map<string, { at: number; value: Record<string, Explained>; flat?: Config }>();
  private readonly checks = new Map<string, (value: string) => boolean>();

  constructor(
    private db: Kysely<Database>,
    private files: DefinitionSources = loadSourcesFromDisk(),
    private schema: ConfigSchema = loadConfigSchemaFromDisk(),
    private ttlMs = 2000,
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

  /** Every key with its value and the layer it comes from; without a site, the deployment's values before any site's own. */
  async explain(site?: SiteId): Promise<Record<string, Explained>> {
    const cacheKey = site ?? DEPLOYMENT;
    const hit = this.cache.get(cacheKey);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.value;
    const scopes = site === undefined ? [DEPLOYMENT] : [DEPLOYMENT, site];
    const rows = await this.db
      .selectFrom('config')
      .select(['site', 'key', 'value'])
      .where('site', 'in', scopes)
      .execute();
    const layers: ConfigLayer[] = [
      ...configLayers(this.files, site ?? BASE_SITE),
      ...scopes.map((scope) => ({
        source: operatorSource(scope),
        values: Object.fromEntries(rows.filter((r) => r.site === scope).map((r) => [r.key, r.value ?? ''])),
      })),
    ];
    const value: Record<string, Explained> = {};
    for (const layer of layers)
      for (const [k, v] of Object.entries(layer.values)) value[k] = { value: v, source: layer.source };
    this.cache.set(cacheKey, { at: Date.now(), value });
    return value;
  }

  /**
   * What a site's providers see: the same object while the layers are cached, so what is derived from a site's
   * configuration (the capability gate) can be kept per object and is rebuilt exactly when the configuration is.
   */
  async forSite(site: SiteId): Promise<Config> {
    const explained = await this.explain(site);
    const entry = this.cache.get(site);
    if (entry?.value === explained) {
      entry.flat ??= Object.freeze(Object.fromEntries(Object.entries(explained).map(([k, e]) => [k, e.value])));
      return entry.flat;
    }
    return Object.fromEntries(Object.entries(explained).map(([k, e]) => [k, e.value]));
  }

  async set(key: string, value: string, site: string = DEPLOYMENT): Promise<void> {
    const now = Date.now();
    await this.db
      .insertInto('config')
      .values({ site, key, value, description: this.description(key), updated_at: now })
      .onConflict((oc) => oc.columns(['site', 'key']).doUpdateSet({ value, updated_at: now }))
      .execute();
    this.cache.clear();
  }

  /** Removes the operator's value, so the layers below apply again. False when there was none. */
  async unset(key: string, site: string = DEPLOYMENT): Promise<boolean> {
    const r = await this.db.deleteFrom('config').where('site', '=', site).where('key', '=', key).executeTakeFirst();
    this.cache.clear();
    return Number(r.numDeletedRows) > 0;
  }
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
