// The entries of an IVR directory (001 §2.6): its tones (resource type '1') or tone boxes ('2') in the directory's
// order. Which entries may join and whether the change waits for the operator is services/ivrDirectories.ts's; this
// is how entries are stored, so the directory's approval (lifecycle/entities/ivrDirectory.ts) writes them the same way.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

export const entryIds = (db: Db, directoryId: number) =>
  db
    .selectFrom('ivr_directory_items')
    .select(['resource_id', 'position'])
    .where('directory_id', '=', directoryId)
    .orderBy('position')
    .execute()
    .then((rows) => rows.map((r) => r.resource_id));

/** Puts the given ids first, in that order, then the rest as they were; positions become 1..n. */
export function reorder(current: number[], wanted: number[]): number[] {
  const known = new Set(current);
  const first = [...new Set(wanted)].filter((id) => known.has(id));
  const chosen = new Set(first);
  return [...first, ...current.filter((id) => !chosen.has(id))];
}

/** Appends the ids the directory does not hold yet, in order; the number appended. */
export async function addEntries(tx: Db, dir: { id: number; type: string }, ids: number[]) {
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

export async function removeEntries(tx: Db, directoryId: number, ids: number[]) {
  if (!ids.length) return;
  await tx
    .deleteFrom('ivr_directory_items')
    .where('directory_id', '=', directoryId)
    .where('resource_id', 'in', ids)
    .execute();
  await renumber(tx, directoryId, await entryIds(tx, directoryId));
}

export async function sortEntries(tx: Db, directoryId: number, ids: number[]) {
  await renumber(tx, directoryId, reorder(await entryIds(tx, directoryId), ids));
}

async function renumber(tx: Db, directoryId: number, order: number[]) {
  for (const [i, id] of order.entries())
    await tx
      .updateTable('ivr_directory_items')
      .set({ position: i + 1 })
      .where('directory_id', '=', directoryId)
      .where('resource_id', '=', id)
      .execute();
}
