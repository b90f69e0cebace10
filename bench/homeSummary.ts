// The home page's one call alone (issue 25): `npm run bench -- homeSummary` seeds BENCH_TONES tones (default 1M)
// for the demo provider as bench/server.ts does (SQLite) and measures sp/homesummary's server-time p95 (it is also
// item 4 of bench/server.ts, which runs everything else besides); writes bench/results/homeSummary.json.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { homeSummaryLatency, login, seed, startServer } from './server';

const TONES = Number(process.env.BENCH_TONES ?? 1_000_000);
/** The home page's one call, p95 of its server time over a million tones. */
const GOAL_MS = 20;

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'rbt-bench-home-'));
  const loadBefore = loadavg()[0];
  try {
    const seedMs = await seed(dataDir);
    const again = await startServer(dataDir);
    try {
      const session = await login(again.base);
      const home = await homeSummaryLatency(again.base, session.cookie, TONES + 12);
      const result = {
        date: new Date().toISOString(),
        loadAverage: { before: loadBefore, after: loadavg()[0] },
        tones: TONES + 12,
        seedSeconds: Math.round(seedMs / 100) / 10,
        homeSummary: home,
        goals: {
          [`sp/homesummary p95 server time, ${TONES + 12} tones of one provider, SQLite (p50 ${home.serverP50Ms} ms)`]:
            {
              value: `${home.serverP95Ms} ms`,
              goal: `<= ${GOAL_MS} ms`,
              pass: home.serverP95Ms <= GOAL_MS,
            },
        },
      };
      writeFileSync(join(__dirname, 'results', 'homeSummary.json'), `${JSON.stringify(result, null, 2)}\n`);
      console.log(JSON.stringify(result));
    } finally {
      again.child.kill();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
