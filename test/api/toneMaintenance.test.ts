// Tone maintenance calls (001 §7): detail, tags, hide/resume, delete (in use, forced, approval), export and
// download, each for the session provider only.
import { startServer, DEMO, type TestServer, type Client } from './helpers';
import { runOperator } from '../../src/server/cli/commands';
import { marks } from '../../src/server/lifecycle/states';

let s: TestServer;
let direct: Client; // believeCP 1: changes apply at once
let pending: Client; // in the approval flow
let other: Client;
const ids: Record<string, number[]> = {};

const providerId = async (code: string) =>
  (await s.ctx.db.selectFrom('providers').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
const toneIds = async (code: string, status: string) =>
  (
    await s.ctx.db
      .selectFrom('tones')
      .select('id')
      .where('provider_id', '=', await providerId(code))
      .where('status', '=', status)
      .where('approve_type', '=', '2')
      .orderBy('id')
      .execute()
  ).map((r) => r.id);
const toneRow = async (c: Client, id: number) =>
  (await c.get('/sp/qrytone', { startRecordNum: 1, endRecordNum: 100 })).body.record.find(
    (t: { toneID: string }) => t.toneID === String(id),
  );

async function putInDirectory(code: string, toneId: number) {
  const pid = await providerId(code);
  const { id } = await s.ctx.db
    .insertInto('ivr_directories')
    .values({
      provider_id: pid,
      position: 1,
      name: 'Dir',
      type: '1',
      prompt_file: '',
      status: '1',
      ...marks('settled'),
      created_at: s.clock.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await s.ctx.db
    .insertInto('ivr_directory_items')
    .values({ directory_id: id, resource_type: '1', resource_id: toneId, position: 1 })
    .execute();
}

beforeAll(async () => {
  s = await startServer();
  direct = await s.login(DEMO.believe.account, DEMO.believe.password);
  pending = await s.login(DEMO.approval.account, DEMO.approval.password);
  other = await s.login(DEMO.generic.account, DEMO.generic.password);
  ids.direct = await toneIds(DEMO.believe.account, '1');
  ids.pending = await toneIds(DEMO.approval.account, '1');
  ids.other = await toneIds(DEMO.generic.account, '1');
});
afterAll(async () => {
  await s.close();
});

describe('sp/qrytonedetail', () => {
  test('answers the edit data of an own tone', async () => {
    const r = await direct.get('/sp/qrytonedetail', { toneID: ids.direct[0] });
    expect(r.body.returnCode).toBe('000000');
    expect(r.body.record).toMatchObject({
      toneID: String(ids.direct[0]),
      toneCode: expect.stringMatching(/^\d+$/),
      toneName: expect.any(String),
      singerName: expect.any(String),
      price: expect.any(String),
      priceGroupID: expect.any(String),
      catalogInfo: expect.any(Array),
      contentLanguage: expect.any(String),
      webAuditonUrl: expect.stringMatching(/^\/sp\/file\//),
    });
    const byCode = await direct.get('/sp/qrytonedetail', { toneCode: r.body.record.toneCode });
    expect(byCode.body.record.toneID).toBe(String(ids.direct[0]));
  });
  test("what the tone detail shows: its tariff's name in the session's language ('' without one), authors and tags", async () => {
    const id = ids.direct[0];
    const record = (await direct.get('/sp/qrytonedetail', { toneID: id })).body.record;
    const tariff = (await direct.get('/sp/querytariffdetail', { priceGroupID: record.priceGroupID })).body.record;
    expect(record.priceGroupName).toBe(tariff.priceGroupName);
    expect(record.priceGroupName).not.toBe('');
    expect(record).toMatchObject({
      lyricAuthor: expect.stringMatching(/\w/),
      melodyComposer: expect.stringMatching(/\w/),
      tags: expect.stringMatching(/\w/),
    });
    const zh = await s.login(DEMO.believe.account, DEMO.believe.password);
    await zh.post('/common/switchlanguage', { language: 'zh' }, { form: true });
    const zhName = (await zh.get('/sp/qrytonedetail', { toneID: id })).body.record.priceGroupName;
    expect(zhName).toBe(
      (await zh.get('/sp/querytariffdetail', { priceGroupID: record.priceGroupID })).body.record.priceGroupName,
    );
    expect(zhName).toMatch(/[\u4e00-\u9fff]/);
    await s.ctx.db.updateTable('tones').set({ price_group_id: null }).where('id', '=', id).execute();
    try {
      expect((await direct.get('/sp/qrytonedetail', { toneID: id })).body.record).toMatchObject({
        priceGroupID: '',
        priceGroupName: '',
      });
    } finally {
      await s.ctx.db
        .updateTable('tones')
        .set({ price_group_id: Number(record.priceGroupID) })
        .where('id', '=', id)
        .execute();
    }
  });
  test("another provider's or a missing tone: 'The resource does not exist.'", async () => {
    expect((await other.get('/sp/qrytonedetail', { toneID: ids.direct[0] })).body).toMatchObject({
      returnCode: '950005',
      returnMsg: 'The resource does not exist.',
    });
    expect((await direct.get('/sp/qrytonedetail', { toneID: 999999 })).body.returnCode).toBe('950005');
  });
  test('bad input', async () => {
    expect((await direct.get('/sp/qrytonedetail', { toneID: 'abc' })).body.returnCode).toBe('950004');
    expect((await direct.get('/sp/qrytonedetail', {})).body.returnCode).toBe('950004');
  });
});

describe('tags', () => {
  test('read, replace and read back', async () => {
    const id = ids.direct[0];
    expect(
      (await direct.post('/sp/tagmaintenance', { toneID: String(id), tagNames: 'pop~summer~dance', portalType: '1' }))
        .body.returnCode,
    ).toBe('000000');
    expect((await direct.get('/sp/queryTag', { toneID: id })).body.record).toEqual({
      toneID: String(id),
      tagNames: 'pop~summer~dance',
      tags: ['pop', 'summer', 'dance'],
    });
  });
  test('the tilde rule: no empty tag, at most additional_tag_num, each up to 100', async () => {
    const id = String(ids.direct[0]);
    for (const tagNames of ['pop~~dance', 'a~b~c~d~e~f', `${'x'.repeat(101)}`]) {
      const r = await direct.post('/sp/tagmaintenance', { toneID: id, tagNames, portalType: '1' });
      expect(r.body.returnCode).toBe('950004');
    }
    expect((await direct.get('/sp/queryTag', { toneID: id })).body.record.tagNames).toBe('pop~summer~dance');
  });
  test("another provider's tone is not found and keeps its tags", async () => {
    expect(
      (await other.post('/sp/tagmaintenance', { toneID: String(ids.direct[0]), tagNames: 'hacked', portalType: '1' }))
        .body.returnCode,
    ).toBe('950005');
    expect((await other.get('/sp/queryTag', { toneID: ids.direct[0] })).body.returnCode).toBe('950005');
    expect((await direct.get('/sp/queryTag', { toneID: ids.direct[0] })).body.record.tagNames).toBe('pop~summer~dance');
  });
});

describe('sp/hideorresumetones', () => {
  test('hide then resume; the list shows the status', async () => {
    const id = ids.pending[0];
    const hide = await pending.post('/sp/hideorresumetones', { toneIDs: String(id), operType: '1', portalType: '1' });
    expect(hide.body).toMatchObject({ returnCode: '000000', record: { success: [String(id)], failed: [] } });
    expect((await toneRow(pending, id)).status).toBe('2');
    await pending.post('/sp/hideorresumetones', { toneIDs: String(id), operType: '2', portalType: '1' });
    expect((await toneRow(pending, id)).status).toBe('1');
  });
  test('partly: the raw result names the tones left alone; foreign tones never change', async () => {
    const r = await pending.post('/sp/hideorresumetones', {
      toneIDs: `${ids.pending[0]},${ids.other[0]}`,
      operType: '1',
      portalType: '1',
    });
    expect(r.body).toMatchObject({
      returnCode: '000001',
      record: { success: [String(ids.pending[0])], failed: [String(ids.other[0])] },
    });
    expect((await toneRow(other, ids.other[0])).status).toBe('1');
    await pending.post('/sp/hideorresumetones', { toneIDs: String(ids.pending[0]), operType: '2', portalType: '1' });
    expect(
      (await other.post('/sp/hideorresumetones', { toneIDs: String(ids.pending[0]), operType: '1', portalType: '1' }))
        .body.returnCode,
    ).toBe('950005');
  });
  test('bad input', async () => {
    expect(
      (await pending.post('/sp/hideorresumetones', { toneIDs: 'x', operType: '1', portalType: '1' })).body.returnCode,
    ).toBe('950004');
    expect(
      (await pending.post('/sp/hideorresumetones', { toneIDs: String(ids.pending[0]), operType: '3', portalType: '1' }))
        .body.returnCode,
    ).toBe('950004');
  });
});

describe('sp/deltones', () => {
  test('a tone in use answers "{0} is already in use." and changes nothing; force deletes it', async () => {
    const id = ids.direct[1];
    await putInDirectory(DEMO.believe.account, id);
    const code = (await toneRow(direct, id)).toneCode;
    const r = await direct.post('/sp/deltones', { toneIDs: String(id), portalType: '1' });
    // The refusal names the tone with every music box and IVR directory that holds it (the confirmation shows it).
    expect(r.body.returnCode).toBe('961001');
    expect(r.body.returnMsg).toMatch(
      new RegExp(`^".+" \\(${code}: music boxes? ".+"; IVR directory "Dir"\\) is already in use\\.$`),
    );
    expect((await toneRow(direct, id)).status).toBe('1');
    const forced = await direct.post('/sp/deltones', { toneIDs: String(id), force: '1', portalType: '1' });
    expect(forced.body).toMatchObject({ returnCode: '000000', record: { approval: false, count: 1 } });
    expect((await toneRow(direct, id)).status).toBe('6');
    expect(
      await s.ctx.db.selectFrom('ivr_directory_items').select('resource_id').where('resource_id', '=', id).execute(),
    ).toEqual([]);
    expect((await direct.get('/sp/qrytonedetail', { toneID: id })).body.returnCode).toBe('950005');
  });
  test('in the approval flow a deletion waits for the operator, who approves it with the CLI', async () => {
    const id = ids.pending[1];
    expect((await pending.post('/sp/deltones', { toneIDs: String(id), portalType: '1' })).body).toMatchObject({
      returnCode: '000000',
      record: { approval: true },
    });
    expect(await toneRow(pending, id)).toMatchObject({ status: '1', approveType: '1', tableType: '1', askType: '2' });
    const req = await s.ctx.db
      .selectFrom('change_requests')
      .select('id')
      .where('entity_id', '=', id)
      .where('kind', '=', 'delete')
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    const out: string[] = [];
    expect(await runOperator(['changes', 'approve', String(req.id)], s.ctx, (l) => out.push(l))).toBe(0);
    expect(await toneRow(pending, id)).toMatchObject({ status: '6', approveType: '2' });
  });
  test('at most 30 at a time, own tones only, bad input', async () => {
    const many = Array.from({ length: 31 }, (_, i) => String(ids.direct[0] + i)).join(',');
    expect((await direct.post('/sp/deltones', { toneIDs: many, portalType: '1' })).body).toMatchObject({
      returnCode: '961002',
      returnMsg: 'At most 30 records can be deleted at a time.',
    });
    expect(
      (await other.post('/sp/deltones', { toneIDs: String(ids.direct[0]), force: '1', portalType: '1' })).body
        .returnCode,
    ).toBe('950005');
    expect((await toneRow(direct, ids.direct[0])).status).toBe('1');
    expect((await direct.post('/sp/deltones', { toneIDs: '1;2', portalType: '1' })).body.returnCode).toBe('950004');
    expect(
      (await direct.post('/sp/deltones', { toneIDs: String(ids.direct[0]), portalType: '1' }, { csrf: false })).status,
    ).toBe(403);
  });
});

describe('export and download', () => {
  test("sp/exporttone format=raw streams the provider's own tones as stored, for scripts (the readable default: toneExport.test.ts)", async () => {
    const quoted = await s.ctx.db
      .selectFrom('tones')
      .select('id')
      .where('provider_id', '=', await providerId(DEMO.approval.account))
      .where('status', '!=', '6')
      .executeTakeFirstOrThrow();
    await s.ctx.db.updateTable('tones').set({ tone_name: 'Hello, "World"' }).where('id', '=', quoted.id).execute();
    const r = await pending.get('/sp/exporttone', { format: 'raw' });
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toMatch(/text\/csv/);
    expect(r.headers['content-disposition']).toContain(`tones_${DEMO.approval.account}_raw.csv`);
    const lines = r.raw
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe(
      'toneCode,toneName,singerName,status,approveType,price,callerPrice,tariffPrice,relativeTime,toneValidDay,orderTimes,language,uploadTime',
    );
    const own = await s.ctx.db
      .selectFrom('tones')
      .selectAll()
      .where('provider_id', '=', await providerId(DEMO.approval.account))
      .where('status', '!=', '6')
      .orderBy('seq', 'desc')
      .execute();
    // Every row exactly as a spreadsheet reads it: quoted free text, the upload time in ISO 8601.
    const cell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
    const expected = own.map((t) =>
      [
        t.tone_code,
        cell(t.tone_name),
        cell(t.singer_name),
        t.status,
        t.approve_type,
        t.price,
        t.caller_price,
        t.tariff_price,
        t.relative_time,
        t.tone_valid_day,
        t.order_times,
        t.language_id ?? '',
        new Date(t.created_at).toISOString(),
      ].join(','),
    );
    expect(lines.slice(1)).toEqual(expected);
    expect(lines.some((l) => l.includes('"Hello, ""World"""'))).toBe(true);
  });
  test('sp/download gives an own file and HTTP 404 for a foreign or missing one', async () => {
    const detail = (await direct.get('/sp/qrytonedetail', { toneID: ids.direct[0] })).body.record;
    const fileName = detail.toneFile.webAuditon as string;
    const r = await direct.get('/sp/download', { fileName });
    expect(r.status).toBe(200);
    expect(r.raw.length).toBeGreaterThan(44);
    expect(r.headers['content-disposition']).toContain('attachment');
    expect((await other.get('/sp/download', { fileName })).status).toBe(404);
    expect((await direct.get('/sp/download', { fileName: 'nope.wav' })).status).toBe(404);
  });
});

describe('sp/qrytone filters of the maintenance screen', () => {
  test('validity and upload day ranges, onlyNormal', async () => {
    const all = (await pending.get('/sp/qrytone', { startRecordNum: 1, endRecordNum: 100 })).body.record as Array<
      Record<string, string>
    >;
    const day = all[3].toneValidDay;
    const r = await pending.get('/sp/qrytone', {
      validStartDay: day,
      validEndDay: day,
      startRecordNum: 1,
      endRecordNum: 100,
    });
    expect(r.body.record.length).toBeGreaterThan(0);
    expect(r.body.record.every((t: { toneValidDay: string }) => t.toneValidDay === day)).toBe(true);
    const today = new Date(s.clock.now).toISOString().slice(0, 10);
    const up = await pending.get('/sp/qrytone', {
      uploadStartTime: today,
      uploadEndTime: today,
      startRecordNum: 1,
      endRecordNum: 100,
    });
    expect(up.body.record.every((t: { uploadTime: string }) => t.uploadTime.slice(0, 10) === today)).toBe(true);
    const normal = await pending.get('/sp/qrytone', { onlyNormal: '1', startRecordNum: 1, endRecordNum: 100 });
    expect(normal.body.record.length).toBeGreaterThan(0);
    expect(
      normal.body.record.every(
        (t: Record<string, string>) => t.status === '1' && t.approveType !== '1' && t.cutFlag !== '1',
      ),
    ).toBe(true);
    expect((await pending.get('/sp/qrytone', { validStartDay: '2030/01/01' })).body.returnCode).toBe('950004');
  });
});
