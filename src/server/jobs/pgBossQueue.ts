// The job queue on PostgreSQL: pg-boss (an established Postgres job queue; version 10, the last for Node 20).
// Every server process on the database works the same queue; pg-boss hands each job to one process at a
// time (SKIP LOCKED), fails a job whose process went silent past its expiry (leaseSeconds) and retries it,
// and moves a job out of retries to a dead-letter queue, whose handler fails the task cleanly. pg-boss keeps
// its tables in a schema of its own beside the portal's: `<portal schema>_pgboss`.
import PgBoss from 'pg-boss';
import { CompiledQuery, sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { DeadJobHandler, JobHandler, JobQueue, QueueSettings, QueueSpec, QueueStats } from './queue';

/** pg-boss runs its statements through the caller's transaction: jobs commit with the task or not at all. */
const inTransaction = (tx: Transaction<Database>) => ({
  executeSql: async (text: string, values: unknown[]) => ({
    rows: (await tx.executeQuery(CompiledQuery.raw(text, values))).rows as any[],
  }),
});

export class PgBossQueue<J extends object> implements JobQueue<J> {
  readonly kind = 'pg-boss' as const;
  private boss?: PgBoss;
  private starting?: Promise<PgBoss>;
  private workerIds: string[] = [];
  private closing = false;
  /** The workers being registered (work()): close() waits for them, so none starts after pg-boss stopped. */
  private registering?: Promise<void>;
  private readonly settings: QueueSettings;
  private schema = '';

  constructor(
    private readonly db: Kysely<Database>,
    private readonly url: string,
    private readonly pgSchema: string | undefined,
    private readonly spec: QueueSpec<J>,
    private readonly log: (line: string) => void,
  ) {
    this.settings = spec.settings;
  }

  /** Starts pg-boss once (installing or migrating its schema), with the queues the tasks use. */
  private start(): Promise<PgBoss> {
    const QUEUE = this.spec.name;
    const DEAD = `${QUEUE}_dead`;
    this.starting ??= (async () => {
      const schema =
        this.pgSchema ?? (await sql<{ s: string }>`select current_schema() as s`.execute(this.db)).rows[0].s;
      this.schema = `${schema}_pgboss`;
      const boss = new PgBoss({
        connectionString: this.url,
        schema: this.schema,
        max: 2 + this.settings.concurrency,
        application_name: `rbt-portal-${QUEUE}`,
        schedule: false,
        // Expired jobs (their process died) are failed and retried by this maintenance, so it runs often.
        maintenanceIntervalSeconds: Math.max(1, Math.floor(this.settings.leaseSeconds / 2)),
        monitorStateIntervalSeconds: 3600,
      });
      boss.on('error', (e) => this.log(`pg-boss: ${e.message}`));
      await boss.start();
      const options = {
        retryLimit: this.settings.attempts - 1,
        retryDelay: 1,
        retryBackoff: true,
        expireInSeconds: this.settings.leaseSeconds,
        retentionDays: 7,
      };
      if (!(await boss.getQueue(DEAD)))
        await boss.createQueue(DEAD, { name: DEAD, policy: 'standard', retentionDays: 7 }).catch(() => undefined);
      if (!(await boss.getQueue(QUEUE)))
        await boss
          .createQueue(QUEUE, { name: QUEUE, policy: 'standard', deadLetter: DEAD, ...options })
          .catch(() => undefined);
      // Settings may change between runs (BATCH_LEASE_SECONDS, BATCH_JOB_ATTEMPTS): the queue follows them.
      await boss.updateQueue(QUEUE, { name: QUEUE, deadLetter: DEAD, ...options });
      this.boss = boss;
      return boss;
    })();
    return this.starting;
  }

  async open(): Promise<void> {
    await this.start();
  }

  async enqueue(tx: Transaction<Database>, jobs: J[], startAfter?: number): Promise<void> {
    const boss = await this.start();
    const QUEUE = this.spec.name;
    const after = startAfter ? new Date(startAfter) : undefined;
    for (let i = 0; i < jobs.length; i += 500) {
      await boss.insert(
        jobs.slice(i, i + 500).map((data) => ({ name: QUEUE, data, ...(after ? { startAfter: after } : {}) })),
        { db: inTransaction(tx) },
      );
    }
  }

  work(handler: JobHandler<J>, onDead: DeadJobHandler<J>): Promise<void> {
    this.registering = this.register(handler, onDead);
    return this.registering;
  }

  private async register(handler: JobHandler<J>, onDead: DeadJobHandler<J>): Promise<void> {
    const boss = await this.start();
    // A server closed while it was still starting (a short test under load) registers no worker at all.
    if (this.closing) return;
    const [QUEUE, DEAD] = [this.spec.name, `${this.spec.name}_dead`];
    const pollingIntervalSeconds = Math.max(0.5, this.settings.pollMs / 1000);
    for (let i = 0; i < this.settings.concurrency; i++) {
      let id = '';
      id = await boss.work<J>(QUEUE, { batchSize: 1, pollingIntervalSeconds, includeMetadata: true }, async ([job]) => {
        const attempt = job.retryCount + 1;
        try {
          await handler(job.data, {
            attempt,
            last: job.retryCount >= job.retryLimit,
            heartbeat: async () => !this.closing,
          });
        } finally {
          // pg-boss waits out the rest of its polling interval after a job shorter than it, even with the
          // task's next chunks queued: a process would take one chunk per interval and sit idle between
          // them. Notified, the worker looks for the next job at once (and waits only when there is none).
          if (id) boss.notifyWorker(id);
        }
      });
      this.workerIds.push(id);
    }
    await boss.work<J>(
      DEAD,
      { batchSize: 1, pollingIntervalSeconds: Math.max(pollingIntervalSeconds, 2), includeMetadata: true },
      async ([job]) => {
        const output = job.output as { message?: string; value?: { message?: string } } | null;
        await onDead(job.data, output?.message ?? output?.value?.message ?? 'failed on every attempt');
      },
    );
  }

  /** Read through pg-boss's own connections, so a queue that cannot reach its database says so. */
  async stats(): Promise<QueueStats> {
    if (!this.boss) throw new Error('the job queue has not started');
    const { rows } = (await this.boss.getDb().executeSql(
      `select state, count(*)::int as n, coalesce(extract(epoch from now() - min(created_on)), 0)::float as age
         from "${this.schema}".job where name = $1 and state in ('created', 'retry', 'active') group by state`,
      [this.spec.name],
    )) as { rows: Array<{ state: string; n: number; age: number }> };
    const waiting = rows.filter((r) => r.state !== 'active');
    return {
      queued: waiting.reduce((n, r) => n + r.n, 0),
      active: rows.find((r) => r.state === 'active')?.n ?? 0,
      oldestQueuedSeconds: Math.max(0, ...waiting.map((r) => r.age)),
    };
  }

  wake(): void {
    for (const id of this.workerIds) this.boss?.notifyWorker(id);
  }

  async close(): Promise<void> {
    this.closing = true;
    if (!this.starting) return;
    const boss = await this.starting.catch(() => undefined);
    await this.registering?.catch(() => undefined);
    // Running jobs stop at their next line group (heartbeat answers false) and are retried by another process.
    await boss?.stop({ graceful: true, wait: true, timeout: 10_000 }).catch(() => undefined);
  }
}
