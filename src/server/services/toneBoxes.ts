// Music boxes (tone boxes: a music package or a music disc of tones; 000 §2-§5, 001 §2.5, §3, §5.4): the checks
// only the server can make, and how the boxes are stored, changed through approval, listed and read. The form's
// rules run first, through the engine, with what the server looked up itself (boxFacts). Every function takes
// the provider and touches only what that provider may use, so a foreign box or tone is simply "not found"
// (950005). One exception is the spec's own: a music-disc super SP (000 §6) builds discs from any provider's
// tones on its site, chosen through the CP filter (sp/querycpinfo operate 1).
import { randomBytes } from 'node:crypto';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { RecordFilterDef } from '../../engine';
import type { Database, Provider } from '../db/schema';
import type { Config } from './config';
import type { Violation } from '../validation';
import { ApiError, orNotFound } from '../envelope';
import { RC } from '../returnCodes';
import { audit } from './audit';
import { isSuperSP } from './providers';
import { toneBoxFields } from './toneBoxRecord';
import { submit } from '../lifecycle/lifecycle';
import { pendingCount } from '../lifecycle/changes';
import { setBoxTones, TONE_BOX } from '../lifecycle/entities/toneBox';
import { marks, STATUS, waiting, wireMarks, type Marks } from '../lifecycle/states';
import { pageRange, type PageRange, countRows } from '../db/paging';
import { compareColumn } from '../db/recordFilter';
import { stateWhere } from '../http/listOrder';
import type { Lang } from '../returnCodes';
import { namesIn } from './translations';
import type { DefinitionParams } from '../http/callParams';

type Db = Kysely<Database>;
type Params = DefinitionParams;

/** Box codes: '9', the last three digits of the provider's code, the box id on six digits (unique: the id is). */
export const boxCode = (providerCode: string, id: number) => `9${providerCode.slice(-3)}${String(id).padStart(6, '0')}`;

/** The tone codes of a request (a comma list), in order, blanks dropped. */
export const toneCodesOf = (v: unknown): string[] =>
  typeof v === 'string'
    ? v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];

/** Whether the provider may use another provider's tones in this box: a music-disc super SP building a disc. */
export const choosesAnyCp = (p: Provider, config: Config, toneBoxType: unknown) =>
  String(toneBoxType) === '2' && isSuperSP(p, config);

/** What decides whether a tone may go in a box (tones as t): its code, validity, state and marks, cut flag; its name for the refusals. */
const BOX_TONE_COLUMNS = [
  't.id',
  't.tone_code',
  't.tone_name',
  't.tone_valid_day',
  't.status',
  't.approve_type',
  't.table_type',
  't.ask_type',
  't.refuse_reason',
  't.cut_flag',
] as const;

interface BoxTone extends Marks {
  id: number;
  tone_code: string;
  tone_name: string;
  tone_valid_day: string;
  status: string;
  cut_flag: string;
}

/**
 * The tones a request names, in its order (a code named twice once), among the tones the provider may put in a
 * box: its own, or for a super SP's disc those of any provider on its site. A code naming no such tone refuses
 * the whole request with 950005, as any foreign id does.
 */
export async function tonesOfRequest(db: Db, p: Provider, anyCp: boolean, codes: string[]): Promise<BoxTone[]> {
  const unique = [...new Set(codes)];
  if (unique.length === 0) return [];
  let q = db
    .selectFrom('tones as t')
    .select(BOX_TONE_COLUMNS)
    .where('t.tone_code', 'in', unique)
    .where('t.status', '!=', STATUS.deleted);
  q = anyCp
    ? q.innerJoin('providers as o', 'o.id', 't.provider_id').where('o.site', '=', p.site)
    : q.where('t.provider_id', '=', p.id);
  const byCode = new Map((await q.execute()).map((t) => [t.tone_code, t]));
  if (unique.some((c) => !byCode.has(c))) throw new ApiError(RC.notFound);
  return unique.map((c) => byCode.get(c)!);
}

/** A tone that may join a box (000 §2, 001 §5.5): normal, no change waiting, not a jockey tone. */
const selectable = (t: BoxTone) => t.status === STATUS.normal && !waiting(t) && t.cut_flag !== '1';

