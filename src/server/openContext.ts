// What the server and the operator CLI share at start: the database (migrated, every query guarded by its columns,
// demo data when empty), the configuration, the job queues, the notifier and the file store. Apart from app.ts so
// that the CLI loads none of the HTTP server (Fastify, the routes): each operator command starts a process.
import type { FastifyServerOptions } from 'fastify';
import { openDatabase } from './db/connection';
import { migrate } from './db/migrate';
import { columnGuard, readColumns } from './db/columns';
import type { SiteId } from '../engine';
import { siteIds } from '../engine/fsLoader';
import { ConfigStore } from './services/config';
import { createQueue } from './jobs';
import { mediaQueueSpec } from './jobs/queue';
import { OutboxNotifier, type Notifier } from './services/notifier';
import { FileStore, objectStoreFor } from './files/storage';
import type { ObjectStore } from './files/objects';
import type { Lifecycle } from './ops/lifecycle';
import type { AppContext } from './context';

export interface AppOptions {
  dataDir: string;
  databaseUrl?: string;
  pgSchema?: string;
  site: SiteId;
  /** Seed demo data into an empty database (default true). */
  seed?: boolean;
  distDir?: string;
  logger?: FastifyServerOptions['logger'];
  notifier?: Notifier;
  now?: () => number;
  /** Run batch jobs in this process (default: unless BATCH_WORKERS=0). */
  workers?: boolean;
  /** Run transcode jobs in this process (default: as `workers`, and unless MEDIA_WORKERS=0). */
  mediaWorkers?: boolean;
  /** Where committed files go (default: S3 when S3_BUCKET is set, else DATA_DIR/files). */
  objects?: ObjectStore;
  /** The process's phase, for /readyz (main.ts answers probes with it while the database migrates). */
  lifecycle?: Lifecycle;
  /** The HTTP server to serve on (main.ts's, listening since before the migration). */
  serverFactory?: FastifyServerOptions['serverFactory'];
}

/** Database (migrated, demo data when empty), configuration, notifier and file store: shared by the server and the operator CLI. */
export async function openContext(
  opts: AppOptions,
  log: (line: string) => void = () => undefined,
  warn: (line: string) => void = log,
): Promise<{ ctx: AppContext; store: FileStore }> {
  if (!siteIds().includes(opts.site))
    throw new Error(`site "${opts.site}" has no folder in site-variants/ (sites: ${siteIds().join(', ')})`);
  const handle = await openDatabase({ dataDir: opts.dataDir, databaseUrl: opts.databaseUrl, pgSchema: opts.pgSchema });
  opts.lifecycle?.set('migrating');
  await migrate(handle);
  // Every query from here on is guarded: no value reaches a column that cannot hold it (db/columns.ts).
  const columns = await readColumns(handle);
  handle.db = handle.db.withPlugin(columnGuard(columns));
  const target = { databaseUrl: opts.databaseUrl, pgSchema: opts.pgSchema };
  const jobs = createQueue(handle, target, log);
  const media = createQueue(handle, target, log, mediaQueueSpec());
  await jobs.open();
  await media.open();
  // Closing the database first closes the queues (their workers, pg-boss's own connections), for every caller.
  const closeDb = handle.close;
  handle.close = async () => {
    await Promise.all([jobs.close(), media.close()]);
    await closeDb();
  };
  const ctx: AppContext = {
    handle,
    db: handle.db,
    config: new ConfigStore(handle.db),
    notifier: opts.notifier ?? new OutboxNotifier(handle.db, log),
    jobs,
    media,
    dataDir: opts.dataDir,
    site: opts.site,
    now: opts.now ?? Date.now,
    columns,
  };
  const store = new FileStore(opts.dataDir, opts.objects ?? objectStoreFor(opts.dataDir));
  opts.lifecycle?.set('seeding');
  if (opts.seed !== false && !(await hasData(ctx))) {
    // Loaded only for an empty database: the seed pulls in most services, which a started one never needs here.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    await (require('./seed/demo') as typeof import('./seed/demo')).seedIfEmpty(ctx, store);
  }
  await warnOfUnknownSites(ctx, warn);
  return { ctx, store };
}

/** Whether the demo seed has anything to do: it writes the languages first (seedIfEmpty, which checks again). */
const hasData = async (ctx: AppContext) =>
  (await ctx.db.selectFrom('languages').select('id').limit(1).executeTakeFirst()) !== undefined;

/** Accounts whose site has no folder any more (removed or renamed) cannot work: say so at every start. */
async function warnOfUnknownSites(ctx: AppContext, log: (line: string) => void): Promise<void> {
  const rows = await ctx.db
    .selectFrom('providers')
    .select(['code', 'site'])
    .where('site', 'not in', ctx.config.sites())
    .orderBy('code')
    .execute();
  for (const site of new Set(rows.map((r) => r.site))) {
    const codes = rows.filter((r) => r.site === site).map((r) => r.code);
    log(
      `warning: ${codes.length} account(s) belong to site "${site}", which has no folder in site-variants/ (${codes.slice(0, 5).join(', ')}${codes.length > 5 ? ', ...' : ''}); ` +
        `they see an error page until the folder is back or the operator moves them (npm run operator -- provider site <code> <site>)`,
    );
  }
}
