// A batch task survives its server being killed (issue 13, Deliver 4): a real server process is killed with
// SIGKILL in the middle of a copyright task of thousands of lines, restarted on the same data, and the task
// completes with every line applied exactly once (each line wrote one owner row and one audit entry, and none
// was refused as 'already exists' by its own earlier run). Runs on SQLite (the leased jobs table: the
// restarted process releases the dead one's lease at once) and, in the PostgreSQL pass, on pg-boss (the
// dead process's job expires after BATCH_LEASE_SECONDS and is retried).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Client, DEMO, dropPgSchema, usingPostgres } from './helpers';
import { multipart, txt } from './batchSupport';
import { startProcess, type ServerProcess } from './serverProcess';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/connection';

jest.setTimeout(180_000);

// Enough lines that the kill lands mid-task; PostgreSQL applies them slower (a round trip per statement).
const LINES = usingPostgres ? 4_000 : 15_000;
const dataDir = mkdtempSync(join(tmpdir(), 'rbt-kill-'));
const pgSchema = usingPostgres ? `t_${randomBytes(6).toString('hex')}` : undefined;
const env = { BATCH_LEASE_SECONDS: '3', BATCH_POLL_MS: '100' };
let server: ServerProcess | undefined;
let db: DatabaseHandle | undefined;

afterAll(async () => {
  await server?.stop('SIGKILL');
  await db?.close();
  if (pgSchema) await dropPgSchema(pgSchema);
  rmSync(dataDir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

test('kill -9 in the middle of a task: after a restart it completes with no line applied twice', async () => {
  server = await startProcess({ dataDir, pgSchema, env });
  db = await openDatabase({ dataDir, databaseUrl: pgSchema ? process.env.DATABASE_URL : undefined, pgSchema });
  const c = new Client(server.base);
  const login = await c.post(
    '/sp/sploginhs',
    { account: DEMO.kenya.account, pwd: DEMO.kenya.password },
    { form: true },
  );
  expect(login.body.returnCode).toBe('000000');
  const lines = Array.from(
    { length: LINES },
    (_, i) => `Killed Owner ${i}|Stage|KILL${String(i).padStart(6, '0')}|2547${String(i).padStart(8, '0')}`,
  );
  const r = await multipart(c, '/sp/addbatchtask/batchAddCopyrightCompany', [['file', 'owners.txt', txt(lines)]], {
    taskDesc: 'Kill test',
  });
  expect(r.body.returnCode).toBe('000000');
  const taskId = Number(r.body.record.taskId);
  const task = () => db!.db.selectFrom('batch_tasks').selectAll().where('id', '=', taskId).executeTakeFirstOrThrow();

  // Kill it once some line groups have committed and most lines are still to come.
  const until = Date.now() + 60_000;
  while ((await task()).done_count === 0) {
    if (Date.now() > until) throw new Error(`no progress:\n${server.output()}`);
    await sleep(10);
  }
  await server.stop('SIGKILL');
  const atKill = await task();
  expect(atKill.state).toBe('running');
  expect(atKill.done_count).toBeLessThan(LINES);
  // What committed before the kill is consistent: results, owners and progress agree.
  const applied = async () =>
    Number(
      (
        await db!.db
          .selectFrom('batch_task_lines')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('task_id', '=', taskId)
          .where('return_code', 'is not', null)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const owners = () =>
    db!.db.selectFrom('copyright_companies').select('id_number').where('id_number', 'like', 'KILL%').execute();
  expect(await applied()).toBe(atKill.done_count);
  expect((await owners()).length).toBe(atKill.success_count);

  server = await startProcess({ dataDir, pgSchema, env });
  const done = Date.now() + 150_000;
  let t = await task();
  while (['queued', 'running'].includes(t.state)) {
    if (Date.now() > done) throw new Error(`task still ${t.state} at ${t.done_count}/${LINES}:\n${server.output()}`);
    await sleep(100);
    t = await task();
  }
  expect(t).toMatchObject({
    state: 'done',
    status: '3',
    total_count: LINES,
    done_count: LINES,
    success_count: LINES,
    fail_count: 0,
  });
  expect(t.attempts).toBeGreaterThanOrEqual(2);
  expect(await applied()).toBe(LINES);
  const failed = await db.db
    .selectFrom('batch_task_lines')
    .select(['line_no', 'return_code'])
    .where('task_id', '=', taskId)
    .where('return_code', '!=', '000000')
    .execute();
  expect(failed).toEqual([]);
  const ids = (await owners()).map((o) => o.id_number);
  expect(ids.length).toBe(LINES);
  expect(new Set(ids).size).toBe(LINES);
  const audits = await db.db
    .selectFrom('audit_log')
    .select('detail')
    .where('action', '=', 'batch.addcopyright')
    .execute();
  const perLine = new Map<number, number>();
  for (const a of audits) {
    const d = JSON.parse(a.detail);
    if (d.task === taskId) perLine.set(d.line, (perLine.get(d.line) ?? 0) + 1);
  }
  expect(perLine.size).toBe(LINES);
  expect([...perLine.values()].every((n) => n === 1)).toBe(true);
});
