// Starts the real reference server for an e2e file: a fresh DATA_DIR, a free port, the built portal (dist/,
// built once if missing) and the server as `npm start` runs it (build/, compiled once per run by globalSetup.ts).
// The database is opened beside it for what only an operator could do (configuration flags, reading the outbox
// of the notifier, ending sessions).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OperatorDb } from './operatorDb';
import { openWrites } from '../../api/writeWindow';
import { seededTemplate } from '../../api/seedTemplate';

export const ROOT = join(__dirname, '..', '..', '..');

export interface TestServer {
  baseUrl: string;
  dataDir: string;
  db: OperatorDb;
  /** What the server printed on standard output and standard error so far. */
  printed(): string;
  stop(): Promise<void>;
}

/** The built portal the e2e servers serve: DIST_DIR (a build of its own, e.g. one per developer), else dist/. */
export const DIST_DIR = process.env.DIST_DIR ? process.env.DIST_DIR : join(ROOT, 'dist');

/** The e2e suite drives the built app; `npm test` builds it first, a lone `jest` run builds it here. */
export function ensureBuilt(): void {
  if (existsSync(join(DIST_DIR, 'index.html'))) return;
  const r = spawnSync(
    join(ROOT, 'node_modules', '.bin', 'vite'),
    ['build', '--logLevel', 'warn', '--outDir', DIST_DIR],
    { cwd: ROOT, stdio: 'inherit' },
  );
  if (r.status !== 0) throw new Error('vite build failed');
}

/** The operator CLI of that build (`npm run operator` runs its sources). */
export const OPERATOR_CLI = join(ROOT, 'build', 'server', 'cli', 'operator.js');

/** The server as `npm start` runs it: compiled into build/ by package.json's build:server. */
export function buildServer(): void {
  const r = spawnSync('npm', ['run', '--silent', 'build:server'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('build:server failed');
}

export interface ServerOptions {
  /** The deployment's site (SITE): a folder of site-variants/. */
  site?: string;
  /**
   * Run build/server/main.js, what `npm start` runs (the default; globalSetup.ts builds it once per run), or with
   * false the sources under tsx (what `npm run serve` runs).
   */
  compiled?: boolean;
  /** Another tree of definitions, site variants, schemas and catalogues (DEFINITIONS_ROOT), served with its own build. */
  definitionsRoot?: string;
  /** The built portal to serve (a build of definitionsRoot); default DIST_DIR. */
  distDir?: string;
  /** An existing DATA_DIR (a restart on the same database); the caller removes it. Default: a fresh one, removed on stop. */
  dataDir?: string;
  /**
   * A first start: the server migrates and seeds its empty database itself (and prints what a first start
   * prints), instead of starting from a copy of the run's seeded DATA_DIR with the write window off.
   */
  fresh?: boolean;
  /** More environment for the server (LOG_LEVEL...), over the defaults above. */
  env?: Record<string, string>;
  /** Another installed copy to run (a production install: compiled, its own dist/), and the Node to run it with. */
  install?: { dir: string; node: string };
}

export async function startServer(options: ServerOptions = {}): Promise<TestServer> {
  if (!options.distDir && !options.install) ensureBuilt();
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'rbt-e2e-'));
  // A fresh DATA_DIR of this tree starts as a copy of the run's seeded one (the API suite's seeded.ts explains why).
  if (!options.dataDir && !options.install && !options.definitionsRoot && !options.fresh) {
    const site = options.site ?? 'generic';
    const template = await seededTemplate(site, async (dir) => {
      await (await startServer({ site, dataDir: dir })).stop();
    });
    if (template) cpSync(template, dataDir, { recursive: true });
  }
  // The sources run in Node with tsx as a loader (not the tsx wrapper, which forks): one process, so stopping it stops the server.
  const entry =
    options.compiled === false && !options.install
      ? ['--import', 'tsx', 'src/server/main.ts']
      : ['build/server/main.js'];
  const child: ChildProcess = spawn(options.install?.node ?? process.execPath, entry, {
    cwd: options.install?.dir ?? ROOT,
    env: {
      ...process.env,
      // The server takes a free port itself and prints it: a port found free here and passed on could be taken
      // meanwhile as the local port of an outgoing connection (the API suite's two-process test failed so once).
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SITE: options.site ?? 'generic',
      LOG_LEVEL: 'warn',
      // Password hashes at a test cost, as in the API suite: at OWASP's cost each demo account's hash and each
      // login take about a second of CPU, which made up minutes of the e2e run. A test may set it back.
      RBT_SCRYPT_LOG2N: '12',
      DIST_DIR: options.distDir ?? (options.install ? join(options.install.dir, 'dist') : DIST_DIR),
      ...(options.definitionsRoot ? { DEFINITIONS_ROOT: options.definitionsRoot } : {}),
      ...(options.env ?? {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/http:\/\/[\w.]+:\d+\//.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (c: Buffer) => {
      output += c.toString();
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  child.removeAllListeners('exit');
  const port = Number(/http:\/\/[\w.]+:(\d+)\//.exec(output)?.[1]);
  const db = new OperatorDb(join(dataDir, 'rbt.sqlite'));
  // Tests run at any hour: the 0:00-5:00 write ban of 000 §8 would make them depend on the clock.
  await openWrites(`http://127.0.0.1:${port}`, { dataDir });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    dataDir,
    db,
    printed: () => output,
    async stop() {
      db.close();
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => {
          child.kill('SIGKILL');
          resolve();
        }, 5000).unref();
      });
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
