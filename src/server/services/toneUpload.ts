// What sp/addtone and sp/edittone check beyond the screen definition's rules (which the route runs through the
// engine first) and how they store a tone. Server-only checks: the files are the provider's own uploads, the
// catalogue exists (and fixes the relative period when the administrator says so), the ISRC is unused, and the
// caller price is valid (001 §5.1). Each refusal names its field with a message key, like the engine's.
import type { Kysely, Transaction } from 'kysely';
import type { Database, Provider } from '../db/schema';
import { insertToneIn } from './tones';
import { createChangeRequest } from './changeRequests';
import { audit } from './audit';
import type { Config } from './config';
import type { Violation } from '../validation';

type Db = Kysely<Database>;

/** The file map's keys (001 §3) and the form fields they come from, for field-level refusals. */
export const FILE_FIELDS: Record<string, string> = { webAuditon: 'webFile', aipPlay: 'ivrFile', hdPlay: 'hdFile', mediaPlay: 'mediaFile', image: 'image' };

export function parseFileMap(text: unknown): Record<string, string> {
  if (typeof text !== 'string' || text === '') return {};
  try {
    const map = JSON.parse(text) as Record<string, unknown>;
    return Object.fromEntries(Object.entries(map ?? {}).filter(([k, v]) => k in FILE_FIELDS && typeof v === 'string' && v !== '')) as Record<string, string>;
  } catch {
    return {};
  }
}

const money = (v: unknown) => (v === undefined || v === null || v === '' || Number.isNaN(Number(v)) ? null : Number(v).toFixed(2));

/**
 * sp/iscallerpricevalid (001 §5.1, our design): the caller price, to 2 decimals, is valid when it equals the
 * price of a detail row of a tone tariff (priceGroupType 2). Unless caller_price_must_match_tariff is '1' (a site's
 * config.json may say so) it is also valid when it lies within min_tone_price..max_tone_price and, with same_skiza_price '1',
 * equals the price.
 */
export async function callerPriceValid(db: Db, config: Config, callerPrice: unknown, price: unknown): Promise<boolean> {
  const cp = money(callerPrice);
  if (cp === null) return false;
  const rows = await db
    .selectFrom('tariff_details')
    .innerJoin('tariffs', 'tariffs.id', 'tariff_details.tariff_id')
    .select('tariff_details.price')
    .where('tariffs.price_group_type', '=', 2)
    .execute();
  if (rows.some((r) => money(r.price) === cp)) return true;
  if (config.caller_price_must_match_tariff === '1') return false;
  const n = Number(cp);
  if (n < Number(config.min_tone_price ?? 0) || n > Number(config.max_tone_price ?? Infinity)) return false;
  return config.same_skiza_price !== '1' || money(price) === cp;
}

export interface ServerChecks { providerId: number; config: Config; site: string; params: Record<string, any>; mode: 'add' | 'edit'; toneId?: number }

export async function serverViolations(db: Db, c: ServerChecks): Promise<{ violations: Violation[]; relativeTime?: string }> {
  const out: Violation[] = [];
  const p = c.params;
  const files = parseFileMap(p.toneFile);
  const names = [...Object.values(files), ...(p.copyrightFile ? [String(p.copyrightFile)] : [])];
  if (names.length) {
    const owned = new Set(
      (await db.selectFrom('uploaded_files').select('saved_filename').where('provider_id', '=', c.providerId).where('saved_filename', 'in', names).execute()).map((r) => r.saved_filename),
    );
    for (const [key, name] of Object.entries(files)) if (!owned.has(name)) out.push({ field: FILE_FIELDS[key], message: 'ToneForm.fileNotYours' });
    if (p.copyrightFile && !owned.has(String(p.copyrightFile))) out.push({ field: 'copyrightFile', message: 'ToneForm.fileNotYours' });
  }
  let relativeTime: string | undefined;
  const catalogId = Number(c.mode === 'edit' ? p.newCatalogId : p.catalogID);
  if (p.catalogID !== undefined || p.newCatalogId !== undefined) {
    const cat = Number.isInteger(catalogId)
      ? await db.selectFrom('catalogues').select(['id', 'relative_validity_period']).where('id', '=', catalogId).where('resource_type', '=', 1).executeTakeFirst()
      : undefined;
    if (!cat) out.push({ field: 'catalogID', message: 'ToneForm.catalogMissing' });
    else if (c.config.admin_specify_relative_period === '1' && cat.relative_validity_period) {
      relativeTime = cat.relative_validity_period;
      if (p.relativeTime !== undefined && String(p.relativeTime) !== relativeTime) out.push({ field: 'relativeTime', message: 'ToneForm.relativeFixed' });
    }
  }
  if (c.mode === 'add' && c.config.support_isrc_check === '1' && p.isrc) {
    const taken = await db.selectFrom('tones').select('id').where('isrc', '=', String(p.isrc)).where('status', '!=', '6').executeTakeFirst();
    if (taken) out.push({ field: 'isrc', message: 'ToneForm.isrcTaken' });
  }
  const owners = copyrightsOf(p);
  if (owners.length) {
    const known = new Set(
      (await db.selectFrom('copyright_companies as c').innerJoin('providers as p', 'p.id', 'c.provider_id').select('c.id').where('p.site', '=', c.site).where('c.id', 'in', owners.map((o) => o.company_id)).execute()).map((r) => r.id),
    );
    for (const o of owners) if (!known.has(o.company_id)) out.push({ field: `${o.role}Company`, message: 'ToneForm.companyMissing' });
  }
  if (p.callerPrice !== undefined && p.callerPrice !== '' && !(await callerPriceValid(db, c.config, p.callerPrice, p.price))) {
    out.push({ field: 'callerPrice', message: 'ToneForm.callerPriceInvalid' });
  }
  return { violations: out, relativeTime };
}

