// `npm run bench` runs every benchmark (each bench/<name>.ts but this file), then writes bench/results/REPORT.md;
// `npm run bench -- engine` (or server, bundle, several) runs only those; `npm run bench -- report` only rewrites the report from the result
// files already there. Flags are passed on to the benchmarks (`npm run bench -- bundle --no-build`).
// Each benchmark runs as its own process (its own `if (require.main === module)` entry writes its result file),
// so one bench's memory and JIT state cannot colour another's figures. The report reads whichever result files
// exist: a bench that was not run this time keeps its last measured figures, with their date.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';

const RESULTS = join(__dirname, 'results');
/** The benches with a section of their own come first, then any other bench/<name>.ts in name order. */
const KNOWN = ['engine', 'server', 'bundle'];
// (server --baseline <ref> writes server-baseline.json, reported in a section of its own.)
const BENCHES = [
  ...KNOWN,
  ...readdirSync(__dirname)
    .filter((f) => f.endsWith('.ts') && f !== 'run.ts')
    .map((f) => f.slice(0, -3))
    .filter((n) => !KNOWN.includes(n))
    .sort(),
];

interface Row {
  measure: string;
  value: string;
  goal: string;
  pass: boolean | null;
}

function read(file: string): any | undefined {
  const path = join(RESULTS, file);
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : undefined;
}

function run(bench: string, flags: string[]): boolean {
  process.stdout.write(`\n== ${bench} ==\n`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(__dirname, `${bench}.ts`), ...flags], {
    cwd: join(__dirname, '..'),
    stdio: 'inherit',
  });
  return r.status === 0;
}

function engineRows(r: any): Row[] {
  return Object.entries(r.sites as Record<string, any>).flatMap(([site, s]) => [
    {
      measure: `${site}: the portal's ${s.screens} screens resolved + compiled cold (median of ${s.cold.processes} fresh processes; slowest ${s.cold.wallMaxMs} ms; CPU time median ${s.cold.cpuMedianMs} ms)`,
      value: `${s.cold.wallMedianMs} ms`,
      goal: `<= ${r.goals.coldPortalScreensMs ?? r.goals.coldAllScreensMs} ms`,
      // Results before issue 24 judged every screen against 50 ms.
      pass: (s.goals.coldPortalScreens ?? s.goals.coldAllScreensAtMost50ms).pass,
    },
    ...(s.coldAll
      ? [
          {
            measure: `${site}: all ${s.allScreens} screens of the server's set (the operator console's too) resolved + compiled cold (CPU time median ${s.coldAll.cpuMedianMs} ms)`,
            value: `${s.coldAll.wallMedianMs} ms`,
            goal: '',
            pass: null,
          },
        ]
      : []),
    {
      measure: `${site}: all screens resolved + compiled warm (median)`,
      value: `${s.warm.medianMs} ms`,
      goal: '',
      pass: null,
    },
    {
      measure: `${site}: full music box form validated, warm (mean ${s.validateMusicBox.meanUs} µs; p95 shown)`,
      value: `${s.validateMusicBox.p95Us} µs`,
      goal: `<= ${r.goals.validateMusicBoxMs * 1000} µs`,
      pass: s.goals.validateMusicBoxAtMost1ms.pass,
    },
  ]);
}

const SERVER_GOALS: Record<string, [measure: string, unit: string, goal: string]> = {
  // Issue 3's goal, in results written before issue 24 raised it.
  listP95AtMost5ms: ['tone list over 1M tones, p95 server time (first, middle, last page; worst)', 'ms', '<= 5 ms'],
  listP95: ['tone list over 1M tones, p95 server time (first, middle, last page; worst)', 'ms', ''],
  throughputRatioAtLeast0_3: ['tone list throughput / bare route throughput', '', '>= 0.3'],
  uploadPeakAtMost64MBAboveIdle: ['resident memory above idle during a 200 MB upload', 'MB', '<= 64 MB'],
};

function serverRows(r: any): Row[] {
  return Object.entries(r.goals as Record<string, { value: number; pass: boolean; goalMs?: number }>).map(
    ([key, g]) => {
      const [measure, unit, fixedGoal] = SERVER_GOALS[key] ?? [key, '', ''];
      // A goal that depends on the database (issue 24's list p95) is written into the result with it.
      const goal = g.goalMs !== undefined ? `<= ${g.goalMs} ms` : fixedGoal;
      return { measure: `${r.database}: ${measure}`, value: `${g.value}${unit ? ` ${unit}` : ''}`, goal, pass: g.pass };
    },
  );
}

