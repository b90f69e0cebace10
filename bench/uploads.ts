// Upload load and soak (issue 15): `npm run bench -- uploads` (writes bench/results/uploads.json).
// 100 providers upload at once for 60 s, each in a loop of its own (one request at a time, a new wav of random
// samples and size each time, its SHA-256 kept), while 20 readers page the tone list. Afterwards, with the server
// stopped, the database and DATA_DIR are compared with what the server acknowledged:
// - lost: an acknowledged file without its row, or whose file is missing;
// - duplicated: two rows for one uploaded file (each file name is used once);
// - corrupt: a stored file whose SHA-256 differs from the one sent;
// - orphans: rows or files that no acknowledged upload explains, and anything left in DATA_DIR/tmp;
// - HTTP 5xx answers and network errors.
// Goals: all of these 0. Upload and list latencies (p50, p95, p99) are reported without a goal.
// SQLite (WAL, as the server opens it) first, then PostgreSQL in a schema of its own when BENCH_DATABASE_URL
// (else TEST_DATABASE_URL) is set. The per-minute upload rate (upload_rate_per_minute) is switched off for the
// run, so the figures measure the server rather than the limit; the storage quota stays at its default.
// Servers run compiled, as `npm start` runs them; the machine's load average is recorded beside the figures.
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { openContext } from '../src/server/openContext';
import { openDatabase } from '../src/server/db/connection';
import { noisyWav } from './batch';
import { login, startServer } from './server';

const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const UPLOADERS = Number(process.env.BENCH_UPLOADERS ?? 100);
const READERS = Number(process.env.BENCH_READERS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const PASSWORD = 'Soak!Tone42';
const READER = { account: '8800010', password: 'Gen!Tone57x' };
const FIRST_CODE = 8810000;
const LOGIN_CONCURRENCY = 4;

const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d;
const percentile = (xs: number[], p: number) => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};
const latency = (xs: number[]) => ({
  count: xs.length,
  p50Ms: round(percentile(xs, 50)),
  p95Ms: round(percentile(xs, 95)),
  p99Ms: round(percentile(xs, 99)),
});

/** A valid 8 kHz 8-bit mono wav of noisy samples, 0.25 to 4 seconds (2 KB to 32 KB): no two alike. */
const randomWav = (): Buffer => noisyWav(44 + randomInt(2000, 32_000), randomInt(1_000_000));

/** fn over the items, LOGIN_CONCURRENCY at a time, results in order. */
async function fewAtATime<T, R>(items: T[], fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: LOGIN_CONCURRENCY }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]);
      }
    }),
  );
  return out;
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

interface Sent {
  provider: string;
  name: string;
  sha: string;
  size: number;
  saved?: string;
}

/** Demo data, then UPLOADERS providers sharing one password hash (scrypt once), the rate limit off. */
async function prepare(dataDir: string, databaseUrl?: string, schema?: string): Promise<string[]> {
  const { ctx } = await openContext({ dataDir, site: 'generic', databaseUrl, pgSchema: schema });
  try {
    await ctx.config.set('upload_rate_per_minute', '0');
    await ctx.config.set('maintenance_window', '');
    const { createProvider } = await import('../src/server/services/providers');
    const first = String(FIRST_CODE);
    await createProvider(ctx.db, { code: first, name: 'Soak 0', password: PASSWORD, site: 'generic' });
    const { id: _id, ...template } = await ctx.db
      .selectFrom('providers')
      .selectAll()
      .where('code', '=', first)
      .executeTakeFirstOrThrow();
    const codes = Array.from({ length: UPLOADERS }, (_, i) => String(FIRST_CODE + i));
    for (const code of codes.slice(1))
      await ctx.db
        .insertInto('providers')
        .values({ ...template, code, name: `Soak ${code}` })
        .execute();
    return codes;
  } finally {
    await ctx.handle.close();
  }
}

interface Tally {
  sent: Sent[];
  uploadMs: number[];
  listMs: number[];
  refused: Record<string, number>;
  http5xx: number;
  networkErrors: number;
  listErrors: number;
}

async function uploader(
  base: string,
  code: string,
  session: { cookie: string; csrf: string },
  until: number,
  t: Tally,
) {
  for (let i = 0; performance.now() < until; i++) {
    const wav = randomWav();
    const item: Sent = { provider: code, name: `u${code}-${i}.wav`, sha: sha256(wav), size: wav.length };
    t.sent.push(item);
    const form = new FormData();
    form.append('multipartFiles', new Blob([new Uint8Array(wav)]), item.name);
    const started = performance.now();
    try {
      const r = await fetch(`${base}/sp/uploadfile`, {
        method: 'POST',
        headers: { cookie: session.cookie, 'x-csrf-token': session.csrf },
        body: form,
        signal: AbortSignal.timeout(30_000),
      });
      const body = (await r.json()) as { returnCode: string; record?: Record<string, { savedFilename: string }> };
      t.uploadMs.push(performance.now() - started);
      if (r.status >= 500) t.http5xx++;
      if (body.returnCode === '000000') item.saved = body.record![item.name].savedFilename;
      else t.refused[body.returnCode] = (t.refused[body.returnCode] ?? 0) + 1;
    } catch {
      t.networkErrors++;
    }
  }
}

