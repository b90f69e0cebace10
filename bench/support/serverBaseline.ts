// The server against earlier builds of itself (`npm run bench -- server --baseline <ref> [--baseline <ref>]`):
// each ref is checked out in a temporary git worktree and compiled as `npm start` compiles it, then this tree's
// server and the baselines' run side by side, each on a fresh SQLite DATA_DIR with its demo data, and take
// turns under the same load: 20 providers' sessions on the list calls (bench/support/listLoad.ts). Turns of a few
// seconds alternate (the order reversed every round), so load from elsewhere on the machine falls on all alike;
// every turn is listed, and the ratios are those of the medians. Results: bench/results/server-baseline.json.
// Also measured, on this tree's server: its bare route (/common/ping) under the same clients, and the time its
// request contract takes per list call (the `contract` phase of Server-Timing), as a share of a bare request's
// time (1 / the bare route's throughput): what the contract costs of a bare route's throughput.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { baselineBuild, startBuild, thisTree, type Build, type Running, ROOT } from './builds';
import { LIST_CALLS, load, login, type Sample, type Session } from './listLoad';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const TURN_MS = Number(process.env.BENCH_TURN_MS ?? 4000);
// Kenya's provider: its site has copyright maintenance on, so every list call of the mix is answered. On the generic
// site the gate refused sp/querycopyright (a sixth of the calls), which measured a refusal, not a list.
const ACCOUNT = '8800020';
const PASSWORD = (
  JSON.parse(readFileSync(join(ROOT, 'demo-accounts.json'), 'utf8')) as Array<{ account: string; password: string }>
).find((a) => a.account === ACCOUNT)!.password;

/** Goals of issue 24, as ratios of this tree to a baseline in the same run. */
export const GOALS: Record<string, { throughputAtLeast: number; p95AtMost?: number }> = {
  '995a973': { throughputAtLeast: 2.0, p95AtMost: 0.6 },
  '724ebe9': { throughputAtLeast: 1.1 },
};
export const CONTRACT_SHARE_AT_MOST = 0.15;

const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

export function baselineRefs(argv: string[]): string[] {
  const refs: string[] = [];
  argv.forEach((a, i) => {
    if (a === '--baseline' && argv[i + 1]) refs.push(...argv[i + 1].split(','));
    else if (a.startsWith('--baseline=')) refs.push(...a.slice('--baseline='.length).split(','));
  });
  return refs;
}

interface Contender {
  running: Running;
  sessions: Session[];
  turns: Sample[];
}

export async function runBaselineBench(refs: string[]) {
  const builds: Build[] = [];
  const contenders: Contender[] = [];
  const loadBefore = loadavg()[0];
  try {
    builds.push(thisTree());
    for (const ref of refs) builds.push(baselineBuild(ref));
    for (const build of builds) {
      const running = await startBuild(build);
      const sessions: Session[] = [];
      for (let i = 0; i < CLIENTS; i++) sessions.push(await login(running.base, ACCOUNT, PASSWORD));
      contenders.push({ running, sessions, turns: [] });
      process.stdout.write(`${build.name} (${build.commit}) on ${running.base}\n`);
    }
    // Warm-up: the JIT, the caches and SQLite's pages of every server.
    for (const c of contenders) await load(c.running.base, c.sessions, LIST_CALLS, 2000);
    const bare: Sample[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 ? [...contenders].reverse() : contenders;
      for (const c of order) {
        const s = await load(c.running.base, c.sessions, LIST_CALLS, TURN_MS, c.running.child.pid);
        c.turns.push(s);
        process.stdout.write(
          `  round ${round + 1} ${c.running.build.name}: ${s.rps} req/s, p95 ${s.p95Ms} ms, server CPU ${s.serverCpuUsPerRequest} µs a request\n`,
        );
      }
      bare.push(
        await load(
          contenders[0].running.base,
          contenders[0].sessions,
          ['/common/ping?portalType=1'],
          TURN_MS / 2,
          contenders[0].running.child.pid,
        ),
      );
    }
    const summary = contenders.map((c) => ({
      build: c.running.build.name,
      commit: c.running.build.commit,
      medianRps: round(median(c.turns.map((t) => t.rps)), 1),
      medianP95Ms: round(median(c.turns.map((t) => t.p95Ms))),
      medianCpuUsPerRequest: round(median(c.turns.map((t) => t.serverCpuUsPerRequest ?? NaN)), 1),
      errors: c.turns.reduce((n, t) => n + t.errors, 0),
      turns: c.turns,
    }));
    const own = summary[0];
    const ratios = summary.slice(1).map((b) => {
      const throughput = round(own.medianRps / b.medianRps);
      const p95 = round(own.medianP95Ms / b.medianP95Ms);
      const cpuPerRequest = round(own.medianCpuUsPerRequest / b.medianCpuUsPerRequest);
      const goal = GOALS[b.commit] ?? GOALS[b.build];
      return {
        baseline: b.build,
        commit: b.commit,
        throughput,
        p95,
        cpuPerRequest,
        goal: goal ?? null,
        pass: goal
          ? throughput >= goal.throughputAtLeast && (goal.p95AtMost === undefined || p95 <= goal.p95AtMost)
          : null,
      };
    });
    const bareRps = median(bare.map((b) => b.rps));
    const bareCpuUs = median(bare.map((b) => b.serverCpuUsPerRequest ?? NaN));
    // The contract's time per list call (Server-Timing, averaged over the calls that passed through it) against the
    // server CPU time one bare request costs: the share of a bare route's throughput the contract would take.
    const contractMs = median(own.turns.map((t) => t.phases.contract ?? NaN).filter((x) => !Number.isNaN(x)));
    const contractShare = Number.isFinite(contractMs) ? round((contractMs * 1000) / bareCpuUs, 3) : null;
    return {
      date: new Date().toISOString(),
      node: process.version,
      cpu: cpus()[0]?.model ?? 'unknown',
      cores: cpus().length,
      loadAverage1m: { before: round(loadBefore), after: round(loadavg()[0]) },
      database: 'sqlite',
      clients: CLIENTS,
      rounds: ROUNDS,
      turnMs: TURN_MS,
      calls: LIST_CALLS,
      servers: summary,
      ratios,
      bare: {
        medianRps: round(bareRps, 1),
        medianCpuUsPerRequest: round(bareCpuUs, 1),
        turns: bare.map((b) => ({ rps: b.rps, serverCpuUsPerRequest: b.serverCpuUsPerRequest })),
      },
      contract: {
        meanMsPerListCall: Number.isFinite(contractMs) ? round(contractMs, 4) : null,
        shareOfBareRequest: contractShare,
        goal: CONTRACT_SHARE_AT_MOST,
        pass: contractShare === null ? null : contractShare <= CONTRACT_SHARE_AT_MOST,
      },
    };
  } finally {
    for (const c of contenders) await c.running.stop();
    for (const b of builds) b.remove();
  }
}

export function writeBaselineResults(result: Awaited<ReturnType<typeof runBaselineBench>>): void {
  mkdirSync(join(__dirname, '..', 'results'), { recursive: true });
  writeFileSync(join(__dirname, '..', 'results', 'server-baseline.json'), JSON.stringify(result, null, 2) + '\n');
}
