// Server benchmark (issue 3): run with `npx tsx bench/server.ts` (writes bench/results/server.json), or call
// runServerBench() from bench/run.ts. Never part of `npm test`.
//
// 1. The tone list (sp/qrytone) over 1M tones of one provider: first, middle and last page, p95 of the
//    server time (Server-Timing header), goal <= 5 ms.
// 2. Its throughput against the bare route /common/ping of the same server in the same run, goal >= 0.3.
// 3. Peak resident memory of the server process while a 200 MB upload streams, goal <= 64 MB above idle.
// The server runs as its own process (node --import tsx src/server/main.ts) on a temp DATA_DIR, so the
// memory figures are the server's alone; seeding happens in this process before it starts.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openContext } from '../src/server/app';

const ROOT = join(__dirname, '..');
const TONES = Number(process.env.BENCH_TONES ?? 1_000_000);
const ACCOUNT = '8800010';
const demo = JSON.parse(readFileSync(join(ROOT, 'demo-accounts.json'), 'utf8')) as Array<{ account: string; password: string }>;
const PASSWORD = demo.find((d) => d.account === ACCOUNT)!.password;

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};
const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d;

/** Demo data, then TONES tones for the demo provider: one prepared statement, batches of 50k per transaction. */
async function seed(dataDir: string): Promise<number> {
  const { ctx } = await openContext({ dataDir, site: 'generic' });
  await ctx.handle.close();
  const db = new Database(join(dataDir, 'rbt.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  const { id: providerId, n } = db.prepare('SELECT p.id AS id, (SELECT max(seq) FROM tones WHERE provider_id = p.id) AS n FROM providers p WHERE code = ?').get(ACCOUNT) as { id: number; n: number };
  const insert = db.prepare(`INSERT INTO tones (provider_id, seq, tone_code, tone_name, singer_name, singer_sex, status, approve_type, table_type, ask_type, refuse_reason,
    price, caller_price, total_price, tariff_price, relative_time, tone_valid_day, order_times, language_id, catalog_id, price_group_id, isrc, mate_info, info, cut_flag,
    tone_file, additional_tone_info, upload_type, created_at, updated_at)
    VALUES (?, ?, ?, ?, ?, '1', ?, '2', '', '', '', '5.00', '5.00', '', '5.00', '90', '2027-12-31', ?, 1, 1, 1, '', '', '', '0', '{}', '{}', '1', ?, ?)`);
  const started = Date.now();
  const batch = db.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) {
      const seq = n + 1 + i;
      insert.run(providerId, seq, `9${String(seq).padStart(12, '0')}`, `Bench tone ${seq}`, `Singer ${seq % 5000}`, ['1', '1', '1', '2', '4'][seq % 5], seq % 1000, started - (TONES - i) * 1000, started);
    }
  });
  for (let i = 0; i < TONES; i += 50_000) batch(i, Math.min(TONES, i + 50_000));
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  return Date.now() - started;
}

function startServer(dataDir: string): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d) => {
      out += d;
      const m = /http:\/\/[\w.]+:(\d+)\//.exec(out);
      if (m) resolve({ child, base: `http://127.0.0.1:${m[1]}` });
    });
    child.once('exit', (code) => reject(new Error(`server exited ${code}: ${out}`)));
  });
}

const rssKb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);