async function reader(base: string, session: { cookie: string }, until: number, t: Tally) {
  for (let page = 0; performance.now() < until; page = (page + 1) % 3) {
    const start = page * 10 + 1;
    const started = performance.now();
    try {
      const r = await fetch(`${base}/sp/qrytone?portalType=1&startRecordNum=${start}&endRecordNum=${start + 9}`, {
        headers: { cookie: session.cookie },
        signal: AbortSignal.timeout(30_000),
      });
      const body = (await r.json()) as { returnCode: string };
      t.listMs.push(performance.now() - started);
      if (r.status >= 500) t.http5xx++;
      if (body.returnCode !== '000000') t.listErrors++;
    } catch {
      t.listErrors++;
    }
  }
}

/** Every file under a directory, as paths relative to it. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => join(d.parentPath ?? (d as unknown as { path: string }).path, d.name).slice(dir.length + 1));
}

/** What the database and DATA_DIR hold, against what was acknowledged. */
async function verify(dataDir: string, t: Tally, databaseUrl?: string, schema?: string) {
  const handle = await openDatabase({ dataDir, databaseUrl, pgSchema: schema });
  try {
    const rows = await handle.db
      .selectFrom('uploaded_files as f')
      .innerJoin('providers as p', 'p.id', 'f.provider_id')
      .select(['p.code', 'p.id', 'f.saved_filename', 'f.original_filename', 'f.size'])
      .where('p.code', '>=', String(FIRST_CODE))
      .where('p.code', '<', String(FIRST_CODE + UPLOADERS))
      .execute();
    const bySaved = new Map(rows.map((r) => [r.saved_filename, r]));
    const perName = new Map<string, number>();
    for (const r of rows)
      perName.set(`${r.code}/${r.original_filename}`, (perName.get(`${r.code}/${r.original_filename}`) ?? 0) + 1);
    const acked = t.sent.filter((s) => s.saved);
    let lost = 0;
    let corrupt = 0;
    for (const s of acked) {
      const row = bySaved.get(s.saved!);
      const file = row && join(dataDir, 'files', String(row.id), s.saved!);
      if (!row || row.code !== s.provider || !existsSync(file!)) {
        lost++;
        continue;
      }
      const bytes = readFileSync(file!);
      if (bytes.length !== s.size || Number(row.size) !== s.size || sha256(bytes) !== s.sha) corrupt++;
    }
    const ackedSaved = new Set(acked.map((s) => s.saved));
    const ids = new Set(rows.map((r) => String(r.id)));
    const stored = filesUnder(join(dataDir, 'files')).filter((f) => ids.has(f.split('/')[0]));
    const providerFiles = stored.map((f) => f.split('/')[1]);
    return {
      acknowledged: acked.length,
      rows: rows.length,
      lost,
      duplicated: [...perName.values()].filter((n) => n > 1).length,
      corrupt,
      rowsNotAcknowledged: rows.filter((r) => !ackedSaved.has(r.saved_filename)).length,
      filesWithoutRow: providerFiles.filter((f) => !bySaved.has(f)).length,
      leftInTmp: filesUnder(join(dataDir, 'tmp')).length,
    };
  } finally {
    await handle.close();
  }
}

