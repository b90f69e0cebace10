// A provider's notifications (issue 26): one for every decision on its changes, written by the lifecycle's
// decide in the decision's transaction; the top bar shows the unread count and the latest, each linking to the
// screen of its entity. Read means seen in that list.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { pageOf, type PageRange, countRows } from '../db/paging';

type Db = Kysely<Database>;

export async function listNotifications(db: Db, providerId: number, limit = 20) {
  const rows = await db
    .selectFrom('notifications')
    .selectAll()
    .where('provider_id', '=', providerId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  const n = await countRows(
    db.selectFrom('notifications').where('provider_id', '=', providerId).where('read_at', 'is', null),
  );
  return {
    unread: String(n),
    items: rows.map((r) => ({
      notificationID: String(r.id),
      entityType: r.entity_type,
      entityID: String(r.entity_id),
      entity: r.entity,
      kind: r.kind,
      decision: r.decision,
      reason: r.reason,
      time: new Date(Number(r.created_at)).toISOString(),
      read: r.read_at === null ? '0' : '1',
    })),
  };
}

/** Marks the provider's notifications read: the ids given, or all of them. */
export async function markRead(db: Db, providerId: number, ids: number[] | 'all', now: number): Promise<void> {
  let q = db
    .updateTable('notifications')
    .set({ read_at: now })
    .where('provider_id', '=', providerId)
    .where('read_at', 'is', null);
  if (ids !== 'all') q = q.where('id', 'in', ids.length ? ids : [0]);
  await q.execute();
}

/** The notifier's outbox (the operators' console), newest first: every message sent, or one provider's. */
export async function listOutbox(db: Db, providerCode: string | undefined, range: PageRange) {
  let q = db.selectFrom('outbox as o').leftJoin('providers as p', 'p.id', 'o.provider_id');
  if (providerCode) q = q.where('p.code', '=', providerCode);
  return pageOf(q, range, async (page) =>
    (
      await page
        .select(['o.created_at', 'p.code', 'o.channel', 'o.recipient', 'o.subject', 'o.body'])
        .orderBy('o.id', 'desc')
        .execute()
    ).map(({ created_at, code, ...message }) => ({
      time: new Date(Number(created_at)).toISOString(),
      provider: code ?? '',
      ...message,
    })),
  );
}