/** The side-by-side run against earlier builds (`npm run bench -- server --baseline <ref>`, bench/support/serverBaseline.ts). */
function baselineRows(r: any): Row[] {
  const own = r.servers[0];
  const rows: Row[] = r.servers.map((s: any) => ({
    measure: `${s.build} (${s.commit}): list calls, ${r.clients} clients, median of ${s.turns.length} turns of ${r.turnMs / 1000} s (throughput; p95 ${s.medianP95Ms} ms; server CPU ${s.medianCpuUsPerRequest} µs a request)`,
    value: `${s.medianRps} req/s`,
    goal: '',
    pass: null,
  }));
  for (const b of r.ratios) {
    rows.push({
      measure: `list throughput, this tree / ${b.baseline} (server CPU a request: ${b.cpuPerRequest}x)`,
      value: `${b.throughput}x`,
      goal: b.goal ? `>= ${b.goal.throughputAtLeast}x` : '',
      pass: b.goal ? b.throughput >= b.goal.throughputAtLeast : null,
    });
    if (b.goal?.p95AtMost !== undefined)
      rows.push({
        measure: `list p95 under ${r.clients} clients, this tree / ${b.baseline}`,
        value: `${b.p95}x`,
        goal: `<= ${b.goal.p95AtMost}x`,
        pass: b.p95 <= b.goal.p95AtMost,
      });
  }
  if (r.contract.shareOfBareRequest !== null)
    rows.push({
      measure: `request contract per list call (${r.contract.meanMsPerListCall} ms, Server-Timing) / server CPU of a bare request (${r.bare.medianCpuUsPerRequest} µs, /common/ping at ${r.bare.medianRps} req/s, ${own.build})`,
      value: String(r.contract.shareOfBareRequest),
      goal: `<= ${r.contract.goal}`,
      pass: r.contract.pass,
    });
  return rows;
}

/** Every turn of the baseline run, as notes under its table. */
function baselineTurns(r: any): string[] {
  return r.servers.map(
    (s: any) =>
      `${s.build} (${s.commit}), every turn (req/s, p95 ms, server CPU µs a request): ${s.turns
        .map((t: any) => `${t.rps} / ${t.p95Ms} / ${t.serverCpuUsPerRequest ?? '-'}`)
        .join('; ')}; answers other than 000000 over all turns: ${s.errors} of ${s.turns.reduce(
        (n: number, t: any) => n + t.requests,
        0,
      )}`,
  );
}

function bundleRows(r: any): Row[] {
  const rows: Row[] = [
    {
      measure: `JS the login page loads (gzip; brotli as the server sends it: ${r.login.brotliKB} KB)`,
      value: `${r.login.gzipKB} KB`,
      goal: `<= ${r.goals.loginGzipKB} KB`,
      pass: r.login.gzipKB <= r.goals.loginGzipKB,
    },
    {
      measure: 'the whole app, every JS file (gzip)',
      value: `${r.app.gzipKB} KB`,
      goal: `<= ${r.goals.appGzipKB} KB`,
      pass: r.app.gzipKB <= r.goals.appGzipKB,
    },
  ];
  const lh = r.lighthouse ?? {};
  const pages: Array<[string, string, any]> = [
    ['login page', 'login', lh.login],
    ['rbtMaintenance, logged in', 'rbtMaintenance', lh.rbtMaintenance],
  ];
  if (pages.some(([, , p]) => typeof p?.performance === 'number')) {
    for (const [name, key, p] of pages) {
      if (typeof p?.performance !== 'number') continue;
      // One goal for both pages in earlier results, one per page since issue 24.
      const goal =
        typeof r.goals.lighthousePerformance === 'number'
          ? r.goals.lighthousePerformance
          : r.goals.lighthousePerformance[key];
      rows.push({
        measure: `Lighthouse ${lh.version ?? ''} performance (${name}, ${p.formFactor ?? lh.formFactor ?? 'mobile'}, ${p.throttling ?? lh.throttling ?? 'simulated'} throttling${p.performanceRuns ? `; median of ${p.performanceRuns.length} runs: ${p.performanceRuns.join(', ')}` : ''})`,
        value: String(p.performance),
        goal: `>= ${goal}`,
        pass: p.performance >= goal,
      });
      rows.push({
        measure: `Lighthouse accessibility (${name})${p.accessibilityAuditsFailing?.length ? `; failing: ${p.accessibilityAuditsFailing.join(', ')}` : ''}`,
        value: String(p.accessibility),
        goal: `>= ${r.goals.lighthouseAccessibility}`,
        pass: p.accessibility >= r.goals.lighthouseAccessibility,
      });
    }
  } else
    rows.push({
      measure: 'Lighthouse',
      value: `not run: ${lh.skipped ?? lh.error ?? 'unknown'}`,
      goal: '',
      pass: null,
    });
  return rows;
}

/**
 * Another bench's result, read by convention: `goals: {name: {value, pass, goal?}}` (as the server bench writes), or
 * `goalMs` with `worstP95Ms` and `meetsGoal`.
 */
