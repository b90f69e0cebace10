// Two server processes behind a real load balancer (issue 28, Deliver 2 and 4): Debian's haproxy with the
// repository's own deploy/haproxy.cfg, round-robin on loopback, each process with a DATA_DIR of its own (no shared
// disk), one PostgreSQL database and one bucket (s3rver). A provider signs in on one process and uploads through
// the other; both list and play the files; the client address comes from X-Forwarded-For only through the
// trusted balancer, so the login throttle counts real clients; cookies are Secure over HTTPS. Then the failures:
// kill -9 mid-upload and mid-batch (nothing acknowledged is lost, the batch finishes on the survivor, the session
// survives), a restart that waits on the migration lock (not ready meanwhile), and SIGTERM with an upload in flight
// (drained, the upload answered and kept). PostgreSQL only (the API suite's PostgreSQL pass).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { DEMO, dropPgSchema, usingPostgres } from './helpers';
import { txt } from './batchSupport';
import { spawnServer, startProcess, type ServerProcess } from './serverProcess';
import { startS3, type S3Server } from './s3Server';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/connection';
import { migrate } from '../../src/server/db/migrate';
import { ConfigStore } from '../../src/server/services/config';
import { sineWav } from '../../src/server/files/wav';

jest.setTimeout(240_000);
const maybe = usingPostgres ? describe : describe.skip;
const ROOT = join(__dirname, '..', '..');

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

interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  json(): any;
}

interface Send {
  method?: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
  /** This client's own loopback address (127.0.0.2, ...), so the servers can tell clients apart. */
  from?: string;
  /** Trust this certificate (the balancer's HTTPS frontend). */
  ca?: string;
  /** Writes the body itself (a slow upload); resolves when it has written all. */
  write?: (req: NodeJS.WritableStream) => Promise<void>;
}

/** One HTTP(S) request with node's client (it can choose its local address), the whole answer read. */
function send(url: string, o: Send = {}): Promise<Reply> {
  const u = new URL(url);
  const request = u.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(
      u,
      { method: o.method ?? 'GET', headers: o.headers, localAddress: o.from, ca: o.ca, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, json: () => JSON.parse(body.toString()) });
        });
      },
    );
    req.on('error', reject);
    if (o.write) o.write(req).then(() => req.end(), reject);
    else req.end(o.body);
  });
}

/** A provider's browser: its address, cookie and CSRF token, through one base URL. */
class Browser {
  cookie = '';
  csrf = '';
  constructor(
    public base: string,
    readonly from?: string,
    readonly ca?: string,
  ) {}

  async call(path: string, o: Send = {}): Promise<Reply> {
    const headers: Record<string, string> = {
      ...(this.cookie ? { cookie: this.cookie } : {}),
      ...(this.csrf ? { 'x-csrf-token': this.csrf } : {}),
      ...(o.headers ?? {}),
    };
    const r = await send(this.base + path, { from: this.from, ca: this.ca, ...o, headers });
    const setCookie = r.headers['set-cookie']?.[0];
    if (setCookie) this.cookie = setCookie.split(';')[0];
    if (r.headers['x-csrf-token']) this.csrf = String(r.headers['x-csrf-token']);
    return r;
  }