/** The provider's music boxes waiting for the operator (user info's pendingApprovals; the radio submit rule of 000 §4). */
export const pendingApprovals = (db: Db, providerId: number) => pendingCount(db, providerId, TONE_BOX);

/** The provider's box that is not deleted, or 950005. */
export async function ownBox(db: Db, providerId: number, toneBoxID: unknown) {
  const id = Number(toneBoxID);
  const box =
    Number.isInteger(id) && id > 0 && id <= 2_147_483_647
      ? await db
          .selectFrom('tone_boxes')
          .selectAll()
          .where('id', '=', id)
          .where('provider_id', '=', providerId)
          .where('status', '!=', STATUS.deleted)
          .executeTakeFirst()
      : undefined;
  return orNotFound(box);
}

/**
 * What the form's rules must not take from the request (http/route.ts facts): the selected tones' validity dates
 * (the box-validity check of 000 §5), the stored box type on edit (the type cannot change; it decides the disc
 * rules), and the account's pending approvals (the radio submit rule of 000 §4).
 */
export async function boxFacts(db: Db, p: Provider, config: Config, params: Params, mode: 'add' | 'edit') {
  const box = mode === 'edit' ? await ownBox(db, p.id, params.toneBoxID) : undefined;
  const toneBoxType = box ? box.tone_box_type : params.toneBoxType;
  const tones = await tonesOfRequest(db, p, choosesAnyCp(p, config, toneBoxType), toneCodesOf(params.toneCode));
  return {
    form: {
      // Name and code too: the box-validity refusal names the tone that ends last.
      tones: tones.map((t) => ({ toneCode: t.tone_code, toneName: t.tone_name, toneValidDay: t.tone_valid_day })),
      ...(box ? { toneBoxType: box.tone_box_type } : {}),
    },
    user: { pendingApprovals: await pendingApprovals(db, p.id) },
  };
}

/** The prompt files of a request (language code -> saved file name), or {} when absent. */
const promptMap = (text: unknown): Record<string, string> => {
  if (typeof text !== 'string' || text === '') return {};
  const map = JSON.parse(text) as Record<string, unknown>; // the form's rules checked it is a JSON object of names
  return Object.fromEntries(Object.entries(map).filter(([, v]) => typeof v === 'string' && v !== '')) as Record<
    string,
    string
  >;
};

/**
 * The checks beyond the form's rules: tones the box may hold, prompt files that are the provider's own wav
 * uploads for known languages (one for every language when prompts are required and multi-language is on), a
 * catalogue of tone boxes, a tariff of the box's kind. Each refusal names its field with a message key.
 */
export async function boxViolations(
  db: Db,
  p: Provider,
  config: Config,
  params: Params,
  box?: { tone_box_type: string; price_group_id: number | null },
): Promise<Violation[]> {
  const out: Violation[] = [];
  const toneBoxType = box ? box.tone_box_type : String(params.toneBoxType ?? '');
  const codes = toneCodesOf(params.toneCode);
  const tones = await tonesOfRequest(db, p, choosesAnyCp(p, config, toneBoxType), codes);
  const twice = codes.find((c, i) => codes.indexOf(c) !== i);
  if (twice) out.push({ field: 'tones', message: 'MusicBox.toneTwice', params: { toneCode: twice } });
  const unusable = tones.find((t) => !selectable(t));
  if (unusable)
    out.push({ field: 'tones', message: 'MusicBox.toneNotSelectable', params: { toneCode: unusable.tone_code } });

  const prompts = promptMap(params.toneFile);
  const languages = await languagesByPriority(db);
  const names = Object.values(prompts);
  const files = names.length
    ? await db
        .selectFrom('uploaded_files')
        .select(['saved_filename', 'kind'])
        .where('provider_id', '=', p.id)
        .where('saved_filename', 'in', names)
        .execute()
    : [];
  const kindOf = new Map(files.map((f) => [f.saved_filename, f.kind]));
  for (const [language, name] of Object.entries(prompts)) {
    if (!languages.some((l) => l.language_code === language))
      out.push({ field: 'toneFile', message: 'MusicBox.promptLanguageUnknown', params: { language } });
    else if (!kindOf.has(name)) out.push({ field: 'toneFile', message: 'MusicBox.promptNotYours' });
    else if (kindOf.get(name) !== 'wav') out.push({ field: 'toneFile', message: 'MusicBox.promptFormatError' });
  }
  if (config.musicbox_prompt_required === '1' && config.multi_language_support === '1') {
    const missing = languages.find((l) => !prompts[l.language_code]);
    if (missing)
      out.push({
        field: 'toneFile',
        message: 'MusicBox.promptLanguageEmpty',
        params: { language: missing.language_desc },
      });
  }

  const catalogID = box ? params.newCatalogID : params.catalogID;
  if (catalogID !== undefined && catalogID !== '' && String(catalogID) !== '-1') {
    const found = await db
      .selectFrom('catalogues')
      .select('id')
      .where('id', '=', Number(catalogID))
      .where('resource_type', '=', 2)
      .executeTakeFirst();
    if (!found) out.push({ field: 'catalogID', message: 'MusicBox.catalogMissing' });
  }
  const priceGroupID = params.priceGroupID;
  if (
    priceGroupID !== undefined &&
    priceGroupID !== '' &&
    String(priceGroupID) !== '-1' &&
    Number(priceGroupID) !== box?.price_group_id
  ) {
    // Package tariffs for packages (priceGroupType 3), tone tariffs for discs (2): the form's tariff list.
    const found = await db
      .selectFrom('tariffs')
      .select('id')
      .where('id', '=', Number(priceGroupID))
      .where('price_group_type', '=', toneBoxType === '2' ? 2 : 3)
      .executeTakeFirst();
    if (!found) out.push({ field: 'priceGroupID', message: 'MusicBox.tariffMissing' });
  }
  return out;
}

