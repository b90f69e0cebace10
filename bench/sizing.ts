// Sizing benchmark (issue 28): `npm run bench -- sizing` (writes bench/results/sizing.json). The per-process figures
// docs/operations.md's sizing model is built from, on PostgreSQL (BENCH_DATABASE_URL, else TEST_DATABASE_URL) with
// one compiled server process, as deployed:
// 1. Tone list requests per second (16 clients, first page of a provider with BENCH_SIZING_TONES tones, default
//    200,000), and per CPU second of the server process, so a figure measured on a shared 2-core machine still
//    says what one core does.
// 2. Uploads per second (8 clients, a 240 KB wav each: a 30 s tone at 8 kHz, 8 bit), to S3-compatible storage
//    (s3rver on loopback, a test double on the same cores) and to a local directory, with CPU per upload.
// 3. PostgreSQL bytes per tone: the tones table (heap, TOAST and indexes) per row, and per uploaded file row.
// Batch lines per second come from the batch bench (bench/results/batch.json), measured the same way.
// The model for 10,000 providers and 10 million tones is worked out in docs/operations.md from these figures.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import pg from 'pg';
import { openContext } from '../src/server/openContext';
import { sineWav } from '../src/server/files/wav';
import { ConfigStore } from '../src/server/services/config';
import { startS3 } from '../test/api/s3Server';
import { login, startServer } from './server';
import { processSeconds } from './support/cpu';

const ROOT = join(__dirname, '..');
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const TONES = Number(process.env.BENCH_SIZING_TONES ?? 200_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;

/** `clients` loops calling `once` for SECONDS; how many finished, and the server's CPU seconds meanwhile. */
async function load(pid: number, clients: number, once: () => Promise<void>) {
  for (let i = 0; i < clients * 3; i++) await once(); // warm-up
  const cpu0 = processSeconds(pid) ?? 0;
  const end = performance.now() + SECONDS * 1000;
  const t0 = performance.now();
  let done = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < end) {
        await once();
        done++;
      }
    }),
  );
  const wall = (performance.now() - t0) / 1000;
  const cpu = (processSeconds(pid) ?? 0) - cpu0;
  return { perSecond: round(done / wall), perCpuSecond: round(done / cpu), serverCores: round(cpu / wall, 2), done };
}

async function seedTones(schema: string): Promise<void> {
  const c = new pg.Client({ connectionString: PG_URL, options: `-c search_path=${schema}` });
  await c.connect();
  try {
    const { rows } = await c.query(
      "SELECT p.id, (SELECT max(seq) FROM tones WHERE provider_id = p.id) AS n FROM providers p WHERE code = '8800010'",
    );
    const [id, n] = [rows[0].id, Number(rows[0].n)];
    // Realistic rows: a file map naming two saved files, a tone code, names, prices, a details object.
    await c.query(
      `INSERT INTO tones (provider_id, seq, tone_code, tone_name, singer_name, singer_sex, status, approve_type, table_type, ask_type, refuse_reason, price, caller_price,
        total_price, tariff_price, relative_time, tone_valid_day, order_times, language_id, catalog_id, price_group_id, isrc, mate_info, info, cut_flag, tone_file,
        additional_tone_info, upload_type, created_at, updated_at)
       SELECT $1, $2 + g, (20000000000 + $2 + g)::text, 'Sizing tone ' || g, 'Singer ' || (g % 5000), '1', '1', '2', '', '', '', '5.00', '5.00', '', '5.00', '90',
        '2027-12-31', g % 1000, 1, 1, 1, 'KE' || lpad(g::text, 10, '0'), '', 'A tone of the sizing benchmark', '0',
        '{"webAuditon":"' || (1764000000000 + g) || 'a1b2c3d4e5f6.wav","mediaPlay":"' || (1764000000000 + g) || 'f6e5d4c3b2a1.mp3"}', '{}', '1', $3::bigint, $3::bigint
       FROM generate_series(1, $4::int) g`,
      [id, n, Date.now(), TONES],
    );
    await c.query(
      `INSERT INTO uploaded_files (provider_id, saved_filename, original_filename, kind, size, info, created_at)
       SELECT $1, (1764000000000 + g) || 'a1b2c3d4e5f6.wav', 'tone ' || g || '.wav', 'wav', 240044,
        '{"channels":1,"sampleRate":8000,"bitsPerSample":8,"byteRate":8000,"blockAlign":1,"audioFormat":1,"durationSeconds":30}', $2::bigint
       FROM generate_series(1, $3::int) g`,
      [id, Date.now(), TONES],
    );
    await c.query('VACUUM ANALYZE tones');
    await c.query('VACUUM ANALYZE uploaded_files');
  } finally {
    await c.end();
  }
}

async function bytesPerRow(schema: string) {
  const c = new pg.Client({ connectionString: PG_URL, options: `-c search_path=${schema}` });
  await c.connect();
  try {
    const per = async (table: string) => {
      const { rows } = await c.query(
        `SELECT pg_total_relation_size('${table}') AS b, (SELECT count(*) FROM ${table}) AS n`,
      );
      return round(Number(rows[0].b) / Number(rows[0].n), 0);
    };
    return { tone: await per('tones'), uploadedFile: await per('uploaded_files'), auditEntry: await per('audit_log') };
  } finally {
    await c.end();
  }
}

