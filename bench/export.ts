// Export benchmark (issue 5, issue 11): sp/exporttone streaming every tone of one provider (1M seeded tones, as
// bench/server.ts seeds them) against the sqlite3 command-line CSV dump of the same rows in the same run, in
// both formats: readable (the default a provider downloads: words, names, local times, neutralised cells) and
// raw (format=raw, the stored values for scripts). Goals: the raw export at least 0.8 of the sqlite3 dump's
// rows per second (issue 24; issue 5 asked half), the readable one at least a third; server resident memory
// <= 150 MB throughout.
// The server runs as npm start runs it (compiled into build/, then plain node; see startServer in bench/server.ts).
// Run with `npx tsx bench/export.ts` (writes bench/results/export.json) or call runExportBench() from
// bench/run.ts. BENCH_TONES sets the number of tones (default 1M). Needs the sqlite3 CLI (apt-get install sqlite3).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { login, rssKb, seed, startServer } from './server';

const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d;

/** Newlines in a chunk (rows of the CSV), counted the same cheap way for both sides. */
function countLines(b: Buffer): number {
  let n = 0;
  for (let i = b.indexOf(10); i !== -1; i = b.indexOf(10, i + 1)) n++;
  return n;
}

/** Rows per second of `sqlite3 -csv` dumping the same columns of the same provider's tones to /dev/null-like output. */
function sqliteDump(dataDir: string): Promise<{ rows: number; seconds: number }> {
  const query = `SELECT tone_code, tone_name, singer_name, status, approve_type, price, caller_price, tariff_price, relative_time, tone_valid_day, order_times, language_id, created_at
    FROM tones WHERE provider_id = (SELECT id FROM providers WHERE code = '8800010') AND status != '6' ORDER BY seq DESC;`;
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn('sqlite3', ['-csv', '-header', join(dataDir, 'rbt.sqlite'), query], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let lines = 0;
    child.stdout.on('data', (d: Buffer) => {
      lines += countLines(d);
    });
    child.once('exit', (code) =>
      code === 0
        ? resolve({ rows: lines - 1, seconds: (performance.now() - started) / 1000 })
        : reject(new Error(`sqlite3 exited ${code}`)),
    );
  });
}

/** Downloads the export, counting rows as they arrive; samples the server's RSS meanwhile. */
async function exportThroughServer(base: string, cookie: string, pid: number, format: 'readable' | 'raw') {
  let peak = rssKb(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssKb(pid));
  }, 20);
  const started = performance.now();
  // The readable export in a fixed zone with a half-hour offset (the slowest kind to compute).
  const r = await fetch(`${base}/sp/exporttone?portalType=1&format=${format}&timeZone=Asia/Kolkata`, {
    headers: { cookie },
  });
  let lines = 0;
  let bytes = 0;
  for await (const chunk of r.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    lines += countLines(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length));
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(timer);
  peak = Math.max(peak, rssKb(pid));
  return {
    status: r.status,
    rows: lines - 1,
    seconds,
    megabytes: round(bytes / 1024 / 1024, 1),
    peakRssMB: round(peak / 1024, 1),
  };
}

export interface ExportBenchResult {
  [key: string]: unknown;
}

export async function runExportBench(): Promise<ExportBenchResult> {
  if (spawnSync('sqlite3', ['-version']).status !== 0)
    throw new Error('the sqlite3 command-line tool is missing (apt-get install -y sqlite3)');
  const dataDir = mkdtempSync(join(tmpdir(), 'rbt-bench-export-'));
  let child: ChildProcess | undefined;
  try {
    const seedMs = await seed(dataDir);
    const server = await startServer(dataDir);
    child = server.child;
    const session = await login(server.base);
    const idleRssMB = round(rssKb(child.pid!) / 1024, 1);
    // Alternate, so load from elsewhere on the machine affects both alike; keep the best of three each.
    const loadBefore = round(loadavg()[0]);
    const dumps = [];
    const raws = [];
    const readables = [];
    for (let i = 0; i < 3; i++) {
      dumps.push(await sqliteDump(dataDir));
      raws.push(await exportThroughServer(server.base, session.cookie, child.pid!, 'raw'));
      readables.push(await exportThroughServer(server.base, session.cookie, child.pid!, 'readable'));
    }
    const best = <T extends { seconds: number }>(list: T[]) => list.reduce((a, b) => (b.seconds < a.seconds ? b : a));
    const dump = best(dumps);
    const exp = best(raws);
    const readable = best(readables);
    const peakRssMB = Math.max(...raws.map((e) => e.peakRssMB), ...readables.map((e) => e.peakRssMB));
    const dumpRps = dump.rows / dump.seconds;
    const exportRps = exp.rows / exp.seconds;
    const readableRps = readable.rows / readable.seconds;
    return {
      date: new Date().toISOString(),
      database: 'sqlite',
      cores: cpus().length,
      loadAverage1m: { before: loadBefore, after: round(loadavg()[0]) },
      server: 'node build/server/main.js (compiled by esbuild, as npm start runs it)',
      tones: exp.rows,
      seedSeconds: round(seedMs / 1000, 1),
      sqlite3Dump: { rows: dump.rows, seconds: round(dump.seconds), rowsPerSecond: Math.round(dumpRps) },
      exportToneRaw: {
        status: exp.status,
        rows: exp.rows,
        seconds: round(exp.seconds),
        megabytes: exp.megabytes,
        rowsPerSecond: Math.round(exportRps),
        peakServerRssMB: Math.max(...raws.map((e) => e.peakRssMB)),
      },
      exportToneReadable: {
        status: readable.status,
        rows: readable.rows,
        seconds: round(readable.seconds),
        megabytes: readable.megabytes,
        rowsPerSecond: Math.round(readableRps),
        peakServerRssMB: Math.max(...readables.map((e) => e.peakRssMB)),
      },
      idleServerRssMB: idleRssMB,
      goals: {
        rawAtLeast0_8OfTheDumpRate: {
          value: round(exportRps / dumpRps),
          pass: exportRps / dumpRps >= 0.8 && exp.rows === dump.rows,
        },
        readableAtLeastAThirdOfTheDumpRate: {
          value: round(readableRps / dumpRps),
          pass: readableRps / dumpRps >= 1 / 3 && readable.rows === dump.rows,
        },
        serverRssAtMost150MB: { value: peakRssMB, pass: peakRssMB <= 150 },
      },
    };
  } finally {
    child?.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  runExportBench().then(
    (r) => {
      mkdirSync(join(__dirname, 'results'), { recursive: true });
      writeFileSync(join(__dirname, 'results', 'export.json'), JSON.stringify(r, null, 2) + '\n');
      console.log(JSON.stringify(r, null, 2));
      process.exit(0);
    },
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
