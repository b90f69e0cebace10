// IVR directories (001 §2.6, §3, §4, §5.5): the provider's directories in their order, each of ordinary tones
// (type 1) or tone boxes (type 2), and their entries in order. Every change but a reorder goes through the
// approval lifecycle (src/server/lifecycle): at once for a trusted provider (believeCP '1' or '2'), otherwise
// staged while the directory, its name, prompt and entries stay as callers hear them: an addition shows
// 'addition to be approved', a modification (a new name or prompt, entries added or removed) or a deletion shows
// its state over the live directory until the operator decides; a refusal leaves the reason on the directory.
// A directory not on air yet (its addition waits or was refused) is the provider's draft: its entries change at
// once, and the operator sees them when deciding the addition. Reordering directories or entries is the provider's
// own arrangement and applies at once. Each function does its own transaction and audit entry.
import type { Kysely, Transaction } from 'kysely';
import type { Database, Provider } from '../db/schema';
import { pageOf, type PageRange } from '../db/paging';
import { ApiError } from '../envelope';
import { RC } from '../returnCodes';
import { auditBy } from './audit';
import type { Actor } from './actor';
import { toneCondition } from './toneRecord';
import { fileUrl } from './uploadedFiles';
import { addForApproval, submit } from '../lifecycle/lifecycle';
import { IVR_DIRECTORY } from '../lifecycle/entities/ivrDirectory';
import { STATUS, stateOf, waiting, wireMarks } from '../lifecycle/states';
import { addEntries, entryIds, removeEntries, reorder, sortEntries } from './ivrEntries';

type Db = Kysely<Database> | Transaction<Database>;
type Directory = Awaited<ReturnType<typeof ownDirectory>> & object;
export interface DirectoryChange {
  name: string;
  type: string;
  promptFile: string;
}

const directoryRow = (r: Directory & { entries: number | string | bigint | null }) => ({
  catalogID: String(r.id),
  seq: String(r.position),
  catalogName: r.name,
  catalogType: r.type,
  promptFile: r.prompt_file,
  promptUrl: r.prompt_file ? fileUrl(r.prompt_file) : '',
  status: r.status,
  ...wireMarks(r),
  toneCount: String(Number(r.entries ?? 0)),
});
export type DirectoryRow = ReturnType<typeof directoryRow>;

/** One page of the provider's directories in their order, with their total. */
export function listDirectories(db: Db, providerId: number, range: PageRange) {
  return pageOf(db.selectFrom('ivr_directories as d').where('d.provider_id', '=', providerId), range, async (page) =>
    (
      await page
        .selectAll('d')
        .select((eb) =>
          eb
            .selectFrom('ivr_directory_items as i')
            .select((e) => e.fn.countAll<number>().as('c'))
            .whereRef('i.directory_id', '=', 'd.id')
            .as('entries'),
        )
        .orderBy('d.position')
        .orderBy('d.id')
        .execute()
    ).map(directoryRow),
  );
}

/** The directory when it is the provider's, else undefined. */
export const ownDirectory = (db: Db, providerId: number, id: number) =>
  db
    .selectFrom('ivr_directories')
    .selectAll()
    .where('id', '=', id)
    .where('provider_id', '=', providerId)
    .executeTakeFirst();

/** The caller's directory, or 964001 for one of another provider (or none; 001 §2.6 'contact the administrator'). */
export async function directoryOf(db: Db, providerId: number, catalogID: unknown): Promise<Directory> {
  const dir = await ownDirectory(db, providerId, Number(catalogID));
  if (!dir) throw new ApiError(RC.notOwnDirectory);
  return dir;
}

/** A directory refused before it went on air: the provider's to remove, the name free again. */
const refusedDraft = (d: Directory) => d.status === STATUS.new && stateOf(d) === 'rejected';

/** 964005 when the provider already has another directory of this name (a refused draft does not count). */
async function assertNameFree(db: Db, providerId: number, name: string, except?: number) {
  const rows = await db
    .selectFrom('ivr_directories')
    .selectAll()
    .where('provider_id', '=', providerId)
    .where('name', '=', name)
    .execute();
  if (rows.some((r) => r.id !== except && !refusedDraft(r))) throw new ApiError(RC.directoryNameTaken, [name]);
}

