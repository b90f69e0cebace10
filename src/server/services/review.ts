// The operator's review queue (issue 26): every change waiting for approval of the providers of the operator's
// sites, oldest first with its age; one change opened with its values and files before and after; decisions one
// by one or many at once, each through the lifecycle (src/server/lifecycle decide: one transaction, audited, the
// provider notified). Of two operators deciding the same change one wins; the other is told it was decided.
import { sql, type Kysely } from 'kysely';
import type { Database, Operator } from '../db/schema';
import { pageOf, type PageRange } from '../db/paging';
import { decide, type DecideResult, type DecisionNotice } from '../lifecycle/lifecycle';
import { entityOf } from '../lifecycle/registry';
import type { ChangeKind } from '../lifecycle/states';
import { CHANGE_LIST_COLUMNS, minutesWaited } from '../lifecycle/changes';
import { parseObject, type ViewFile } from '../lifecycle/review';
import { withReferenceNames } from '../lifecycle/reviewNames';
import type { Lang } from '../http/lang';
import { sitesOf } from './operators';

type Db = Kysely<Database>;

export interface QueueFilter {
  site?: string;
  provider?: string;
  entityType?: string;
  kind?: string;
  /** Only changes waiting at least this many hours. */
  olderThanHours?: number;
}

/** Pending change requests of the operator's sites, joined with their providers. */
function pending(db: Db, o: Operator) {
  let q = db
    .selectFrom('change_requests as c')
    .innerJoin('providers as p', 'p.id', 'c.provider_id')
    .where('c.status', '=', 'pending');
  const sites = sitesOf(o);
  if (sites) q = q.where('p.site', 'in', sites.length ? sites : ['']);
  return q;
}

export async function listQueue(db: Db, o: Operator, f: QueueFilter, range: PageRange, now: number) {
  let base = pending(db, o);
  if (f.site) base = base.where('p.site', '=', f.site);
  if (f.provider) base = base.where('p.code', '=', f.provider);
  if (f.entityType) base = base.where('c.entity_type', '=', f.entityType);
  if (f.kind) base = base.where('c.kind', '=', f.kind);
  if (f.olderThanHours) base = base.where('c.created_at', '<=', now - f.olderThanHours * 3_600_000);
  const page = await pageOf(base, range, (q) =>
    q
      .select([...CHANGE_LIST_COLUMNS, 'p.code as provider', 'p.name as providerName', 'p.site'])
      .orderBy('c.id')
      .execute(),
  );
  const names = new Map<string, Map<number, string>>();
  for (const type of new Set(page.record.map((r) => r.entity_type)))
    names.set(
      type,
      await entityOf(type).describe(
        db,
        page.record.filter((r) => r.entity_type === type).map((r) => r.entity_id),
      ),
    );
  return {
    recordSum: page.recordSum,
    record: page.record.map((r) => ({
      requestID: String(r.id),
      entityType: r.entity_type,
      entityID: String(r.entity_id),
      entity: names.get(r.entity_type)?.get(r.entity_id) ?? '',
      kind: r.kind,
      provider: r.provider,
      providerName: r.providerName,
      site: r.site,
      requestTime: new Date(Number(r.created_at)).toISOString(),
      ageMinutes: minutesWaited(r.created_at, now),
    })),
  };
}

/** The oldest waiting change's age in minutes and the count, for the operator's sites (the queue's summary). */
export async function queueSummary(db: Db, o: Operator, now: number) {
  const row = await pending(db, o)
    .select([sql<number | string>`count(*)`.as('n'), sql<number | string | null>`min(c.created_at)`.as('oldest')])
    .executeTakeFirstOrThrow();
  return {
    waiting: String(Number(row.n)),
    oldestMinutes: row.oldest === null ? '0' : String(Math.floor((now - Number(row.oldest)) / 60_000)),
  };
}

/** One change request of the operator's sites, with what it changes; undefined for any other id. */
export async function changeDetail(db: Db, o: Operator, id: number, lang: Lang) {
  const cr = await db
    .selectFrom('change_requests as c')
    .innerJoin('providers as p', 'p.id', 'c.provider_id')
    .selectAll('c')
    .select(['p.code as provider', 'p.name as providerName', 'p.site', 'p.id as providerId'])
    .where('c.id', '=', id)
    .executeTakeFirst();
  const sites = sitesOf(o);
  if (!cr || (sites && !sites.includes(cr.site))) return undefined;
  const entity = entityOf(cr.entity_type);
  const payload = JSON.parse(cr.payload || '{}') as Record<string, unknown>;
  // A decided change is history: what it changed is in the audit log, and its entity may be gone.
  const view =
    cr.status === 'pending'
      ? await entity.review(db, cr.entity_id, cr.kind as ChangeKind, payload, { lang, site: cr.site })
      : { fields: [], files: [] };
  return {
    requestID: String(cr.id),
    entityType: cr.entity_type,
    entityID: String(cr.entity_id),
    entity: (await entity.describe(db, [cr.entity_id])).get(cr.entity_id) ?? '',
    kind: cr.kind,
    status: cr.status,
    reason: cr.reason,
    decidedBy: cr.decided_by,
    provider: cr.provider,
    providerName: cr.providerName,
    providerID: String(cr.providerId),
    site: cr.site,
    requestTime: new Date(Number(cr.created_at)).toISOString(),
    fields: await withReferenceNames(db, view.fields, lang),
    files: await withFormats(db, cr.providerId, view.files),
  };
}

/** Each file's format as stored at upload (a wav's channels, rate, bits and seconds; an image's size), to judge it by. */
async function withFormats(db: Db, providerId: number, files: ViewFile[]) {
  const names = [...new Set(files.flatMap((f) => [f.old, f.new]).filter(Boolean))];
  const rows = names.length
    ? await db
        .selectFrom('uploaded_files')
        .select(['saved_filename', 'info'])
        .where('provider_id', '=', providerId)
        .where('saved_filename', 'in', names)
        .execute()
    : [];
  const info = new Map(rows.map((r) => [r.saved_filename, parseObject(r.info)]));
  return files.map((f) => ({ ...f, oldInfo: info.get(f.old) ?? {}, newInfo: info.get(f.new) ?? {} }));
}

export type Decision = { requestID: string; result: DecideResult | 'not-yours' };

/**
 * Decides changes one after another (a bulk decision is each of them, each in its transaction): a change of
 * another site's provider is 'not-yours', one decided meanwhile 'not-pending'.
 */
export async function decideMany(
  db: Db,
  o: Operator,
  ids: number[],
  d: { approve: boolean; reason: string; now: number; notice?: DecisionNotice },
): Promise<Decision[]> {
  const out: Decision[] = [];
  for (const id of [...new Set(ids)]) {
    if (!(await changeDetailSite(db, o, id))) {
      out.push({ requestID: String(id), result: 'not-yours' });
      continue;
    }
    const result = await decide(db, id, {
      approve: d.approve,
      reason: d.reason,
      actor: o.code,
      now: d.now,
      notice: d.notice,
    });
    out.push({ requestID: String(id), result });
  }
  return out;
}

/** Whether the request exists and is of a provider of the operator's sites. */
async function changeDetailSite(db: Db, o: Operator, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('change_requests as c')
    .innerJoin('providers as p', 'p.id', 'c.provider_id')
    .select('p.site')
    .where('c.id', '=', id)
    .executeTakeFirst();
  const sites = sitesOf(o);
  return Boolean(row && (!sites || sites.includes(row.site)));
}
