// Operator configuration per deployment (key/value in the config table). A provider sees the deployment's
// values ('*') with its own site's values on top. Seeded from site-variants/<site>/config.json (the lead's
// defaults, shared with the engine) plus the server's own keys below.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Insertable } from 'kysely';
import type { ConfigTable, Database } from '../db/schema';

export type Config = Record<string, string>;
export const SITES = ['generic', 'kenya', 'ais'] as const;
export type Site = (typeof SITES)[number];
export const isSite = (s: unknown): s is Site => typeof s === 'string' && (SITES as readonly string[]).includes(s);

const REPO_ROOT = join(__dirname, '..', '..', '..');

/** Keys the specs name that the site-variant files do not (yet) carry, and the server's own keys. */
export const SERVER_CONFIG_DEFAULTS: Record<string, { value: string; description: string }> = {
  maintenance_window: { value: '00:00-05:00', description: 'Write calls refused in this server-time window (HH:MM-HH:MM, may wrap midnight); empty switches it off.' },
  session_idle_timeout_minutes: { value: '30', description: 'A session ends after this many minutes without a request.' },
  session_absolute_timeout_hours: { value: '12', description: 'A session ends this many hours after login, active or not.' },
  login_max_failures: { value: '5', description: 'Consecutive wrong passwords before an account is locked.' },
  login_lock_minutes: { value: '15', description: 'How long an account (or address) stays locked.' },
  address_max_failures: { value: '20', description: 'Wrong passwords from one address within the lock period before it is blocked.' },
  dynamic_code_ttl_minutes: { value: '10', description: 'Lifetime of a forgot-password dynamic code.' },
  dynamic_code_resend_seconds: { value: '60', description: 'Minimum delay between two dynamic codes for one account.' },
  media_max_size_mb: { value: '10', description: 'Largest wav/3gp/mp4 upload (001 §5.2).' },
  image_max_size_mb: { value: '10', description: 'Largest jpg/gif/png upload (001 §5.2; another text says 500 KB).' },
  copyright_txt_max_size_mb: { value: '1', description: 'Largest copyright/batch txt upload (000 §5).' },
  uploadfile_max_size: { value: '200', description: 'Largest batch zip in MB (capped at 200).' },
  batch_zip_max_files: { value: '50', description: 'Most entries in a batch zip (001 §5.3).' },
  batch_zip_max_total_mb: { value: '400', description: 'Largest uncompressed size of all entries of a batch zip, in MB (each entry is held to media_max_size_mb).' },
  batch_zip_max_ratio: { value: '100', description: 'Largest compression ratio of a batch zip entry (a higher one is refused as a zip bomb).' },
  batch_sync_max_records: { value: '100', description: 'Batches of up to this many lines are answered with their per-line results at once; larger ones become a task (001 §5.3).' },
  batch_update_file_max_size_mb: { value: '10', description: 'Largest txt file of a batch update task (tones and singers), in MB.' },
  batch_max_lines: { value: '200000', description: 'Most data lines of one batch file.' },
  support_image_png: { value: '1', description: 'Accept png images besides jpg and gif.' },
  image_size_limit: { value: '0', description: '1: images must be exactly 350x350.' },
  support_isrc_check: { value: '0', description: '1: ISRC required and unique on add.' },
  shortcode_input_type: { value: '0', description: '1: short code required on the tone form.' },
  same_skiza_price: { value: '0', description: '1: caller price must equal the price.' },
  admin_specify_relative_period: { value: '0', description: "1: a catalogue's relative period is fixed by the administrator." },
  support_jockey_flag: { value: '0', description: '1: jockey tones (cutFlag) and rental price.' },
  support_auto_renewal: { value: '0', description: '1: auto renewal checkbox on tones.' },
  support_image_upload: { value: '1', description: '1: image upload on tones.' },
};

export function siteVariantValues(site: string): Config {
  const file = join(REPO_ROOT, 'site-variants', site, 'config.json');
  if (!existsSync(file)) return {};
  const json = JSON.parse(readFileSync(file, 'utf8')) as { values?: Config };
  return json.values ?? {};
}

/** Rows to seed: the deployment's values (generic file + server keys + the default site's file) and the per-site overrides. */
export function seedConfigRows(defaultSite: Site, now: number): Array<Insertable<ConfigTable>> {
  const base: Config = { ...Object.fromEntries(Object.entries(SERVER_CONFIG_DEFAULTS).map(([k, v]) => [k, v.value])), ...siteVariantValues('generic') };
  if (defaultSite !== 'generic') Object.assign(base, siteVariantValues(defaultSite));
  const rows = Object.entries(base).map(([key, value]) => ({ site: '*', key, value, description: SERVER_CONFIG_DEFAULTS[key]?.description ?? '', updated_at: now }));
  for (const site of SITES) {
    if (site === 'generic' || site === defaultSite) continue;
    for (const [key, value] of Object.entries(siteVariantValues(site))) rows.push({ site, key, value, description: '', updated_at: now });
  }
  // The generic variant's values are the deployment's unless the default site changed them: restore them for generic providers.
  if (defaultSite !== 'generic') {
    const generic = siteVariantValues('generic');
    for (const key of Object.keys(siteVariantValues(defaultSite))) if (key in generic) rows.push({ site: 'generic', key, value: generic[key], description: '', updated_at: now });
  }
  return rows;
}

/** Reads configuration with a short cache: the operator CLI writes from another process. */
export class ConfigStore {
  private cache = new Map<string, { at: number; value: Config }>();
  constructor(private db: Kysely<Database>, private ttlMs = 2000) {}

  async forSite(site: string): Promise<Config> {
    const hit = this.cache.get(site);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.value;
    const rows = await this.db.selectFrom('config').select(['site', 'key', 'value']).where('site', 'in', ['*', site]).execute();
    const value: Config = {};
    for (const r of rows) if (r.site === '*') value[r.key] = r.value;
    for (const r of rows) if (r.site !== '*') value[r.key] = r.value;
    this.cache.set(site, { at: Date.now(), value });
    return value;
  }

  async set(key: string, value: string, site = '*'): Promise<void> {
    const now = Date.now();
    await this.db
      .insertInto('config')
      .values({ site, key, value, description: SERVER_CONFIG_DEFAULTS[key]?.description ?? '', updated_at: now })
      .onConflict((oc) => oc.columns(['site', 'key']).doUpdateSet({ value, updated_at: now }))
      .execute();
    this.cache.clear();
  }
}

export const num = (c: Config, key: string, fallback: number): number => {
  const n = Number(c[key]);
  return c[key] !== undefined && c[key] !== '' && Number.isFinite(n) ? n : fallback;
};