const record = (tx: Transaction<Database>, a: Actor, action: string, id: number | undefined, detail: unknown) =>
  auditBy(tx, a, { action, entityType: IVR_DIRECTORY, entityId: id, detail });

/** sp/addivrcatalog: a new directory, last in order; on air at once for a trusted provider, else its addition waits. */
export async function createDirectory(db: Kysely<Database>, a: Actor, c: DirectoryChange): Promise<number> {
  return db.transaction().execute(async (tx) => {
    await assertNameFree(tx, a.provider.id, c.name);
    const last = await tx
      .selectFrom('ivr_directories')
      .select((eb) => eb.fn.max('position').as('m'))
      .where('provider_id', '=', a.provider.id)
      .executeTakeFirst();
    const { id } = await addForApproval(
      tx,
      IVR_DIRECTORY,
      a.provider,
      { position: Number(last?.m ?? 0) + 1, name: c.name, type: c.type, prompt_file: c.promptFile },
      a.now,
    );
    await record(tx, a, 'addivrcatalog', id, { name: c.name });
    return id;
  });
}

/**
 * sp/modivrcatalog: a new name, prompt or type (the type only while the directory is empty: Ivr.typeLocked). The
 * caller checked the prompt file. Answers whether the change waits for the operator.
 */
export async function modifyDirectory(db: Kysely<Database>, a: Actor, dir: Directory, c: DirectoryChange) {
  return db.transaction().execute(async (tx) => {
    if (c.type !== dir.type && (await entryIds(tx, dir.id)).length)
      throw new ApiError(RC.badInput, [], [{ field: 'catalogType', message: 'Ivr.typeLocked' }]);
    await assertNameFree(tx, a.provider.id, c.name, dir.id);
    const state = await submit(tx, IVR_DIRECTORY, a.provider, [{ id: dir.id, kind: 'modify', payload: { ...c } }], {
      now: a.now,
    });
    await record(tx, a, 'modivrcatalog', dir.id, { name: c.name });
    return state === 'pending';
  });
}

/** sp/delivrcatalog: the directory and its entries go once the deletion applies; a refused draft goes at once. */
export async function deleteDirectory(db: Kysely<Database>, a: Actor, dir: Directory) {
  await db.transaction().execute(async (tx) => {
    if (refusedDraft(dir)) {
      await tx.deleteFrom('ivr_directory_items').where('directory_id', '=', dir.id).execute();
      await tx.deleteFrom('ivr_directories').where('id', '=', dir.id).execute();
    } else await submit(tx, IVR_DIRECTORY, a.provider, [{ id: dir.id, kind: 'delete' }], { now: a.now });
    await record(tx, a, 'delivrcatalog', dir.id, { name: dir.name });
  });
}

/** sp/sortcatalog: the provider's directories in the order given (each must be the provider's: 964001). */
export async function sortDirectories(db: Kysely<Database>, a: Actor, ids: number[]) {
  await db.transaction().execute(async (tx) => {
    const rows = await tx
      .selectFrom('ivr_directories')
      .select('id')
      .where('provider_id', '=', a.provider.id)
      .orderBy('position')
      .orderBy('id')
      .execute();
    const own = new Set(rows.map((r) => r.id));
    if (ids.some((id) => !own.has(id))) throw new ApiError(RC.notOwnDirectory);
    const order = reorder(
      rows.map((r) => r.id),
      ids,
    );
    for (const [i, id] of order.entries())
      await tx
        .updateTable('ivr_directories')
        .set({ position: i + 1, updated_at: a.now })
        .where('id', '=', id)
        .execute();
    await record(tx, a, 'sortcatalog', undefined, ids);
  });
}

// ---- entries -------------------------------------------------------------------------------------------

