// What sp/addtone and sp/edittone check beyond the screen definition's rules (which the route runs through the
// engine first) and how they store a tone. Server-only checks: the files are the provider's own uploads, the
// catalogue exists (and fixes the relative period when the administrator says so), the ISRC is unused, and the
// caller price is valid (001 §5.1), and a wav sent for a field that states a wav format (ui.wav) has that format,
// read from the stored file's header as the browser read it from the chosen file. Each refusal names its field
// with a message key, like the engine's. The tone's fields are stored as its record says (records/tone.json
// through toneFields()): never named here one by one.
import type { Kysely, Transaction } from 'kysely';
import type { Database, Provider } from '../db/schema';
import type { Config } from './config';
import { engineFor, type Violation } from '../validation';
import { rulesOf, wavProblem } from '../../engine/files';
import { wavInfoOf } from './uploadedFiles';
import { toneFields } from './toneRecord';
import { insertToneIn, type ToneToInsert } from './tones';
import { audit, auditBy } from './audit';
import { submit } from '../lifecycle/lifecycle';
import { marks, NO_MARKS, STATUS, transcodeMark } from '../lifecycle/states';
import type { JobQueue, TranscodeJob } from '../jobs/queue';
import { withdrawPending, withPendingChange } from '../lifecycle/changes';
import { ApiError } from '../envelope';
import { RC } from '../returnCodes';
import { requestTranscode, unifiedMaster } from '../media/transcodes';
import type { DefinitionParams } from '../http/callParams';

type Db = Kysely<Database>;

/** The file map's keys (001 §3) and the form fields they come from, for field-level refusals. */
export const FILE_FIELDS: Record<string, string> = {
  webAuditon: 'webFile',
  aipPlay: 'ivrFile',
  hdPlay: 'hdFile',
  mediaPlay: 'mediaFile',
  image: 'image',
};

export function parseFileMap(text: unknown): Record<string, string> {
  if (typeof text !== 'string' || text === '') return {};
  try {
    const map = JSON.parse(text) as Record<string, unknown>;
    return Object.fromEntries(
      Object.entries(map ?? {}).filter(([k, v]) => k in FILE_FIELDS && typeof v === 'string' && v !== ''),
    ) as Record<string, string>;
  } catch {
    return {};
  }
}

/**
 * sp/iscallerpricevalid (001 §5.1, our design): what a caller price may look like is the shared price rule's,
 * through the engine (format, the decimals of page_price_form), so the route and the form never disagree on
 * it. Such a price is valid when it equals the price of a detail row of a tone tariff (priceGroupType 2).
 * Unless caller_price_must_match_tariff is '1' (a site's config.json may say so) it is also valid when the
 * rest of the tone form's rules accept it: the price rule's range (min_tone_price..max_tone_price) and the
 * form's callerPriceEqualsPrice check (same_skiza_price '1', or always on a site whose overlay says so, as
 * Kenya's does).
 */
export async function callerPriceValid(
  db: Db,
  site: string,
  config: Config,
  callerPrice: unknown,
  price: unknown,
): Promise<boolean> {
  const engine = engineFor(site);
  const text = typeof callerPrice === 'string' || typeof callerPrice === 'number' ? String(callerPrice) : '';
  const refusal = text === '' ? 'CommonRes.required' : engine.checkValue('price', text, { config });
  if (refusal !== null && refusal !== 'CommonRes.priceRange') return false;
  const rows = await db
    .selectFrom('tariff_details')
    .innerJoin('tariffs', 'tariffs.id', 'tariff_details.tariff_id')
    .select('tariff_details.price')
    .where('tariffs.price_group_type', '=', 2)
    .execute();
  if (rows.some((r) => r.price !== null && r.price !== '' && Number(r.price) === Number(text))) return true;
  if (config.caller_price_must_match_tariff === '1' || refusal !== null) return false;
  const form = { callerPrice: text, price: price === undefined || price === null ? '' : String(price) };
  return engine.check('rbtUploading', 'callerPriceEqualsPrice', { config, form }) === null;
}

