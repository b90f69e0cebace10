// What operators and load balancers ask a process (issue 28, Deliver 3): /healthz, /readyz with its checks, and
// /metrics in Prometheus's text format with the portal's own figures. /readyz answers 503 naming what is wrong
// while the bucket is down (s3rver stopped) and, on PostgreSQL, while the database cannot be reached (the
// server's connections go through a TCP proxy the test cuts), and 200 again once it is back.
import { createServer, connect, type Server, type Socket } from 'node:net';
import { startServer, DEMO, usingPostgres, type TestServer, type Client } from './helpers';
import { startS3, type S3Server } from './s3Server';
import { multipart, settled, txt } from './batchSupport';
import { sineWav } from '../../src/server/files/wav';
import { sql } from 'kysely';

jest.setTimeout(90_000);

/** A TCP proxy to PostgreSQL that can be cut (listener closed, every connection dropped) and restored. */
async function cuttableProxy(target: URL) {
  const sockets = new Set<Socket>();
  let server: Server;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = connect(Number(target.port || 5432), target.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => undefined);
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server.address() as { port: number }).port;
        resolve();
      });
    });
  await listen();
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    async cut() {
      await new Promise((r) => {
        server.close(r);
        for (const s of sockets) s.destroy();
      });
    },
    restore: listen,
  };
}

let s3: S3Server;
let s: TestServer;
let c: Client;
let proxy: Awaited<ReturnType<typeof cuttableProxy>> | undefined;
beforeAll(async () => {
  s3 = await startS3();
  if (usingPostgres) proxy = await cuttableProxy(new URL(process.env.DATABASE_URL!));
  s = await startServer({ objects: s3.objects('health'), databaseUrl: proxy?.url });
  c = await s.login(DEMO.kenya.account, DEMO.kenya.password);
});
afterAll(async () => {
  await s?.close();
  await s3?.close();
  await proxy?.cut();
});

const readyz = async () => {
  const r = await fetch(`${s.base}/readyz`);
  return { status: r.status, body: (await r.json()) as Record<string, any> };
};
const until = async (what: string, f: () => Promise<boolean>) => {
  const end = Date.now() + 30_000;
  while (!(await f())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
};

test('alive and ready, every check ok', async () => {
  const h = await fetch(`${s.base}/healthz`);
  expect([h.status, await h.json()]).toEqual([200, { status: 'alive', phase: 'ready' }]);
  expect(await readyz()).toEqual({
    status: 200,
    body: { status: 'ready', checks: { database: 'ok', storage: 'ok', queue: 'ok', transcoding: 'ok' } },
  });
});

test('/metrics: Prometheus text with requests by route and code, files stored, batch lines, the queue, the process', async () => {
  const wav = sineWav({ seconds: 1, frequency: 440 });
  expect((await c.upload([['m.wav', wav]])).body.returnCode).toBe('000000');
  // A batch beyond batch_sync_max_records (100) runs as a task on the workers.
  const lines = Array.from(
    { length: 150 },
    (_, i) => `Metric Owner ${i}|Stage|MET${i}|2547${String(i).padStart(8, '0')}`,
  );
  const r = await multipart(c, '/sp/addbatchtask/batchAddCopyrightCompany', [['file', 'owners.txt', txt(lines)]]);
  expect((await settled(s, r.body.record.taskId)).status).toBe('3');
  await fetch(`${s.base}/no/such/page`);
  const res = await fetch(`${s.base}/metrics`);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  const text = await res.text();
  // Every line is a comment (HELP, TYPE) or a sample: name, labels, value.
  const samples = text.split('\n').filter((l) => l && !l.startsWith('#'));
  for (const l of samples) expect(l).toMatch(/^[a-zA-Z_:][\w:]*(\{[^}]*\})? (-?[\d.]+(e[+-]?\d+)?|NaN|[+-]Inf)$/);
  const value = (name: string) => {
    const line = samples.find((l) => l.startsWith(`${name} `));
    return line === undefined ? undefined : Number(line.slice(name.length + 1));
  };
  expect(value('rbt_http_request_duration_seconds_count{method="POST",route="/sp/uploadfile",code="200"}')).toBe(1);
  expect(value('rbt_http_request_duration_seconds_count{method="GET",route="unmatched",code="404"}')).toBe(1);
  expect(value('rbt_files_stored_total')).toBe(1);
  expect(value('rbt_file_bytes_stored_total')).toBe(wav.length);
  expect(value('rbt_batch_lines_total{result="ok"}')).toBe(150);
  // Each queue as the database has it (the demo data has tasks waiting too).
  const waitingIn = async (queue: 'rbt_batch' | 'rbt_media', table: 'batch_jobs' | 'media_jobs') =>
    usingPostgres
      ? (
          await sql<{ n: number }>`select count(*)::int as n from ${sql.table(`${s.pgSchema}_pgboss.job`)}
            where name = ${queue} and state in ('created', 'retry')`.execute(s.ctx.db)
        ).rows[0].n
      : Number(
          (
            await sql<{ n: number }>`select count(*) as n from ${sql.table(table)} where state = 'queued'`.execute(
              s.ctx.db,
            )
          ).rows[0].n,
        );
  expect(value('rbt_job_queue_waiting')).toBe(await waitingIn('rbt_batch', 'batch_jobs'));
  expect(value('rbt_job_queue_running')).toBe(0);
  expect(value('rbt_transcode_queue_waiting')).toBe(await waitingIn('rbt_media', 'media_jobs'));
  expect(value('rbt_transcode_queue_running')).toBe(0);
  expect(value('rbt_transcode_queue_oldest_wait_seconds')).toBeGreaterThanOrEqual(0);
  expect(value('process_resident_memory_bytes')).toBeGreaterThan(10_000_000);
  if (usingPostgres) expect(value('rbt_db_pool_max')).toBe(10);
});

test('the bucket down: 503 naming it, the process still alive; back: ready again', async () => {
  await s3.stop();
  try {
    const down = await readyz();
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({
      status: 'not ready',
      checks: { database: 'ok', queue: 'ok', transcoding: 'ok' },
    });
    expect(down.body.reason).toMatch(/^object storage s3:\/\/rbt-files\/health unreachable: /);
    expect((await fetch(`${s.base}/healthz`)).status).toBe(200);
    // What the upload form asks before it sends (common/checkuploadpath) says so too.
    expect((await c.get('/common/checkuploadpath')).body.returnCode).toBe('950010');
  } finally {
    await s3.restart();
  }
  await until('ready after the bucket is back', async () => (await readyz()).status === 200);
});

(usingPostgres ? test : test.skip)('the database down: 503 naming it; back: ready again', async () => {
  await proxy!.cut();
  try {
    const down = await readyz();
    expect(down.status).toBe(503);
    expect(down.body.checks.database).toMatch(/^database unreachable: /);
    expect(down.body.checks.queue).toMatch(/^job queue unreachable: /);
    expect(down.body.checks.storage).toBe('ok');
    expect(down.body.reason).toContain('database unreachable');
  } finally {
    await proxy!.restore();
  }
  await until('ready after the database is back', async () => (await readyz()).status === 200);
  // And it serves again.
  expect((await c.get('/sp/qrycpselfInfo')).body.returnCode).toBe('000000');
});
