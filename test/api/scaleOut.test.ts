// Two server processes on one PostgreSQL database behind one address (issue 13, Deliver 6; README "Several
// server processes"): a round-robin proxy sends each request to the other process, and a provider's session,
// CSRF token and login throttling hold whichever answers; both processes take part in one batch task and no
// line is applied twice. PostgreSQL only (the API suite's PostgreSQL pass; skipped on SQLite).
import { createServer, request, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Client, DEMO, dropPgSchema, usingPostgres } from './helpers';
import { multipart, txt } from './batchSupport';
import { startProcess, type ServerProcess } from './serverProcess';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/connection';

jest.setTimeout(180_000);
const maybe = usingPostgres ? describe : describe.skip;

/** One address in front of several servers: each request goes to the next one in turn. */
function roundRobin(targets: string[]): Promise<{ base: string; server: Server; hits: number[] }> {
  const hits = targets.map(() => 0);
  let next = 0;
  const server = createServer((req, res) => {
    const i = next++ % targets.length;
    hits[i]++;
    const url = new URL(req.url ?? '/', targets[i]);
    const upstream = request(url, { method: req.method, headers: req.headers }, (r) => {
      res.writeHead(r.statusCode ?? 502, r.headers);
      r.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ base: `http://127.0.0.1:${(server.address() as { port: number }).port}`, server, hits }),
    ),
  );
}

maybe('two server processes on one PostgreSQL database', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'rbt-two-'));
  const pgSchema = `t_${randomBytes(6).toString('hex')}`;
  const servers: ServerProcess[] = [];
  let proxy: Awaited<ReturnType<typeof roundRobin>>;
  let db: DatabaseHandle;

  beforeAll(async () => {
    // Both on the same DATA_DIR, as shared storage would be; the second starts while the first seeds.
    const env = { BATCH_POLL_MS: '200' };
    servers.push(
      ...(await Promise.all([startProcess({ dataDir, pgSchema, env }), startProcess({ dataDir, pgSchema, env })])),
    );
    proxy = await roundRobin(servers.map((s) => s.base));
    db = await openDatabase({ dataDir, databaseUrl: process.env.DATABASE_URL, pgSchema });
  });
  afterAll(async () => {
    proxy?.server.close();
    await Promise.all(servers.map((s) => s.stop()));
    await db?.close();
    await dropPgSchema(pgSchema);
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('a session, its CSRF token and the login throttle hold whichever process answers', async () => {
    const c = new Client(proxy.base);
    const login = await c.post(
      '/sp/sploginhs',
      { account: DEMO.kenya.account, pwd: DEMO.kenya.password },
      { form: true },
    );
    expect(login.body.returnCode).toBe('000000');
    const before = [...proxy.hits];
    for (let i = 0; i < 4; i++) {
      expect((await c.get('/sp/qrycpselfInfo')).body.returnCode).toBe('000000');
      // A write with the token the other process handed out.
      expect(
        (await c.post('/sp/exporttonesinger/exportToneAndSinger', { taskDesc: `Export ${i}` })).body.returnCode,
      ).toBe('000000');
    }
    expect(proxy.hits.map((h, i) => h - before[i])).toEqual([4, 4]);
    expect((await c.post('/sp/exporttonesinger/exportToneAndSinger', {}, { csrf: false })).body.returnCode).toBe(
      '950001',
    );
    // Wrong passwords counted by both processes lock the account after login_max_failures (5).
    const w = new Client(proxy.base);
    const codes: string[] = [];
    for (let i = 0; i < 6; i++)
      codes.push(
        (await w.post('/sp/sploginhs', { account: DEMO.ais.account, pwd: 'Wrong!Pass1' }, { form: true })).body
          .returnCode,
      );
    expect(codes).toEqual(['950003', '950003', '950003', '950003', '942201', '942201']);
  });

  test('both processes work one batch task, and every line is applied once', async () => {
    const c = new Client(proxy.base);
    await c.post('/sp/sploginhs', { account: DEMO.kenya.account, pwd: DEMO.kenya.password }, { form: true });
    const N = 6000;
    const lines = Array.from(
      { length: N },
      (_, i) => `Shared Owner ${i}|Stage|TWO${String(i).padStart(6, '0')}|2547${String(i).padStart(8, '0')}`,
    );
    const r = await multipart(c, '/sp/addbatchtask/batchAddCopyrightCompany', [['file', 'owners.txt', txt(lines)]]);
    expect(r.body.returnCode).toBe('000000');
    const id = Number(r.body.record.taskId);
    const workers = new Set<string>();
    const until = Date.now() + 150_000;
    for (;;) {
      const t = await db.db
        .selectFrom('batch_tasks')
        .select(['state', 'locked_by', 'done_count'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      if (t.locked_by) workers.add(t.locked_by.split(':')[1]);
      if (t.state === 'done') break;
      if (Date.now() > until) throw new Error(`task still ${t.state} at ${t.done_count}/${N}`);
      await new Promise((res) => setTimeout(res, 20));
    }
    expect([...workers].sort()).toEqual(servers.map((s) => String(s.child.pid)).sort());
    const t = await db.db.selectFrom('batch_tasks').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(t).toMatchObject({ status: '3', success_count: N, done_count: N, fail_count: 0 });
    const ids = await db.db
      .selectFrom('copyright_companies')
      .select('id_number')
      .where('id_number', 'like', 'TWO%')
      .execute();
    expect(ids.length).toBe(N);
    expect(new Set(ids.map((x) => x.id_number)).size).toBe(N);
    const audits = await db.db
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'batch.addcopyright')
      .execute();
    expect(audits.filter((a) => JSON.parse(a.detail).task === id).length).toBe(N);
  });
});
