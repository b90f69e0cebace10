// The audit log: who did what to which entity, for operators and disputes. Never holds secrets.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export interface AuditEntry {
  providerId: number | null;
  actor: string;
  action: string;
  entityType?: string;
  entityId?: string | number;
  detail?: unknown;
  ip?: string;
}

/** The row of an entry (written by audit(), or many at once by a batch's line group). */
export const auditRow = (e: AuditEntry) => ({
  at: Date.now(),
  provider_id: e.providerId,
  actor: e.actor,
  action: e.action,
  entity_type: e.entityType ?? '',
  entity_id: e.entityId === undefined ? '' : String(e.entityId),
  detail: e.detail === undefined ? '' : JSON.stringify(e.detail),
  ip: e.ip ?? '',
});

export async function audit(db: Kysely<Database>, e: AuditEntry): Promise<void> {
  await db.insertInto('audit_log').values(auditRow(e)).execute();
}

/** A provider acting through a call: who, and from which address. */
export interface Acting {
  provider: { id: number; code: string };
  ip?: string;
}

/** An entry of the provider's own action (the services' writes). */
export const auditBy = (db: Kysely<Database>, a: Acting, e: Omit<AuditEntry, 'providerId' | 'actor' | 'ip'>) =>
  audit(db, { providerId: a.provider.id, actor: a.provider.code, ip: a.ip, ...e });