/** The prompt map as stored: only the names, re-serialised (the form's JSON text is never stored as sent). */
const storedPrompts = (params: Params) => JSON.stringify(promptMap(params.toneFile));

/**
 * sp/addtonebox: the box, its tones, the change request (unless the provider is trusted: believeCP 1 or 2, 000 §4)
 * and the audit entry commit together or not at all.
 */
export async function addBox(db: Db, p: Provider, config: Config, params: Params, ip: string, now: number) {
  const anyCp = choosesAnyCp(p, config, params.toneBoxType);
  return db.transaction().execute(async (tx) => {
    const tones = await tonesOfRequest(tx, p, anyCp, toneCodesOf(params.toneCode));
    const values = toneBoxFields().insertValues({
      ...params,
      toneFile: storedPrompts(params),
      uploadType: anyCp ? '2' : '1',
    });
    const { id } = await tx
      .insertInto('tone_boxes')
      .values({
        ...(values as object),
        provider_id: p.id,
        // Unique until the id is known: the code is made from it below, in the same transaction.
        code: `new-${randomBytes(12).toString('hex')}`,
        // An addition not yet on sale; the lifecycle puts it on sale at once or stages it for the operator.
        status: STATUS.new,
        ...marks('add'),
        created_at: now,
        updated_at: now,
      } as any)
      .returning('id')
      .executeTakeFirstOrThrow();
    const code = boxCode(p.code, id);
    await tx.updateTable('tone_boxes').set({ code }).where('id', '=', id).execute();
    await setBoxTones(
      tx,
      id,
      tones.map((t) => t.id),
    );
    const isTrusted = (await submit(tx, TONE_BOX, p, [{ id, kind: 'add' }], { now })) === 'applied';
    await audit(tx, {
      providerId: p.id,
      actor: p.code,
      action: 'addtonebox',
      entityType: TONE_BOX,
      entityId: id,
      detail: { code, trusted: isTrusted, tones: tones.length },
      ip,
    });
    return { toneBoxID: String(id), toneBoxCode: code, status: isTrusted ? STATUS.normal : STATUS.new };
  });
}

/**
 * sp/edittonebox (edit sends needApproved 1, so every modification goes to approval): the edited fields and the
 * new tone list wait in a change request while the box and its tones stay as they are; the box shows
 * 'modification to be approved' (askType 3) until the operator decides. Editing a box whose addition was refused
 * resubmits its addition.
 */
