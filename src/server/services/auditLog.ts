// Reading the audit log (issue 26): operators search it (a reviewer within its sites' providers) and export it;
// a provider reads its own account's activity (My Account > Activity). Retention: audit_retention_days (the
// server drops older entries as it runs).
import type { Kysely, Selectable } from 'kysely';
import type { AuditLogTable, Database, Operator } from '../db/schema';
import { pageOf, type PageRange } from '../db/paging';
import { sitesOf } from './operators';

type Db = Kysely<Database>;

/** The fields of an audit entry as the console and the provider's activity list answer it (auditEntry below). */
export const AUDIT_ENTRY_FIELDS = [
  'auditID',
  'time',
  'provider',
  'actor',
  'action',
  'entityType',
  'entityID',
  'detail',
  'ip',
] as const;

export interface AuditFilter {
  provider?: string;
  actor?: string;
  action?: string;
  entityType?: string;
  /** YYYY-MM-DD, UTC days, both included. */
  from?: string;
  to?: string;
}

const DAY = 86_400_000;

function entries(db: Db, f: AuditFilter, o?: Operator) {
  let q = db.selectFrom('audit_log as a').leftJoin('providers as p', 'p.id', 'a.provider_id');
  const sites = o ? sitesOf(o) : undefined;
  if (sites) q = q.where('p.site', 'in', sites.length ? sites : ['']);
  if (f.provider) q = q.where('p.code', '=', f.provider);
  if (f.actor) q = q.where('a.actor', '=', f.actor);
  if (f.action) q = q.where('a.action', 'like', `${f.action.replace(/[\\%_]/g, (c) => '\\' + c)}%`);
  if (f.entityType) q = q.where('a.entity_type', '=', f.entityType);
  if (f.from) q = q.where('a.at', '>=', Date.parse(`${f.from}T00:00:00Z`));
  if (f.to) q = q.where('a.at', '<', Date.parse(`${f.to}T00:00:00Z`) + DAY);
  return q;
}

/** An entry as the queries below read it: its columns, with its provider's code in place of the provider's id. */
type EntryRow = Omit<Selectable<AuditLogTable>, 'provider_id'> & { provider: string | null };

const row = (r: EntryRow) => ({
  auditID: String(r.id),
  time: new Date(Number(r.at)).toISOString(),
  provider: r.provider ?? '',
  actor: r.actor,
  action: r.action,
  entityType: r.entity_type,
  entityID: r.entity_id,
  detail: r.detail,
  ip: r.ip,
});

const columns = [
  'a.id',
  'a.at',
  'a.actor',
  'a.action',
  'a.entity_type',
  'a.entity_id',
  'a.detail',
  'a.ip',
  'p.code as provider',
] as const;

/** One page of the entries an operator may read, newest first. */
export function searchAudit(db: Db, o: Operator, f: AuditFilter, range: PageRange) {
  return pageOf(entries(db, f, o), range, async (q) =>
    (await q.select(columns).orderBy('a.id', 'desc').execute()).map(row),
  );
}

/** Every entry of the search (at most `max`), for the export. */
export async function exportAudit(db: Db, o: Operator, f: AuditFilter, max = 100_000) {
  return (await entries(db, f, o).select(columns).orderBy('a.id', 'desc').limit(max).execute()).map(row);
}

/** A provider's own account's activity, newest first. */
export function providerActivity(db: Db, providerId: number, range: PageRange) {
  const q = db
    .selectFrom('audit_log as a')
    .leftJoin('providers as p', 'p.id', 'a.provider_id')
    .where('a.provider_id', '=', providerId);
  return pageOf(q, range, async (page) => (await page.select(columns).orderBy('a.id', 'desc').execute()).map(row));
}

/** Drops entries older than the retention; 0 keeps everything. */
export async function purgeAudit(db: Db, retentionDays: number, now: number): Promise<void> {
  if (retentionDays > 0)
    await db
      .deleteFrom('audit_log')
      .where('at', '<', now - retentionDays * DAY)
      .execute();
}