function otherRows(r: any): Row[] {
  if (r.goals && typeof r.goals === 'object') {
    const rows = Object.entries(r.goals as Record<string, any>).filter(
      ([, g]) => g && typeof g === 'object' && 'pass' in g,
    );
    if (rows.length)
      return rows.map(([name, g]) => ({
        measure: name,
        value: String(g.value),
        goal: g.goal === undefined ? '' : String(g.goal),
        pass: g.pass === null ? null : Boolean(g.pass),
      }));
  }
  if (typeof r.meetsGoal === 'boolean' && r.goalMs !== undefined) {
    return [
      {
        measure: `${r.description ?? 'worst p95'}`,
        value: `${r.worstP95Ms} ms`,
        goal: `<= ${r.goalMs} ms`,
        pass: r.meetsGoal,
      },
    ];
  }
  return [{ measure: 'no goals in the result file', value: '-', goal: '', pass: null }];
}

/** A result with extra notes (listed under its table) derived from it. */
function withNotes(r: any, notes: (r: any) => string[]): any {
  return r ? { ...r, notes: [...(r.notes ?? []), ...notes(r)] } : r;
}

function table(title: string, file: string, result: any | undefined, rows: (r: any) => Row[]): string {
  if (!result) return `## ${title}\n\nNo result yet (bench/results/${file} is missing).\n`;
  const lines = rows(result).map(
    (row) =>
      `| ${row.measure} | ${row.value} | ${row.goal || '-'} | ${row.pass === null ? '-' : row.pass ? 'pass' : '**FAIL**'} |`,
  );
  const load = result.loadAverage1m
    ? ` Load average (1 min) on the ${result.cores}-core machine: ${result.loadAverage1m.before} before, ${result.loadAverage1m.after} after.`
    : '';
  return [
    `## ${title}`,
    '',
    `bench/results/${file}, measured ${result.date ?? result.at ?? 'at an unrecorded time'}.${load}`,
    '',
    '| Measure | Value | Goal | Result |',
    '|---|---|---|---|',
    ...lines,
    '',
    // Observations the bench wrote beside its figures (where the time went, what bounds a figure).
    ...(Array.isArray(result.notes) ? [...result.notes.map((n: string) => `- ${n}`), ''] : []),
  ].join('\n');
}

export function writeReport(): string {
  const engine = read('engine.json');
  const sections = [
    '# Benchmark report',
    '',
    `Written ${new Date().toISOString()} by \`npm run bench\`. Machine: Node ${process.version}, ${cpus()[0]?.model ?? 'unknown CPU'} (${cpus().length} cores), ${Math.round(totalmem() / 2 ** 30)} GB memory.` +
      (engine && engine.node !== process.version ? ` The engine figures were measured on Node ${engine.node}.` : ''),
    '',
    'Each section comes from its result file; a bench not run this time keeps the figures of its last run (see its date).',
    '',
    table('Engine (issues 2 and 24)', 'engine.json', engine, engineRows),
    table('Server, SQLite (issue 3)', 'server.json', read('server.json'), serverRows),
    table('Server, PostgreSQL (issue 3)', 'server-postgres.json', read('server-postgres.json'), serverRows),
    table(
      'Server against baseline builds (issue 24)',
      'server-baseline.json',
      withNotes(read('server-baseline.json'), baselineTurns),
      baselineRows,
    ),
    table('Bundle (issue 4)', 'bundle.json', read('bundle.json'), bundleRows),
    ...BENCHES.filter((b) => !KNOWN.includes(b)).map((b) => table(b, `${b}.json`, read(`${b}.json`), otherRows)),
  ];
  const text = sections.join('\n');
  writeFileSync(join(RESULTS, 'REPORT.md'), text);
  return text;
}

if (require.main === module) {
  const args = process.argv.slice(2);
  // Flags that take a value (`--baseline <ref>`) keep it: the ref is not a bench's name.
  const VALUED = new Set(['--baseline']);
  const valueAt = new Set(args.flatMap((a, i) => (VALUED.has(a) && i + 1 < args.length ? [i + 1] : [])));
  const names = args.filter((a, i) => !a.startsWith('--') && !valueAt.has(i));
  const flags = args.filter((a, i) => a.startsWith('--') || valueAt.has(i));
  const unknown = names.filter((n) => n !== 'report' && !BENCHES.includes(n));
  if (unknown.length) {
    process.stderr.write(`unknown bench ${unknown.join(', ')}; benches: ${BENCHES.join(', ')}, or report\n`);
    process.exit(2);
  }
  const chosen = names.length === 0 ? BENCHES : BENCHES.filter((b) => names.includes(b));
  const failed = chosen.filter((b) => !run(b, flags));
  writeReport();
  process.stdout.write(
    `\nbench/results/REPORT.md written${failed.length ? `; failed to run: ${failed.join(', ')}` : ''}\n`,
  );
  process.exit(failed.length ? 1 : 0);
}
