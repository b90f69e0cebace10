// The readable tone export (issue 11): a file a provider opens in a spreadsheet. Headers in the session's
// language, statuses and languages as words, upload times in the provider's time zone in the display format,
// UTF-8 with a byte order mark, formula-like cells neutralised. The raw format for scripts is checked row by
// row in toneMaintenance.test.ts.
import { plainTone, startServer, DEMO, type TestServer, type Client } from './helpers';
import { createProvider } from '../../src/server/services/providers';
import { insertToneIn } from '../../src/server/services/tones';

let s: TestServer;
let approval: Client;
let kenya: Client;
beforeAll(async () => {
  s = await startServer();
  approval = await s.login(DEMO.approval.account, DEMO.approval.password);
  kenya = await s.login(DEMO.kenya.account, DEMO.kenya.password);
});
afterAll(async () => {
  await s.close();
});

/** A CSV line split into cells (quoted cells with commas and doubled quotes, as a spreadsheet reads them). */
function cells(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cur += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      out.push(cur);
      cur = '';
    } else cur += c;
  }
  out.push(cur);
  return out;
}

const table = (raw: string) =>
  raw
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\n')
    .map(cells);
const providerId = async (code: string) =>
  (await s.ctx.db.selectFrom('providers').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
/** What Intl says a moment is in a zone, as YYYY-MM-DD HH:mm:ss (Sweden's format is ISO-like). */
const inZone = (ms: number, timeZone: string) => new Date(ms).toLocaleString('sv-SE', { timeZone, hour12: false });

test('UTF-8 with a byte order mark, headers in English, one row per tone that is not deleted, newest first', async () => {
  const r = await approval.get('/sp/exporttone');
  expect(r.status).toBe(200);
  expect(r.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(r.headers['content-disposition']).toContain(`tones_${DEMO.approval.account}.csv`);
  // The bytes themselves (a text decoder drops the mark): EF BB BF, then the header.
  const bytes = new Uint8Array(
    await (await fetch(`${s.base}/sp/exporttone?portalType=1`, { headers: { cookie: approval.cookie } })).arrayBuffer(),
  );
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [header, ...rows] = table(r.raw);
  expect(header).toEqual([
    'Tone code',
    'Tone name',
    'Artist',
    'Status',
    'Price',
    'Caller price',
    'Tariff price',
    'Relative validity',
    'Absolute validity',
    'Download times',
    'Language',
    'Upload time',
  ]);
  const own = await s.ctx.db
    .selectFrom('tones')
    .selectAll()
    .where('provider_id', '=', await providerId(DEMO.approval.account))
    .where('status', '!=', '6')
    .orderBy('seq', 'desc')
    .execute();
  expect(rows.map((c) => c[0])).toEqual(own.map((t) => t.tone_code));
});

test('statuses as the tone list words them, languages by name, the relative validity with its unit, times in the asked zone', async () => {
  const own = await s.ctx.db
    .selectFrom('tones')
    .selectAll()
    .where('provider_id', '=', await providerId(DEMO.approval.account))
    .where('status', '!=', '6')
    .orderBy('seq', 'desc')
    .execute();
  const languages = new Map(
    (await s.ctx.db.selectFrom('languages').selectAll().execute()).map((l) => [l.id, l.language_desc]),
  );
  const r = await approval.get('/sp/exporttone', { timeZone: 'Asia/Kolkata' });
  const rows = table(r.raw).slice(1);
  rows.forEach((c, i) => {
    const t = own[i];
    expect(c[1]).toBe(t.tone_name);
    expect(c[4]).toBe(t.price);
    expect(c[7]).toBe(`${t.relative_time} days`);
    expect(c[8]).toBe(t.tone_valid_day);
    expect(c[9]).toBe(String(t.order_times));
    expect(c[10]).toBe(t.language_id === null ? '' : languages.get(t.language_id));
    expect(c[11]).toBe(inZone(t.created_at, 'Asia/Kolkata'));
  });
  // The states the demo approval account has, worded as in the list (001 §4), never as codes.
  const words = new Set(rows.map((c) => c[3]));
  expect([...words].every((w) => !/^\d+$/.test(w))).toBe(true);
  const statusOf = (where: (t: (typeof own)[number]) => boolean) => rows[own.findIndex(where)]?.[3];
  expect(statusOf((t) => t.approve_type === '1' && t.table_type === '1' && t.ask_type === '1')).toBe(
    'Addition to be approved',
  );
  expect(statusOf((t) => t.status === '1' && t.approve_type === '2')).toBe('Normal');
  expect(statusOf((t) => t.approve_type === '3' && t.table_type === '1')).toBe('Rejected');
  // Another zone, other times: the zone is honoured, not the server's.
  const nairobi = table((await approval.get('/sp/exporttone', { timeZone: 'America/New_York' })).raw).slice(1);
  expect(nairobi[0][11]).toBe(inZone(own[0].created_at, 'America/New_York'));
  // The portal sends the browser's zone as X-Time-Zone.
  const byHeader = table(
    (await approval.get('/sp/exporttone', {}, { headers: { 'X-Time-Zone': 'Asia/Tokyo' } })).raw,
  ).slice(1);
  expect(byHeader[0][11]).toBe(inZone(own[0].created_at, 'Asia/Tokyo'));
});

test('a cell a spreadsheet would run as a formula is neutralised with an apostrophe; commas and quotes stay intact', async () => {
  const pid = await providerId(DEMO.approval.account);
  const [a, b, c] = await s.ctx.db
    .selectFrom('tones')
    .select('id')
    .where('provider_id', '=', pid)
    .where('status', '!=', '6')
    .orderBy('seq', 'desc')
    .limit(3)
    .execute();
  await s.ctx.db
    .updateTable('tones')
    .set({ tone_name: '=HYPERLINK("http://x","Click")', singer_name: '+1-555' })
    .where('id', '=', a.id)
    .execute();
  await s.ctx.db
    .updateTable('tones')
    .set({ tone_name: '@SUM(A1)', singer_name: '-2+3' })
    .where('id', '=', b.id)
    .execute();
  await s.ctx.db
    .updateTable('tones')
    .set({ tone_name: '\tTabbed', singer_name: 'Plain, "quoted"' })
    .where('id', '=', c.id)
    .execute();
  const rows = table((await approval.get('/sp/exporttone')).raw).slice(1);
  expect(rows[0].slice(1, 3)).toEqual(['\'=HYPERLINK("http://x","Click")', "'+1-555"]);
  expect(rows[1].slice(1, 3)).toEqual(["'@SUM(A1)", "'-2+3"]);
  expect(rows[2].slice(1, 3)).toEqual(["'\tTabbed", 'Plain, "quoted"']);
  // The raw format for scripts keeps the values as stored (on SQLite written by SQLite itself, http/csvSql.ts:
  // quoted exactly where the JS writer quotes).
  const raw = table((await approval.get('/sp/exporttone', { format: 'raw' })).raw).slice(1);
  expect(raw.slice(0, 3).map((r) => r.slice(1, 3))).toEqual([
    ['=HYPERLINK("http://x","Click")', '+1-555'],
    ['@SUM(A1)', '-2+3'],
    ['\tTabbed', 'Plain, "quoted"'],
  ]);
});

test('in Chinese: headers, statuses, languages and units in Chinese', async () => {
  const zh = await s.login(DEMO.approval.account, DEMO.approval.password);
  await zh.post('/common/switchlanguage', { language: 'zh' }, { form: true });
  const [header, ...rows] = table((await zh.get('/sp/exporttone')).raw);
  expect(header).toEqual([
    '铃音编码',
    '铃音名称',
    '歌手',
    '状态',
    '价格',
    '主叫价格',
    '资费价格',
    '相对有效期',
    '绝对有效期',
    '下载次数',
    '语言',
    '上传时间',
  ]);
  expect(rows.every((c) => /[\u4e00-\u9fff]/.test(c[3]))).toBe(true);
  expect(rows.filter((c) => c[10] !== '').every((c) => /[\u4e00-\u9fff]/.test(c[10]))).toBe(true);
  expect(rows[0][7]).toMatch(/^\d+ 天$/);
});

test("the Kenya site's price headers are its own ('Skiza price', 'My Skiza price')", async () => {
  const [header] = table((await kenya.get('/sp/exporttone')).raw);
  expect(header.slice(4, 6)).toEqual(['Skiza price', 'My Skiza price']);
});

test('an unknown time zone or format is refused; the call is in the OpenAPI document with both parameters', async () => {
  expect((await approval.get('/sp/exporttone', { timeZone: 'Mars/Olympus' })).body.returnCode).toBe('950004');
  expect((await approval.get('/sp/exporttone', { format: 'xlsx' })).body.returnCode).toBe('950004');
  const doc = (await s.client().get('/docs/openapi.json')).body;
  const names = doc.paths['/sp/exporttone'].get.parameters.map((p: { name: string }) => p.name);
  expect(names).toEqual(expect.arrayContaining(['format', 'timeZone']));
  expect(doc.paths['/sp/exporttone'].get.description).toContain('format=raw');
});

test('an export longer than one page (the server reads 500 rows at a time) has every tone once, newest first, in both formats', async () => {
  await createProvider(s.ctx.db, { code: '8800777', password: 'Pages#2030', site: 'generic', name: 'Many Pages' });
  const id = await providerId('8800777');
  // 1203 tones; deleted ones sit on the page boundaries the keyset walk crosses. One transaction: 1203 commits
  // of their own took most of the test's 30 s on PostgreSQL when the machine was loaded.
  await s.ctx.db.transaction().execute(async (tx) => {
    for (let n = 1; n <= 1203; n++) {
      await insertToneIn(
        tx,
        plainTone({
          provider_id: id,
          tone_name: `Paged ${n}`,
          singer_name: 'Pager',
          status: [500, 501, 1000, 1203].includes(n) ? '6' : '1',
          created_at: s.clock.now + n,
          updated_at: s.clock.now,
        }),
      );
    }
  });
  const pager = await s.login('8800777', 'Pages#2030');
  const expected = Array.from({ length: 1203 }, (_, i) => 1203 - i)
    .filter((n) => ![500, 501, 1000, 1203].includes(n))
    .map((n) => `Paged ${n}`);
  for (const format of ['readable', 'raw']) {
    const [, ...rows] = table((await pager.get('/sp/exporttone', { format })).raw);
    expect(rows.map((c) => c[1])).toEqual(expected);
  }
});
