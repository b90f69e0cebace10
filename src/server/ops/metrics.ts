// The process's metrics in Prometheus's text format (/metrics), through prom-client: request durations by route
// and HTTP code, files stored and their bytes, batch lines applied, the batch and transcode queues (waiting,
// running, the oldest wait), the database pool, and the process itself (memory, CPU, event loop, GC: prom-client's defaults).
// One registry per app, so the tests' several servers in one process keep their figures apart.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { JobQueue } from '../jobs/queue';

// Only the queues' stats are read here, whatever their jobs carry.
type AnyQueue = Pick<JobQueue<never>, 'stats'>;
import type { DatabaseHandle } from '../db/connection';

export class Metrics {
  readonly registry = new Registry();
  readonly requestSeconds: Histogram<'method' | 'route' | 'code'>;
  private readonly filesStored: Counter;
  private readonly bytesStored: Counter;
  private readonly batchLines: Counter<'result'>;

  constructor(sources: { jobs: AnyQueue; media: AnyQueue; handle: DatabaseHandle }) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.requestSeconds = new Histogram({
      name: 'rbt_http_request_duration_seconds',
      help: 'Time from request to answer, by route (its pattern), method and HTTP status code.',
      labelNames: ['method', 'route', 'code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
      registers,
    });
    this.filesStored = new Counter({
      name: 'rbt_files_stored_total',
      help: 'Files accepted and stored (uploads, batch zip entries, export task files).',
      registers,
    });
    this.bytesStored = new Counter({
      name: 'rbt_file_bytes_stored_total',
      help: 'Bytes of the files stored.',
      registers,
    });
    this.batchLines = new Counter({
      name: 'rbt_batch_lines_total',
      help: 'Batch task lines applied by this process, by result (ok or refused).',
      labelNames: ['result'],
      registers,
    });
    // Each queue's figures as its database has them (all processes): the batch tasks', and the transcoding's.
    type Stats = Awaited<ReturnType<JobQueue['stats']>>;
    const queueGauges = (of: AnyQueue, prefix: string, what: string) => {
      const gauge = (name: string, help: string, pick: (s: Stats) => number) =>
        new Gauge({
          name: `${prefix}_${name}`,
          help,
          registers,
          async collect() {
            const s = await of.stats().catch(() => undefined);
            if (s) this.set(pick(s));
          },
        });
      gauge('waiting', `${what} waiting to run (all processes).`, (s) => s.queued);
      gauge('running', `${what} running now (all processes).`, (s) => s.active);
      gauge(
        'oldest_wait_seconds',
        `How long the oldest waiting ${what.toLowerCase().replace(/s$/, '')} has waited.`,
        (s) => s.oldestQueuedSeconds,
      );
    };
    queueGauges(sources.jobs, 'rbt_job_queue', 'Batch jobs');
    queueGauges(sources.media, 'rbt_transcode_queue', 'Transcode jobs');
    const pool = sources.handle.poolStats;
    if (pool) {
      const gauge = (
        name: string,
        help: string,
        pick: (p: ReturnType<NonNullable<DatabaseHandle['poolStats']>>) => number,
      ) =>
        new Gauge({
          name,
          help,
          registers,
          collect() {
            this.set(pick(pool()));
          },
        });
      gauge('rbt_db_pool_connections', 'PostgreSQL connections this process holds open.', (p) => p.total);
      gauge('rbt_db_pool_idle', 'Open PostgreSQL connections not in use.', (p) => p.idle);
      gauge('rbt_db_pool_waiting', 'Queries waiting for a PostgreSQL connection.', (p) => p.waiting);
      gauge('rbt_db_pool_max', 'The pool size (DATABASE_POOL_SIZE).', (p) => p.max);
    }
  }

  stored(bytes: number): void {
    this.filesStored.inc();
    this.bytesStored.inc(bytes);
  }

  lines(ok: number, refused: number): void {
    if (ok) this.batchLines.inc({ result: 'ok' }, ok);
    if (refused) this.batchLines.inc({ result: 'refused' }, refused);
  }
}