export interface ServerChecks {
  providerId: number;
  config: Config;
  site: string;
  params: DefinitionParams;
  mode: 'add' | 'edit';
  toneId?: number;
}

export async function serverViolations(
  db: Db,
  c: ServerChecks,
): Promise<{ violations: Violation[]; relativeTime?: string }> {
  const out: Violation[] = [];
  const p = c.params;
  const files = parseFileMap(p.toneFile);
  const names = [...Object.values(files), ...(p.copyrightFile ? [String(p.copyrightFile)] : [])];
  if (names.length) {
    const rows = await db
      .selectFrom('uploaded_files')
      .select(['saved_filename', 'kind', 'info'])
      .where('provider_id', '=', c.providerId)
      .where('saved_filename', 'in', names)
      .execute();
    const owned = new Map(rows.map((r) => [r.saved_filename, r]));
    const fields = new Map(
      engineFor(c.site)
        .resolve('rbtUploading', { config: c.config, mode: c.mode, form: p })
        .fields.map((f) => [f.name, f]),
    );
    for (const [key, name] of Object.entries(files)) {
      const file = owned.get(name);
      if (!file) {
        out.push({ field: FILE_FIELDS[key], message: 'ToneForm.fileNotYours' });
        continue;
      }
      const ui = fields.get(FILE_FIELDS[key])?.ui;
      const problem = ui && file.kind === 'wav' ? wavProblem(wavInfoOf(file.info), rulesOf(ui)) : null;
      if (problem) out.push({ field: FILE_FIELDS[key], message: problem.key, params: problem.params });
    }
    if (p.copyrightFile && !owned.has(String(p.copyrightFile)))
      out.push({ field: 'copyrightFile', message: 'ToneForm.fileNotYours' });
  }
  let relativeTime: string | undefined;
  const catalogId = Number(c.mode === 'edit' ? p.newCatalogId : p.catalogID);
  if (p.catalogID !== undefined || p.newCatalogId !== undefined) {
    const cat = Number.isInteger(catalogId)
      ? await db
          .selectFrom('catalogues')
          .select(['id', 'relative_validity_period'])
          .where('id', '=', catalogId)
          .where('resource_type', '=', 1)
          .executeTakeFirst()
      : undefined;
    if (!cat) out.push({ field: 'catalogID', message: 'ToneForm.catalogMissing' });
    else if (c.config.admin_specify_relative_period === '1' && cat.relative_validity_period) {
      relativeTime = cat.relative_validity_period;
      if (p.relativeTime !== undefined && String(p.relativeTime) !== relativeTime)
        out.push({ field: 'relativeTime', message: 'ToneForm.relativeFixed' });
    }
  }
  if (c.mode === 'add' && c.config.support_isrc_check === '1' && p.isrc) {
    const taken = await db
      .selectFrom('tones')
      .select('id')
      .where('isrc', '=', String(p.isrc))
      .where('status', '!=', STATUS.deleted)
      .executeTakeFirst();
    if (taken) out.push({ field: 'isrc', message: 'ToneForm.isrcTaken' });
  }
  const owners = copyrightsOf(p);
  if (owners.length) {
    const ownerIds = owners.map((o) => o.company_id);
    const onSite = await db
      .selectFrom('copyright_companies as c')
      .innerJoin('providers as p', 'p.id', 'c.provider_id')
      .select('c.id')
      .where('p.site', '=', c.site)
      .where('c.id', 'in', ownerIds)
      .execute();
    const known = new Set(onSite.map((r) => r.id));
    for (const o of owners)
      if (!known.has(o.company_id)) out.push({ field: `${o.role}Company`, message: 'ToneForm.companyMissing' });
  }
  if (
    p.callerPrice !== undefined &&
    p.callerPrice !== '' &&
    !(await callerPriceValid(db, c.site, c.config, p.callerPrice, p.price))
  ) {
    out.push({ field: 'callerPrice', message: 'ToneForm.callerPriceInvalid' });
  }
  return { violations: out, relativeTime };
}