export async function editBox(
  db: Db,
  p: Provider,
  config: Config,
  params: Params,
  ip: string,
  now: number,
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const box = await ownBox(tx, p.id, params.toneBoxID);
    const tones = await tonesOfRequest(tx, p, choosesAnyCp(p, config, box.tone_box_type), toneCodesOf(params.toneCode));
    const change = {
      ...toneBoxFields().changeOf(
        { ...params, ...(params.toneFile === undefined ? {} : { toneFile: storedPrompts(params) }) },
        box.details,
      ),
      tones: tones.map((t) => t.id),
    };
    await submit(tx, TONE_BOX, p, [{ id: box.id, kind: 'modify', payload: change }], { now, approval: true });
    await audit(tx, {
      providerId: p.id,
      actor: p.code,
      action: 'edittonebox',
      entityType: TONE_BOX,
      entityId: box.id,
      detail: { code: box.code, tones: tones.length },
      ip,
    });
  });
}

/**
 * sp/deltonebox with its reason (1-180 characters): a trusted provider's box is deleted at once, any other
 * waits as 'deletion to be approved' (askType 2), on sale and in its directories until the operator approves.
 */
export async function deleteBox(
  db: Db,
  p: Provider,
  toneBoxID: unknown,
  reason: string,
  ip: string,
  now: number,
): Promise<{ status: string }> {
  return db.transaction().execute(async (tx) => {
    const box = await ownBox(tx, p.id, toneBoxID);
    const applied = await submit(tx, TONE_BOX, p, [{ id: box.id, kind: 'delete', payload: { reason } }], { now });
    // The reason belongs to the request (the box's 'reason of the last deletion request'), shown while it waits.
    await tx.updateTable('tone_boxes').set({ delete_reason: reason }).where('id', '=', box.id).execute();
    const isTrusted = applied === 'applied';
    await audit(tx, {
      providerId: p.id,
      actor: p.code,
      action: 'deltonebox',
      entityType: TONE_BOX,
      entityId: box.id,
      detail: { code: box.code, reason, trusted: isTrusted },
      ip,
    });
    return { status: isTrusted ? STATUS.deleted : box.status };
  });
}

/** One filter of the box's record (screen-definitions/records/toneBox.json) on the list query: parameter value -> comparison on the field's column. */
function applyFilter<Q extends SelectQueryBuilder<Database, 'tone_boxes', object>>(
  q: Q,
  f: RecordFilterDef,
  value: string,
  site: string,
): Q {
  if (f.match === 'state')
    return q.where(stateWhere(site, f.expression!, value, (field) => toneBoxFields().field(field).column) as any) as Q;
  const narrowed = compareColumn<'tone_boxes', Q>(q, toneBoxFields().field(f.field).column, f.match, value);
  if (!narrowed) throw new Error(`a tone box filter cannot match "${f.match}"`);
  return narrowed;
}

/** sp/querytonebox: the provider's boxes (not deleted), newest first, with their tone count, filtered and paged. */
export async function listBoxes(db: Db, providerId: number, site: string, params: Params, range: PageRange) {
  const fields = toneBoxFields();
  let q = db.selectFrom('tone_boxes').where('provider_id', '=', providerId).where('status', '!=', STATUS.deleted);
  for (const [name, f] of Object.entries(fields.record.filters ?? {})) {
    const value = params[name];
    if (typeof value === 'string' && value !== '') q = applyFilter(q, f, value, site);
  }
  const total = await countRows(q);
  if (range.countOnly || total === 0) return { recordSum: total, ...(range.countOnly ? {} : { record: [] }) };
  const rows = await q
    .select([...new Set(['id', 'tone_file', ...fields.listColumns])] as any)
    .select((eb) =>
      eb
        .selectFrom('tone_box_items')
        .select((e) => e.fn.countAll<number>().as('c'))
        .whereRef('tone_box_items.box_id', '=', 'tone_boxes.id')
        .as('toneNum'),
    )
    .orderBy('id', 'desc')
    .limit(range.limit)
    .offset(range.offset)
    .execute();
  const languages = await languagesByPriority(db);
  return {
    record: rows.map((r: any) => ({
      ...fields.listRow(r),
      toneNum: String(r.toneNum ?? 0),
      promptUrl: firstPrompt(promptMapOf(r.tone_file), languages),
    })),
    recordSum: total,
  };
}

