// A transcode survives its server being killed (issue 27): a real server process is killed with SIGKILL while
// ffmpeg is making a unified tone's files, restarted on the same data, and the transcode completes once: one set
// of files under the transcode's fixed names, each recorded once, one change request for the operator, and no
// scratch or temporary file left. Before the restart nothing of the half-made files is visible. Runs on SQLite
// (the restarted process takes back its dead predecessor's lease at once) and, in the PostgreSQL pass, on
// pg-boss (the job expires after MEDIA_LEASE_SECONDS and is retried).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Client, DEMO, dropPgSchema, usingPostgres } from './helpers';
import { goodTone } from './tonePayload';
import { startProcess, type ServerProcess } from './serverProcess';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/connection';
import { binaries } from '../../src/server/media/ffmpeg';
import { soxi } from '../fixtures/audio';

jest.setTimeout(180_000);

const dataDir = mkdtempSync(join(tmpdir(), 'rbt-tkill-'));
const work = mkdtempSync(join(tmpdir(), 'rbt-tkill-src-'));
const pgSchema = usingPostgres ? `t_${randomBytes(6).toString('hex')}` : undefined;
// pg-boss's expiry is the longest a run may take, so it must outlast one transcode of this master.
const env = { MEDIA_LEASE_SECONDS: usingPostgres ? '20' : '300', MEDIA_POLL_MS: '100' };
let server: ServerProcess | undefined;
let db: DatabaseHandle | undefined;

afterAll(async () => {
  await server?.stop('SIGKILL');
  await db?.close();
  if (pgSchema) await dropPgSchema(pgSchema);
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

test('kill -9 while ffmpeg makes the files: after a restart the transcode completes once, nothing half-written or left over', async () => {
  // A 40-second master, long enough that the kill lands while ffmpeg writes.
  execFileSync('sox', [
    '-n',
    '-r',
    '44100',
    '-c',
    '2',
    '-b',
    '16',
    join(work, 'm.wav'),
    'synth',
    '40',
    'pinknoise',
    'vol',
    '0.3',
  ]);
  execFileSync(binaries().ffmpeg, [
    '-nostdin',
    '-loglevel',
    'error',
    '-y',
    '-i',
    join(work, 'm.wav'),
    '-b:a',
    '192k',
    join(work, 'm.mp3'),
  ]);
  server = await startProcess({ dataDir, pgSchema, env });
  db = await openDatabase({ dataDir, databaseUrl: pgSchema ? process.env.DATABASE_URL : undefined, pgSchema });
  const c = new Client(server.base);
  const login = await c.post(
    '/sp/sploginhs',
    { account: DEMO.generic.account, pwd: DEMO.generic.password },
    { form: true },
  );
  expect(login.body.returnCode).toBe('000000');
  const up = await c.upload([['long.mp3', readFileSync(join(work, 'm.mp3'))]], { query: '?fileType=audio' });
  expect(up.body.returnCode).toBe('000000');
  const master = up.body.record['long.mp3'].savedFilename;
  // goodTone reads the catalogue from the database; the server runs elsewhere, so it is given the test's handle.
  const form = await goodTone({ ctx: { db: db.db } } as never, c, {
    uploadMode: '2',
    uploadChannel: 1,
    toneName: 'Killed Midway',
  });
  const image = JSON.parse(String(form.toneFile)).image;
  const r = await c.post('/sp/addtone', { ...form, toneFile: JSON.stringify({ mediaPlay: master, image }) });
  expect(r.body.returnCode).toBe('000000');
  const toneId = Number(r.body.record.toneID);
  const transcode = () =>
    db!.db.selectFrom('transcodes').selectAll().where('entity_id', '=', toneId).executeTakeFirstOrThrow();

  // Kill it once ffmpeg has begun writing the files in the transcode's scratch directory.
  const until = Date.now() + 90_000;
  let t = await transcode();
  const workDir = () => join(dataDir, 'tmp', `transcode-${t.id}.work`);
  while (!(t.state === 'running' && existsSync(workDir()) && readdirSync(workDir()).some((f) => f.startsWith('web')))) {
    if (Date.now() > until) throw new Error(`transcode never ran:\n${server.output()}`);
    await sleep(20);
    t = await transcode();
  }
  await server.stop('SIGKILL');
  const providerId = t.provider_id;
  const mine = () =>
    readdirSync(join(dataDir, 'files', String(providerId)))
      .filter((f) => f.startsWith(`tc${t.id}`))
      .sort();
  // Nothing of the half-made files is stored or recorded, and nothing waits for the operator.
  expect(mine()).toEqual([]);
  expect((await transcode()).state).toBe('running');
  expect(await db.db.selectFrom('change_requests').select('id').where('entity_id', '=', toneId).execute()).toEqual([]);

  server = await startProcess({ dataDir, pgSchema, env });
  const done = Date.now() + 150_000;
  while (['queued', 'running'].includes((t = await transcode()).state)) {
    if (Date.now() > done) throw new Error(`transcode still ${t.state}:\n${server.output()}`);
    await sleep(100);
  }
  expect(t.state).toBe('done');
  expect(t.attempts).toBeGreaterThanOrEqual(2);
  expect(mine()).toEqual([`tc${t.id}hd.3gp`, `tc${t.id}ivr.wav`, `tc${t.id}web.mp3`]);
  const rows = await db.db
    .selectFrom('uploaded_files')
    .select('saved_filename')
    .where('saved_filename', 'like', `tc${t.id}%`)
    .execute();
  expect(rows.map((x) => x.saved_filename).sort()).toEqual(mine());
  expect(soxi(join(dataDir, 'files', String(providerId), `tc${t.id}ivr.wav`))).toMatchObject({
    rate: 8000,
    bits: 8,
    channels: 1,
  });
  const changes = await db.db
    .selectFrom('change_requests')
    .select(['kind', 'status'])
    .where('entity_type', '=', 'tone')
    .where('entity_id', '=', toneId)
    .execute();
  expect(changes).toEqual([{ kind: 'add', status: 'pending' }]);
  // No scratch directory and no temporary file is left behind.
  expect(readdirSync(join(dataDir, 'tmp'))).toEqual([]);
});
