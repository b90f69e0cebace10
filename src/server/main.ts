// Entry point of `npm start` / `npm run serve`: builds the app from the environment and listens. What the person
// who started it needs stands on clean lines of its own: the URL, a demo account to try, where the log goes and
// whether writes are being refused right now (maintenance_window); the JSON request log goes to its own file
// (LOG_FILE, default DATA_DIR/server.log; LOG_FILE=- keeps it on standard output, as a container wants).
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { buildApp } from './app';
import { readEnv } from './env';
import { serverLogger } from './http/logRedact';
import { writeWindow } from './services/maintenanceWindow';
import type { AppContext } from './context';

const WINDOW_CHECK_MS = 60_000;

function demoHint(): string | undefined {
  try {
    const accounts = JSON.parse(readFileSync(join(__dirname, '..', '..', 'demo-accounts.json'), 'utf8')) as Array<{
      account: string;
      password: string;
    }>;
    return accounts.length ? `${accounts[0].account} / ${accounts[0].password}` : undefined;
  } catch {
    return undefined;
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

async function main() {
  const env = readEnv();
  const logFile = process.env.LOG_FILE === '-' ? undefined : process.env.LOG_FILE || join(env.dataDir, 'server.log');
  if (logFile) mkdirSync(join(logFile, '..'), { recursive: true });
  // Appended through a stream: the writes leave the request's thread (a synchronous write a line cost every request
  // a system call); the stream is flushed when the server stops.
  const logStream = logFile ? createWriteStream(logFile, { flags: 'a' }) : undefined;
  const { app, ctx, close } = await buildApp({
    dataDir: env.dataDir,
    databaseUrl: env.databaseUrl,
    pgSchema: env.pgSchema,
    site: env.site,
    distDir: env.distDir,
    // Request logs without bodies (passwords never reach the log); the outbox notifier logs its messages.
    logger: serverLogger(process.env.LOG_LEVEL ?? 'info', logStream),
  });
  await app.listen({ port: env.port, host: env.host });
  const shown = env.host === '0.0.0.0' ? 'localhost' : env.host;
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : env.port;
  const demoAccount = (await ctx.db
    .selectFrom('providers')
    .select('code')
    .where('code', '=', demoHint()?.split(' ')[0] ?? '')
    .executeTakeFirst())
    ? demoHint()
    : undefined;
  const where = (p: string) => (relative(process.cwd(), p).startsWith('..') ? p : relative(process.cwd(), p) || '.');
  let window = await windowLine(ctx);
  const lines = [
    '',
    `  RBT provider portal is running:  http://${shown}:${port}/`,
    ...(demoAccount ? [`  Demo login:  ${demoAccount}   (all demo accounts: README.md, demo-accounts.json)`] : []),
    `  Site ${env.site}, database ${ctx.handle.location}, data ${where(env.dataDir)}`,
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
  const flushed = () => new Promise<void>((resolve) => (logStream ? logStream.end(resolve) : resolve()));
  for (const sig of ['SIGINT', 'SIGTERM'] as const)
    process.once(
      sig,
      () =>
        void close()
          .then(flushed)
          .then(() => process.exit(0)),
    );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
