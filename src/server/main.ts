// Entry point of `npm start` / `npm run serve`: builds the app from the environment and listens.
import { buildApp } from './app';
import { readEnv } from './env';
import { serverLogger } from './http/logRedact';

async function main() {
  const env = readEnv();
  const { app, ctx, close } = await buildApp({
    dataDir: env.dataDir,
    databaseUrl: env.databaseUrl,
    pgSchema: env.pgSchema,
    site: env.site,
    distDir: env.distDir,
    // Request logs without bodies (passwords never reach the log); the outbox notifier logs its messages.
    logger: serverLogger(process.env.LOG_LEVEL ?? 'info'),
  });
  await app.listen({ port: env.port, host: env.host });
  const shown = env.host === '0.0.0.0' ? 'localhost' : env.host;
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : env.port;
  console.log(`RBT provider portal: http://${shown}:${port}/  (site ${env.site}, database ${ctx.handle.location}, data ${env.dataDir})`);
  for (const sig of ['SIGINT', 'SIGTERM'] as const) process.once(sig, () => void close().then(() => process.exit(0)));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
