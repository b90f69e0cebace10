// The job queues: batch tasks run on one (a job is one chunk of a task's lines, {taskId, from, to}), audio
// transcoding on another (a job is one transcode, {transcodeId}), each with its own settings so a long batch
// never holds back a provider's upload and the other way round. A job is enqueued in the same transaction that
// creates its task or transcode, so the work exists with its jobs or not at all. Two implementations, one
// contract: on PostgreSQL pg-boss (pgBossQueue.ts: several server processes on one
// database share the jobs, each job is handed to one process at a time, a job whose process died expires
// and is retried), on SQLite a leased table in the same database (sqliteQueue.ts). Delivery is at least
// once: a job may run again after a crash, so its handler must be idempotent (runner.ts applies only the
// lines without a result; media/transcodeJob.ts skips a transcode already done and rewrites the same files).
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';

export interface ChunkJob {
  taskId: number;
  /** First and last line number of the chunk, inclusive. */
  from: number;
  to: number;
}

export interface JobRun {
  /** 1 on the first run of the job, 2 after one failure or expiry, ... */
  attempt: number;
  /** No further run follows if this one fails: the handler gives up cleanly instead of throwing. */
  last: boolean;
  /** Renews the job's lease (SQLite); resolves false when the lease was lost to another process. */
  heartbeat(): Promise<boolean>;
}

/** One transcode of an audio master (media/transcodes.ts). */
export interface TranscodeJob {
  transcodeId: number;
}

export type JobHandler<J = ChunkJob> = (job: J, run: JobRun) => Promise<void>;
/** Called once for a job whose every attempt failed or whose process died on the last one. */
export type DeadJobHandler<J = ChunkJob> = (job: J, reason: string) => Promise<void>;

export interface QueueSettings {
  /** Runs of one job before it is given up (BATCH_JOB_ATTEMPTS, default 3). */
  attempts: number;
  /**
   * How long a job may go without its process showing life before another process takes it
   * (BATCH_LEASE_SECONDS, default 60): the SQLite lease, pg-boss's expireInSeconds.
   */
  leaseSeconds: number;
  /** Jobs one process runs at once (BATCH_CONCURRENCY, default 1). */
  concurrency: number;
  /** How often an idle worker looks for work, in ms (a local enqueue wakes it at once). */
  pollMs: number;
}

/** What waits and what runs, for /metrics; reading it is also /readyz's check that the queue answers. */
export interface QueueStats {
  queued: number;
  active: number;
  /** Seconds the oldest waiting job has waited (0 when none waits). */
  oldestQueuedSeconds: number;
}

export interface JobQueue<J = ChunkJob> {
  readonly kind: 'sqlite' | 'pg-boss';
  /** Creates what the queue needs in the database (pg-boss's schema); called once per process before use. */
  open(): Promise<void>;
  /** Adds jobs inside the caller's transaction; `startAfter` (epoch ms) holds them back until then. */
  enqueue(tx: Transaction<Database>, jobs: J[], startAfter?: number): Promise<void>;
  /** Starts this process's workers. */
  work(handler: JobHandler<J>, onDead: DeadJobHandler<J>): Promise<void>;
  /** Wakes this process's idle workers (after a local enqueue). */
  wake(): void;
  /** Stops taking jobs and waits for the running ones (up to a few seconds), then releases what it holds. */
  close(): Promise<void>;
  /** Jobs waiting and running across every process, and the oldest wait; throws when the queue cannot be read. */
  stats(): Promise<QueueStats>;
}

/**
 * A queue's settings from the environment, its variables named by `prefix`: BATCH_JOB_ATTEMPTS,
 * BATCH_LEASE_SECONDS, BATCH_CONCURRENCY, BATCH_POLL_MS for batch tasks; MEDIA_... for transcoding.
 */
export function queueSettings(
  env: NodeJS.ProcessEnv = process.env,
  prefix: 'BATCH' | 'MEDIA' = 'BATCH',
  defaults: QueueSettings = { attempts: 3, leaseSeconds: 60, concurrency: 1, pollMs: 1000 },
): QueueSettings {
  const int = (name: string, fallback: number, min: number) => {
    const n = Number(env[`${prefix}_${name}`]);
    return Number.isFinite(n) && n >= min ? Math.floor(n) : fallback;
  };
  return {
    attempts: int('JOB_ATTEMPTS', defaults.attempts, 1),
    leaseSeconds: int('LEASE_SECONDS', defaults.leaseSeconds, 2),
    concurrency: int('CONCURRENCY', defaults.concurrency, 1),
    pollMs: int('POLL_MS', defaults.pollMs, 50),
  };
}

/**
 * What tells one queue from another: its pg-boss queue name (the dead-letter queue is `<name>_dead`), its SQLite
 * table (batch_jobs, media_jobs: the queue's own columns beside the lease columns every such table has) and how a
 * job maps to that table's columns.
 */
export interface QueueSpec<J> {
  name: string;
  table: 'batch_jobs' | 'media_jobs';
  /** The row a job belongs to and when it was asked for: how long the oldest waiting job has waited (stats). */
  origin: { table: 'batch_tasks' | 'transcodes'; key: string; time: 'request_time' | 'created_at' };
  settings: QueueSettings;
  columns: readonly string[];
  toRow(job: J): Record<string, number>;
  fromRow(row: Record<string, unknown>): J;
}

export const batchQueueSpec = (env: NodeJS.ProcessEnv = process.env): QueueSpec<ChunkJob> => ({
  name: 'rbt_batch',
  table: 'batch_jobs',
  origin: { table: 'batch_tasks', key: 'task_id', time: 'request_time' },
  settings: queueSettings(env, 'BATCH'),
  columns: ['task_id', 'from_line', 'to_line'],
  toRow: (j) => ({ task_id: j.taskId, from_line: j.from, to_line: j.to }),
  fromRow: (r) => ({ taskId: Number(r.task_id), from: Number(r.from_line), to: Number(r.to_line) }),
});

/**
 * Transcoding: a job may run for minutes (a long master on a busy machine), so its lease is longer; on PostgreSQL
 * the lease is pg-boss's expiry, the longest a run may take before another process takes the job.
 */
export const mediaQueueSpec = (env: NodeJS.ProcessEnv = process.env): QueueSpec<TranscodeJob> => ({
  name: 'rbt_media',
  table: 'media_jobs',
  origin: { table: 'transcodes', key: 'transcode_id', time: 'created_at' },
  settings: queueSettings(env, 'MEDIA', { attempts: 3, leaseSeconds: 300, concurrency: 1, pollMs: 1000 }),
  columns: ['transcode_id'],
  toRow: (j) => ({ transcode_id: j.transcodeId }),
  fromRow: (r) => ({ transcodeId: Number(r.transcode_id) }),
});

/** A name for this process's lease rows: host, pid and a random part (a restarted process with a reused pid differs). */
export function workerId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
}
