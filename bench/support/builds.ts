// Server builds to compare: this tree's and any git ref's, each compiled the way `npm start` compiles it (the
// ref's own package.json "build:server", run in a temporary git worktree that borrows this tree's node_modules),
// then started as plain `node build/server/main.js` on a fresh DATA_DIR of its own (SQLite) and a free port.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, rmSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const ROOT = join(__dirname, '..', '..');

export interface Build {
  /** 'this tree' or the ref as given. */
  name: string;
  /** The commit it was built from (this tree: HEAD, plus "+ changes" when the tree differs from it). */
  commit: string;
  dir: string;
  /** Removes the temporary worktree (nothing for this tree). */
  remove(): void;
}

const git = (args: string[], cwd = ROOT) => {
  const r = spawnSync('git', args, { cwd, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout.trim();
};

function compile(dir: string): void {
  const r = spawnSync('npm', ['run', '--silent', 'build:server'], { cwd: dir, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`build:server in ${dir} exited ${r.status ?? r.signal}`);
}

export function thisTree(): Build {
  compile(ROOT);
  const dirty = git(['status', '--porcelain', '--untracked-files=no']) !== '';
  return {
    name: 'this tree',
    commit: `${git(['rev-parse', '--short', 'HEAD'])}${dirty ? ' + changes' : ''}`,
    dir: ROOT,
    remove: () => undefined,
  };
}

/** The ref checked out in a temporary worktree and compiled there. */
export function baselineBuild(ref: string): Build {
  const commit = git(['rev-parse', '--short', `${ref}^{commit}`]);
  const dir = mkdtempSync(join(tmpdir(), `rbt-baseline-${commit}-`));
  git(['worktree', 'add', '--detach', '--force', dir, commit]);
  const remove = () => {
    spawnSync('git', ['worktree', 'remove', '--force', dir], { cwd: ROOT });
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    // The dependencies the server needs at run time are this tree's (npm ci for each ref would download them again).
    if (!existsSync(join(dir, 'node_modules'))) symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
    compile(dir);
  } catch (e) {
    remove();
    throw e;
  }
  return { name: ref, commit, dir, remove };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

export interface Running {
  build: Build;
  base: string;
  child: ChildProcess;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * A build's server on a fresh DATA_DIR. Its standard output goes to a file there (older builds write their request
 * log to standard output, newer ones to DATA_DIR/server.log): reading it would cost the bench's own CPU.
 */
export async function startBuild(
  build: Build,
  env: Record<string, string> = {},
  nodeArgs: string[] = [],
): Promise<Running> {
  const dataDir = mkdtempSync(join(tmpdir(), 'rbt-bench-'));
  const port = await freePort();
  const out = openSync(join(dataDir, 'stdout.log'), 'a');
  const child = spawn(process.execPath, [...nodeArgs, 'build/server/main.js'], {
    cwd: build.dir,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SITE: 'generic',
      DATABASE_URL: '',
      // Demo accounts hashed at a test cost where the build knows the setting (seeding only; logins are few).
      RBT_SCRYPT_LOG2N: '12',
      ...env,
    },
    stdio: ['ignore', out, out],
  });
  closeSync(out);
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${build.name}: server exited ${child.exitCode} (see ${dataDir})`);
    const up = await fetch(`${base}/common/ping?portalType=1`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error(`${build.name}: server did not answer in 120 s`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    build,
    base,
    child,
    dataDir,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
