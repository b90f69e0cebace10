// The home page's one call alone (issue 25): `npx tsx bench/homeSummary.ts` seeds BENCH_TONES tones (default 1M)
// for the demo provider as bench/server.ts does and measures sp/homesummary's server-time p95 (it is also item 4
// of bench/server.ts, which runs everything else besides). SQLite, or PostgreSQL with BENCH_DATABASE_URL.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { homeSummaryLatency, login, seed, startServer } from './server';

const TONES = Number(process.env.BENCH_TONES ?? 1_000_000);

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'rbt-bench-home-'));
  try {
    const seedMs = await seed(dataDir);
    const again = await startServer(dataDir);
    try {
      const session = await login(again.base);
      const home = await homeSummaryLatency(again.base, session.cookie, TONES + 12);
      console.log(JSON.stringify({ tones: TONES + 12, seedSeconds: Math.round(seedMs / 100) / 10, homeSummary: home }));
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