/** Form fields kept in tones.details (no column of their own). */
export const DETAIL_KEYS = ['lyricAuthor', 'melodyComposer', 'musicArranger', 'userToneCode', 'monthlyPrice', 'weeklyPrice', 'monthlyUserToneCode', 'weeklyUserToneCode', 'extendAbsoluteDateFlag', 'copyrightFile', 'uploadMode', 'uploadChannel', 'uploadType', 'crbtType'];
export const detailsOf = (p: Record<string, any>) => JSON.stringify(Object.fromEntries(DETAIL_KEYS.filter((k) => p[k] !== undefined && p[k] !== '').map((k) => [k, String(p[k])])));

export const tagsOf = (p: Record<string, any>): string[] => (typeof p.tagNames === 'string' && p.tagNames !== '' ? p.tagNames.split(',').map((t: string) => t.trim()).filter(Boolean) : []);

/** Copyright owners per role from the ids and dates sent (lyricCompanyID '3,5', lyricValidDay ...). */
export function copyrightsOf(p: Record<string, any>): Array<{ role: string; company_id: number; valid_day: string }> {
  const out: Array<{ role: string; company_id: number; valid_day: string }> = [];
  for (const role of ['lyric', 'tune', 'record']) {
    const ids = typeof p[`${role}CompanyID`] === 'string' ? p[`${role}CompanyID`].split(',').filter(Boolean) : [];
    for (const id of ids) if (/^\d+$/.test(id)) out.push({ role, company_id: Number(id), valid_day: String(p[`${role}ValidDay`] ?? '') });
  }
  return out;
}

export const numOrNull = (v: unknown) => (v === undefined || v === null || v === '' || v === '-1' || Number.isNaN(Number(v)) ? null : Number(v));

/**
 * Stores a new tone from sp/addtone's parameters (already validated): the tone, its code, tags, copyright owners,
 * the change request of a provider in the approval flow and the audit entry, inside the caller's transaction
 * (sp/addtone's own, or a batch line's, which also records the line's result). believeCP '1'/'2': the tone is
 * normal at once; otherwise it waits as 'addition to be approved'.
 */
export async function storeNewTone(tx: Transaction<Database>, a: { provider: Provider; params: Record<string, any>; relativeTime?: string; now: number; ip?: string; detail?: Record<string, unknown> }) {
  const { provider: p, params, now } = a;
  const trusted = p.believe_cp === '1' || p.believe_cp === '2';
  const files = parseFileMap(params.toneFile);
  const { id } = await insertToneIn(tx, {
    provider_id: p.id,
    tone_code: '',
    tone_name: String(params.toneName),
    singer_name: String(params.singerName),
    singer_sex: String(params.singerSex ?? '1'),
    status: trusted ? '1' : '0',
    approve_type: trusted ? '2' : '1',
    table_type: trusted ? '' : '1',
    ask_type: trusted ? '' : '1',
    refuse_reason: '',
    price: String(params.price ?? ''),
    caller_price: String(params.callerPrice ?? ''),
    total_price: String(params.totalPrice ?? ''),
    tariff_price: '',
    relative_time: a.relativeTime ?? String(params.relativeTime ?? ''),
    tone_valid_day: String(params.toneValidDay ?? ''),
    order_times: 0,
    language_id: numOrNull(params.contentLanguage),
    catalog_id: numOrNull(params.catalogID),
    price_group_id: numOrNull(params.priceGroupID),
    isrc: String(params.isrc ?? ''),
    mate_info: String(params.mateInfo ?? ''),
    info: String(params.toneInfo ?? ''),
    cut_flag: String(params.cutFlag ?? '0'),
    tone_file: JSON.stringify(files),
    additional_tone_info: typeof params.additionalToneInfo === 'string' && params.additionalToneInfo !== '' ? params.additionalToneInfo : '{}',
    upload_type: String(params.uploadType ?? '1'),
    details: detailsOf(params),
    created_at: now,
    updated_at: now,
  });
  // The short code is the tone code when given; otherwise the provider's code and the tone's id.
  const toneCode = params.userToneCode ? String(params.userToneCode) : `${p.code.slice(-3)}${String(id).padStart(7, '0')}`;
  await tx.updateTable('tones').set({ tone_code: toneCode }).where('id', '=', id).execute();
  const tags = tagsOf(params);
  if (tags.length) await tx.insertInto('tags').values(tags.map((name) => ({ provider_id: p.id, tone_id: id, name }))).execute();
  const owners = copyrightsOf(params);
  if (owners.length) await tx.insertInto('tone_copyrights').values(owners.map((o) => ({ tone_id: id, ...o }))).execute();
  if (!trusted) await createChangeRequest(tx, { entityType: 'tone', entityId: id, providerId: p.id, kind: 'add', now });
  await audit(tx, { providerId: p.id, actor: p.code, action: 'addtone', entityType: 'tone', entityId: id, detail: { trusted, ...a.detail }, ip: a.ip });
  return { toneID: String(id), toneCode, status: trusted ? '1' : '0' };
}