async function login(base: string): Promise<{ cookie: string; csrf: string }> {
  const r = await fetch(`${base}/sp/sploginhs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ account: ACCOUNT, pwd: PASSWORD }) });
  const body = (await r.json()) as { returnCode: string };
  if (body.returnCode !== '000000') throw new Error(`login: ${JSON.stringify(body)}`);
  return { cookie: r.headers.get('set-cookie')!.split(';')[0], csrf: r.headers.get('x-csrf-token')! };
}

async function timedGet(url: string, cookie: string): Promise<{ server: number; client: number; body: any }> {
  const t = performance.now();
  const r = await fetch(url, { headers: { cookie } });
  const body = await r.json();
  const client = performance.now() - t;
  const server = Number(/dur=([\d.]+)/.exec(r.headers.get('server-timing') ?? '')?.[1] ?? NaN);
  return { server, client, body };
}

async function listLatency(base: string, cookie: string, total: number) {
  const pages = { first: 1, middle: Math.floor(total / 2 / 10) * 10 + 1, last: Math.floor((total - 1) / 10) * 10 + 1 };
  const out: Record<string, unknown> = {};
  for (const [name, start] of Object.entries(pages)) {
    const url = `${base}/sp/qrytone?portalType=1&startRecordNum=${start}&endRecordNum=${start + 9}`;
    for (let i = 0; i < 20; i++) await timedGet(url, cookie); // warm-up
    const server: number[] = [];
    const client: number[] = [];
    let rows = 0;
    for (let i = 0; i < 300; i++) {
      const r = await timedGet(url, cookie);
      server.push(r.server);
      client.push(r.client);
      rows = r.body.record.length;
      if (r.body.recordSum !== total) throw new Error(`recordSum ${r.body.recordSum} != ${total}`);
    }
    out[name] = { startRecordNum: start, rows, serverP50Ms: round(percentile(server, 50)), serverP95Ms: round(percentile(server, 95)), clientP95Ms: round(percentile(client, 95)) };
  }
  // Informational: a filtered page deep in the list walks the filter's index with OFFSET.
  const filtered = `${base}/sp/qrytone?portalType=1&status=1&startRecordNum=300001&endRecordNum=300010`;
  const f: number[] = [];
  for (let i = 0; i < 20; i++) f.push((await timedGet(filtered, cookie)).server);
  out.filteredByStatusDeepPage = { startRecordNum: 300001, serverP95Ms: round(percentile(f, 95)), note: 'informational; no goal' };
  return out;
}

/** Requests per second with `concurrency` loops for `ms` milliseconds. */
async function throughput(url: string, cookie: string, ms = 5000, concurrency = 16): Promise<number> {
  let done = 0;
  const until = performance.now() + ms;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        const r = await fetch(url, { headers: { cookie } });
        await r.arrayBuffer();
        done++;
      }
    }),
  );
  return done / (ms / 1000);
}

/** Streams a zip of `bytes` as multipart without holding it in memory; samples the server's RSS meanwhile. */
async function uploadPeak(base: string, session: { cookie: string; csrf: string }, pid: number, bytes: number) {
  const idleSamples: number[] = [];
  for (let i = 0; i < 10; i++) { idleSamples.push(rssKb(pid)); await new Promise((r) => setTimeout(r, 50)); }
  const idle = Math.max(...idleSamples);
  let peak = idle;
  const timer = setInterval(() => { peak = Math.max(peak, rssKb(pid)); }, 10);
  const boundary = '----rbtbench' + Date.now();
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="multipartFiles"; filename="big.zip"\r\nContent-Type: application/zip\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = Buffer.alloc(64 * 1024);
  const zipHeader = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
  const started = performance.now();
  const answer = await new Promise<string>((resolve, reject) => {
    const url = new URL('/sp/uploadfile', base);
    const req = request({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { cookie: session.cookie, 'x-csrf-token': session.csrf, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': head.length + bytes + tail.length } }, (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve(body));
    });
    req.on('error', reject);
    req.write(head);
    req.write(zipHeader);
    let sent = zipHeader.length;
    const pump = () => {
      while (sent < bytes) {
        const n = Math.min(chunk.length, bytes - sent);
        sent += n;
        if (!req.write(n === chunk.length ? chunk : chunk.subarray(0, n))) return void req.once('drain', pump);
      }
      req.end(tail);
    };
    pump();
  });
  clearInterval(timer);
  peak = Math.max(peak, rssKb(pid));
  const body = JSON.parse(answer) as { returnCode: string };
  return { fileMB: round(bytes / 1024 / 1024, 1), returnCode: body.returnCode, seconds: round((performance.now() - started) / 1000), idleRssMB: round(idle / 1024, 1), peakRssMB: round(peak / 1024, 1), aboveIdleMB: round((peak - idle) / 1024, 1) };
}

export interface ServerBenchResult { [key: string]: unknown }

export async function runServerBench(): Promise<ServerBenchResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'rbt-bench-'));
  let child: ChildProcess | undefined;
  try {
    const seedMs = await seed(dataDir);
    const server = await startServer(dataDir);
    child = server.child;
    const session = await login(server.base);
    const total = TONES + 12;
    const latency = await listLatency(server.base, session.cookie, total);
    const listUrl = `${server.base}/sp/qrytone?portalType=1&startRecordNum=${Math.floor(total / 2)}&endRecordNum=${Math.floor(total / 2) + 9}`;
    // Alternating one-second rounds, so load from elsewhere on the machine affects both alike.
    let bare = 0;
    let list = 0;
    for (let round = 0; round < 5; round++) {
      bare += (await throughput(`${server.base}/common/ping?portalType=1`, session.cookie, 1000)) / 5;
      list += (await throughput(listUrl, session.cookie, 1000)) / 5;
    }
    const upload = await uploadPeak(server.base, session, child.pid!, 200 * 1024 * 1024 - 1024);
    const p95s = ['first', 'middle', 'last'].map((k) => (latency[k] as { serverP95Ms: number }).serverP95Ms);
    return {
      date: new Date().toISOString(),
      database: 'sqlite',
      tones: total,
      seedSeconds: round(seedMs / 1000, 1),
      listLatency: latency,
      throughput: { bareRps: Math.round(bare), listRps: Math.round(list), ratio: round(list / bare) },
      upload,
      goals: {
        listP95AtMost5ms: { value: Math.max(...p95s), pass: Math.max(...p95s) <= 5 },
        throughputRatioAtLeast0_3: { value: round(list / bare), pass: list / bare >= 0.3 },
        uploadPeakAtMost64MBAboveIdle: { value: upload.aboveIdleMB, pass: upload.aboveIdleMB <= 64 && upload.returnCode === '000000' },
      },
    };
  } finally {
    child?.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  runServerBench().then((r) => {
    mkdirSync(join(__dirname, 'results'), { recursive: true });
    writeFileSync(join(__dirname, 'results', 'server.json'), JSON.stringify(r, null, 2) + '\n');
    console.log(JSON.stringify(r, null, 2));
    process.exit(0);
  }, (e) => {
    console.error(e);
    process.exit(1);
  });
}
