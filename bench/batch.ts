// Batch benchmark (issue 13): `npm run bench -- batch` (writes bench/results/batch.json).
// 1. Zip ingest: a 200 MB zip of 50 files (48 wav of noisy audio, a 3gp, a gif) with its index of 48 tones, sent
//    to sp/batchaddtone and answered with every line's result. Goals: the server's resident memory at most
//    64 MB above idle throughout; throughput (zip bytes per second, upload to answer) at least half of
//    `unzip -t` on the same file in the same run.
// 2. A 100,000-line update task (Kenya, update tones and singers; each line renames one of 100,000 seeded
//    tones, through the approval flow): lines per second from submission to done, on SQLite with one process,
//    then on PostgreSQL with one process and with two processes on the same database (goal: two at least
//    1.6 times one). PostgreSQL needs BENCH_DATABASE_URL (else TEST_DATABASE_URL); without either it is skipped.
//    Each PostgreSQL run writes about 450 MB of WAL, so where the database's checkpoints fall (and what else the
//    machine does) moves a single run by up to half: one and two processes run BENCH_PG_RUNS times each (default
//    5), alternately in fresh schemas, and the ratio is that of their medians; every run is in the results.
// Servers run compiled, as `npm start` runs them. Test data is generated here and removed afterwards; the
// machine's load average is recorded beside the figures.
import { spawnSync, type ChildProcess } from 'node:child_process';
import { createReadStream, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';
import pg from 'pg';
import { openContext } from '../src/server/openContext';
import { buildServer, rssKb, startServer } from './server';
import { ZipWriter } from '../test/api/zip';
import { cpuSnapshot } from './support/cpu';
import { idleRssKb, watchPeak } from './support/memory';

const ROOT = join(__dirname, '..');
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const LINES = Number(process.env.BENCH_BATCH_LINES ?? 100_000);
const PG_RUNS = Math.max(1, Number(process.env.BENCH_PG_RUNS ?? 5));
const demo = (account: string) =>
  (
    JSON.parse(require('node:fs').readFileSync(join(ROOT, 'demo-accounts.json'), 'utf8')) as Array<{
      account: string;
      password: string;
    }>
  ).find((d) => d.account === account)!;
const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Proc {
  child: ChildProcess;
  base: string;
}

/** A compiled server (bench/server.ts), on PG_URL when given a schema. */
export const start = (dataDir: string, schema?: string): Promise<Proc> =>
  startServer(dataDir, schema, { DATABASE_URL: schema ? PG_URL! : '', BATCH_POLL_MS: '200' });

export const stop = async (p: Proc) => {
  p.child.kill('SIGTERM');
  await new Promise((r) => p.child.once('exit', r));
};

export async function login(base: string, account: string) {
  const r = await fetch(`${base}/sp/sploginhs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account, pwd: demo(account).password }),
  });
  const body = (await r.json()) as { returnCode: string };
  if (body.returnCode !== '000000') throw new Error(`login ${account}: ${JSON.stringify(body)}`);
  return { cookie: r.headers.get('set-cookie')!.split(';')[0], csrf: r.headers.get('x-csrf-token')! };
}

/** A multipart POST streamed from files on disk (the zip is never in this process's memory either). */
export function postFiles(
  base: string,
  path: string,
  session: { cookie: string; csrf: string },
  files: Array<[field: string, name: string, file: string]>,
): Promise<any> {
  const boundary = '----rbtbatch' + Date.now();
  const heads = files.map(([field, name]) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
  );
  const tail = Buffer.from(`--${boundary}--\r\n`);
  const length = files.reduce((n, [, , f], i) => n + heads[i].length + statSync(f).size + 2, 0) + tail.length;
  return new Promise((resolve, reject) => {
    const url = new URL(path, base);
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: {
          cookie: session.cookie,
          'x-csrf-token': session.csrf,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': length,
        },
      },
      (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve(JSON.parse(text)));
      },
    );
    req.on('error', reject);
    (async () => {
      for (const [i, [, , file]] of files.entries()) {
        req.write(heads[i]);
        for await (const chunk of createReadStream(file, { highWaterMark: 256 * 1024 }))
          if (!req.write(chunk)) await new Promise((r) => req.once('drain', r));
        req.write('\r\n');
      }
      req.end(tail);
    })().catch(reject);
  });
}

/** 8-bit mono audio: a tone with noise on top, which deflate hardly shrinks (like real recordings). */
export function noisyWav(bytes: number, seed: number): Buffer {
  const b = randomBytes(bytes);
  b.write('RIFF', 0, 'latin1');
  b.writeUInt32LE(bytes - 8, 4);
  b.write('WAVEfmt ', 8, 'latin1');
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(1, 22);
  b.writeUInt32LE(8000, 24);
  b.writeUInt32LE(8000, 28);
  b.writeUInt16LE(1, 32);
  b.writeUInt16LE(8, 34);
  b.write('data', 36, 'latin1');
  b.writeUInt32LE(bytes - 44, 40);
  for (let i = 44; i < bytes; i++) b[i] = (128 + 30 * Math.sin((i + seed) / 7) + (b[i] - 128) * 0.8) & 0xff;
  return b;
}

/** A batch tone index: sp/addtone's columns, then the file columns named, one tone a line with its files. */
export function indexLines(fileColumns: string[], files: string[][]): string[] {
  const far = new Date(Date.now() + 800 * 86_400_000).toISOString().slice(0, 10);
  return [
    `toneName|singerName|singerSex|lyricAuthor|melodyComposer|musicArranger|catalogID|contentLanguage|price|callerPrice|toneValidDay|relativeTime|tagNames|priceGroupID|${fileColumns.join('|')}`,
    ...files.map((f, i) => `Bench tone ${i}|Bench Singer|1|A|B|C|1|1|5.00|2.50|${far}|365|bench|-1|${f.join('|')}`),
  ];
}

/**
 * A fresh DATA_DIR without the per-minute upload rate, which a bench's batches would pass and which it does not
 * measure; `more` sets other configuration keys.
 */
export async function uploadRateOff(dataDir: string, more: Record<string, string> = {}): Promise<void> {
  const { ctx } = await openContext({ dataDir, site: 'generic' });
  for (const [key, value] of Object.entries({ upload_rate_per_minute: '0', ...more })) await ctx.config.set(key, value);
  await ctx.handle.close();
}

/** The smallest gif a tone's image may be (350 x 350). */
export const COVER_GIF = Buffer.concat([
  Buffer.from('GIF89a', 'latin1'),
  Buffer.from([0x5e, 0x01, 0x5e, 0x01]),
  Buffer.alloc(20),
]);

export async function zipIngest(work: string, probeRefused = false) {
  const zipPath = join(work, 'tones.zip');
  const w = new ZipWriter(zipPath);
  const wavs = 48;
  const size = Math.floor(4.05 * 1024 * 1024);
  for (let i = 0; i < wavs; i++) w.add(`tones/tone${i}.wav`, noisyWav(size, i), { deflate: true });
  const hd = Buffer.alloc(64);
  hd.writeUInt32BE(24, 0);
  hd.write('ftyp3gp4', 4, 'latin1');
  w.add('hd.3gp', hd).add('cover.gif', COVER_GIF).finish();
  const zipBytes = statSync(zipPath).size;
  const [header, ...rows] = indexLines(
    ['webAuditon', 'aipPlay', 'hdPlay', 'image'],
    Array.from({ length: wavs }, (_, i) => [`tone${i}.wav`, `tone${i}.wav`, 'hd.3gp', 'cover.gif']),
  );
  const indexPath = join(work, 'tones.txt');
  writeFileSync(indexPath, [header, ...rows].join('\n') + '\n');

  // unzip -t: inflate and check every entry of the same file, best of three.
  const unzipRuns = [0, 1, 2].map(() => {
    const t = performance.now();
    const r = spawnSync('unzip', ['-tqq', zipPath]);
    if (r.status !== 0) throw new Error(`unzip -t failed: ${r.stderr}`);
    return (performance.now() - t) / 1000;
  });
  const unzipSeconds = Math.min(...unzipRuns);

  const dataDir = join(work, 'zipdata');
  // Three batches of 49 files within a minute: past the upload rate a provider gets by default.
  await uploadRateOff(dataDir);
  const server = await start(dataDir);
  try {
    const session = await login(server.base, '8800010');
    // Idle: once the server has started and served a login, before any batch.
    const idle = await idleRssKb(server.child.pid!);
    const runs = [];
    if (probeRefused) {
      // Probe: the same zip, refused after every entry was inflated (the last index line names a missing file).
      const bad = join(work, 'bad.txt');
      writeFileSync(
        bad,
        [header, ...rows, rows[0].replace('tone0.wav|tone0.wav', 'missing.wav|missing.wav')].join('\n') + '\n',
      );
      const watch = watchPeak(server.child.pid!);
      const t = performance.now();
      const answer = await postFiles(server.base, '/sp/batchaddtone', session, [
        ['zipFile', 'tones.zip', zipPath],
        ['indexFile', 'tones.txt', bad],
      ]);
      const peak = watch.stop();
      console.log(
        'refused probe',
        answer.returnCode,
        (performance.now() - t) / 1000,
        's, peak above idle MB',
        (peak - idle) / 1024,
      );
    }
    for (let i = 0; i < Number(process.env.BENCH_ZIP_RUNS ?? 3); i++) {
      // The goal's figure is each run's peak against that idle. What a run keeps afterwards (the heap grown
      // once, SQLite's cache) stays in the next run's figure, so memory a run does not give back cannot hide.
      const before = rssKb(server.child.pid!);
      const watch = watchPeak(server.child.pid!);
      const t = performance.now();
      const answer = await postFiles(server.base, '/sp/batchaddtone', session, [
        ['zipFile', 'tones.zip', zipPath],
        ['indexFile', 'tones.txt', indexPath],
      ]);
      const seconds = (performance.now() - t) / 1000;
      const peak = watch.stop();
      if (answer.returnCode !== '000000' || answer.record?.successCount !== wavs)
        throw new Error(`batch upload: ${JSON.stringify(answer).slice(0, 600)}`);
      runs.push({
        seconds: round(seconds, 3),
        rssBeforeMB: round(before / 1024, 1),
        peakMB: round(peak / 1024, 1),
        peakAboveIdleMB: round((peak - idle) / 1024, 1),
      });
    }
    const best = runs.reduce((a, b) => (b.seconds < a.seconds ? b : a));
    const worstPeak = Math.max(...runs.map((r) => r.peakAboveIdleMB));
    return {
      zipMB: round(zipBytes / 1048576, 1),
      entries: wavs + 2,
      tones: wavs,
      idleRssMB: round(idle / 1024, 1),
      runs,
      unzipTestSeconds: round(unzipSeconds, 3),
      unzipMBps: round(zipBytes / 1048576 / unzipSeconds, 1),
      ingestSeconds: best.seconds,
      ingestMBps: round(zipBytes / 1048576 / best.seconds, 1), // best of the runs, as unzip -t's
      ratioToUnzip: round(unzipSeconds / best.seconds, 2),
      peakAboveIdleMB: worstPeak,
    };
  } finally {
    await stop(server);
  }
}

/** Kenya's provider gets LINES tones with codes 7000000000000 + n (SQLite: prepared inserts; PostgreSQL: one INSERT ... SELECT). */
async function seedTones(dataDir: string, schema?: string) {
  const { ctx } = await openContext({
    dataDir,
    site: 'generic',
    databaseUrl: schema ? PG_URL : undefined,
    pgSchema: schema,
  });
  await ctx.handle.close();
  const now = Date.now();
  if (!schema) {
    const db = new Database(join(dataDir, 'rbt.sqlite'));
    db.pragma('journal_mode = WAL');
    const { id, n } = db
      .prepare(
        "SELECT p.id AS id, (SELECT max(seq) FROM tones WHERE provider_id = p.id) AS n FROM providers p WHERE code = '8800020'",
      )
      .get() as { id: number; n: number };
    const ins =
      db.prepare(`INSERT INTO tones (provider_id, seq, tone_code, tone_name, singer_name, singer_sex, status, approve_type, table_type, ask_type, refuse_reason, price, caller_price, total_price,
      tariff_price, relative_time, tone_valid_day, order_times, language_id, catalog_id, price_group_id, isrc, mate_info, info, cut_flag, tone_file, additional_tone_info, upload_type, created_at, updated_at)
      VALUES (?, ?, ?, ?, 'Singer', '1', '1', '2', '', '', '', '2.50', '2.50', '', '', '30', '2099-12-31', 0, 1, 1, NULL, '', '', '', '0', '{}', '{}', '1', ?, ?)`);
    db.transaction(() => {
      for (let i = 0; i < LINES; i++) ins.run(id, n + 1 + i, String(7_000_000_000_000 + i), `Tone ${i}`, now, now);
    })();
    db.close();
    return;
  }
  const c = new pg.Client({ connectionString: PG_URL, options: `-c search_path=${schema}` });
  await c.connect();
  try {
    const { rows } = await c.query(
      "SELECT p.id, (SELECT max(seq) FROM tones WHERE provider_id = p.id) AS n FROM providers p WHERE code = '8800020'",
    );
    await c.query(
      `INSERT INTO tones (provider_id, seq, tone_code, tone_name, singer_name, singer_sex, status, approve_type, table_type, ask_type, refuse_reason, price, caller_price, total_price,
        tariff_price, relative_time, tone_valid_day, order_times, language_id, catalog_id, price_group_id, isrc, mate_info, info, cut_flag, tone_file, additional_tone_info, upload_type, created_at, updated_at)
       SELECT $1, $2 + g, (7000000000000 + g - 1)::text, 'Tone ' || (g - 1), 'Singer', '1', '1', '2', '', '', '', '2.50', '2.50', '', '', '30', '2099-12-31', 0, 1, 1, NULL, '', '', '', '0', '{}', '{}', '1', $3::bigint, $3::bigint
       FROM generate_series(1, $4::int) g`,
      [rows[0].id, Number(rows[0].n), now, LINES],
    );
    // Statistics on every table of the schema, as a deployment's autovacuum would long have taken them.
    const { rows: tables } = await c.query(`SELECT tablename FROM pg_tables WHERE schemaname = $1`, [schema]);
    await c.query(`ANALYZE ${tables.map((t) => `"${t.tablename}"`).join(', ')}`);
  } finally {
    await c.end();
  }
}

/** Submits the update file and waits for the task; lines per second from submission to done. */
export async function updateTask(work: string, label: string, processes: number, schema?: string) {
  const dataDir = join(work, `upd-${label}`);
  await seedTones(dataDir, schema);
  const file = join(work, `update-${label}.txt`);
  writeFileSync(
    file,
    Array.from({ length: LINES }, (_, i) => `${7_000_000_000_000 + i}|Renamed ${i}|Singer ${i % 997}`).join('\n') +
      '\n',
  );
  const servers: Proc[] = [];
  for (let i = 0; i < processes; i++) servers.push(await start(dataDir, schema));
  try {
    const session = await login(servers[0].base, '8800020');
    // Where the cores go while the task runs: each server process, PostgreSQL, the whole machine.
    const cpuBefore = cpuSnapshot(servers.map((s) => s.child.pid!));
    const t = performance.now();
    const answer = await postFiles(servers[0].base, '/sp/addbatchtask/batchUpdateToneAndSinger', session, [
      ['file', 'update.txt', file],
    ]);
    if (answer.returnCode !== '000000') throw new Error(`update task: ${JSON.stringify(answer).slice(0, 400)}`);
    const submitSeconds = (performance.now() - t) / 1000;
    const id = answer.record.taskId;
    const today = new Date();
    const ymd = `${today.getFullYear()}${String(today.getMonth() + 1).padStart(2, '0')}${String(today.getDate()).padStart(2, '0')}`;
    for (;;) {
      await sleep(500);
      const r = await fetch(
        `${servers[0].base}/sp/browsebatchtask/2?portalType=1&begin=${ymd}%2000:00:00&end=${ymd}%2023:59:59&startRecordNum=1&endRecordNum=5`,
        { headers: { cookie: session.cookie } },
      );
      const task = ((await r.json()) as any).record.find((x: any) => x.taskId === id);
      if (task.state === 'done' || task.state === 'failed') {
        const seconds = (performance.now() - t) / 1000;
        const cpu = cpuSnapshot(servers.map((s) => s.child.pid!)).since(cpuBefore);
        if (task.successCount !== LINES)
          throw new Error(`update task ${label}: ${task.successCount}/${LINES} succeeded`);
        return {
          processes,
          seconds: round(seconds, 1),
          submitSeconds: round(submitSeconds, 1),
          linesPerSecond: Math.round(LINES / seconds),
          cpu,
        };
      }
    }
  } finally {
    for (const s of servers) await stop(s);
  }
}

/** Where the cores went during an update task, in words for the report. */
export function cpuNote(label: string, r: Awaited<ReturnType<typeof updateTask>>): string {
  const c = r.cpu;
  if (c.machineBusyCpuSeconds === undefined) return `${label}: CPU time not measured (no /proc).`;
  const core = (s?: number) => `${s} s (${round((s ?? 0) / (c.wallSeconds ?? 1))} of a core)`;
  const servers = c.serverProcessCpuSeconds.map(core).join(' and ');
  const ours = c.serverProcessCpuSeconds.reduce<number>((a, b) => a + (b ?? 0), 0) + (c.postgresCpuSeconds ?? 0);
  return (
    `CPU during the ${label} update task (${c.wallSeconds} s): server process${r.processes > 1 ? 'es' : ''} ${servers}; ` +
    `PostgreSQL ${c.postgresCpuSeconds === undefined ? 'not running here' : core(c.postgresCpuSeconds)}; ` +
    `the whole machine kept ${c.machineBusyCores} of its ${cpus().length} cores busy on average, of which ` +
    `${round(Math.max(0, (c.machineBusyCpuSeconds - ours) / (c.wallSeconds ?? 1)))} went to other work on the machine.`
  );
}

/** The cores the portal (server processes and PostgreSQL) got with two processes against one: what bounds the ratio. */
export function shareNote(one: Awaited<ReturnType<typeof updateTask>>, two: Awaited<ReturnType<typeof updateTask>>) {
  const got = (r: typeof one) =>
    (r.cpu.serverProcessCpuSeconds.reduce<number>((a, b) => a + (b ?? 0), 0) + (r.cpu.postgresCpuSeconds ?? 0)) /
    r.cpu.wallSeconds;
  const [a, b] = [got(one), got(two)];
  return (
    `On PostgreSQL the portal (server processes and PostgreSQL) kept ${round(a)} cores busy with one process and ` +
    `${round(b)} with two (${round(b / a)} times), for ${round(two.linesPerSecond / one.linesPerSecond)} times the lines ` +
    `per second (median runs): one process and its database connection take turns, so on ${cpus().length} cores two ` +
    `processes can at most about double the lines per second.`
  );
}

type UpdateRun = Awaited<ReturnType<typeof updateTask>>;
const medianRun = (runs: UpdateRun[]) =>
  [...runs].sort((x, y) => x.linesPerSecond - y.linesPerSecond)[Math.floor(runs.length / 2)];

/** One update task in a fresh schema, dropped afterwards (a dead schema would keep the autovacuum busy). */
async function inFreshSchema(run: (schema: string) => Promise<UpdateRun>): Promise<UpdateRun> {
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  try {
    return await run(schema);
  } finally {
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE; DROP SCHEMA IF EXISTS ${schema}_pgboss CASCADE`);
    await c.end();
  }
}

