// A real server per test file: its own temp DATA_DIR and its own database (a SQLite file there, or, when
// TEST_DB=postgres, a database cloned on DATABASE_URL's server), with the demo data (a copy of the run's seeded
// template, seeded.ts). Requests go through
// fastify.inject, with a tiny cookie jar and the CSRF header, like the portal's client.
import { marks, STATUS } from '../../src/server/lifecycle/states';
import { engineFor } from '../../src/server/validation';
import { mkdtempSync, rmSync, readdirSync, statSync, existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp, type App } from '../../src/server/app';
import type { AppOptions } from '../../src/server/openContext';
import type { SiteId } from '../../src/engine';
import type { ToneToInsert } from '../../src/server/services/tones';
import { seededCopy } from './seeded';

// Hashing at the OWASP cost takes ~0.5 s a password; the suite uses a lower cost (account.test checks the default).
process.env.RBT_SCRYPT_LOG2N = process.env.RBT_SCRYPT_LOG2N ?? '12';

export const usingPostgres = process.env.TEST_DB === 'postgres';

// Each file starts and seeds a real server; on a busy two-core CI machine (the e2e lane runs beside this one) that
// can take longer than Jest's 5 s, and under load longer than 30 s. A limit, not a speed goal (benches measure).
jest.setTimeout(90_000);

export interface TestServer extends App {
  dataDir: string;
  /** Its PostgreSQL database and the schema in it (PostgreSQL runs only), else undefined (SQLite in dataDir). */
  databaseUrl?: string;
  pgSchema?: string;
  clock: { now: number };
  base: string;
  client(): Client;
  login(account: string, password: string, headers?: Record<string, string>): Promise<Client>;
  /** Every file under DATA_DIR/files and DATA_DIR/tmp. */
  storedFiles(): string[];
}

export interface Answer {
  status: number;
  headers: Record<string, unknown>;
  body: any;
  raw: string;
}

export class Client {
  cookie = '';
  csrf = '';
  constructor(readonly base: string) {}

  async request(
    method: 'GET' | 'POST',
    url: string,
    opts: {
      body?: Record<string, unknown>;
      form?: boolean;
      csrf?: boolean;
      headers?: Record<string, string>;
      payload?: FormData | Buffer | string;
    } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (this.cookie) headers.cookie = this.cookie;
    if (opts.csrf !== false && this.csrf) headers['x-csrf-token'] = this.csrf;
    let payload: FormData | Buffer | string | undefined = opts.payload;
    if (opts.body && method === 'POST') {
      if (opts.form) {
        headers['content-type'] = 'application/x-www-form-urlencoded';
        payload = new URLSearchParams(Object.entries(opts.body).map(([k, v]) => [k, String(v)])).toString();
      } else {
        headers['content-type'] = 'application/json';
        payload = JSON.stringify(opts.body);
      }
    }
    const query =
      method === 'GET' && opts.body
        ? '?' + new URLSearchParams(Object.entries(opts.body).map(([k, v]) => [k, String(v)])).toString()
        : '';
    const body0 = Buffer.isBuffer(payload) ? new Uint8Array(payload) : payload;
    const res = await fetch(this.base + url + query, { method, headers, body: body0 });
    const raw = await res.text();
    const resHeaders = Object.fromEntries(res.headers.entries());
    const setCookie = res.headers.get('set-cookie');
    if (setCookie) this.cookie = setCookie.split(';')[0];
    const csrf = res.headers.get('x-csrf-token');
    if (csrf) this.csrf = csrf;
    let body: any;
    try {
      body = JSON.parse(raw);
    } catch {
      body = undefined;
    }
    return { status: res.status, headers: resHeaders, body, raw };
  }

  /** multipart/form-data upload: files as [name, bytes] under the field multipartFiles. */
  upload(files: Array<[string, Buffer]>, opts: { csrf?: boolean; query?: string } = {}) {
    const form = new FormData();
    for (const [name, data] of files) form.append('multipartFiles', new Blob([new Uint8Array(data)]), name);
    return this.request('POST', '/sp/uploadfile' + (opts.query ?? ''), { payload: form, csrf: opts.csrf });
  }

  post(
    url: string,
    body: Record<string, unknown> = {},
    opts: { form?: boolean; csrf?: boolean; headers?: Record<string, string> } = {},
  ) {
    return this.request('POST', url, { ...opts, body });
  }

  get(url: string, body: Record<string, unknown> = {}, opts: { headers?: Record<string, string> } = {}) {
    return this.request('GET', url, { ...opts, body: { portalType: 1, ...body } });
  }
}

/**
 * A tone row to insert (services/tones insertTone): a normal, approved tone at 1.00 with no tariff, files or
 * extras, valid until 2030-01-01; `set` gives the provider and whatever the test is about.
 */
export function plainTone(set: Partial<ToneToInsert> & Pick<ToneToInsert, 'provider_id' | 'tone_name'>): ToneToInsert {
  const now = Date.now();
  return {
    singer_name: 'Singer',
    singer_sex: '1',
    status: STATUS.normal,
    ...marks('settled'),
    price: '1.00',
    caller_price: '1.00',
    total_price: '',
    tariff_price: '',
    relative_time: '30',
    tone_valid_day: '2030-01-01',
    order_times: 0,
    language_id: 1,
    catalog_id: null,
    price_group_id: null,
    isrc: '',
    mate_info: '',
    info: '',
    cut_flag: '0',
    tone_file: '{}',
    additional_tone_info: '{}',
    upload_type: '1',
    created_at: now,
    updated_at: now,
    ...set,
  };
}

