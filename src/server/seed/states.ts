// Demo entities reach their states the way a provider's do: through the lifecycle, the change submitted and, where
// the state says so, decided by the operator. So the demo's approval marks, change requests and audit trail are
// exactly what the real flow leaves, and the seed spells no state of its own.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { decide, submit } from '../lifecycle/lifecycle';
import { STATUS, type ChangeKind } from '../lifecycle/states';
import type { ApprovableTable } from '../lifecycle/entity';

/** A state a demo entity is left in: on sale (maybe hidden), a change waiting, or a change refused. */
export type DemoState = 'normal' | 'hidden' | 'hiddenUnavailable' | ChangeKind | 'rejected' | 'rejectedChange';

export interface DemoTarget {
  entityType: string;
  table: ApprovableTable;
  providerId: number;
  id: number;
}

async function send(
  db: Kysely<Database>,
  t: DemoTarget,
  kind: ChangeKind,
  approval: boolean,
  payload = {},
  now: number,
) {
  await db
    .transaction()
    .execute((tx) =>
      submit(tx, t.entityType, { id: t.providerId, believe_cp: '0' }, [{ id: t.id, kind, payload }], { now, approval }),
    );
}

async function refuseLatest(db: Kysely<Database>, t: DemoTarget, reason: string, now: number) {
  const cr = await db
    .selectFrom('change_requests')
    .select('id')
    .where('entity_type', '=', t.entityType)
    .where('entity_id', '=', t.id)
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  await decide(db, cr.id, { approve: false, reason, actor: 'operator', now });
}

/**
 * Leaves an entity inserted as an addition (status new with the addition's marks) in `state`: 'add' waits, the
 * others go on sale first; 'modify' and 'delete' then wait with `payload`; 'rejected' is a refused addition,
 * 'rejectedChange' a refused modification of an entity on sale.
 */
export async function seedState(
  db: Kysely<Database>,
  t: DemoTarget,
  state: DemoState,
  o: { now: number; payload?: Record<string, unknown>; reason?: string },
): Promise<void> {
  if (state === 'add' || state === 'rejected') {
    await send(db, t, 'add', true, {}, o.now);
    if (state === 'rejected') await refuseLatest(db, t, o.reason ?? '', o.now);
    return;
  }
  await send(db, t, 'add', false, {}, o.now);
  if (state === 'hidden' || state === 'hiddenUnavailable')
    await db
      .updateTable(t.table)
      .set({ status: STATUS[state] } as never)
      .where('id', '=', t.id)
      .execute();
  if (state === 'modify' || state === 'delete' || state === 'rejectedChange')
    await send(db, t, state === 'delete' ? 'delete' : 'modify', true, o.payload, o.now);
  if (state === 'rejectedChange') await refuseLatest(db, t, o.reason ?? '', o.now);
}
