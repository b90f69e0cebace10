// Choosing tones for a music box: the providers a music-disc super SP may take disc tones from (sp/querycpinfo
// operate 1, the CP filter of 000 §6), and the tone lists a box's screens load (admin/queryrecommendtone: the most
// ordered tones; admin/qrycatalogtone: the tones of a catalogue and its sub-catalogues), rows under
// record.toneInfos (000 §7). Only tones that may join a box are listed (normal, no change waiting, not a jockey
// tone). A provider lists its own tones; a super SP may name another provider of its site with cpCode.
import type { Kysely } from 'kysely';
import type { Database, Provider } from '../db/schema';
import type { Config } from './config';
import type { PageRange } from '../db/paging';
import { ApiError, orNotFound } from '../envelope';
import { RC } from '../returnCodes';
import { isSuperSP } from './providers';
import { toneInfo, TONE_INFO_COLUMNS } from './toneBoxes';
import { toneCondition } from './toneRecord';
import { countRows } from '../db/paging';

type Db = Kysely<Database>;

const cpRow = (p: Pick<Provider, 'code' | 'name' | 'sp_type'>) => ({
  cpCode: p.code,
  cpName: p.name,
  spType: p.sp_type,
});
export const CP_FIELDS = Object.keys(cpRow({ code: '', name: '', sp_type: '' }));

/**
 * sp/querycpinfo: with operate 1 the providers whose tones the caller may put in a music disc (a super SP: every
 * active provider of its site, itself first; anyone else: itself), cpName a prefix filter; otherwise the caller.
 */
export async function cpInfo(
  db: Db,
  p: Provider,
  config: Config,
  params: { operate?: string; cpName?: string },
  range: PageRange,
) {
  if (params.operate !== '1' || !isSuperSP(p, config)) return { record: [cpRow(p)], recordSum: 1 };
  let q = db.selectFrom('providers').where('site', '=', p.site).where('status', '=', '1');
  if (params.cpName) q = q.where('name', 'like', `${params.cpName.replace(/[\\%_]/g, (c) => '\\' + c)}%`);
  const n = await countRows(q);
  if (range.countOnly) return { recordSum: n };
  const rows = await q
    .select(['code', 'name', 'sp_type'])
    .orderBy((eb) => eb.case().when('id', '=', p.id).then(0).else(1).end())
    .orderBy('code')
    .limit(range.limit)
    .offset(range.offset)
    .execute();
  return { record: rows.map(cpRow), recordSum: n };
}

/** The provider whose tones a list shows: the caller, or for a super SP the provider of its site cpCode names (950005 otherwise). */
export async function toneOwner(db: Db, p: Provider, config: Config, cpCode: unknown) {
  const owner = { id: p.id, site: p.site };
  if (cpCode === undefined || cpCode === '' || cpCode === p.code) return owner;
  if (!isSuperSP(p, config)) throw new ApiError(RC.notFound);
  const other = orNotFound(
    await db
      .selectFrom('providers')
      .select('id')
      .where('code', '=', String(cpCode))
      .where('site', '=', p.site)
      .where('status', '=', '1')
      .executeTakeFirst(),
  );
  return { ...owner, id: other.id };
}

/** The catalogue and all its sub-catalogues (tone catalogues), or 950005. */
async function catalogueTree(db: Db, catalogID: number): Promise<number[]> {
  const all = await db.selectFrom('catalogues').select(['id', 'parent_id']).where('resource_type', '=', 1).execute();
  if (!all.some((c) => c.id === catalogID)) throw new ApiError(RC.notFound);
  const ids = [catalogID];
  for (let i = 0; i < ids.length; i++) for (const c of all) if (c.parent_id === ids[i]) ids.push(c.id);
  return ids;
}

/**
 * A page of the selectable tones of `ownerId`: by catalogue (admin/qrycatalogtone) or most ordered first
 * (admin/queryrecommendtone). recordSum counts them all.
 */
export async function selectableTones(
  db: Db,
  owner: { id: number; site: string },
  by: { catalogID?: number },
  range: PageRange,
) {
  let q = db
    .selectFrom('tones as t')
    .innerJoin('providers as o', 'o.id', 't.provider_id')
    .where('t.provider_id', '=', owner.id)
    .where(toneCondition(owner.site, 'toneSelectable', 't'));
  if (by.catalogID !== undefined) q = q.where('t.catalog_id', 'in', await catalogueTree(db, by.catalogID));
  const n = await countRows(q);
  if (range.countOnly) return { recordSum: n };
  const rows = await q
    .select(TONE_INFO_COLUMNS)
    .orderBy(by.catalogID === undefined ? 't.order_times' : 't.id', 'desc')
    .orderBy('t.id', 'desc')
    .limit(range.limit)
    .offset(range.offset)
    .execute();
  return { record: { toneInfos: rows.map(toneInfo) }, recordSum: n };
}
