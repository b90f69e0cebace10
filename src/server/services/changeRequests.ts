// Changes awaiting the operator's approval (000 §4, 001 §4): one generic table (entity type and id, provider,
// kind add/modify/delete, payload JSON, status, reason) and, per entity type, what approval and rejection do
// to the entity. The tone handler is here; tone boxes and directories register theirs the same way.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { audit } from './audit';
import { toneBoxApproval } from './toneBoxApproval';
import { toneFields } from './toneRecord';

import type { ApprovalHandler, ChangeKind } from './approvalHandler';

export type { ApprovalHandler, ChangeKind };

/** believeCP '1' or '2' publishes directly; any other value sends the provider's changes to approval (000 §4). */
export const inApprovalFlow = (p: { believe_cp: string }) => p.believe_cp !== '1' && p.believe_cp !== '2';
type Tx = Transaction<Database>;

const handlers = new Map<string, ApprovalHandler>();
export const registerApprovalHandler = (entityType: string, h: ApprovalHandler) => handlers.set(entityType, h);

// Tone states of 001 §4: status '1' normal, '2' hidden, '4' hidden and unavailable, '0' not yet on sale,
// '6' deleted. Pending: approveType 1 + tableType 1 + askType 1 (addition), 3 (modification), 2 (deletion);
// approveType 3 + tableType 1 rejected.
registerApprovalHandler('tone', {
  async approve(tx, id, kind, payload, now) {
    const cleared = { approve_type: '2', table_type: '', ask_type: '', refuse_reason: '', updated_at: now };
    if (kind === 'add')
      await tx
        .updateTable('tones')
        .set({ ...cleared, status: '1' })
        .where('id', '=', id)
        .execute();
    else if (kind === 'delete')
      await tx
        .updateTable('tones')
        .set({ ...cleared, status: '6' })
        .where('id', '=', id)
        .execute();
    else {
      // The edited fields as sp/edittone mapped them from the tone's record (its status from before the request
      // included, which approval restores); tags and owners below.
      await tx
        .updateTable('tones')
        .set({ ...toneFields().changeColumns(payload), ...cleared })
        .where('id', '=', id)
        .execute();
      // The tone form's edit carries the whole tag list: it replaces the tone's tags.
      if (Array.isArray(payload.tags)) {
        const tone = await tx.selectFrom('tones').select('provider_id').where('id', '=', id).executeTakeFirstOrThrow();
        await tx.deleteFrom('tags').where('tone_id', '=', id).execute();
        const names = payload.tags.map(String).filter(Boolean);
        if (names.length)
          await tx
            .insertInto('tags')
            .values(names.map((name) => ({ provider_id: tone.provider_id, tone_id: id, name })))
            .execute();
      }
      // Likewise the copyright owners with their validity dates (roles lyric, tune, record).
      if (Array.isArray(payload.copyrights)) {
        await tx.deleteFrom('tone_copyrights').where('tone_id', '=', id).execute();
        const owners = payload.copyrights as Array<{ role: string; company_id: number; valid_day: string }>;
        if (owners.length)
          await tx
            .insertInto('tone_copyrights')
            .values(
              owners.map((o) => ({ tone_id: id, role: o.role, company_id: o.company_id, valid_day: o.valid_day })),
            )
            .execute();
      }
    }
  },
  async describe(db, ids) {
    const rows = ids.length
      ? await db.selectFrom('tones').select(['id', 'tone_code', 'tone_name']).where('id', 'in', ids).execute()
      : [];
    return new Map(rows.map((r) => [r.id, `${r.tone_code} "${r.tone_name}"`]));
  },
  async reject(tx, id, _kind, reason, now) {
    await tx
      .updateTable('tones')
      .set({ approve_type: '3', table_type: '1', ask_type: '', refuse_reason: reason, updated_at: now })
      .where('id', '=', id)
      .execute();
  },
});

interface NewChangeRequest {
  entityType: string;
  entityId: number;
  providerId: number;
  kind: ChangeKind;
  payload?: unknown;
  now: number;
}

const changeRequestRow = (r: NewChangeRequest) => ({
  entity_type: r.entityType,
  entity_id: r.entityId,
  provider_id: r.providerId,
  kind: r.kind,
  payload: JSON.stringify(r.payload ?? {}),
  status: 'pending',
  reason: '',
  created_at: r.now,
  decided_at: null,
  decided_by: '',
});

