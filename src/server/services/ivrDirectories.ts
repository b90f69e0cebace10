// IVR directories (001 §2.6, §3, §4, §5.5): the provider's directories in their order, each of ordinary tones
// (type 1) or tone boxes (type 2), and their entries in order. Every change but a reorder goes to the operator
// unless the provider is trusted (believeCP '1' or '2', 000 §3): an addition shows 'addition to be approved'
// (status '0', pending 'add'), a modification or deletion keeps the directory as it is with pending 'modify' or
// 'delete' until approved. A refusal leaves the reason on the directory (state 'rejected'; status '3' when an
// addition was refused). Reordering directories or entries is the provider's own arrangement and applies at once.
import type { Kysely, Transaction } from 'kysely';
import type { Database, Provider } from '../db/schema';
import type { PageRange } from '../db/paging';
import { createChangeRequest, registerApprovalHandler } from './changeRequests';
import { fileUrl } from './uploadedFiles';
import { logicToSql } from '../db/logicSql';
import { engineFor } from '../validation';
import { toneFields } from './toneRecord';

const toneColumn = (field: string) => toneFields().field(field).column;

type Db = Kysely<Database> | Transaction<Database>;

export const trusted = (p: Provider) => p.believe_cp === '1' || p.believe_cp === '2';

export interface DirectoryChange {
  name: string;
  type: string;
  promptFile: string;
}

const directoryRow = (r: {
  id: number;
  position: number;
  name: string;
  type: string;
  prompt_file: string;
  status: string;
  pending: string;
  reject_reason: string;
  entries: number | string | bigint | null;
}) => ({
  catalogID: String(r.id),
  seq: String(r.position),
  catalogName: r.name,
  catalogType: r.type,
  promptFile: r.prompt_file,
  promptUrl: r.prompt_file ? fileUrl(r.prompt_file) : '',
  status: r.status,
  pending: r.pending,
  refuseReason: r.reject_reason,
  toneCount: String(Number(r.entries ?? 0)),
});
export type DirectoryRow = ReturnType<typeof directoryRow>;

/** One page of the provider's directories in their order, with their total. */
export async function listDirectories(db: Db, providerId: number, range: PageRange) {
  const total = await db
    .selectFrom('ivr_directories')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('provider_id', '=', providerId)
    .executeTakeFirstOrThrow();
  const recordSum = Number(total.n);
  if (range.countOnly) return { record: [] as DirectoryRow[], recordSum };
  const rows = await db
    .selectFrom('ivr_directories as d')
    .select((eb) => [
      'd.id',
      'd.position',
      'd.name',
      'd.type',
      'd.prompt_file',
      'd.status',
      'd.pending',
      'd.reject_reason',
      eb
        .selectFrom('ivr_directory_items as i')
        .select((e) => e.fn.countAll<number>().as('c'))
        .whereRef('i.directory_id', '=', 'd.id')
        .as('entries'),
    ])
    .where('d.provider_id', '=', providerId)
    .orderBy('d.position')
    .orderBy('d.id')
    .offset(range.offset)
    .limit(range.limit)
    .execute();
  return { record: rows.map(directoryRow), recordSum };
}

/** The directory when it is the provider's, else undefined. */
export const ownDirectory = (db: Db, providerId: number, id: number) =>
  db
    .selectFrom('ivr_directories')
    .selectAll()
    .where('id', '=', id)
    .where('provider_id', '=', providerId)
    .executeTakeFirst();

/** A directory of this name the provider already has (another than `except`). */
export const sameName = (db: Db, providerId: number, name: string, except?: number) => {
  let q = db
    .selectFrom('ivr_directories')
    .select('id')
    .where('provider_id', '=', providerId)
    .where('name', '=', name)
    .where('status', '!=', '3');
  if (except !== undefined) q = q.where('id', '!=', except);
  return q.executeTakeFirst();
};

