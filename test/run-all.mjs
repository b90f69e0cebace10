// The README's test command: type check, lint, build the portal (the e2e suite drives the built app), run every
// Jest project, run the API suite again on PostgreSQL when TEST_DATABASE_URL is set, and end with one line
// `N passed, N failed` counted from Jest's JSON results (CI reads that line).
//
// Three lanes run side by side once the portal is built: the end-to-end files, the API suite on PostgreSQL (much of
// it waiting on the database) and then the definitions project, and everything else in turn (type check, lint, the
// engine, ui and API projects on SQLite; the definitions too without PostgreSQL), which fills the cores the e2e files leave idle: an e2e file spends much of its time waiting
// on Chromium and its server (measured on 2 cores, two e2e workers alone kept them 37% busy).
// The e2e files are a queue, longest first (test/e2e/durations.json), each run as a Jest process of its own that
// shares the run's built server, seeded DATA_DIRs and Chromium (test/e2e/support/host.ts). Two workers take from it
// from the start, and each other lane joins them when it ends: with a fixed two, the last seven minutes of a run were
// two e2e workers alone on a machine they kept a third busy.
// Each line of output is prefixed with its lane; each step's outcome is listed at the end with its minutes.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createInterface } from 'node:readline';
import { join, relative } from 'node:path';

const extraArgs = process.argv.slice(2);
const started = Date.now();
const outcomes = [];
let passed = 0;
let failed = 0;

const minutes = (ms) => `${(ms / 60_000).toFixed(1)} min`;
/**
 * A tool of node_modules/.bin, started directly: through npx each start cost about half a second of CPU more
 * (measured: `npx jest --version` 0.77 s, `node_modules/.bin/jest --version` 0.17 s), and a run starts Jest 35 times.
 */
const bin = (name) => join('node_modules', '.bin', name);

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
function recordDurations(files) {
  const seconds = Object.fromEntries(
    files
      .map((f) => [relative(process.cwd(), f.name), Math.round((f.endTime - f.startTime) / 1000)])
      .sort((a, b) => b[1] - a[1]),
  );
  writeFileSync(join('test', 'e2e', 'durations.json'), `${JSON.stringify(seconds, null, 2)}\n`);
}

/**
 * What failed, kept for the end of the run: a CI log is often read from its tail only, and the failure itself
 * scrolled by minutes earlier among the other lanes' lines. The first lines of each message, colours and the
 * stack frames inside node_modules stripped.
 */
const failures = [];
const FAILURE_LINES = 12;
function noteFailures(lane, results) {
  const plain = (text) =>
    text
      // eslint-disable-next-line no-control-regex
      .replace(/\u001b\[[0-9;]*m/g, '')
      .split('\n')
      .filter((line) => !/^\s+at .*(node_modules|<anonymous>)/.test(line))
      .slice(0, FAILURE_LINES)
      .join('\n');
  for (const file of results.testResults) {
    const name = relative(process.cwd(), file.name);
    const failedTests = file.assertionResults.filter((a) => a.status === 'failed');
    if (failedTests.length === 0 && file.status === 'failed')
      failures.push(`[${lane}] ${name}\n${plain(file.message)}`);
    for (const a of failedTests) {
      failures.push(`[${lane}] ${name} > ${a.fullName}\n${plain(a.failureMessages.join('\n'))}`);
    }
  }
}

async function jest(lane, name, args, env = {}) {
  const out = join(mkdtempSync(join(tmpdir(), 'jest-')), 'results.json');
  // --forceExit: a server a failed test never closed (its pools and job-queue timers) must not hang the run.
  await step(
    lane,
    name,
    bin('jest'),
    ['--ci', '--forceExit', '--json', `--outputFile=${out}`, ...args, ...extraArgs],
    env,
  );
  if (!existsSync(out)) {
    failed += 1;
    console.log(`[${lane}] ${name}: Jest wrote no results`);
    return;
  }
  const r = JSON.parse(readFileSync(out, 'utf8'));
  passed += r.numPassedTests;
  // A suite that fails to load counts as one failure, so a broken file can never hide.
  failed += r.numRuntimeErrorTestSuites + r.numFailedTests;
  noteFailures(lane, r);
  return r;
}

// The build prints nothing at --logLevel warn unless something is wrong: a warning fails this step too (issue 11).
console.log('== build');
const buildStarted = Date.now();
const build = spawnSync(bin('vite'), ['build', '--logLevel', 'warn'], { encoding: 'utf8' });
const buildSaid = `${build.stdout}${build.stderr}`.split('\n').filter((l) => l.trim());
if (buildSaid.length) console.log(buildSaid.join('\n'));
const built = build.status === 0 && buildSaid.length === 0;
if (built) passed += 1;
else failed += 1;
outcomes.push(`build: ${built ? 'ok' : 'failed'} (${minutes(Date.now() - buildStarted)})`);

/** The e2e files, longest first by the last full run's seconds; a file that run did not time goes first. */
function e2eQueue() {
  const measured = JSON.parse(readFileSync(join('test', 'e2e', 'durations.json'), 'utf8'));
  const dir = join('test', 'e2e');
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => join(dir, f));
  const seconds = (f) => measured[f] ?? Number.MAX_SAFE_INTEGER - statSync(f).size;
  return files.sort((a, b) => seconds(b) - seconds(a));
}