export const tagsOf = (p: DefinitionParams): string[] =>
  typeof p.tagNames === 'string' && p.tagNames !== ''
    ? p.tagNames
        .split(',')
        .map((t: string) => t.trim())
        .filter(Boolean)
    : [];

/** Copyright owners per role from the ids and dates sent (lyricCompanyID '3,5', lyricValidDay ...). */
export function copyrightsOf(p: DefinitionParams): Array<{ role: string; company_id: number; valid_day: string }> {
  const out: Array<{ role: string; company_id: number; valid_day: string }> = [];
  for (const role of ['lyric', 'tune', 'record']) {
    const sent = p[`${role}CompanyID`];
    const ids = typeof sent === 'string' ? sent.split(',').filter(Boolean) : [];
    for (const id of ids)
      if (/^\d+$/.test(id)) out.push({ role, company_id: Number(id), valid_day: String(p[`${role}ValidDay`] ?? '') });
  }
  return out;
}

export interface ToneWriter {
  providerId: number;
  providerCode: string;
  ip: string;
  now: number;
}

/**
 * Stores a new tone from sp/addtone's parameters (already validated): its record's written fields, the approval
 * state (believeCP '1' or '2' publishes at once, otherwise an 'add' change request waits for the operator), its
 * code, tags and copyright owners, and the audit entry, inside the caller's transaction (sp/addtone's own, or a
 * batch line's, which also records the line's result). A tone uploaded as one media file (uploadMode 2) is first
 * transcoded (media/transcodes.ts): it shows 'to be transcoded' and goes to the lifecycle once its files are made.
 */
export async function storeNewTone(
  tx: Transaction<Database>,
  a: {
    provider: Provider;
    params: DefinitionParams;
    relativeTime?: string;
    now: number;
    ip?: string;
    detail?: Record<string, unknown>;
    media: JobQueue<TranscodeJob>;
  },
) {
  const { provider: p, params, now } = a;
  const files = parseFileMap(params.toneFile);
  const master = unifiedMaster(params, files);
  // Inserted as an addition not yet on sale; the lifecycle puts it on sale at once or stages it for the operator
  // (after its transcode, when it has a master: until then no approval state is its).
  const tone = {
    ...toneFields().insertValues(params),
    provider_id: p.id,
    status: STATUS.new,
    ...(master ? NO_MARKS : marks('add')),
    tariff_price: '',
    order_times: 0,
    ...(a.relativeTime !== undefined ? { relative_time: a.relativeTime } : {}),
    tone_file: JSON.stringify(files),
    created_at: now,
    updated_at: now,
  } as unknown as ToneToInsert;
  // The system gives the tone its code (services/tones.ts); a short code is a field of its own.
  const { id, toneCode } = await insertToneIn(tx, tone);
  const tags = tagsOf(params);
  if (tags.length)
    await tx
      .insertInto('tags')
      .values(tags.map((name) => ({ provider_id: p.id, tone_id: id, name })))
      .execute();
  const owners = copyrightsOf(params);
  if (owners.length)
    await tx
      .insertInto('tone_copyrights')
      .values(owners.map((o) => ({ tone_id: id, ...o })))
      .execute();
  // With a master the change waits for its files (it goes to the operator once they are made); without one it is
  // sent now, and a trusted provider's applies at once. The audit entry says which.
  const outcome = master
    ? {
        transcode: await requestTranscode(
          tx,
          a.media,
          { provider: p, entityType: 'tone', entityId: id, kind: 'add', master },
          now,
        ),
      }
    : { trusted: (await submit(tx, 'tone', p, [{ id, kind: 'add' }], { now })) === 'applied' };
  await auditBy(tx, a, { action: 'addtone', entityType: 'tone', entityId: id, detail: { ...outcome, ...a.detail } });
  if ('transcode' in outcome)
    return { toneID: String(id), toneCode, status: STATUS.new, transcodeState: transcodeMark('waiting') };
  return { toneID: String(id), toneCode, status: outcome.trusted ? STATUS.normal : STATUS.new, transcodeState: '' };
}

