// Entry point of `npm start` / `npm run serve`: builds the app from the environment and listens. What the person
// who started it needs stands on clean lines of its own: the URL, a demo account to try, who can reach it (HOST),
// where the data and the log are, and whether writes are being refused right now (maintenance_window); the JSON
// request log goes to its own file (LOG_FILE, default DATA_DIR/server.log; LOG_FILE=- keeps it on standard
// output, as a container wants). The server listens before the database is migrated, answering probes
// (ops/earlyServer.ts), and SIGTERM or SIGINT drain it gracefully (docs/operations.md).
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { buildApp } from './app';
import { isLoopback, readEnv, type Env } from './env';
import { serverLogger } from './http/logRedact';
import { writeWindow } from './services/maintenanceWindow';
import { Lifecycle } from './ops/lifecycle';
import { listenEarly } from './ops/earlyServer';
import type { AppContext } from './context';
import { countRows } from './db/paging';

const WINDOW_CHECK_MS = 60_000;

function demoAccounts(): Array<{ account: string; password: string }> {
  try {
    return JSON.parse(readFileSync(join(__dirname, '..', '..', 'demo-accounts.json'), 'utf8'));
  } catch {
    return [];
  }
}

/** The write window now, as a sentence for the console. */
async function windowLine(ctx: AppContext): Promise<{ active: boolean; line: string }> {
  const { window, active, until } = writeWindow(
    (await ctx.config.forSite(ctx.site)).maintenance_window,
    new Date(ctx.now()),
  );
  if (!window) return { active: false, line: 'Write window: off (maintenance_window is empty).' };
  return {
    active: active === '1',
    line:
      active === '1'
        ? `Write window: ACTIVE NOW. Uploads, edits and other writes are refused until ${until} server time (maintenance_window ${window}).`
        : `Write window: writes are refused daily ${window} server time (maintenance_window); open now.`,
  };
}

/** Who can reach the server, and what that means for the demo accounts whose passwords the README publishes. */
function reachLines(env: Env, demoInDatabase: number, providers: number): string[] {
  if (isLoopback(env.host))
    return [`Listening on ${env.host}: this machine only (HOST=0.0.0.0 serves other machines).`];
  const lines = [`Listening on ${env.host}: other machines can reach this server.`];
  if (demoInDatabase)
    lines.push(
      `Caution: ${demoInDatabase} demo accounts with the passwords published in README.md exist in this database; disable them (npm run operator -- provider disable <code>) before real use.`,
    );
  else if (!env.seedDemo && providers === 0)
    lines.push(
      'No accounts yet, and no demo data on a public address (its passwords are published; SEED_DEMO=1 seeds it anyway): npm run operator -- provider create ...',
    );
  return lines;
}

async function main() {
  const env = readEnv();
  const logFile = process.env.LOG_FILE === '-' ? undefined : process.env.LOG_FILE || join(env.dataDir, 'server.log');
  if (logFile) mkdirSync(join(logFile, '..'), { recursive: true });
  // Appended through a stream: the writes leave the request's thread (a synchronous write a line cost every request
  // a system call); the stream is flushed when the server stops.
  const logStream = logFile ? createWriteStream(logFile, { flags: 'a' }) : undefined;
  const lifecycle = new Lifecycle();
  const early = await listenEarly(env.port, env.host, lifecycle);
  const { ctx, store, close } = await buildApp({
    dataDir: env.dataDir,
    databaseUrl: env.databaseUrl,
    pgSchema: env.pgSchema,
    site: env.site,
    distDir: env.distDir,
    seed: env.seedDemo,
    lifecycle,
    serverFactory: early.factory,
    // Request logs without bodies (passwords never reach the log); the outbox notifier logs its messages.
    logger: serverLogger(process.env.LOG_LEVEL ?? 'info', logStream),
  });
  early.serve();
  const address = early.server.address();
  const port = typeof address === 'object' && address ? address.port : env.port;
  const shown = env.host === '0.0.0.0' || (!process.env.HOST && isLoopback(env.host)) ? 'localhost' : env.host;
  const demo = demoAccounts();
  const demoCodes = demo.map((d) => d.account);
  const seeded = await ctx.db.selectFrom('providers').select('code').where('code', 'in', demoCodes).execute();
  const present = new Set(seeded.map((r) => r.code));
  const providers = await countRows(ctx.db.selectFrom('providers'));
  const first = demo.find((d) => present.has(d.account));
  const where = (p: string) => (relative(process.cwd(), p).startsWith('..') ? p : relative(process.cwd(), p) || '.');
  const files = store.location;
  let window = await windowLine(ctx);
  const lines = [
    '',
    `  RBT provider portal is running:  http://${shown}:${port}/`,
    ...(first && isLoopback(env.host)
      ? [`  Demo login:  ${first.account} / ${first.password}   (all demo accounts: README.md, demo-accounts.json)`]
      : []),
    ...reachLines(env, present.size, providers).map((l) => `  ${l}`),
    `  Site ${env.site}, database ${ctx.handle.location}, files ${files.startsWith('s3://') ? files : where(files)}`,
    `  Request log: ${logFile ? where(logFile) : 'standard output'}`,
    `  ${window.line}`,
    '',
  ];
  process.stdout.write(lines.join('\n') + '\n');
  // Say so when the window opens or closes while the server runs.
  const timer = setInterval(() => {
    void windowLine(ctx).then(
      (now) => {
        if (now.active !== window.active)
          process.stdout.write(`${new Date().toTimeString().slice(0, 5)}  ${now.line}\n`);
        window = now;
      },
      () => undefined,
    );
  }, WINDOW_CHECK_MS);
  timer.unref();

  // Graceful shutdown: /readyz answers 503 at once (draining), and after SHUTDOWN_DELAY_MS (time for a load
  // balancer to notice; SIGTERM only) the server stops accepting connections, lets the requests and uploads in
  // flight finish within SHUTDOWN_TIMEOUT_MS, then releases its job leases and closes the database and flushes the
  // request log. A second signal ends the process at once.
  const flushed = () => new Promise<void>((resolve) => (logStream ? logStream.end(resolve) : resolve()));
  let stopping = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    lifecycle.set('draining');
    const ms = (name: string, fallback: number) =>
      Number(process.env[name]) >= 0 && process.env[name] !== '' ? Number(process.env[name]) : fallback;
    if (signal === 'SIGTERM') await new Promise((r) => setTimeout(r, ms('SHUTDOWN_DELAY_MS', 0)));
    await early.drain(ms('SHUTDOWN_TIMEOUT_MS', 30_000));
    await close();
    await flushed();
    process.exit(0);
  };
  for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => void shutdown(sig));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
