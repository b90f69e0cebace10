// The job queue of the embedded database: a table (batch_jobs, migration 011; media_jobs, migration 030) in
// the same SQLite file as the work it queues, so a task (or transcode) and its jobs are written in one
// transaction. A worker claims the oldest runnable job with
// one UPDATE ... RETURNING (SQLite runs one writer at a time, so two claims never take the same row), holds
// it under a lease it renews while it runs, and marks it done, queued again (after an error, with a growing
// delay) or dead (attempts used up). A process killed mid-job stops renewing; its lease runs out and the job
// is claimed again. A restarted process does not wait for that: jobs leased by a process of this host that
// no longer exists are released at once.
import { sql, type Kysely } from 'kysely';
import { hostname } from 'node:os';
import type { Database } from '../db/schema';
import {
  workerId,
  type DeadJobHandler,
  type JobHandler,
  type JobQueue,
  type QueueSettings,
  type QueueSpec,
  type QueueStats,
} from './queue';
import { StoppedError } from './stopped';

// The table is the spec's (batch_jobs or media_jobs, the same lease columns): typed loosely here.
type Db = Kysely<any>;
interface JobRow {
  id: number;
  attempts: number;
  error: string;
  [column: string]: unknown;
}

/** True when a process with this pid runs on this machine (signal 0 only checks). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export class SqliteQueue<J> implements JobQueue<J> {
  readonly kind = 'sqlite' as const;
  private readonly me = workerId();
  private stopping = false;
  private loops: Promise<void>[] = [];
  private wakers = new Set<() => void>();
  private readonly db: Db;
  private readonly settings: QueueSettings;
  private readonly table: string;

  constructor(
    db: Kysely<Database>,
    private readonly spec: QueueSpec<J>,
  ) {
    this.db = db as unknown as Db;
    this.settings = spec.settings;
    this.table = spec.table;
  }

  async open(): Promise<void> {
    await this.releaseDeadOwners();
  }

  async enqueue(tx: Parameters<JobQueue<J>['enqueue']>[0], jobs: J[], startAfter = 0): Promise<void> {
    for (let i = 0; i < jobs.length; i += 500) {
      await (tx as unknown as Db)
        .insertInto(this.table)
        .values(jobs.slice(i, i + 500).map((j) => ({ ...this.spec.toRow(j), run_after: startAfter })))
        .execute();
    }
  }

  async work(handler: JobHandler<J>, onDead: DeadJobHandler<J>): Promise<void> {
    for (let i = 0; i < this.settings.concurrency; i++) this.loops.push(this.loop(handler, onDead));
  }

  wake(): void {
    for (const w of [...this.wakers]) w();
  }

  async close(): Promise<void> {
    this.stopping = true;
    this.wake();
    await Promise.race([Promise.all(this.loops), new Promise((r) => setTimeout(r, 10_000).unref())]);
    // Whatever is still leased by this process goes back to the queue, to be resumed by line.
    await this.db
      .updateTable(this.table)
      .set({ state: 'queued', lease_owner: null, lease_until: null })
      .where('state', '=', 'active')
      .where('lease_owner', '=', this.me)
      .execute()
      .catch(() => undefined);
  }

  async stats(): Promise<QueueStats> {
    const { origin } = this.spec;
    const rows = await this.db
      .selectFrom(`${this.table} as j`)
      .innerJoin(`${origin.table} as t`, 't.id', `j.${origin.key}`)
      .select(['j.state', sql<number>`count(*)`.as('n'), sql<number>`min(${sql.ref(`t.${origin.time}`)})`.as('oldest')])
      .where('j.state', 'in', ['queued', 'active'])
      .groupBy('j.state')
      .execute();
    const of = (state: string) => rows.find((r) => r.state === state);
    const oldest = of('queued')?.oldest;
    return {
      queued: Number(of('queued')?.n ?? 0),
      active: Number(of('active')?.n ?? 0),
      oldestQueuedSeconds: oldest ? Math.max(0, (Date.now() - Number(oldest)) / 1000) : 0,
    };
  }

  /** Jobs leased by processes of this host that are gone (killed, crashed) are runnable again at once. */
  private async releaseDeadOwners(): Promise<void> {
    const host = hostname();
    const rows = await this.db
      .selectFrom(this.table)
      .select(['id', 'lease_owner'])
      .where('state', '=', 'active')
      .execute();
    const dead = rows.filter((r) => {
      const [h, pid] = String(r.lease_owner ?? '').split(':');
      return h === host && (Number(pid) === process.pid || !alive(Number(pid)));
    });
    if (dead.length)
      await this.db
        .updateTable(this.table)
        .set({ lease_until: 0 })
        .where(
          'id',
          'in',
          dead.map((r) => r.id),
        )
        .execute();
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakers.delete(done);
        resolve();
      };
      // Unref'd: a queue nobody closed (a test that failed to start its server) does not keep the process alive.
      const timer = setTimeout(done, ms).unref();
      this.wakers.add(done);
    });
  }

  private async claim(): Promise<JobRow | undefined> {
    const now = Date.now();
    const next = this.db
      .selectFrom(this.table)
      .select('id')
      .where((eb) =>
        eb.or([
          eb.and([eb('state', '=', 'queued'), eb('run_after', '<=', now)]),
          eb.and([eb('state', '=', 'active'), eb('lease_until', '<', now)]),
        ]),
      )
      .orderBy('id')
      .limit(1);
    return this.db
      .updateTable(this.table)
      .set({
        state: 'active',
        attempts: sql`attempts + 1`,
        lease_owner: this.me,
        lease_until: now + this.settings.leaseSeconds * 1000,
      })
      .where('id', '=', next)
      .returning(['id', ...this.spec.columns, 'attempts', 'error'])
      .executeTakeFirst() as Promise<JobRow | undefined>;
  }

  private async loop(handler: JobHandler<J>, onDead: DeadJobHandler<J>): Promise<void> {
    while (!this.stopping) {
      let job: JobRow | undefined;
      try {
        job = await this.claim();
      } catch {
        job = undefined; // the database is busy or closing: look again later
      }
      if (!job) {
        await this.sleep(this.settings.pollMs);
        continue;
      }
      await this.run(job, handler, onDead);
    }
  }

  private async run(job: JobRow, handler: JobHandler<J>, onDead: DeadJobHandler<J>): Promise<void> {
    const chunk = this.spec.fromRow(job);
    const finish = (state: string, extra: Record<string, unknown> = {}) =>
      this.db
        .updateTable(this.table)
        .set({ state, lease_owner: null, lease_until: null, ...extra })
        .where('id', '=', job.id)
        .where('lease_owner', '=', this.me)
        .execute();
    // A job claimed once more than allowed: its last run ended with the process (a crash on every attempt).
    if (job.attempts > this.settings.attempts) {
      await finish('dead');
      await onDead(chunk, job.error || 'the process running it stopped on every attempt');
      return;
    }
    const renew = async () => {
      if (this.stopping) return false;
      const r = await this.db
        .updateTable(this.table)
        .set({ lease_until: Date.now() + this.settings.leaseSeconds * 1000 })
        .where('id', '=', job.id)
        .where('lease_owner', '=', this.me)
        .where('state', '=', 'active')
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    };
    // Renewed on a timer as well, so one slow line cannot let the lease run out under a live process.
    const timer = setInterval(() => void renew().catch(() => undefined), (this.settings.leaseSeconds * 1000) / 3);
    try {
      await handler(chunk, { attempt: job.attempts, last: job.attempts >= this.settings.attempts, heartbeat: renew });
      await finish('done');
    } catch (e) {
      const reason = e instanceof Error ? e.message : String(e);
      if (e instanceof StoppedError) {
        // Stopped by close() or lost the lease: not a failure of the job.
        await finish('queued', { attempts: sql`attempts - 1` }).catch(() => undefined);
      } else if (job.attempts >= this.settings.attempts) {
        await finish('dead', { error: reason }).catch(() => undefined);
        await onDead(chunk, reason).catch(() => undefined);
      } else {
        await finish('queued', { error: reason, run_after: Date.now() + 1000 * 2 ** (job.attempts - 1) }).catch(
          () => undefined,
        );
      }
    } finally {
      clearInterval(timer);
    }
  }
}
