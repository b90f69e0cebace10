// What the operator's decision does to a tone box (changes approve/reject, services/changeRequests.ts), with the
// states of 001 §4 that boxes share with tones: status '0' not yet on sale, '1' normal, '6' deleted; pending:
// approveType 1 + tableType 1 + askType 1 (addition), 3 (modification), 2 (deletion); approveType 3 + tableType 1
// rejected (with the reason). A modification's payload holds the edited fields as the box's record maps them
// (services/toneBoxRecord.ts) and the new tone list; approval applies both.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { ApprovalHandler } from './approvalHandler';
import { toneBoxFields } from './toneBoxRecord';

export const BOX_DELETED = '6';

/** The approval marks of a box no change waits on. */
export const CLEARED = { approve_type: '2', table_type: '', ask_type: '', refuse_reason: '' } as const;

/** Replaces a box's tones with `toneIds`, in that order. */
export async function setBoxTones(db: Kysely<Database>, boxId: number, toneIds: number[]): Promise<void> {
  await db.deleteFrom('tone_box_items').where('box_id', '=', boxId).execute();
  if (toneIds.length)
    await db
      .insertInto('tone_box_items')
      .values(toneIds.map((tone_id, position) => ({ box_id: boxId, tone_id, position })))
      .execute();
}

export const toneBoxApproval: ApprovalHandler = {
  async approve(tx, id, kind, payload, now) {
    const cleared = { ...CLEARED, updated_at: now };
    if (kind === 'add')
      await tx
        .updateTable('tone_boxes')
        .set({ ...cleared, status: '1' })
        .where('id', '=', id)
        .execute();
    else if (kind === 'delete')
      await tx
        .updateTable('tone_boxes')
        .set({ ...cleared, status: BOX_DELETED })
        .where('id', '=', id)
        .execute();
    else {
      const status = typeof payload.status === 'string' ? { status: payload.status } : {};
      await tx
        .updateTable('tone_boxes')
        .set({ ...toneBoxFields().changeColumns(payload), ...status, ...cleared })
        .where('id', '=', id)
        .execute();
      if (Array.isArray(payload.tones)) await setBoxTones(tx, id, payload.tones.map(Number));
    }
  },
  async reject(tx, id, _kind, reason, now) {
    await tx
      .updateTable('tone_boxes')
      .set({ approve_type: '3', table_type: '1', ask_type: '', refuse_reason: reason, updated_at: now })
      .where('id', '=', id)
      .execute();
  },
  async describe(db, ids) {
    const rows = ids.length
      ? await db.selectFrom('tone_boxes').select(['id', 'code', 'name']).where('id', 'in', ids).execute()
      : [];
    return new Map(rows.map((r) => [r.id, `${r.code} "${r.name}"`]));
  },
};
