// A reference server as its own process (what `npm run serve` runs: the sources under tsx), for the tests that
// kill one with SIGKILL or run two on one database. It uses the test's database: a SQLite file in its DATA_DIR,
// or, under TEST_DB=postgres, the given schema of DATABASE_URL.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { openWrites } from './writeWindow';

const ROOT = join(__dirname, '..', '..');

export interface ServerProcess {
  base: string;
  child: ChildProcess;
  /** Everything it printed (for a failing test's message). */
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export interface ProcessOptions {
  dataDir: string;
  /** The tree to run (a copy of the repository); default this one. */
  cwd?: string;
  pgSchema?: string;
  env?: Record<string, string>;
}

/** The suite's PostgreSQL database when a schema is given, else none (SQLite in dataDir). */
const databaseUrlOf = (o: ProcessOptions) => (o.pgSchema ? (process.env.DATABASE_URL ?? '') : '');

/** A server process with the write window off (tests run at any hour), once it answers so. */
export async function startProcess(o: ProcessOptions): Promise<ServerProcess> {
  const server = await spawnServer(o);
  await openWrites(server.base, { dataDir: o.dataDir, databaseUrl: databaseUrlOf(o), pgSchema: o.pgSchema });
  return server;
}

/** A server process, resolved once it has printed its address (the write window as its database has it). */
export function spawnServer(o: ProcessOptions): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: o.cwd ?? ROOT,
    env: {
      ...process.env,
      DATA_DIR: o.dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      RBT_SCRYPT_LOG2N: '12',
      DATABASE_URL: databaseUrlOf(o),
      DATABASE_SCHEMA: o.pgSchema ?? '',
      ...o.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 90 s:\n${out}`)), 90_000);
    child.stdout!.on('data', () => {
      const m = /http:\/\/[\w.]+:(\d+)\//.exec(out);
      if (!m) return;
      clearTimeout(timer);
      resolve({
        base: `http://127.0.0.1:${m[1]}`,
        child,
        output: () => out,
        async stop(signal = 'SIGTERM') {
          if (child.exitCode === null && child.signalCode === null) child.kill(signal);
          await exited;
        },
      });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited ${code}:\n${out}`));
    });
  });
}