async function runOne(database: 'sqlite' | 'postgres') {
  const dataDir = mkdtempSync(join(tmpdir(), 'rbt-soak-'));
  const schema = database === 'postgres' ? `soak_${randomBytes(4).toString('hex')}` : undefined;
  const url = schema ? PG_URL : undefined;
  let child: ChildProcess | undefined;
  try {
    const codes = await prepare(dataDir, url, schema);
    const server = await startServer(dataDir, schema, { DATABASE_URL: url ?? '', BATCH_WORKERS: '0' });
    child = server.child;
    // Logins first (scrypt at 128 MB each: a few at a time), so the measured seconds hold uploads and lists only.
    const readerSessions = await fewAtATime(Array.from({ length: READERS }), () =>
      login(server.base, READER.account, READER.password),
    );
    const t: Tally = { sent: [], uploadMs: [], listMs: [], refused: {}, http5xx: 0, networkErrors: 0, listErrors: 0 };
    const sessions = await fewAtATime(codes, (c) => login(server.base, c, PASSWORD));
    const loadBefore = round(loadavg()[0]);
    const started = performance.now();
    const until = started + SECONDS * 1000;
    await Promise.all([
      ...codes.map((c, i) => uploader(server.base, c, sessions[i], until, t)),
      ...readerSessions.map((s) => reader(server.base, s, until, t)),
    ]);
    const seconds = (performance.now() - started) / 1000;
    const loadAfter = round(loadavg()[0]);
    child.kill('SIGTERM');
    await new Promise((r) => child!.once('exit', r));
    child = undefined;
    const check = await verify(dataDir, t, url, schema);
    const ackedBytes = t.sent.filter((s) => s.saved).reduce((n, s) => n + s.size, 0);
    return {
      database,
      date: new Date().toISOString(),
      seconds: round(seconds, 1),
      uploaders: codes.length,
      readers: READERS,
      uploadsSent: t.sent.length,
      uploadsPerSecond: round(check.acknowledged / seconds, 1),
      megabytesPerSecond: round(ackedBytes / seconds / 1024 / 1024),
      refused: t.refused,
      http5xx: t.http5xx,
      networkErrors: t.networkErrors,
      listErrors: t.listErrors,
      uploadLatency: latency(t.uploadMs),
      listLatency: latency(t.listMs),
      check,
      loadAverage1m: { before: loadBefore, after: loadAfter },
    };
  } finally {
    if (child) {
      child.kill('SIGTERM');
      await new Promise((r) => child!.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
    if (schema) {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await c.query(`DROP SCHEMA IF EXISTS ${schema}_pgboss CASCADE`);
      await c.end();
    }
  }
}

type Run = Awaited<ReturnType<typeof runOne>>;

/** The goals in run.ts's convention: {value, pass, goal}; latencies as figures without a goal. */
function goals(runs: Run[]) {
  const out: Record<string, { value: string | number; pass: boolean | null; goal?: string }> = {};
  for (const r of runs) {
    const db = r.database === 'sqlite' ? 'SQLite (WAL)' : 'PostgreSQL';
    const zero = (name: string, value: number) => (out[`${db}: ${name}`] = { value, goal: '0', pass: value === 0 });
    out[
      `${db}, measured ${r.date} (load average ${r.loadAverage1m.before} before, ${r.loadAverage1m.after} after, ${cpus().length} cores): uploads acknowledged in ${r.seconds} s by ${r.uploaders} uploaders (per second; MB/s ${r.megabytesPerSecond})`
    ] = {
      value: `${r.check.acknowledged} (${r.uploadsPerSecond}/s)`,
      pass: null,
    };
    zero('acknowledged uploads lost (row or file missing)', r.check.lost);
    zero('duplicated rows', r.check.duplicated);
    zero('stored files differing from what was sent (SHA-256)', r.check.corrupt);
    zero(
      'orphans: rows or files without an acknowledged upload, files left in tmp',
      r.check.rowsNotAcknowledged + r.check.filesWithoutRow + r.check.leftInTmp,
    );
    zero('HTTP 5xx answers and network errors', r.http5xx + r.networkErrors + r.listErrors);
    out[`${db}: upload p95 (p50 ${r.uploadLatency.p50Ms} ms, p99 ${r.uploadLatency.p99Ms} ms)`] = {
      value: `${r.uploadLatency.p95Ms} ms`,
      pass: null,
    };
    out[
      `${db}: tone list p95 with ${r.readers} readers meanwhile (${r.listLatency.count} pages; p50 ${r.listLatency.p50Ms} ms, p99 ${r.listLatency.p99Ms} ms)`
    ] = {
      value: `${r.listLatency.p95Ms} ms`,
      pass: null,
    };
  }
  return out;
}

const RESULT = join(__dirname, 'results', 'uploads.json');

/**
 * `--sqlite` or `--postgres` runs one database only and keeps the other's last run from the result file (each
 * run carries its date), as run.ts keeps the figures of a bench not run this time.
 */
async function main() {
  const flags = process.argv.slice(2);
  const only = (['sqlite', 'postgres'] as const).filter((d) => flags.includes(`--${d}`));
  const chosen = only.length ? only : (['sqlite', 'postgres'] as const);
  const previous: Run[] = existsSync(RESULT) ? (JSON.parse(readFileSync(RESULT, 'utf8')).runs ?? []) : [];
  const runs: Run[] = [];
  for (const database of ['sqlite', 'postgres'] as const) {
    if (!chosen.includes(database)) {
      const kept = previous.find((r) => r.database === database);
      if (kept) runs.push(kept);
    } else if (database === 'sqlite' || PG_URL) runs.push(await runOne(database));
  }
  const result = {
    date: new Date().toISOString(),
    cores: cpus().length,
    postgres: runs.some((r) => r.database === 'postgres')
      ? 'run'
      : 'skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL',
    runs,
    goals: goals(runs),
  };
  mkdirSync(join(__dirname, 'results'), { recursive: true });
  writeFileSync(RESULT, JSON.stringify(result, null, 2) + '\n');
  console.log(JSON.stringify(result, null, 2));
  process.exit(0);
}

if (require.main === module)
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
