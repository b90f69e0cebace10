// The job queue of a database: pg-boss on PostgreSQL, the leased table on SQLite (queue.ts says why both).
import type { DatabaseHandle } from '../db/connection';
import { PgBossQueue } from './pgBossQueue';
import { SqliteQueue } from './sqliteQueue';
import { queueSettings, type JobQueue } from './queue';

export interface QueueTarget {
  databaseUrl?: string;
  pgSchema?: string;
}

export function createQueue(handle: DatabaseHandle, target: QueueTarget, log: (line: string) => void): JobQueue {
  const settings = queueSettings();
  return handle.dialect === 'postgres' && target.databaseUrl
    ? new PgBossQueue(handle.db, target.databaseUrl, target.pgSchema, settings, log)
    : new SqliteQueue(handle.db, settings);
}
