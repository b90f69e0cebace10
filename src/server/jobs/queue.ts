// The job queue batch tasks run on. A job is one chunk of a task's lines ({taskId, from, to}); it is enqueued
// in the same transaction that creates the task, so a task exists with its jobs or not at all. Two
// implementations, one contract: on PostgreSQL pg-boss (pgBossQueue.ts: several server processes on one
// database share the jobs, each job is handed to one process at a time, a job whose process died expires
// and is retried), on SQLite a leased table in the same database (sqliteQueue.ts). Delivery is at least
// once: a job may run again after a crash, so its handler must be idempotent (runner.ts applies only the
// lines without a result).
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

export type JobHandler = (job: ChunkJob, run: JobRun) => Promise<void>;
/** Called once for a job whose every attempt failed or whose process died on the last one. */
export type DeadJobHandler = (job: ChunkJob, reason: string) => Promise<void>;

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

export interface JobQueue {
  readonly kind: 'sqlite' | 'pg-boss';
  /** Creates what the queue needs in the database (pg-boss's schema); called once per process before use. */
  open(): Promise<void>;
  /** Adds jobs inside the caller's transaction; `startAfter` (epoch ms) holds them back until then. */
  enqueue(tx: Transaction<Database>, jobs: ChunkJob[], startAfter?: number): Promise<void>;
  /** Starts this process's workers. */
  work(handler: JobHandler, onDead: DeadJobHandler): Promise<void>;
  /** Wakes this process's idle workers (after a local enqueue). */
  wake(): void;
  /** Stops taking jobs and waits for the running ones (up to a few seconds), then releases what it holds. */
  close(): Promise<void>;
  /** Jobs waiting and running across every process, and the oldest wait; throws when the queue cannot be read. */
  stats(): Promise<QueueStats>;
}

export function queueSettings(env: NodeJS.ProcessEnv = process.env): QueueSettings {
  const int = (name: string, fallback: number, min: number) => {
    const n = Number(env[name]);
    return Number.isFinite(n) && n >= min ? Math.floor(n) : fallback;
  };
  return {
    attempts: int('BATCH_JOB_ATTEMPTS', 3, 1),
    leaseSeconds: int('BATCH_LEASE_SECONDS', 60, 2),
    concurrency: int('BATCH_CONCURRENCY', 1, 1),
    pollMs: int('BATCH_POLL_MS', 1000, 50),
  };
}

/** A name for this process's lease rows: host, pid and a random part (a restarted process with a reused pid differs). */
export function workerId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
}
