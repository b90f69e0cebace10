// Per-provider upload limits: a storage quota (upload_quota_mb: the bytes of every file the provider has
// stored) and a rate (upload_rate_per_minute: files accepted in the last 60 seconds). Both are read from the
// uploaded_files table, so every server process of a PostgreSQL deployment sees the same usage, and both are
// checked again inside the transaction that records an upload (the provider's row locked on PostgreSQL;
// SQLite writes one transaction at a time), so concurrent uploads cannot pass the quota together.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { Dialect } from '../db/connection';
import { num, type Config } from '../services/config';
import { ApiError } from '../envelope';
import { RC } from '../returnCodes';
import { formatSize } from './accept';

const MB = 1024 * 1024;
export const RATE_WINDOW_MS = 60_000;

export interface UploadLimits {
  /** Bytes a provider may store; Infinity when upload_quota_mb is 0. */
  quotaBytes: number;
  /** Files a provider may upload per minute; Infinity when upload_rate_per_minute is 0. */
  perMinute: number;
}

export function uploadLimits(config: Config): UploadLimits {
  const quota = num(config, 'upload_quota_mb');
  const rate = num(config, 'upload_rate_per_minute');
  return { quotaBytes: quota > 0 ? quota * MB : Infinity, perMinute: rate > 0 ? rate : Infinity };
}

export interface UploadUsage {
  files: number;
  bytes: number;
  /** Files accepted within the last minute, and when the oldest of them was. */
  recentFiles: number;
  oldestRecentAt: number | null;
}

type Db = Kysely<Database> | Transaction<Database>;

export async function uploadUsage(db: Db, providerId: number, now: number): Promise<UploadUsage> {
  const total = await db
    .selectFrom('uploaded_files')
    .select([sql<number | string>`count(*)`.as('files'), sql<number | string | null>`sum(size)`.as('bytes')])
    .where('provider_id', '=', providerId)
    .executeTakeFirstOrThrow();
  const recent = await db
    .selectFrom('uploaded_files')
    .select([sql<number | string>`count(*)`.as('n'), sql<number | string | null>`min(created_at)`.as('oldest')])
    .where('provider_id', '=', providerId)
    .where('created_at', '>', now - RATE_WINDOW_MS)
    .executeTakeFirstOrThrow();
  return {
    files: Number(total.files),
    bytes: Number(total.bytes ?? 0),
    recentFiles: Number(recent.n),
    oldestRecentAt: recent.oldest === null ? null : Number(recent.oldest),
  };
}

/** Usage of every provider at once (operator CLI): files and bytes stored, files accepted in the last minute. */
export async function usageByProvider(
  db: Kysely<Database>,
  now: number,
): Promise<Map<number, { files: number; bytes: number; recentFiles: number }>> {
  const rows = await db
    .selectFrom('uploaded_files')
    .select([
      'provider_id',
      sql<number | string>`count(*)`.as('files'),
      sql<number | string>`sum(size)`.as('bytes'),
      sql<number | string>`sum(case when created_at > ${now - RATE_WINDOW_MS} then 1 else 0 end)`.as('recent'),
    ])
    .groupBy('provider_id')
    .execute();
  return new Map(
    rows.map((r) => [r.provider_id, { files: Number(r.files), bytes: Number(r.bytes), recentFiles: Number(r.recent) }]),
  );
}

export const quotaRefusal = (limits: UploadLimits, usage: Pick<UploadUsage, 'bytes'>) =>
  new ApiError(RC.uploadQuota, [formatSize(limits.quotaBytes), formatSize(usage.bytes)]);

/**
 * Refuses when adding `files` files of `bytes` bytes would pass the rate or the quota. With nothing to add,
 * refuses when the provider is already at either limit (checked before the body is read).
 */
export function checkLimits(limits: UploadLimits, usage: UploadUsage, now: number, files = 0, bytes = 0): void {
  if (usage.recentFiles + Math.max(files, 1) > limits.perMinute) {
    const waitMs = usage.oldestRecentAt === null ? RATE_WINDOW_MS : usage.oldestRecentAt + RATE_WINDOW_MS - now;
    throw new ApiError(RC.uploadRate, [Math.max(1, Math.ceil(waitMs / 1000))]);
  }
  if (files === 0 ? usage.bytes >= limits.quotaBytes : usage.bytes + bytes > limits.quotaBytes)
    throw quotaRefusal(limits, usage);
}

/** Serialises a provider's uploads within a transaction on PostgreSQL (SQLite already writes one at a time). */
export async function lockProvider(tx: Transaction<Database>, dialect: Dialect, providerId: number): Promise<void> {
  if (dialect === 'postgres')
    await tx.selectFrom('providers').select('id').where('id', '=', providerId).forUpdate().execute();
}
