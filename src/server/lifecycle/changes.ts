// The one change-request model (000 §4, 001 §3-§4): a row per change a provider sent for approval (entity type
// and id, provider, kind add/modify/delete, the staged change as JSON, status pending/approved/rejected, the
// operator's reason). Live rows never hold a staged change: it lives here until the operator decides.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { ChangeKind } from './states';

type Db = Kysely<Database> | Transaction<Database>;

export interface NewChange {
  entityType: string;
  entityId: number;
  providerId: number;
  kind: ChangeKind;
  payload?: unknown;
}

const row = (c: NewChange, now: number) => ({
  entity_type: c.entityType,
  entity_id: c.entityId,
  provider_id: c.providerId,
  kind: c.kind,
  payload: JSON.stringify(c.payload ?? {}),
  status: 'pending',
  reason: '',
  created_at: now,
  decided_at: null,
  decided_by: '',
});

/** Records changes waiting for the operator: one statement however many (a batch line group sends its lines' together). */
export async function insertChanges(db: Db, changes: readonly NewChange[], now: number): Promise<void> {
  if (changes.length)
    await db
      .insertInto('change_requests')
      .values(changes.map((c) => row(c, now)))
      .execute();
}

/**
 * The ids among `ids` that have a change waiting: for the operator, or for its files (a transcode queued or
 * running, media/transcodes.ts: the change it carries goes to the operator once its files are made).
 */
export async function withPendingChange(db: Db, entityType: string, ids: readonly number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .selectFrom('change_requests')
    .select('entity_id')
    .where('entity_type', '=', entityType)
    .where('entity_id', 'in', [...ids])
    .where('status', '=', 'pending')
    .union(
      db
        .selectFrom('transcodes')
        .select('entity_id')
        .where('entity_type', '=', entityType)
        .where('entity_id', 'in', [...ids])
        .where('state', 'in', ['queued', 'running']),
    )
    .execute();
  return new Set(rows.map((r) => r.entity_id));
}

/**
 * Withdraws the change still waiting for an entity (a prompt removed, a recording or a draft replaced by a newer
 * one): it stays in the history as 'withdrawn' and the operator no longer sees it.
 */
export async function withdrawPending(db: Db, entityType: string, entityId: number): Promise<void> {
  await db
    .updateTable('change_requests')
    .set({ status: 'withdrawn' })
    .where('entity_type', '=', entityType)
    .where('entity_id', '=', entityId)
    .where('status', '=', 'pending')
    .execute();
}

/**
 * The provider's changes waiting for the operator, of one entity type (the radio submit rule of 000 §4 counts its
 * boxes'), or of every type (the home page's waiting total).
 */
export async function pendingCount(db: Db, providerId: number, entityType?: string): Promise<number> {
  const { n } = await pendingCountQuery(db, providerId, entityType).executeTakeFirstOrThrow();
  return Number(n);
}

/** pendingCount's query, to run as a part of a larger one (the home summary's). */
export function pendingCountQuery(db: Db, providerId: number, entityType?: string) {
  let q = db
    .selectFrom('change_requests')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('provider_id', '=', providerId)
    .where('status', '=', 'pending');
  if (entityType !== undefined) q = q.where('entity_type', '=', entityType);
  return q;
}

/** What a list of waiting changes shows of each (the operator's queue, the provider's home page). */
export const CHANGE_LIST_COLUMNS = ['c.id', 'c.entity_type', 'c.entity_id', 'c.kind', 'c.created_at'] as const;

/** How many whole minutes a change has waited (never below 0, should the clock step back). */
export const minutesWaited = (createdAt: number | string, now: number): string =>
  String(Math.max(0, Math.floor((now - Number(createdAt)) / 60_000)));
