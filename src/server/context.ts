// What every plugin gets: the database, configuration, notifier, file storage and clock. Tests build one
// with their own DATA_DIR and database; nothing here reads process.env.
import type { Kysely } from 'kysely';
import type { DatabaseHandle } from './db/connection';
import type { Database, Operator, Provider } from './db/schema';
import type { SiteId } from '../engine';
import type { Config, ConfigStore } from './services/config';
import type { Notifier } from './services/notifier';
import type { JobQueue, TranscodeJob } from './jobs/queue';
import type { Lang } from './returnCodes';
import type { ColumnCatalog } from './db/columns';
import type { Metrics } from './ops/metrics';

export interface AppContext {
  handle: DatabaseHandle;
  db: Kysely<Database>;
  config: ConfigStore;
  notifier: Notifier;
  /** The queue batch tasks run on (jobs/queue.ts); the server's workers take from it, any process may add. */
  jobs: JobQueue;
  /** The queue audio transcodes run on (media/transcodes.ts, jobs/transcodeRunner.ts). */
  media: JobQueue<TranscodeJob>;
  dataDir: string;
  /** The default site variant (SITE): login page configuration and new accounts. */
  site: SiteId;
  now(): number;
  /** What each column can hold, read from the migrated database (db/columns.ts). */
  columns: ColumnCatalog;
  /** The process's Prometheus metrics (ops/metrics.ts); absent in the operator CLI. */
  metrics?: Metrics;
}

export interface SessionContext {
  id: number;
  provider: Provider;
  csrfToken: string;
  language: Lang;
  config: Config;
}

/** An operator's session (routes with auth 'operator'): the operator console's caller. */
export interface OperatorSessionContext {
  id: number;
  operator: Operator;
  csrfToken: string;
  language: Lang;
  /** The deployment's configuration (timeouts, limits). */
  config: Config;
}

declare module 'fastify' {
  interface FastifyRequest {
    session?: SessionContext;
    operatorSession?: OperatorSessionContext;
    lang: Lang;
    /** Time the request contract took (routes.ts), for the Server-Timing header. */
    contractMs: number;
  }
  interface FastifyInstance {
    ctx: AppContext;
    /** Every call registered through routes.ts, for the OpenAPI document. */
    apiRoutes: import('./routes').ApiRoute[];
  }
}