/** One page of a directory's tones (type 1) or boxes (type 2) in order. */
export function listEntries(db: Db, dir: { id: number; type: string }, range: PageRange) {
  const base = db.selectFrom('ivr_directory_items as i').where('i.directory_id', '=', dir.id);
  return pageOf(base, range, async (page) => {
    const ordered = page.orderBy('i.position');
    if (dir.type === '2')
      return (
        await ordered
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
      }));
    return (
      await ordered
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
  });
}

/**
 * Which of the ids may not join a directory (001 §5.5): a tone must be the provider's own and selectable by the
 * named expression toneSelectable (normal, no change waiting, not a jockey tone), the rule the tone selection
 * list filters by; a box must be the provider's own, on sale, with no change waiting.
 */
async function refusedEntries(db: Db, provider: Provider, type: string, ids: number[]) {
  if (!ids.length) return [];
  const ok =
    type === '2'
      ? (
          await db
            .selectFrom('tone_boxes')
            .selectAll()
            .where('provider_id', '=', provider.id)
            .where('id', 'in', ids)
            .where('status', '=', STATUS.normal)
            .execute()
        ).filter((b) => !waiting(b))
      : await db
          .selectFrom('tones')
          .select('id')
          .where('provider_id', '=', provider.id)
          .where('id', 'in', ids)
          .where(toneCondition(provider.site, 'toneSelectable'))
          .execute();
  const good = new Set(ok.map((r) => r.id));
  return ids.filter((id) => !good.has(id));
}

/**
 * Entries added to or removed from a directory: on a directory on air a modification (staged unless trusted), on
 * the provider's draft at once. Answers whether the change waits for the operator.
 */
async function changeEntries(tx: Transaction<Database>, a: Actor, dir: Directory, add: number[], remove: number[]) {
  if (dir.status === STATUS.new) {
    await removeEntries(tx, dir.id, remove);
    await addEntries(tx, dir, add);
    return false;
  }
  const payload = { addEntries: add, removeEntries: remove };
  return (
    (await submit(tx, IVR_DIRECTORY, a.provider, [{ id: dir.id, kind: 'modify', payload }], { now: a.now })) ===
    'pending'
  );
}

/**
 * sp/addcatalogtone: tones (or boxes) for the directory, each allowed (964004 naming those refused), at most
 * `limit` entries in all (964003); ids already there are skipped. Answers how many join and whether they wait.
 */
export async function addDirectoryEntries(
  db: Kysely<Database>,
  a: Actor,
  dir: Directory,
  ids: number[],
  limit: number,
) {
  const wanted = [...new Set(ids)];
  return db.transaction().execute(async (tx) => {
    const refused = await refusedEntries(tx, a.provider, dir.type, wanted);
    if (refused.length) throw new ApiError(RC.entryNotAllowed, [refused.join(', ')]);
    const have = await entryIds(tx, dir.id);
    if (new Set([...have, ...wanted]).size > limit) throw new ApiError(RC.directoryFull, [limit]);
    const fresh = wanted.filter((id) => !have.includes(id));
    const approval = fresh.length ? await changeEntries(tx, a, dir, fresh, []) : false;
    await record(tx, a, 'addcatalogtone', dir.id, wanted);
    return { added: fresh.length, approval };
  });
}

/** sp/delcatalogtone: entries leave the directory (ids not in it are ignored); the rest close up in order. */
export async function removeDirectoryEntries(db: Kysely<Database>, a: Actor, dir: Directory, ids: number[]) {
  return db.transaction().execute(async (tx) => {
    const have = new Set(await entryIds(tx, dir.id));
    const gone = [...new Set(ids)].filter((id) => have.has(id));
    const approval = gone.length ? await changeEntries(tx, a, dir, [], gone) : false;
    await record(tx, a, 'delcatalogtone', dir.id, ids);
    return { approval };
  });
}

/** sp/sortcatalogtones: the entries in the order given (any left out keep their order after those named). */
export async function sortDirectoryEntries(db: Kysely<Database>, a: Actor, dir: Directory, ids: number[]) {
  await db.transaction().execute(async (tx) => {
    await sortEntries(tx, dir.id, ids);
    await record(tx, a, 'sortcatalogtones', dir.id, ids);
  });
}
