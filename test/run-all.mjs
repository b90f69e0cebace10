// The README's test command: type check, lint, build the portal (the e2e suite drives the built app),
// run every Jest project, run the API suite again on PostgreSQL when TEST_DATABASE_URL is set,
// and end with one line `N passed, N failed` counted from Jest's JSON results (CI reads that line).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const extraArgs = process.argv.slice(2);
let passed = 0;
let failed = 0;

function step(name, cmd, args, env = {}) {
  console.log(`\n== ${name}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status === 0;
}

function jest(name, args, env = {}) {
  const out = join(mkdtempSync(join(tmpdir(), 'jest-')), 'results.json');
  // --forceExit: a server a failed test never closed (its pools and job-queue timers) must not hang the run.
  step(name, 'npx', ['jest', '--ci', '--forceExit', '--json', `--outputFile=${out}`, ...args, ...extraArgs], env);
  if (!existsSync(out)) {
    failed += 1;
    console.log(`${name}: Jest wrote no results`);
    return;
  }
  const r = JSON.parse(readFileSync(out, 'utf8'));
  passed += r.numPassedTests;
  // A suite that fails to load counts as one failure, so a broken file can never hide.
  failed += r.numFailedTests + r.numRuntimeErrorTestSuites;
}

if (!step('type check', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json'])) failed += 1;
else passed += 1;
// ESLint, Prettier's check, the import structure (no cycles; api below ui; a pure engine) and the definitions lint.
if (!step('lint', 'npm', ['run', '--silent', 'lint'])) failed += 1;
else passed += 1;
// The build prints nothing at --logLevel warn unless something is wrong: a warning fails this step too (issue 11).
console.log('\n== build');
const build = spawnSync(join('node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], { encoding: 'utf8' });
const buildSaid = `${build.stdout}${build.stderr}`.split('\n').filter((l) => l.trim());
if (buildSaid.length) console.log(buildSaid.join('\n'));
if (build.status !== 0 || buildSaid.length) failed += 1;
else passed += 1;
// Two workers: an e2e file spends most of its time waiting on Chromium and its server, and on CI's 2 cores Jest's
// default (cores - 1 = one worker) ran the files one after another (38 min of a 46 min run). Every file starts its
// own server on a free port and a fresh DATA_DIR (a fresh schema on PostgreSQL), so two run side by side safely.
jest('jest (SQLite)', ['--maxWorkers=2']);
if (process.env.TEST_DATABASE_URL) {
  jest('jest API suite (PostgreSQL)', ['--selectProjects', 'server'], {
    DATABASE_URL: process.env.TEST_DATABASE_URL,
    TEST_DB: 'postgres',
  });
}
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