/** Starts the run's e2e host (host.ts); resolves to the environment its Jest processes share, and a way to end it. */
function startE2eHost() {
  const host = spawn(bin('tsx'), [join('test', 'e2e', 'support', 'host.ts')], { stdio: ['pipe', 'pipe', 'inherit'] });
  const env = new Promise((resolve, reject) => {
    createInterface({ input: host.stdout }).once('line', (line) => resolve(JSON.parse(line)));
    host.once('exit', (code) => reject(new Error(`the e2e host exited (${code})`)));
  });
  const stop = () =>
    new Promise((resolve) => {
      host.once('exit', resolve);
      host.stdin.end();
    });
  return { env, stop };
}

/**
 * The queue of e2e files and its workers: two to start with, and one more each time another lane ends. Measured on
 * 2 cores: with two fixed workers the other lanes ended at minute 19 and left two e2e workers alone for 7 more
 * minutes (27.3 min in all; 25.7 with the queue). Three from the start starved the two API lanes, which run one
 * file at a time: they ended at minutes 26 and 28 (27.9 in all), and a login page under that load missed its 30 s.
 */
const E2E_WORKERS = 2;
function e2ePool() {
  const queue = e2eQueue();
  const timed = [];
  const workers = [];
  let hostEnv;
  let joined = 0; // lanes that ended before the host was up
  const work = async (n) => {
    const env = await hostEnv;
    for (let file = queue.shift(); file; file = queue.shift()) {
      const r = await jest(`e2e${n}`, relative('test', file), [file], { ...env, JEST_PROJECTS: 'e2e' });
      if (r) timed.push(...r.testResults);
    }
  };
  return {
    start(env) {
      hostEnv = env;
      for (let n = 1; n <= E2E_WORKERS + joined; n += 1) workers.push(work(n));
    },
    join() {
      if (!hostEnv) joined += 1;
      else if (queue.length) workers.push(work(workers.length + 1));
    },
    async done() {
      // A worker that joins later is in the list by the time the ones before it end.
      for (let i = 0; i < workers.length; i += 1) await workers[i];
      if (process.env.RBT_RECORD_DURATIONS === '1') recordDurations(timed);
    },
  };
}

const e2e = e2ePool();

const e2eLane = async () => {
  if (build.status !== 0) {
    failed += 1;
    console.log('[e2e] not run: the portal did not build');
    return;
  }
  const started = Date.now();
  const host = startE2eHost();
  try {
    e2e.start(await host.env);
  } catch (e) {
    failed += 1;
    console.log(`[e2e] not run: ${e.message}`);
    return;
  }
  await e2e.done();
  await host.stop();
  outcomes.push(`e2e: all files (${minutes(Date.now() - started)})`);
};

// The definitions project (some 4.5 minutes) ends the PostgreSQL lane when there is one: that lane ended minutes
// before this one, which the type check and lint start with, and the e2e files waited on whichever ended last.
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);

const otherLane = async () => {
  await check('rest', 'type check', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']);
  // ESLint, Prettier's check, the import structure (no cycles; api below ui; a pure engine) and the definitions lint.
  await check('rest', 'lint', 'npm', ['run', '--silent', 'lint']);
  const projects = ['engine', ...(withPostgres ? [] : ['definitions']), 'ui', 'server'];
  await jest('rest', `jest ${projects.join(', ')} (API on SQLite)`, [
    '--selectProjects',
    ...projects,
    '--maxWorkers=1',
  ]);
  e2e.join();
};

// The API suite again on PostgreSQL, in a lane of its own: much of its time is spent waiting on the database.
const postgresLane = async () => {
  if (!withPostgres) return;
  await jest('pg', 'jest API suite (PostgreSQL)', ['--selectProjects', 'server', '--maxWorkers=1'], {
    DATABASE_URL: process.env.TEST_DATABASE_URL,
    TEST_DB: 'postgres',
  });
  await jest('pg', 'jest definitions', ['--selectProjects', 'definitions', '--maxWorkers=1']);
  e2e.join();
};

await Promise.all([e2eLane(), otherLane(), postgresLane()]);
if (failures.length)
  console.log(`\nFailed tests (the first ${FAILURE_LINES} lines of each):\n\n${failures.join('\n\n')}`);
console.log(`\n${outcomes.join('\n')}\nwhole run: ${minutes(Date.now() - started)}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
