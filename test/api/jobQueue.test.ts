// The job queue's contract on the test's database (leased table on SQLite, pg-boss on PostgreSQL): a job
// that fails runs again, up to BATCH_JOB_ATTEMPTS (3), and then fails its task cleanly: status 4 (not
// available), the reason kept, and every line left without a result marked 'not applied'. The server here
// runs no workers of its own, so the test's handler is the only one.
import { startServer, DEMO, type TestServer } from './helpers';
import { settled } from './batchSupport';
import { createTask } from '../../src/server/services/batch/tasks';
import { taskTypeOf } from '../../src/server/services/batch/taskTypes';
import { batchRunner } from '../../src/server/jobs/runner';
import { FileStore } from '../../src/server/files/storage';

let s: TestServer;
beforeAll(async () => {
  s = await startServer({ workers: false });
});
afterAll(async () => {
  await s.close();
});

test('a job failing on every attempt fails its task cleanly after three runs', async () => {
  const providerId = (
    await s.ctx.db.selectFrom('providers').select('id').where('code', '=', DEMO.kenya.account).executeTakeFirstOrThrow()
  ).id;
  const id = await createTask(s.ctx, {
    providerId,
    type: taskTypeOf('3')!,
    taskName: 'batchAddCopyrightCompany',
    desc: 'Doomed',
    fileName: 'o.txt',
    lines: [
      { no: 1, text: 'A|S|DOOM1|254711' },
      { no: 3, text: 'B|S|DOOM2|254712' },
    ],
  });
  const runs: Array<{ attempt: number; last: boolean }> = [];
  const runner = batchRunner(s.ctx, new FileStore(s.dataDir), () => undefined);
  await s.ctx.jobs.work(async (_job, run) => {
    runs.push({ attempt: run.attempt, last: run.last });
    throw new Error('the disk is full');
  }, runner.dead);
  const task = await settled(s, id, 40_000);
  expect(runs).toEqual([
    { attempt: 1, last: false },
    { attempt: 2, last: false },
    { attempt: 3, last: true },
  ]);
  expect(task).toMatchObject({ state: 'failed', status: '4', done_count: 2, fail_count: 2, success_count: 0 });
  expect(task.error).toContain('the disk is full');
  const lines = await s.ctx.db.selectFrom('batch_task_lines').selectAll().where('task_id', '=', id).execute();
  expect(lines.map((l) => l.return_code)).toEqual(['950006', '950006']);
  expect(JSON.parse(lines[0].return_msg).message).toMatchObject({ key: 'Batch.lineNotApplied' });
  expect(
    await s.ctx.db.selectFrom('copyright_companies').select('id').where('id_number', 'like', 'DOOM%').execute(),
  ).toEqual([]);
});