async function uploads(base: string, pid: number) {
  const session = await login(base);
  const wav = sineWav({ seconds: 30, frequency: 440 });
  let n = 0;
  return {
    kb: Math.round(wav.length / 1024),
    ...(await load(pid, 8, async () => {
      const form = new FormData();
      form.append('multipartFiles', new Blob([new Uint8Array(wav)]), `s${n++}.wav`);
      const r = await fetch(`${base}/sp/uploadfile`, {
        method: 'POST',
        headers: { cookie: session.cookie, 'x-csrf-token': session.csrf },
        body: form,
      });
      const body = (await r.json()) as { returnCode: string };
      if (body.returnCode !== '000000') throw new Error(`upload: ${JSON.stringify(body)}`);
    })),
  };
}

async function main() {
  if (!PG_URL) {
    console.log('sizing: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL database)');
    return;
  }
  const schema = `sizing_${randomBytes(4).toString('hex')}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'rbt-sizing-'));
  const s3 = await startS3('rbt-sizing');
  const load0 = loadavg()[0];
  const servers: Array<{ child: { kill(): void; pid?: number } }> = [];
  try {
    const { ctx } = await openContext({ dataDir, site: 'generic', databaseUrl: PG_URL, pgSchema: schema });
    const config = new ConfigStore(ctx.db);
    // The bench uploads far beyond one provider's minute rate and quota.
    for (const [k, v] of [
      ['upload_rate_per_minute', '0'],
      ['upload_quota_mb', '0'],
    ])
      await config.set(k, v);
    await ctx.handle.close();
    await seedTones(schema);

    const onS3 = await startServer(join(dataDir, 's3'), schema, { ...s3.env, DATABASE_URL: PG_URL });
    servers.push(onS3);
    const session = await login(onS3.base);
    const listUrl = `${onS3.base}/sp/qrytone?portalType=1&startRecordNum=1&endRecordNum=10`;
    const list = await load(onS3.child.pid!, 16, async () => {
      const r = await fetch(listUrl, { headers: { cookie: session.cookie } });
      await r.arrayBuffer();
    });
    const toS3 = await uploads(onS3.base, onS3.child.pid!);
    onS3.child.kill();
    const local = await startServer(join(dataDir, 'local'), schema, { DATABASE_URL: PG_URL });
    servers.push(local);
    const toLocal = await uploads(local.base, local.child.pid!);
    local.child.kill();
    const bytes = await bytesPerRow(schema);
    const batch = JSON.parse(readFileSync(join(ROOT, 'bench', 'results', 'batch.json'), 'utf8'));
    const result = {
      date: new Date().toISOString(),
      loadAverage: { before: round(load0, 2), after: round(loadavg()[0], 2) },
      seconds: SECONDS,
      tonesOfTheListedProvider: TONES,
      list: { clients: 16, ...list },
      uploadsToS3: { clients: 8, store: 's3rver on loopback (a test double on the same cores)', ...toS3 },
      uploadsToLocalDirectory: { clients: 8, ...toLocal },
      postgresBytesPerRow: bytes,
      batchLinesPerSecond: {
        from: 'bench/results/batch.json (100,000-line update task)',
        measured: batch.date,
        onePostgresProcess: batch.update.postgres.one.linesPerSecond,
        twoPostgresProcesses: batch.update.postgres.two.linesPerSecond,
        // Lines per CPU second of a server process and of PostgreSQL, from the median one-process run.
        perServerCpuSecond: round(100_000 / batch.update.postgres.one.cpu.serverProcessCpuSeconds[0]),
        perPostgresCpuSecond: round(100_000 / batch.update.postgres.one.cpu.postgresCpuSeconds),
      },
    };
    // The report's rows (no goals: figures for the sizing model).
    const row = (value: number) => ({ value, pass: null });
    const figures = {
      [`tone list requests/s, one process, 16 clients (per server CPU second: ${list.perCpuSecond}; the server had ${list.serverCores} cores)`]:
        row(list.perSecond),
      [`uploads/s of ${toS3.kb} KB, one process, to S3-compatible storage (per server CPU second: ${toS3.perCpuSecond})`]:
        row(toS3.perSecond),
      [`uploads/s of ${toLocal.kb} KB, one process, to a local directory (per server CPU second: ${toLocal.perCpuSecond})`]:
        row(toLocal.perSecond),
      'PostgreSQL bytes per tone (tones: heap, TOAST, indexes)': row(bytes.tone),
      'PostgreSQL bytes per uploaded file row': row(bytes.uploadedFile),
      'PostgreSQL bytes per audit entry': row(bytes.auditEntry),
    };
    writeFileSync(
      join(ROOT, 'bench', 'results', 'sizing.json'),
      JSON.stringify({ ...result, goals: figures }, null, 2) + '\n',
    );
    console.log(JSON.stringify(result, null, 2));
  } finally {
    for (const s of servers) s.child.kill();
    await s3.close();
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await c.query(`DROP SCHEMA IF EXISTS ${schema}_pgboss CASCADE`);
    await c.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (require.main === module)
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