const languagesByPriority = (db: Db) =>
  db.selectFrom('languages').select(['id', 'language_code', 'language_desc']).orderBy('priority', 'desc').execute();

/** The play address of a box's prompt tone in the list: the prompt of the highest-priority language that has one. */
function firstPrompt(prompts: Record<string, string>, languages: Array<{ language_code: string }>): string {
  const lang = languages.find((l) => prompts[l.language_code])?.language_code;
  return lang ? `/sp/file/${prompts[lang]}` : '';
}

/** A tone of a box as 000 §3 names it, with what the lists show of it (tones as t, their providers as o). */
export const TONE_INFO_COLUMNS = [...BOX_TONE_COLUMNS, 't.singer_name', 't.price', 'o.name as cpName'] as const;
export const toneInfo = (t: any) => ({
  toneID: String(t.id),
  toneCode: t.tone_code,
  toneName: t.tone_name,
  singerName: t.singer_name,
  toneValidDay: t.tone_valid_day,
  price: t.price,
  status: t.status,
  ...wireMarks(t),
  cutFlag: t.cut_flag,
  cpName: t.cpName ?? '',
});
export const TONE_INFO_FIELDS = Object.keys(toneInfo({}));

/**
 * sp/querytoneboxdetail (000 §3 "music box record"): the box's detail fields with its catalogue, prompt files (and
 * their play addresses) and tones in the box's order, paged when startRecordNum/endRecordNum are sent (the
 * detail screen's tone list reads record.toneInfos and recordSum), all of them otherwise (the edit form).
 */
export async function boxDetail(db: Db, providerId: number, params: Params, lang: Lang = 'en') {
  const box = await ownBox(db, providerId, params.toneBoxID);
  const paged = params.startRecordNum !== undefined || params.endRecordNum !== undefined;
  const range = paged ? pageRange(params) : { offset: 0, limit: 10_000, countOnly: false };
  const n = await countRows(db.selectFrom('tone_box_items').where('box_id', '=', box.id));
  const tones = range.countOnly
    ? []
    : await db
        .selectFrom('tone_box_items as i')
        .innerJoin('tones as t', 't.id', 'i.tone_id')
        .innerJoin('providers as o', 'o.id', 't.provider_id')
        .select(TONE_INFO_COLUMNS)
        .where('i.box_id', '=', box.id)
        .orderBy('i.position')
        .limit(range.limit)
        .offset(range.offset)
        .execute();
  const catalog =
    box.catalog_id === null
      ? undefined
      : await db
          .selectFrom('catalogues')
          .select(['id', 'name', 'parent_id'])
          .where('id', '=', box.catalog_id)
          .executeTakeFirst();
  const tariff =
    box.price_group_id === null
      ? undefined
      : await db.selectFrom('tariffs').select(['id', 'name']).where('id', '=', box.price_group_id).executeTakeFirst();
  const [catalogueNames, tariffNames, languageNames] = await Promise.all([
    namesIn(db, 'catalogue', lang),
    namesIn(db, 'tariff', lang),
    namesIn(db, 'language', lang),
  ]);
  const prompts = promptMapOf(box.tone_file);
  const languages = await languagesByPriority(db);
  return {
    record: {
      ...toneBoxFields().detail(box as any),
      catalogInfo: catalog
        ? {
            catalogID: String(catalog.id),
            catalogName: catalogueNames(catalog.id, 'name', catalog.name),
            parentID: catalog.parent_id === null ? '' : String(catalog.parent_id),
          }
        : { catalogID: '', catalogName: '', parentID: '' },
      priceGroupName: tariff ? tariffNames(tariff.id, 'name', tariff.name) : '',
      promptUrls: Object.fromEntries(Object.entries(prompts).map(([lang, name]) => [lang, `/sp/file/${name}`])),
      prompts: languages
        .filter((l) => prompts[l.language_code])
        .map((l) => ({
          languageCode: l.language_code,
          languageDesc: languageNames(l.id, 'name', l.language_desc),
          url: `/sp/file/${prompts[l.language_code]}`,
        })),
      toneNum: String(n),
      toneInfos: tones.map(toneInfo),
    },
    recordSum: n,
  };
}

const promptMapOf = (stored: string): Record<string, string> => {
  try {
    return promptMap(stored);
  } catch {
    return {};
  }
};