  login(account: string, pwd: string) {
    return this.call('/sp/sploginhs', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ account, pwd }).toString(),
    });
  }

  /** sp/uploadfile with one file; `write` may pace the body (the default sends it at once). */
  upload(name: string, data: Buffer, pace?: (req: NodeJS.WritableStream, head: string, tail: string) => Promise<void>) {
    const boundary = `----rbt${randomBytes(8).toString('hex')}`;
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="multipartFiles"; filename="${name}"\r\nContent-Type: audio/wav\r\n\r\n`;
    const tail = `\r\n--${boundary}--\r\n`;
    const length = Buffer.byteLength(head) + data.length + Buffer.byteLength(tail);
    return this.call('/sp/uploadfile', {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(length) },
      write: async (req) => {
        if (pace) return pace(req, head, tail);
        req.write(head);
        req.write(data);
        req.write(tail);
      },
    });
  }
}

const servedBy = (r: Reply) => String(r.headers['x-served-by'] ?? '');
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(what: string, f: () => Promise<T | undefined>, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await f().catch(() => undefined);
    if (v !== undefined && v !== null && (v as unknown) !== false) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

maybe('two processes behind haproxy, no shared disk', () => {
  const pgSchema = `t_${randomBytes(6).toString('hex')}`;
  const work = mkdtempSync(join(tmpdir(), 'rbt-lb-'));
  const dirs = [join(work, 'portal1'), join(work, 'portal2')];
  const ports: number[] = [];
  const procs: ServerProcess[] = [];
  let s3: S3Server;
  let db: DatabaseHandle;
  let haproxy: ChildProcess;
  let lb = '';
  let lbTls = '';
  let cert = '';
  let haproxyOut = '';

  /** Process i on its port with its own DATA_DIR, on the shared database and bucket. */
  const env = (i: number) => ({
    ...s3.env,
    PORT: String(ports[i]),
    // haproxy connects from 127.0.0.1: only it may say who the client is.
    TRUST_PROXY: '127.0.0.1',
    BATCH_POLL_MS: '200',
    BATCH_LEASE_SECONDS: '4',
    SHUTDOWN_DELAY_MS: '1500',
    SHUTDOWN_TIMEOUT_MS: '20000',
  });
  const options = (i: number) => ({ dataDir: dirs[i], pgSchema, env: env(i) });
  const tmpFiles = (i: number) => readdirSync(join(dirs[i], 'tmp'));
  const pidOf = (i: number) => String(procs[i].child.pid);
  const providerId = async (code: string) =>
    (await db.db.selectFrom('providers').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
  /** Both processes are in haproxy's rotation again: consecutive requests are answered by both. */
  const bothServing = () =>
    until('both processes in rotation', async () => {
      const seen = new Set<string>();
      for (let i = 0; i < 4; i++) seen.add(servedBy(await send(`${lb}/healthz`)));
      return seen.size === 2 || undefined;
    });

  beforeAll(async () => {
    if (spawnSync('haproxy', ['-v']).status !== 0)
      throw new Error('haproxy is not installed: apt-get install -y haproxy (.ci/run installs it)');
    s3 = await startS3();
    // Each process takes a port of its own choosing (PORT 0) at its first start and keeps it on restarts (haproxy's
    // configuration names it): a port found free here and passed on could be taken meanwhile as the local port of an
    // outgoing connection (this file's own database connections; failed once in a full run with EADDRINUSE).
    ports.push(0, 0);
    // The database migrated and configured as an operator would before the first start: writes open at any hour,
    // and a small address limit so the throttle shows in a few attempts.
    db = await openDatabase({ dataDir: work, databaseUrl: process.env.DATABASE_URL, pgSchema });
    await migrate(db);
    const config = new ConfigStore(db.db);
    await config.set('maintenance_window', '');
    await config.set('address_max_failures', '3');
    procs.push(...(await Promise.all([0, 1].map((i) => startProcess(options(i))))));
    procs.forEach((p, i) => (ports[i] = Number(new URL(p.base).port)));
    // The balancer: the repository's configuration, its addresses from the environment, HTTPS with a fresh certificate.
    const pem = join(work, 'lb.pem');
    const made = spawnSync('openssl', [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      join(work, 'key.pem'),
      '-out',
      join(work, 'cert.pem'),
    ]);
    if (made.status !== 0) throw new Error(`openssl: ${made.stderr}`);
    cert = readFileSync(join(work, 'cert.pem'), 'utf8');
    writeFileSync(pem, cert + readFileSync(join(work, 'key.pem'), 'utf8'));
    const [lbPort, tlsPort] = [await freePort(), await freePort()];
    lb = `http://127.0.0.1:${lbPort}`;
    lbTls = `https://127.0.0.1:${tlsPort}`;
    haproxy = spawn('haproxy', ['-db', '-f', join(ROOT, 'deploy', 'haproxy.cfg')], {
      env: {
        ...process.env,
        LB_BIND: `127.0.0.1:${lbPort}`,
        LB_TLS_BIND: `127.0.0.1:${tlsPort}`,
        LB_TLS_CERT: pem,
        PORTAL_1: `127.0.0.1:${ports[0]}`,
        PORTAL_2: `127.0.0.1:${ports[1]}`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    haproxy.stdout!.on('data', (d) => (haproxyOut += d));
    haproxy.stderr!.on('data', (d) => (haproxyOut += d));
    await bothServing();
  });
  afterAll(async () => {
    haproxy?.kill('SIGTERM');
    await Promise.all(procs.map((p) => p.stop('SIGINT')));
    await db?.close();
    await s3?.close();
    await dropPgSchema(pgSchema);
    rmSync(work, { recursive: true, force: true });
  });

  test('signed in on one process, uploading through the other; both list and play every file from the bucket', async () => {
    const b = new Browser(lb, '127.0.0.2');
    const login = await b.login(DEMO.generic.account, DEMO.generic.password);
    expect(login.json().returnCode).toBe('000000');
    const wavs = [sineWav({ seconds: 1, frequency: 440 }), sineWav({ seconds: 1, frequency: 880 })];
    const uploads = [await b.upload('a.wav', wavs[0]), await b.upload('b.wav', wavs[1])];
    // Round-robin: the login and the two uploads were answered by both processes.
    expect(new Set([login, ...uploads].map(servedBy))).toEqual(new Set(['portal1', 'portal2']));
    const urls = uploads.map((u, i) => u.json().record[['a.wav', 'b.wav'][i]].url as string);
    for (const [i, url] of urls.entries()) {
      const plays = [await b.call(url), await b.call(url)];
      expect(new Set(plays.map(servedBy))).toEqual(new Set(['portal1', 'portal2']));
      for (const p of plays) expect(sha(p.body)).toBe(sha(wavs[i]));
    }
    const lists = [
      await b.call('/sp/qrytone?portalType=1&queryType=1'),
      await b.call('/sp/qrytone?portalType=1&queryType=1'),
    ];
    expect(new Set(lists.map(servedBy)).size).toBe(2);
    expect(lists[0].json().recordSum).toBe(lists[1].json().recordSum);
    // The CSRF token one process handed out is good on the other; a write without it is refused on both.
    expect(
      (await b.call('/common/logout', { method: 'POST', headers: { 'x-csrf-token': '' } })).json().returnCode,
    ).toBe('950001');
    // Metrics are for the internal network: the balancer refuses them, each process answers them.
    expect((await send(`${lb}/metrics`)).status).toBe(403);
    expect((await send(`http://127.0.0.1:${ports[0]}/metrics`)).status).toBe(200);
    // No process keeps a file on its own disk: the bucket has them.
    for (const dir of dirs) expect(readdirSync(dir).filter((f) => f === 'files')).toEqual([]);
    const id = await providerId(DEMO.generic.account);
    const keys = await s3.keys();
    for (const u of uploads)
      expect(keys).toContain(`${id}/${u.json().record[Object.keys(u.json().record)[0]].savedFilename}`);
  });

  test('the client address comes from the balancer only: the throttle blocks a guessing client, not the others', async () => {
    const guesser = new Browser(lb, '127.0.0.3');
    const codes: string[] = [];
    for (let i = 0; i < 4; i++) {
      // Whatever address it claims, the balancer says where it is.
      const r = await guesser.call('/sp/sploginhs', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': `10.9.9.${i}` },
        body: new URLSearchParams({ account: DEMO.ais.account, pwd: `Wrong!Pass${i}` }).toString(),
      });
      codes.push(r.json().returnCode);
    }
    expect(codes.slice(3)).not.toContain('950003');
    // The guesser's address is blocked, even for the right password; another client signs in.
    expect((await guesser.login(DEMO.kenya.account, DEMO.kenya.password)).json().returnCode).not.toBe('000000');
    const other = new Browser(lb, '127.0.0.4');
    expect((await other.login(DEMO.ais.account, DEMO.ais.password)).json().returnCode).toBe('000000');
    const throttled = await db.db.selectFrom('address_throttle').select(['address', 'failures']).execute();
    expect(throttled.map((t) => t.address)).toEqual(['127.0.0.3']);
    // Straight to a process, a client's own X-Forwarded-For is ignored: it is not the trusted balancer.
    const direct = new Browser(`http://127.0.0.1:${ports[0]}`, '127.0.0.5');
    await direct.call('/sp/sploginhs', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '127.0.0.4' },
      body: new URLSearchParams({ account: DEMO.ais.account, pwd: 'Wrong!Direct1' }).toString(),
    });
    const rows = await db.db.selectFrom('address_throttle').select('address').orderBy('address').execute();
    expect(rows.map((r) => r.address)).toEqual(['127.0.0.3', '127.0.0.5']);
  });

  test('over HTTPS the session cookie is Secure; over plain HTTP, or with a client claiming https, it is not', async () => {
    const tls = new Browser(lbTls, '127.0.0.6', cert);
    const r = await tls.login(DEMO.superSP.account, DEMO.superSP.password);
    expect(r.json().returnCode).toBe('000000');
    expect(r.headers['set-cookie']?.[0]).toMatch(/; Secure$/);
    expect((await tls.call('/sp/qrycpselfInfo?portalType=1')).json().returnCode).toBe('000000');
    const plain = await new Browser(lb, '127.0.0.6').login(DEMO.superSP.account, DEMO.superSP.password);
    expect(plain.headers['set-cookie']?.[0]).not.toMatch(/Secure/);
    const claiming = await new Browser(`http://127.0.0.1:${ports[1]}`, '127.0.0.6').call('/sp/sploginhs', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-proto': 'https' },
      body: new URLSearchParams({ account: DEMO.superSP.account, pwd: DEMO.superSP.password }).toString(),
    });
    expect(claiming.headers['set-cookie']?.[0]).not.toMatch(/Secure/);
  });

  test('kill -9 mid-upload: the upload fails unacknowledged, the others stay, the session goes on', async () => {
    const b = new Browser(lb, '127.0.0.7');
    expect((await b.login(DEMO.approval.account, DEMO.approval.password)).json().returnCode).toBe('000000');
    const kept = sineWav({ seconds: 1, frequency: 330 });
    const before = await b.upload('kept.wav', kept);
    expect(before.json().returnCode).toBe('000000');
    const big = sineWav({ seconds: 60, frequency: 550 });
    let victim = -1;
    const cut = b
      .upload('cut.wav', big, async (req, head, tail) => {
        req.write(head);
        req.write(big.subarray(0, big.length / 2));
        // The process receiving it has its scratch file: that one dies.
        victim = await until('the upload to reach a process', async () => [0, 1].find((i) => tmpFiles(i).length > 0));
        procs[victim].child.kill('SIGKILL');
        await new Promise((r) => procs[victim].child.once('exit', r));
        req.write(big.subarray(big.length / 2));
        req.write(tail);
      })
      .then(
        (r) => r.status,
        () => 'connection lost',
      );
    expect(await cut).not.toBe(200);
    // The session and everything acknowledged are there, served by the survivor.
    const survivor = 1 - victim;
    const after = await b.upload('after.wav', sineWav({ seconds: 1, frequency: 660 }));
    expect([after.json().returnCode, servedBy(after)]).toEqual(['000000', `portal${survivor + 1}`]);
    const url = before.json().record['kept.wav'].url;
    expect(sha((await b.call(url)).body)).toBe(sha(kept));
    const id = await providerId(DEMO.approval.account);
    const rows = await db.db
      .selectFrom('uploaded_files')
      .select('original_filename')
      .where('provider_id', '=', id)
      .execute();
    expect(rows.map((r) => r.original_filename)).toEqual(expect.arrayContaining(['kept.wav', 'after.wav']));
    expect(rows.map((r) => r.original_filename)).not.toContain('cut.wav');
    // Every row has its object.
    const saved = await db.db
      .selectFrom('uploaded_files')
      .select('saved_filename')
      .where('provider_id', '=', id)
      .execute();
    const keys = new Set(await s3.keys());
    expect(saved.filter((r) => !keys.has(`${id}/${r.saved_filename}`))).toEqual([]);
    procs[victim] = await startProcess(options(victim));
    await bothServing();
  });

  test('kill -9 mid-batch: the survivor finishes the task, every line applied once', async () => {
    const b = new Browser(lb, '127.0.0.8');
    expect((await b.login(DEMO.kenya.account, DEMO.kenya.password)).json().returnCode).toBe('000000');
    const N = 4000;
    const lines = Array.from(
      { length: N },
      (_, i) => `Shared Owner ${i}|Stage|LB${String(i).padStart(6, '0')}|2547${String(i).padStart(8, '0')}`,
    );
    const boundary = `----rbt${randomBytes(8).toString('hex')}`;
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="owners.txt"\r\n\r\n`),
      txt(lines),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const r = await b.call('/sp/addbatchtask/batchAddCopyrightCompany', {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
    });
    expect(r.json().returnCode).toBe('000000');
    const id = Number(r.json().record.taskId);
    const task = () => db.db.selectFrom('batch_tasks').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    // Both processes take part; then the one holding the task's lease dies.
    const workers = new Set<string>();
    const holder = await until(
      'both processes to work the task',
      async () => {
        const t = await task();
        if (t.locked_by) workers.add(t.locked_by.split(':')[1]);
        return workers.size === 2 && t.done_count < N / 2 && t.locked_by ? t.locked_by.split(':')[1] : undefined;
      },
      90_000,
    );
    const victim = holder === pidOf(0) ? 0 : 1;
    procs[victim].child.kill('SIGKILL');
    await new Promise((r) => procs[victim].child.once('exit', r));
    const done = await until(
      'the task to finish',
      async () => ((await task()).state === 'done' ? task() : undefined),
      120_000,
    );
    expect(done).toMatchObject({ status: '3', success_count: N, done_count: N, fail_count: 0 });
    const ids = await db.db
      .selectFrom('copyright_companies')
      .select('id_number')
      .where('id_number', 'like', 'LB%')
      .execute();
    expect(ids.length).toBe(N);
    expect(new Set(ids.map((x) => x.id_number)).size).toBe(N);
    const audits = await db.db
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'batch.addcopyright')
      .execute();
    expect(audits.filter((a) => JSON.parse(a.detail).task === id).length).toBe(N);
    // The session survived the process that issued it.
    expect((await b.call('/sp/qrycpselfInfo?portalType=1')).json().returnCode).toBe('000000');

    // The dead process comes back while another holds the migration lock: alive, not ready, out of rotation.
    const lock = await db.db.connection().execute(async (conn) => {
      await sql`select pg_advisory_lock(3853314791062309107)`.execute(conn);
      const starting = spawnServer(options(victim));
      const base = `http://127.0.0.1:${ports[victim]}`;
      const ready = await until('the restarted process to wait for the migration lock', async () => {
        const r = await send(`${base}/readyz`);
        return r.json().phase === 'migrating' ? r : undefined;
      });
      expect(ready.status).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'not ready', reason: expect.stringMatching(/^migrating/) });
      expect((await send(`${base}/healthz`)).status).toBe(200);
      for (let i = 0; i < 4; i++) expect(servedBy(await send(`${lb}/healthz`))).toBe(`portal${2 - victim}`);
      await sql`select pg_advisory_unlock(3853314791062309107)`.execute(conn);
      return starting;
    });
    procs[victim] = lock;
    expect((await send(`http://127.0.0.1:${ports[victim]}/readyz`)).status).toBe(200);
    await bothServing();
  });

  test('SIGTERM drains: not ready at once, the upload in flight is answered and kept, then the process exits', async () => {
    const b = new Browser(lb, '127.0.0.9');
    expect((await b.login(DEMO.believe.account, DEMO.believe.password)).json().returnCode).toBe('000000');
    const wav = sineWav({ seconds: 20, frequency: 440 });
    let draining = -1;
    let exited: Promise<number | null> | undefined;
    const up = await b.upload('drained.wav', wav, async (req, head, tail) => {
      req.write(head);
      req.write(wav.subarray(0, 1000));
      draining = await until('the upload to reach a process', async () => [0, 1].find((i) => tmpFiles(i).length > 0));
      // Listened for before the signal: a drain that ends while the answer is read must not go unheard.
      const child = procs[draining].child;
      exited = new Promise((r) => child.once('exit', (c) => r(c)));
      child.kill('SIGTERM');
      const base = `http://127.0.0.1:${ports[draining]}`;
      expect(await until('draining', async () => (await send(`${base}/readyz`)).json().phase === 'draining')).toBe(
        true,
      );
      req.write(wav.subarray(1000));
      req.write(tail);
    });
    expect(up.json().returnCode).toBe('000000');
    expect(await exited).toBe(0);
    expect(sha((await b.call(up.json().record['drained.wav'].url)).body)).toBe(sha(wav));
    procs[draining] = await startProcess(options(draining));
    await bothServing();
  });
});