/** The provider's own tone that sp/edittone may modify (not deleted), or undefined. */
export const editableTone = (db: Db, providerId: number, toneId: number) =>
  db
    .selectFrom('tones')
    .select(['id', 'status', 'details', 'tone_file', 'transcode_state'])
    .where('id', '=', toneId)
    .where('provider_id', '=', providerId)
    .where('status', '!=', STATUS.deleted)
    .executeTakeFirst();

/**
 * sp/edittone: the modification waits for approval (edit sends needApproved 1, 001 §4) as a 'modify' change
 * holding the edited fields as the record maps them (lifecycle/entities/tone.ts applies them on approval); the
 * tone stays on sale as it was and shows 'modification to be approved' meanwhile. Editing a tone whose addition
 * was refused resubmits its addition. A new media file (uploadMode 2) is transcoded first, the change staged with
 * the files once they are made; so is the tone's own master again when its last transcode failed and the edit
 * brings no other file (the provider's way to try once more).
 */
export async function requestToneEdit(
  db: Db,
  w: ToneWriter & {
    provider: Provider;
    tone: { id: number; status: string; details: string; tone_file: string; transcode_state: string };
    params: DefinitionParams;
    relativeTime?: string;
    media: JobQueue<TranscodeJob>;
  },
) {
  const { params, tone } = w;
  const files = parseFileMap(params.toneFile);
  const failed = [transcodeMark('failed'), transcodeMark('convertFailed')].includes(tone.transcode_state);
  const master =
    unifiedMaster(params, files) ??
    (failed && Object.keys(files).length === 0 ? parseFileMap(tone.tone_file).mediaPlay : undefined);
  const change: Record<string, unknown> = {
    ...toneFields().changeOf(params, tone.details),
    ...(w.relativeTime !== undefined ? { relativeTime: w.relativeTime } : {}),
    ...(Object.keys(files).length ? { toneFile: JSON.stringify(files) } : {}),
    reason: params.reason,
    tags: params.tagNames === undefined ? undefined : tagsOf(params),
    // The copyright owners as edited (all roles), when the form carries them: approval replaces the tone's.
    copyrights: ['lyricCompanyID', 'tuneCompanyID', 'recordCompanyID'].some((k) => params[k] !== undefined)
      ? copyrightsOf(params)
      : undefined,
  };
  await db.transaction().execute(async (tx) => {
    if (master) {
      // A tone never on sale: this is a new version of its addition, replacing one that waits (lifecycle.ts).
      const unborn = tone.status === STATUS.new;
      if (unborn) await withdrawPending(tx, 'tone', tone.id);
      // One change at a time: refused like a second change while one waits (961003).
      if ((await withPendingChange(tx, 'tone', [tone.id])).size) throw new ApiError(RC.changePending);
      const { toneFile: _files, ...rest } = change;
      void _files;
      await requestTranscode(
        tx,
        w.media,
        {
          provider: w.provider,
          entityType: 'tone',
          entityId: tone.id,
          kind: unborn ? 'add' : 'modify',
          master,
          payload: rest,
        },
        w.now,
      );
      // Nothing waits for the operator until the files are made.
      if (unborn) await tx.updateTable('tones').set(NO_MARKS).where('id', '=', tone.id).execute();
    } else {
      await submit(tx, 'tone', w.provider, [{ id: tone.id, kind: 'modify', payload: change }], {
        now: w.now,
        approval: true,
      });
    }
    await audit(tx, {
      providerId: w.providerId,
      actor: w.providerCode,
      action: 'edittone',
      entityType: 'tone',
      entityId: tone.id,
      ip: w.ip,
    });
  });
  if (master) w.media.wake();
}
