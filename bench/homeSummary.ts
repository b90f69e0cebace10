// The home page's one call alone (issue 25): `npm run bench -- homeSummary` seeds BENCH_TONES tones (default 1M)
// for the demo provider as bench/server.ts does and measures sp/homesummary's server-time p95 (it is also item 4
// of bench/server.ts, which runs everything else besides). SQLite, or PostgreSQL with BENCH_DATABASE_URL (in a
// schema of its own); each database's figures are kept in bench/results/homeSummary.json beside the other's.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { homeSummaryLatency, login, seed, seedPostgres, startServer } from './server';

const TONES = Number(process.env.BENCH_TONES ?? 1_000_000);
const PG_URL = process.env.BENCH_DATABASE_URL;
/** The home page's one call, p95 of its server time over a million tones. */
const GOAL_MS = 20;
const RESULT = join(__dirname, 'results', 'homeSummary.json');

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'rbt-bench-home-'));
  const schema = PG_URL ? `bench_${randomBytes(4).toString('hex')}` : undefined;
  const database = PG_URL ? 'PostgreSQL' : 'SQLite';
  const loadBefore = loadavg()[0];
  try {
    const seedMs = schema ? await seedPostgres(dataDir, schema) : await seed(dataDir);
    const again = await startServer(dataDir, schema);
    try {
      const session = await login(again.base);
      const home = await homeSummaryLatency(again.base, session.cookie, TONES + 12);
      const run = {
        date: new Date().toISOString(),
        loadAverage: { before: loadBefore, after: loadavg()[0] },
        tones: TONES + 12,
        seedSeconds: Math.round(seedMs / 100) / 10,
        homeSummary: home,
      };
      const earlier = existsSync(RESULT) ? JSON.parse(readFileSync(RESULT, 'utf8')) : {};
      const runs = { ...earlier.runs, [database]: run };
      const result = {
        date: run.date,
        runs,
        goals: Object.fromEntries(
          Object.entries(runs as Record<string, typeof run>).map(([db, r]) => [
            `sp/homesummary p95 server time, ${r.tones} tones of one provider, ${db}, measured ${r.date} (p50 ${r.homeSummary.serverP50Ms} ms; load average ${r.loadAverage.before} before, ${r.loadAverage.after} after)`,
            {
              value: `${r.homeSummary.serverP95Ms} ms`,
              goal: `<= ${GOAL_MS} ms`,
              pass: r.homeSummary.serverP95Ms <= GOAL_MS,
            },
          ]),
        ),
      };
      writeFileSync(RESULT, `${JSON.stringify(result, null, 2)}\n`);
      console.log(JSON.stringify(run));
    } finally {
      again.child.kill();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    // A million tones a run: the schema (and its queue's) go with the run, as bench/server.ts's do.
    if (schema) {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE; DROP SCHEMA IF EXISTS ${schema}_pgboss CASCADE`);
      await c.end();
    }
  }
}
main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
