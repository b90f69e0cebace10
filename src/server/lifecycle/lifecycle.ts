// One lifecycle for every approvable entity (tones, music boxes and their tones, IVR directories and their
// entries, IVR prompts, name tones; batch-made changes are tone changes): a change is applied at once for a
// trusted provider (believeCP '1' or '2', 000 §4) unless its call insists on approval (edits send needApproved 1,
// 001 §4), and otherwise staged: a change request holds it, the row's approval marks say what waits, and live data
// (rows, memberships, files, exports) stays exactly as it was. The operator's approval applies the staged change
// through the entity's own `apply` (the same code a trusted change runs) in one transaction; a rejection discards
// it, leaving live data untouched and the reason on the row.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { ApiError } from '../envelope';
import { RC } from '../returnCodes';
import { audit } from '../services/audit';
import { insertChanges, withdrawPending, withPendingChange } from './changes';
import type { ApprovableEntity, Payload, Tx } from './entity';
import { entityOf } from './registry';
import { addedRow, marks, STATUS, type ApprovalState, type ChangeKind } from './states';

/** believeCP '1' or '2' publishes directly; any other value sends the provider's changes to approval (000 §4). */
export const isTrusted = (p: { believe_cp: string }) => p.believe_cp === '1' || p.believe_cp === '2';

export interface Change {
  id: number;
  kind: ChangeKind;
  /** The staged change: what `apply` writes on approval (edited fields, new memberships, a deletion's reason). */
  payload?: Payload;
}

async function setMarks(
  tx: Tx,
  entity: ApprovableEntity,
  ids: number[],
  state: ApprovalState,
  now: number,
  reason = '',
) {
  if (ids.length)
    await tx
      .updateTable(entity.table)
      .set({ ...marks(state, reason), updated_at: now } as never)
      .where('id', 'in', ids)
      .execute();
}

/** Applies changes to live data and settles their marks: a trusted provider's at once, an approved one's on decision. */
async function applyAll(tx: Tx, entity: ApprovableEntity, changes: readonly Change[], now: number) {
  for (const kind of ['add', 'modify', 'delete'] as const) {
    const some = changes.filter((c) => c.kind === kind).map((c) => ({ id: c.id, payload: c.payload ?? {} }));
    const many = entity.applyMany?.[kind];
    if (many && some.length > 1) await many(tx, some, now);
    else for (const c of some) await entity.apply[kind](tx, c.id, c.payload, now);
  }
  // A deletion that removed the row (an IVR directory) updates nothing here.
  await setMarks(
    tx,
    entity,
    changes.map((c) => c.id),
    'settled',
    now,
  );
}

/**
 * A new row of an approvable entity, made as every addition is (status new, the addition's marks) and sent as an
 * addition in the same transaction: its id, and whether it waits for the operator. `values` are the entity's own
 * columns besides the provider.
 */
export async function addForApproval(
  tx: Tx,
  entityType: string,
  provider: { id: number; believe_cp: string },
  values: Record<string, unknown>,
  now: number,
): Promise<{ id: number; state: 'applied' | 'pending' }> {
  // Kysely cannot follow a table named by a value; the registry's entity says which table it is.
  const { id } = (await (tx as unknown as Kysely<any>)
    .insertInto(entityOf(entityType).table)
    .values({ provider_id: provider.id, ...values, ...addedRow(now) })
    .returning('id')
    .executeTakeFirstOrThrow()) as { id: number };
  return { id, state: await submit(tx, entityType, provider, [{ id, kind: 'add' }], { now }) };
}

/**
 * Sends one provider's changes of one entity type, in the caller's transaction. Answers 'applied' when they took
 * effect at once, 'pending' when they wait for the operator. `approval` true stages them whoever sends them (edits
 * send needApproved 1), false applies them at once (the demo seed); otherwise the provider's believeCP decides.
 * A change of an entity that already has one waiting is refused (961003): the operator decides one at a time.
 */
export async function submit(
  tx: Tx,
  entityType: string,
  provider: { id: number; believe_cp: string },
  sent: readonly Change[],
  opts: { now: number; approval?: boolean },
): Promise<'applied' | 'pending'> {
  const entity = entityOf(entityType);
  const changes = await resubmissions(tx, entity, sent);
  const busy = await withPendingChange(
    tx,
    entityType,
    changes.filter((c) => c.kind !== 'add').map((c) => c.id),
  );
  if (busy.size) throw new ApiError(RC.changePending);
  if (opts.approval === false || (isTrusted(provider) && opts.approval !== true)) {
    await applyAll(tx, entity, changes, opts.now);
    return 'applied';
  }
  await insertChanges(
    tx,
    changes.map((c) => ({ entityType, entityId: c.id, providerId: provider.id, kind: c.kind, payload: c.payload })),
    opts.now,
  );
  for (const kind of ['add', 'modify', 'delete'] as const)
    await setMarks(
      tx,
      entity,
      changes.filter((c) => c.kind === kind).map((c) => c.id),
      kind,
      opts.now,
    );
  return 'pending';
}