/** PG_RUNS runs with one process and with two, alternately, so a slow spell of the machine meets both alike. */
async function postgresRuns(work: string) {
  const one: UpdateRun[] = [];
  const two: UpdateRun[] = [];
  for (let i = 0; i < PG_RUNS; i++) {
    one.push(await inFreshSchema((s) => updateTask(work, `pg1-${i}`, 1, s)));
    two.push(await inFreshSchema((s) => updateTask(work, `pg2-${i}`, 2, s)));
  }
  const [m1, m2] = [medianRun(one), medianRun(two)];
  return {
    runs: PG_RUNS,
    linesPerSecond: { one: one.map((r) => r.linesPerSecond), two: two.map((r) => r.linesPerSecond) },
    one: m1,
    two: m2,
    ratio: round(m2.linesPerSecond / m1.linesPerSecond, 2),
  };
}

export async function runBatchBench() {
  const work = mkdtempSync(join(tmpdir(), 'rbt-bench-batch-'));
  const loadBefore = round(loadavg()[0]);
  try {
    buildServer();
    const zip = await zipIngest(work);
    const sqlite = await updateTask(work, 'sqlite', 1);
    const postgres: Awaited<ReturnType<typeof postgresRuns>> | { skipped: string } = PG_URL
      ? await postgresRuns(work)
      : { skipped: 'no BENCH_DATABASE_URL or TEST_DATABASE_URL' };
    // pass null: a figure without a goal (the report shows '-').
    const goals: Record<string, { value: string; goal?: string; pass: boolean | null }> = {
      [`zip ingest (${zip.zipMB} MB, ${zip.entries} entries): peak resident memory above idle over ${zip.runs.length} ingests in a row, MB`]:
        { value: String(zip.peakAboveIdleMB), goal: '<= 64', pass: zip.peakAboveIdleMB <= 64 },
      [`zip ingest throughput / unzip -t on the same file (${zip.ingestMBps} vs ${zip.unzipMBps} MB/s, best of ${zip.runs.length} and of 3)`]:
        { value: String(zip.ratioToUnzip), goal: '>= 0.5', pass: zip.ratioToUnzip >= 0.5 },
      [`${LINES}-line update task, SQLite, one process: lines per second`]: {
        value: String(sqlite.linesPerSecond),
        pass: null,
      },
    };
    if ('one' in postgres) {
      const of = (all: number[]) => `median of ${all.length} runs: ${all.join(', ')}`;
      goals[
        `${LINES}-line update task, PostgreSQL, one process: lines per second (${of(postgres.linesPerSecond.one)})`
      ] = {
        value: String(postgres.one.linesPerSecond),
        pass: null,
      };
      goals[
        `${LINES}-line update task, PostgreSQL, two processes: lines per second (${of(postgres.linesPerSecond.two)})`
      ] = {
        value: String(postgres.two.linesPerSecond),
        pass: null,
      };
      goals['PostgreSQL two processes / one (their medians)'] = {
        value: String(postgres.ratio),
        goal: '>= 1.6',
        pass: postgres.ratio >= 1.6,
      };
    }
    const runs: Array<[string, Awaited<ReturnType<typeof updateTask>>]> = [['SQLite, one process', sqlite]];
    if ('one' in postgres)
      runs.push(
        ['PostgreSQL, one process (median run)', postgres.one],
        ['PostgreSQL, two processes (median run)', postgres.two],
      );
    return {
      date: new Date().toISOString(),
      node: process.version,
      cores: cpus().length,
      notes: [
        ...runs.map(([label, r]) => cpuNote(label, r)),
        ...('one' in postgres ? [shareNote(postgres.one, postgres.two)] : []),
      ],
      loadAverage1m: { before: loadBefore, after: round(loadavg()[0]) },
      zip,
      update: { lines: LINES, sqlite, postgres },
      goals,
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (require.main === module) {
  runBatchBench()
    .then((r) => {
      writeFileSync(join(__dirname, 'results', 'batch.json'), JSON.stringify(r, null, 2) + '\n');
      console.log(JSON.stringify(r, null, 2));
    })
    .catch((e) => {
      console.error(e);
      process.exit(1);
    });
}