/** The state a list's status column shows for a row ('add', 'modify', 'delete', 'rejected', or the status): toneStatus, as the browser evaluates it. */
export const shownState = (row: Record<string, unknown>) =>
  engineFor('generic').evaluateExpression('toneStatus', { row }) as string;

/** The state a tone's status column shows: its transcode states over shownState. */
export const shownToneState = (row: Record<string, unknown>) =>
  engineFor('generic').evaluateExpression('toneTranscodeStatus', { row }) as string;

/** The database id of a provider, by its account code (a demo account's). */
export async function providerIdOf(server: TestServer, code: string): Promise<number> {
  const row = await server.ctx.db
    .selectFrom('providers')
    .select('id')
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Drops a test's PostgreSQL schema and the job queue's schema beside it (jobs/pgBossQueue.ts). */
export async function dropPgSchema(schema: string): Promise<void> {
  const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await c.connect();
  try {
    await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await c.query(`DROP SCHEMA IF EXISTS ${schema}_pgboss CASCADE`);
  } finally {
    await c.end();
  }
}

function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? listFiles(p) : [p];
  });
}

export async function startServer(
  opts: {
    site?: SiteId;
    distDir?: string;
    logger?: AppOptions['logger'];
    workers?: boolean;
    /** Another server on this one's database and DATA_DIR (as a second process behind a load balancer); it removes neither. */
    sharing?: TestServer;
    objects?: AppOptions['objects'];
    /** PostgreSQL runs only: another URL of the suite's database (through a proxy the test can cut). */
    databaseUrl?: string;
  } = {},
): Promise<TestServer> {
  const shared = opts.sharing;
  const site = opts.site ?? 'generic';
  const dataDir = shared?.dataDir ?? mkdtempSync(join(tmpdir(), 'rbt-api-'));
  const clock = { now: Date.now() };
  // A copy of the run's seeded demo data (seeded.ts), except where the files must go to another store.
  const copy =
    shared || opts.objects
      ? undefined
      : await seededCopy(site, dataDir, usingPostgres ? (opts.databaseUrl ?? process.env.DATABASE_URL) : undefined);
  const databaseUrl = shared
    ? shared.databaseUrl
    : usingPostgres
      ? (copy?.databaseUrl ?? opts.databaseUrl ?? process.env.DATABASE_URL)
      : undefined;
  const pgSchema = shared
    ? shared.pgSchema
    : usingPostgres
      ? (copy?.pgSchema ?? `t_${randomBytes(6).toString('hex')}`)
      : undefined;
  const dropSchema = () =>
    shared ? Promise.resolve() : copy ? copy.drop() : pgSchema ? dropPgSchema(pgSchema) : Promise.resolve();
  const removeDataDir = () => (shared ? undefined : rmSync(dataDir, { recursive: true, force: true }));
  let app: App;
  try {
    app = await buildApp({
      dataDir,
      databaseUrl,
      pgSchema,
      site,
      distDir: opts.distDir ?? join(dataDir, 'no-dist'),
      now: () => clock.now,
      logger: opts.logger,
      workers: opts.workers,
      objects: opts.objects,
    });
  } catch (e) {
    await dropSchema();
    removeDataDir();
    throw e;
  }
  // Tests set the maintenance window themselves; by default it is off so the clock never decides a test.
  await app.ctx.config.set('maintenance_window', '');
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const server: TestServer = {
    ...app,
    dataDir,
    databaseUrl,
    pgSchema,
    clock,
    base,
    client: () => new Client(base),
    async login(account, password, headers) {
      const c = new Client(base);
      const r = await c.post('/sp/sploginhs', { account, pwd: password }, { form: true, headers });
      if (!['000000', '312022'].includes(r.body?.returnCode)) throw new Error(`login ${account}: ${r.raw}`);
      return c;
    },
    storedFiles: () => [...listFiles(join(dataDir, 'files')), ...listFiles(join(dataDir, 'tmp'))].sort(),
    async close() {
      await app.close();
      await dropSchema();
      removeDataDir();
    },
  };
  return server;
}

// The demo accounts as the README lists them: tests log in with demo-accounts.json's own passwords.
const demoFile: Array<{ account: string; password: string; site: string }> = JSON.parse(
  readFileSync(join(__dirname, '..', '..', 'demo-accounts.json'), 'utf8'),
);
const demo = (account: string) => {
  const a = demoFile.find((d) => d.account === account);
  if (!a) throw new Error(`demo-accounts.json has no ${account}`);
  return { account: a.account, password: a.password };
};

export const DEMO = {
  generic: demo('8800010'),
  kenya: demo('8800020'),
  ais: demo('8800030'),
  radio: demo('8800001'),
  superSP: demo('8800002'),
  firstLogin: demo('8800040'),
  believe: demo('8800050'),
  approval: demo('8800060'),
  expired: demo('8800070'),
  /** The operator console's demo accounts. */
  reviewerKenya: demo('review.kenya'),
  opAdmin: demo('op.admin'),
};
