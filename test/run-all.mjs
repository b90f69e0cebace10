// The README's test command: type check, lint, build the portal (the e2e suite drives the built app), run every
// Jest project, run the API suite again on PostgreSQL when TEST_DATABASE_URL is set, and end with one line
// `N passed, N failed` counted from Jest's JSON results (CI reads that line).
//
// Three lanes run side by side once the portal and the server are built: the end-to-end files (two Jest workers; an
// e2e file spends much of its time waiting on Chromium and its server), the API suite on PostgreSQL (much of it
// waiting on the database), and everything else in turn (type check, lint, the engine, definitions, ui and API
// projects on SQLite), which fills the cores the other two leave idle. Measured on 2 cores: the e2e suite alone
// kept them 37% busy. With the lanes one after the other CI's run took 32 minutes; with two lanes, 30.6.
// Each line of output is prefixed with its lane; each step's outcome is listed at the end with its minutes.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const extraArgs = process.argv.slice(2);
const started = Date.now();
const outcomes = [];
let passed = 0;
let failed = 0;

const minutes = (ms) => `${(ms / 60_000).toFixed(1)} min`;

/** Runs a command, its output prefixed with the lane's name; resolves to whether it exited 0 and what it printed. */
function step(lane, name, cmd, args, env = {}) {
  const t = Date.now();
  console.log(`[${lane}] == ${name}`);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let said = '';
    const relay = (stream, out) => {
      let rest = '';
      stream.on('data', (chunk) => {
        const text = rest + chunk.toString();
        said += chunk.toString();
        const lines = text.split('\n');
        rest = lines.pop();
        for (const line of lines) out.write(`[${lane}] ${line}\n`);
      });
      stream.on('end', () => rest && out.write(`[${lane}] ${rest}\n`));
    };
    relay(child.stdout, process.stdout);
    relay(child.stderr, process.stderr);
    child.on('close', (code) => {
      outcomes.push(`${lane}: ${name}: ${code === 0 ? 'ok' : `exit ${code}`} (${minutes(Date.now() - t)})`);
      resolve({ ok: code === 0, said });
    });
  });
}

/** A step that is not Jest counts as one test. */
async function check(lane, name, cmd, args) {
  const r = await step(lane, name, cmd, args);
  if (r.ok) passed += 1;
  else failed += 1;
  return r;
}

/** Writes each e2e file's seconds to test/e2e/durations.json, which orders the next clean run (test/sequencer.cjs). */
function recordDurations(results) {
  const seconds = Object.fromEntries(
    results.testResults
      .map((f) => [relative(process.cwd(), f.name), Math.round((f.endTime - f.startTime) / 1000)])
      .sort((a, b) => b[1] - a[1]),
  );
  writeFileSync(join('test', 'e2e', 'durations.json'), `${JSON.stringify(seconds, null, 2)}\n`);
}

async function jest(lane, name, args, env = {}) {
  const out = join(mkdtempSync(join(tmpdir(), 'jest-')), 'results.json');
  // --forceExit: a server a failed test never closed (its pools and job-queue timers) must not hang the run.
  await step(
    lane,
    name,
    'npx',
    ['jest', '--ci', '--forceExit', '--json', `--outputFile=${out}`, ...args, ...extraArgs],
    env,
  );
  if (!existsSync(out)) {
    failed += 1;
    console.log(`[${lane}] ${name}: Jest wrote no results`);
    return;
  }
  const r = JSON.parse(readFileSync(out, 'utf8'));
  if (lane === 'e2e' && process.env.RBT_RECORD_DURATIONS === '1') recordDurations(r);
  passed += r.numPassedTests;
  // A suite that fails to load counts as one failure, so a broken file can never hide.
  failed += r.numRuntimeErrorTestSuites + r.numFailedTests;
}

// The build prints nothing at --logLevel warn unless something is wrong: a warning fails this step too (issue 11).
console.log('== build');
const buildStarted = Date.now();
const build = spawnSync(join('node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], { encoding: 'utf8' });
const buildSaid = `${build.stdout}${build.stderr}`.split('\n').filter((l) => l.trim());
if (buildSaid.length) console.log(buildSaid.join('\n'));
const built = build.status === 0 && buildSaid.length === 0;
if (built) passed += 1;
else failed += 1;
outcomes.push(`build: ${built ? 'ok' : 'failed'} (${minutes(Date.now() - buildStarted)})`);

const e2eLane = async () => {
  if (build.status !== 0) {
    failed += 1;
    console.log('[e2e] not run: the portal did not build');
    return;
  }
  await jest('e2e', 'jest e2e (SQLite)', ['--selectProjects', 'e2e', '--maxWorkers=2']);
};

const otherLane = async () => {
  await check('rest', 'type check', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']);
  // ESLint, Prettier's check, the import structure (no cycles; api below ui; a pure engine) and the definitions lint.
  await check('rest', 'lint', 'npm', ['run', '--silent', 'lint']);
  await jest('rest', 'jest engine, definitions, ui, API (SQLite)', [
    '--selectProjects',
    'engine',
    'definitions',
    'ui',
    'server',
    '--maxWorkers=1',
  ]);
};

// The API suite again on PostgreSQL, in a lane of its own: much of its time is spent waiting on the database.
const postgresLane = async () => {
  if (!process.env.TEST_DATABASE_URL) return;
  await jest('pg', 'jest API suite (PostgreSQL)', ['--selectProjects', 'server', '--maxWorkers=1'], {
    DATABASE_URL: process.env.TEST_DATABASE_URL,
    TEST_DB: 'postgres',
  });
};

await Promise.all([e2eLane(), otherLane(), postgresLane()]);
console.log(`\n${outcomes.join('\n')}\nwhole run: ${minutes(Date.now() - started)}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