export async function createChangeRequest(db: Kysely<Database> | Tx, r: NewChangeRequest): Promise<number> {
  const row = await db
    .insertInto('change_requests')
    .values(changeRequestRow(r))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface ToneModification {
  toneId: number;
  /** The tone's status before the request (approval restores it). */
  status: string;
  change: Record<string, unknown>;
}

/**
 * Modifications of tones that wait for the operator (sp/edittone, the batch updates): each change request
 * carries the edited fields and the status the tone had (approval restores it), and the tones show
 * 'modification to be approved' meanwhile (status '0' with approveType 1, tableType 1, askType 3; 001 §4).
 * Two statements however many tones: a batch line group sends its lines' requests together.
 */
export async function requestToneModifications(
  tx: Tx,
  providerId: number,
  now: number,
  list: readonly ToneModification[],
): Promise<void> {
  if (!list.length) return;
  await tx
    .insertInto('change_requests')
    .values(
      list.map((m) =>
        changeRequestRow({
          entityType: 'tone',
          entityId: m.toneId,
          providerId,
          kind: 'modify',
          payload: { ...m.change, status: m.status === '0' ? '1' : m.status },
          now,
        }),
      ),
    )
    .execute();
  await tx
    .updateTable('tones')
    .set({ status: '0', approve_type: '1', table_type: '1', ask_type: '3', refuse_reason: '', updated_at: now })
    .where(
      'id',
      'in',
      list.map((m) => m.toneId),
    )
    .execute();
}

/** One tone's modification waiting for the operator (requestToneModifications). */
export const requestToneModification = (tx: Tx, r: ToneModification & { providerId: number; now: number }) =>
  requestToneModifications(tx, r.providerId, r.now, [r]);

/** Entity type of the tone boxes' change requests. */
export const TONE_BOX = 'toneBox';
registerApprovalHandler(TONE_BOX, toneBoxApproval);

/** The provider's music boxes waiting for the operator (user info's pendingApprovals; 000 §4 radio submit rule). */
export async function pendingApprovals(db: Kysely<Database>, providerId: number): Promise<number> {
  const { n } = await db
    .selectFrom('change_requests')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('provider_id', '=', providerId)
    .where('status', '=', 'pending')
    .where('entity_type', '=', TONE_BOX)
    .executeTakeFirstOrThrow();
  return Number(n);
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
  for (const type of new Set(rows.map((r) => r.entity_type))) {
    const describe = handlers.get(type)?.describe;
    if (describe)
      names.set(
        type,
        await describe(
          db,
          rows.filter((r) => r.entity_type === type).map((r) => r.entity_id),
        ),
      );
  }
  return rows.map((r) => ({ ...r, entity: names.get(r.entity_type)?.get(r.entity_id) ?? '' }));
}

export type DecideResult = 'ok' | 'not-found' | 'not-pending' | 'no-handler';

/** Approves or rejects one pending request; the entity moves in the same transaction. */
export async function decide(
  db: Kysely<Database>,
  id: number,
  approve: boolean,
  reason: string,
  actor: string,
  now = Date.now(),
): Promise<DecideResult> {
  return db.transaction().execute(async (tx) => {
    const cr = await tx.selectFrom('change_requests').selectAll().where('id', '=', id).executeTakeFirst();
    if (!cr) return 'not-found';
    if (cr.status !== 'pending') return 'not-pending';
    const h = handlers.get(cr.entity_type);
    if (!h) return 'no-handler';
    const kind = cr.kind as ChangeKind;
    if (approve) await h.approve(tx, cr.entity_id, kind, JSON.parse(cr.payload || '{}'), now);
    else await h.reject(tx, cr.entity_id, kind, reason, now);
    await tx
      .updateTable('change_requests')
      .set({ status: approve ? 'approved' : 'rejected', reason, decided_at: now, decided_by: actor })
      .where('id', '=', id)
      .execute();
    await audit(tx, {
      providerId: cr.provider_id,
      actor,
      action: approve ? 'change.approve' : 'change.reject',
      entityType: cr.entity_type,
      entityId: cr.entity_id,
      detail: { request: id, kind, reason },
    });
    return 'ok';
  });
}
