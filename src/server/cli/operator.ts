// `npm run operator -- <command>`: the operator's command-line tool, on the same database as the server.
import { openContext } from '../openContext';
import { readEnv } from '../env';
import { runOperator } from './commands';

async function main() {
  const env = readEnv();
  const { ctx } = await openContext(
    {
      dataDir: env.dataDir,
      databaseUrl: env.databaseUrl,
      pgSchema: env.pgSchema,
      site: env.site,
      seed: env.seedDemo,
    },
    undefined,
    (l) => console.error(l),
  );
  try {
    process.exitCode = await runOperator(
      process.argv.slice(2),
      ctx,
      (l) => console.log(l),
      (l) => console.error(l),
    );
  } finally {
    await ctx.handle.close();
  }
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
