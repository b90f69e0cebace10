// The job queue of a database: pg-boss on PostgreSQL, the leased table on SQLite (queue.ts says why both).
import type { DatabaseHandle } from '../db/connection';
import { PgBossQueue } from './pgBossQueue';
import { SqliteQueue } from './sqliteQueue';
import { batchQueueSpec, type ChunkJob, type JobQueue, type QueueSpec } from './queue';

export interface QueueTarget {
  databaseUrl?: string;
  pgSchema?: string;
}

export function createQueue<J extends object = ChunkJob>(
  handle: DatabaseHandle,
  target: QueueTarget,
  log: (line: string) => void,
  spec: QueueSpec<J> = batchQueueSpec() as unknown as QueueSpec<J>,
): JobQueue<J> {
  return handle.dialect === 'postgres' && target.databaseUrl
    ? new PgBossQueue(handle.db, target.databaseUrl, target.pgSchema, spec, log)
    : new SqliteQueue(handle.db, spec);
}