export async function addDirectory(tx: Transaction<Database>, p: Provider, c: DirectoryChange, now: number) {
  const last = await tx
    .selectFrom('ivr_directories')
    .select((eb) => eb.fn.max('position').as('m'))
    .where('provider_id', '=', p.id)
    .executeTakeFirst();
  const ok = trusted(p);
  const row = await tx
    .insertInto('ivr_directories')
    .values({
      provider_id: p.id,
      position: Number(last?.m ?? 0) + 1,
      name: c.name,
      type: c.type,
      prompt_file: c.promptFile,
      status: ok ? '1' : '0',
      pending: ok ? '' : 'add',
      reject_reason: '',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (!ok)
    await createChangeRequest(tx, {
      entityType: 'ivrDirectory',
      entityId: row.id,
      providerId: p.id,
      kind: 'add',
      payload: { name: c.name },
      now,
    });
  return row.id;
}

/** A modification or deletion: applied at once for a trusted provider, otherwise waiting for the operator. */
export async function changeDirectory(
  tx: Transaction<Database>,
  p: Provider,
  id: number,
  kind: 'modify' | 'delete',
  change: Partial<DirectoryChange> & { name: string },
  now: number,
) {
  if (trusted(p)) {
    if (kind === 'delete') await tx.deleteFrom('ivr_directories').where('id', '=', id).execute();
    else await applyChange(tx, id, change, now);
    return;
  }
  await createChangeRequest(tx, {
    entityType: 'ivrDirectory',
    entityId: id,
    providerId: p.id,
    kind,
    payload: change,
    now,
  });
  await tx
    .updateTable('ivr_directories')
    .set({ pending: kind, reject_reason: '', updated_at: now })
    .where('id', '=', id)
    .execute();
}

async function applyChange(tx: Transaction<Database>, id: number, c: Partial<DirectoryChange>, now: number) {
  await tx
    .updateTable('ivr_directories')
    .set({
      ...(c.name !== undefined ? { name: c.name } : {}),
      ...(c.type !== undefined ? { type: c.type } : {}),
      ...(c.promptFile !== undefined ? { prompt_file: c.promptFile } : {}),
      pending: '',
      reject_reason: '',
      updated_at: now,
    })
    .where('id', '=', id)
    .execute();
}

registerApprovalHandler('ivrDirectory', {
  async approve(tx, id, kind, payload, now) {
    if (kind === 'delete') await tx.deleteFrom('ivr_directories').where('id', '=', id).execute();
    else if (kind === 'add')
      await tx
        .updateTable('ivr_directories')
        .set({ status: '1', pending: '', reject_reason: '', updated_at: now })
        .where('id', '=', id)
        .execute();
    else await applyChange(tx, id, payload as Partial<DirectoryChange>, now);
  },
  async reject(tx, id, kind, reason, now) {
    await tx
      .updateTable('ivr_directories')
      .set({ ...(kind === 'add' ? { status: '3' } : {}), pending: '', reject_reason: reason || '-', updated_at: now })
      .where('id', '=', id)
      .execute();
  },
});

/** Puts the given ids first, in that order, then the rest as they were; positions become 1..n. */
export function reorder(current: number[], wanted: number[]): number[] {
  const known = new Set(current);
  const first = [...new Set(wanted)].filter((id) => known.has(id));
  const chosen = new Set(first);
  return [...first, ...current.filter((id) => !chosen.has(id))];
}

export async function sortDirectories(tx: Transaction<Database>, providerId: number, ids: number[], now: number) {
  const rows = await tx
    .selectFrom('ivr_directories')
    .select('id')
    .where('provider_id', '=', providerId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  const order = reorder(
    rows.map((r) => r.id),
    ids,
  );
  for (const [i, id] of order.entries())
    await tx
      .updateTable('ivr_directories')
      .set({ position: i + 1, updated_at: now })
      .where('id', '=', id)
      .execute();
}

// ---- entries -------------------------------------------------------------------------------------------

/** One page of a directory's tones (type 1) or boxes (type 2) in order. */
export async function listEntries(db: Db, dir: { id: number; type: string }, range: PageRange) {
  const total = await db
    .selectFrom('ivr_directory_items')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('directory_id', '=', dir.id)
    .executeTakeFirstOrThrow();
  const recordSum = Number(total.n);
  if (range.countOnly) return { record: [], recordSum };
  const base = db
    .selectFrom('ivr_directory_items as i')
    .where('i.directory_id', '=', dir.id)
    .orderBy('i.position')
    .offset(range.offset)
    .limit(range.limit);
  const record =
    dir.type === '2'
      ? (
          await base
            .innerJoin('tone_boxes as b', 'b.id', 'i.resource_id')
            .where('i.resource_type', '=', '2')
            .select(['i.position', 'b.id', 'b.code', 'b.name', 'b.status', 'b.price', 'b.valid_day'])
            .execute()
        ).map((r) => ({
          catalogID: String(dir.id),
          seq: String(r.position),
          resourceID: String(r.id),
          resourceType: '2',
          toneCode: r.code,
          toneName: r.name,
          singerName: '',
          status: r.status,
          price: r.price,
          toneValidDay: r.valid_day,
        }))
      : (
          await base
            .innerJoin('tones as t', 't.id', 'i.resource_id')
            .where('i.resource_type', '=', '1')
            .select([
              'i.position',
              't.id',
              't.tone_code',
              't.tone_name',
              't.singer_name',
              't.status',
              't.price',
              't.tone_valid_day',
            ])
            .execute()
        ).map((r) => ({
          catalogID: String(dir.id),
          seq: String(r.position),
          resourceID: String(r.id),
          resourceType: '1',
          toneID: String(r.id),
          toneCode: r.tone_code,
          toneName: r.tone_name,
          singerName: r.singer_name,
          status: r.status,
          price: r.price,
          toneValidDay: r.tone_valid_day,
        }));
  return { record, recordSum };
}

export const entryIds = (db: Db, directoryId: number) =>
  db
    .selectFrom('ivr_directory_items')
    .select(['resource_id', 'position'])
    .where('directory_id', '=', directoryId)
    .orderBy('position')
    .execute()
    .then((rows) => rows.map((r) => r.resource_id));

/**
 * Which of the ids may not join a directory (001 §5.5): a tone must be the provider's own and selectable by the
 * named expression toneSelectable (normal, no change waiting, not a jockey tone), the rule the tone selection
 * list filters by; a box must be the provider's own, on sale, with no change waiting or refused (status 1,
 * approveType 2: the music box selection list's filters).
 */
export async function refusedEntries(db: Db, providerId: number, site: string, type: string, ids: number[]) {
  if (!ids.length) return [];
  const ok =
    type === '2'
      ? await db
          .selectFrom('tone_boxes')
          .select('id')
          .where('provider_id', '=', providerId)
          .where('id', 'in', ids)
          .where('status', '=', '1')
          .where('approve_type', '=', '2')
          .execute()
      : await db
          .selectFrom('tones')
          .select('id')
          .where('provider_id', '=', providerId)
          .where('id', 'in', ids)
          .where(logicToSql(engineFor(site).expression('toneSelectable'), toneColumn) as any)
          .execute();
  const good = new Set(ok.map((r) => r.id));
  return ids.filter((id) => !good.has(id));
}

export async function addEntries(tx: Transaction<Database>, dir: { id: number; type: string }, ids: number[]) {
  const have = await entryIds(tx, dir.id);
  const fresh = [...new Set(ids)].filter((id) => !have.includes(id));
  if (fresh.length)
    await tx
      .insertInto('ivr_directory_items')
      .values(
        fresh.map((id, i) => ({
          directory_id: dir.id,
          resource_type: dir.type === '2' ? '2' : '1',
          resource_id: id,
          position: have.length + i + 1,
        })),
      )
      .execute();
  return fresh.length;
}

export async function removeEntries(tx: Transaction<Database>, directoryId: number, ids: number[]) {
  await tx
    .deleteFrom('ivr_directory_items')
    .where('directory_id', '=', directoryId)
    .where('resource_id', 'in', ids)
    .execute();
  await renumber(tx, directoryId, await entryIds(tx, directoryId));
}

export async function sortEntries(tx: Transaction<Database>, directoryId: number, ids: number[]) {
  await renumber(tx, directoryId, reorder(await entryIds(tx, directoryId), ids));
}

async function renumber(tx: Transaction<Database>, directoryId: number, order: number[]) {
  for (const [i, id] of order.entries())
    await tx
      .updateTable('ivr_directory_items')
      .set({ position: i + 1 })
      .where('directory_id', '=', directoryId)
      .where('resource_id', '=', id)
      .execute();
}