/**
 * A modification of an entity that never went on sale (its addition waits, or was refused) is a new version of its
 * addition: it replaces an addition still waiting (the operator decides the latest), and approved it puts the
 * entity on sale with the edited fields. Nothing of it is live either way.
 */
async function resubmissions(tx: Tx, entity: ApprovableEntity, changes: readonly Change[]): Promise<readonly Change[]> {
  const modified = changes.filter((c) => c.kind === 'modify').map((c) => c.id);
  if (!modified.length) return changes;
  const rows = await tx.selectFrom(entity.table).select(['id', 'status']).where('id', 'in', modified).execute();
  const unborn = new Set(rows.filter((r) => r.status === STATUS.new).map((r) => r.id));
  for (const id of unborn) await withdrawPending(tx, entity.type, id);
  return changes.map((c) => (c.kind === 'modify' && unborn.has(c.id) ? { ...c, kind: 'add' as const } : c));
}

export type DecideResult = 'ok' | 'not-found' | 'not-pending';

/** How a decision reaches the provider beyond its notification list: its mail or SMS through the notifier. */
export type DecisionNotice = (n: {
  providerId: number;
  decision: 'approved' | 'rejected';
  entity: string;
  kind: ChangeKind;
  reason: string;
}) => Promise<void>;

/**
 * The operator's decision on one change request. The request is claimed first (pending -> decided in one
 * statement), so of two operators deciding the same change one wins and the other is told; nothing applies twice.
 * The provider is told: a notification (its top bar's list) in the same transaction, then `notice` once committed.
 */
export async function decide(
  db: Kysely<Database>,
  requestId: number,
  d: { approve: boolean; reason: string; actor: string; now?: number; notice?: DecisionNotice },
): Promise<DecideResult> {
  const now = d.now ?? Date.now();
  const decision = d.approve ? ('approved' as const) : ('rejected' as const);
  const told = await db.transaction().execute(async (tx) => {
    const claimed = await tx
      .updateTable('change_requests')
      .set({ status: decision, reason: d.reason, decided_at: now, decided_by: d.actor })
      .where('id', '=', requestId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) {
      const exists = await tx.selectFrom('change_requests').select('id').where('id', '=', requestId).executeTakeFirst();
      return exists ? ('not-pending' as const) : ('not-found' as const);
    }
    const cr = await tx.selectFrom('change_requests').selectAll().where('id', '=', requestId).executeTakeFirstOrThrow();
    const entity = entityOf(cr.entity_type);
    const kind = cr.kind as ChangeKind;
    const name = (await entity.describe(tx, [cr.entity_id])).get(cr.entity_id) ?? '';
    if (d.approve)
      await applyAll(tx, entity, [{ id: cr.entity_id, kind, payload: JSON.parse(cr.payload || '{}') }], now);
    else await setMarks(tx, entity, [cr.entity_id], 'rejected', now, d.reason);
    await audit(tx, {
      providerId: cr.provider_id,
      actor: d.actor,
      action: d.approve ? 'change.approve' : 'change.reject',
      entityType: cr.entity_type,
      entityId: cr.entity_id,
      detail: { request: requestId, kind, reason: d.reason },
    });
    await tx
      .insertInto('notifications')
      .values({
        provider_id: cr.provider_id,
        change_request_id: requestId,
        entity_type: cr.entity_type,
        entity_id: cr.entity_id,
        kind,
        decision,
        entity: name.slice(0, 300),
        reason: d.reason.slice(0, 1000),
        created_at: now,
        read_at: null,
      })
      .execute();
    return { providerId: cr.provider_id, decision, entity: name, kind, reason: d.reason };
  });
  if (typeof told === 'string') return told;
  await d.notice?.(told);
  return 'ok';
}

/** Pending requests, oldest first, each with what its entity is called (`entity`: code and name). */
export async function listPending(db: Kysely<Database>, filter: { providerCode?: string; entityType?: string } = {}) {
  let q = db
    .selectFrom('change_requests')
    .innerJoin('providers', 'providers.id', 'change_requests.provider_id')
    .select([
      'change_requests.id',
      'entity_type',
      'entity_id',
      'kind',
      'payload',
      'change_requests.created_at',
      'providers.code as provider',
    ])
    .where('change_requests.status', '=', 'pending')
    .orderBy('change_requests.id');
  if (filter.providerCode) q = q.where('providers.code', '=', filter.providerCode);
  if (filter.entityType) q = q.where('entity_type', '=', filter.entityType);
  const rows = await q.execute();
  const names = new Map<string, Map<number, string>>();
  for (const type of new Set(rows.map((r) => r.entity_type)))
    names.set(
      type,
      await entityOf(type).describe(
        db,
        rows.filter((r) => r.entity_type === type).map((r) => r.entity_id),
      ),
    );
  return rows.map((r) => ({ ...r, entity: names.get(r.entity_type)?.get(r.entity_id) ?? '' }));
}
