// The tone list: paging by startRecordNum/endRecordNum, counts, filters, and the seq invariant it relies on.
import { plainTone, startServer, DEMO, type TestServer, type Client } from './helpers';
import { insertTone } from '../../src/server/services/tones';

let s: TestServer;
let c: Client;
let providerId: number;
beforeAll(async () => {
  s = await startServer();
  c = await s.login(DEMO.ais.account, DEMO.ais.password);
  providerId = (
    await s.ctx.db.selectFrom('providers').select('id').where('code', '=', DEMO.ais.account).executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await s.close();
});

const tone = (n: number, status = '1') =>
  plainTone({
    provider_id: providerId,
    tone_code: `77${String(n).padStart(8, '0')}`,
    tone_name: `Paged ${n}`,
    singer_name: n % 2 ? 'Odd Singer' : 'Even Singer',
    status,
    created_at: s.clock.now + n,
    updated_at: s.clock.now,
  });

test('concurrent inserts keep seq dense and unique', async () => {
  const results = await Promise.all(
    Array.from({ length: 25 }, (_, i) => insertTone(s.ctx.db, tone(i + 1, i % 5 === 0 ? '2' : '1'))),
  );
  const seqs = results.map((r) => r.seq).sort((a, b) => a - b);
  expect(seqs).toEqual(Array.from({ length: 25 }, (_, i) => 9 + i)); // the demo gave this provider 8 tones
  // Same tone code. (Matched by message: better-sqlite3's errors may come from another Jest realm's Error.)
  await expect(insertTone(s.ctx.db, tone(1))).rejects.toHaveProperty(
    'message',
    expect.stringMatching(/unique|duplicate key/i),
  );
});

test('pages are newest first, contiguous and complete; recordSum is the total', async () => {
  const seen: string[] = [];
  for (let start = 1; start <= 33; start += 10) {
    const r = await c.get('/sp/qrytone', { startRecordNum: start, endRecordNum: start + 9 });
    expect(r.body.recordSum).toBe(33);
    seen.push(...r.body.record.map((t: { toneID: string }) => t.toneID));
  }
  expect(seen).toHaveLength(33);
  expect(new Set(seen).size).toBe(33);
  expect(seen.map(Number)).toEqual([...seen.map(Number)].sort((a, b) => b - a));
  const count = await c.post('/sp/qrytone', { queryType: 1 }, { form: true });
  expect(count.body).toMatchObject({ returnCode: '000000', recordSum: 33 });
  expect(count.body.record).toBeUndefined();
  expect((await c.get('/sp/qrytone', { startRecordNum: 34, endRecordNum: 43 })).body.record).toEqual([]);
});

test('filters page the same way', async () => {
  const hidden = await c.get('/sp/qrytone', { status: '2', startRecordNum: 1, endRecordNum: 3 });
  const all = await s.ctx.db
    .selectFrom('tones')
    .select('id')
    .where('provider_id', '=', providerId)
    .where('status', '=', '2')
    .orderBy('id', 'desc')
    .execute();
  expect(hidden.body.recordSum).toBe(all.length);
  expect(hidden.body.record.map((t: { toneID: string }) => Number(t.toneID))).toEqual(all.slice(0, 3).map((r) => r.id));
  const page2 = await c.get('/sp/qrytone', { status: '2', startRecordNum: 4, endRecordNum: 6 });
  expect(page2.body.record.map((t: { toneID: string }) => Number(t.toneID))).toEqual(all.slice(3, 6).map((r) => r.id));
  // Pages past the middle are read from the other end of the index: same rows, same order.
  const filtered: number[] = [];
  for (let start = 1; start <= all.length; start += 2) {
    filtered.push(
      ...(await c.get('/sp/qrytone', { status: '2', startRecordNum: start, endRecordNum: start + 1 })).body.record.map(
        (t: { toneID: string }) => Number(t.toneID),
      ),
    );
  }
  expect(filtered).toEqual(all.map((r) => r.id));
  const normal = await s.ctx.db
    .selectFrom('tones')
    .select('id')
    .where('provider_id', '=', providerId)
    .where('status', '=', '1')
    .orderBy('id', 'desc')
    .execute();
  const last = await c.get('/sp/qrytone', {
    status: '1',
    startRecordNum: normal.length - 2,
    endRecordNum: normal.length + 5,
  });
  expect(last.body.record.map((t: { toneID: string }) => Number(t.toneID))).toEqual(normal.slice(-3).map((r) => r.id));
  const byName = await c.get('/sp/qrytone', { toneName: 'Paged 2' });
  expect(byName.body.record.map((t: { toneName: string }) => t.toneName).sort()).toEqual([
    'Paged 2',
    'Paged 20',
    'Paged 21',
    'Paged 22',
    'Paged 23',
    'Paged 24',
    'Paged 25',
  ]);
  // LIKE wildcards in the input are literal.
  expect((await c.get('/sp/qrytone', { toneName: 'Paged%' })).body.recordSum).toBe(0);
  expect((await c.get('/sp/qrytone', { singerName: 'Odd' })).body.recordSum).toBe(13);
});

test('the call as the portal sends it (001 §7): approveType, orderBy and uploadType are honoured, empty ones filter nothing', async () => {
  const spec = {
    approveType: '',
    isQuerySelf: '1',
    orderBy: '',
    resourceServiceType: '1',
    status: '',
    uploadType: '',
    portalType: 1,
    startRecordNum: 1,
    endRecordNum: 10,
  };
  const ids = (r: { body: { record: Array<{ toneID: string }> } }) => r.body.record.map((t) => Number(t.toneID));
  const plain = await c.post('/sp/qrytone', { startRecordNum: 1, endRecordNum: 10 }, { form: true });
  const asSent = await c.post('/sp/qrytone', spec, { form: true });
  expect(asSent.body.returnCode).toBe('000000');
  expect(asSent.body.recordSum).toBe(plain.body.recordSum);
  expect(ids(asSent)).toEqual(ids(plain));
  // Two of the provider's tones marked: one waiting for approval, one uploaded another way (uploadType 2).
  const [waiting, other] = ids(plain).slice(0, 2);
  const before = await s.ctx.db
    .selectFrom('tones')
    .select(['id', 'approve_type', 'upload_type'])
    .where('id', 'in', [waiting, other])
    .execute();
  await s.ctx.db.updateTable('tones').set({ approve_type: '1' }).where('id', '=', waiting).execute();
  await s.ctx.db.updateTable('tones').set({ upload_type: '2' }).where('id', '=', other).execute();
  try {
    const pending = await c.post('/sp/qrytone', { ...spec, approveType: '1' }, { form: true });
    const expected = await s.ctx.db
      .selectFrom('tones')
      .select('id')
      .where('provider_id', '=', providerId)
      .where('approve_type', '=', '1')
      .execute();
    expect(pending.body.recordSum).toBe(expected.length);
    expect(ids(pending)).toContain(waiting);
    expect(pending.body.record.every((t: { approveType: string }) => t.approveType === '1')).toBe(true);
    const uploaded = await c.post('/sp/qrytone', { ...spec, uploadType: '2' }, { form: true });
    expect(uploaded.body.recordSum).toBe(1);
    expect(ids(uploaded)).toEqual([other]);
    const rest = await c.post('/sp/qrytone', { ...spec, uploadType: '1', queryType: 1 }, { form: true });
    expect(rest.body.recordSum).toBe(plain.body.recordSum - 1);
    expect((await c.post('/sp/qrytone', { ...spec, uploadType: 'x' }, { form: true })).body.returnCode).toBe('950004');
    // orderBy: a sortable column's order; a column that is not sortable is refused.
    const byName = await c.post('/sp/qrytone', { ...spec, orderBy: 'toneName asc' }, { form: true });
    const names = byName.body.record.map((t: { toneName: string }) => t.toneName);
    expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(
      (await c.post('/sp/qrytone', { ...spec, orderBy: 'refuseReason asc' }, { form: true })).body.returnCode,
    ).toBe('950004');
  } finally {
    for (const t of before)
      await s.ctx.db
        .updateTable('tones')
        .set({ approve_type: t.approve_type, upload_type: t.upload_type })
        .where('id', '=', t.id)
        .execute();
  }
});

test('bad paging input is refused', async () => {
  expect((await c.get('/sp/qrytone', { startRecordNum: 'x' })).body.returnCode).toBe('950004');
  expect((await c.get('/sp/qrytone', { status: "1' OR 1=1" })).body.returnCode).toBe('950004');
});

test('filters are checked by the rules of the search fields that send them, with their messages, through the engine', async () => {
  const refused = async (params: Record<string, unknown>) => {
    const r = await c.get('/sp/qrytone', params);
    expect(r.body.returnCode).toBe('950004');
    return r.body.record.errors.map((e: { field: string; message: string }) => `${e.field}:${e.message}`);
  };
  // rbtMaintenance's and toneSelection's toneCode search field: digits only, its own message.
  expect(await refused({ toneCode: '12ab' })).toEqual(['toneCode:ToneMaintenance.codeDigits']);
  // rbtMaintenance's status field (sent as state): one of its options, the states its status column shows.
  expect(await refused({ state: '9' })).toEqual(['state:Validation.enum']);
  // The stored status (the selection lists' filter) is a code.
  expect(await refused({ status: 'x' })).toEqual(['status:Validation.pattern']);
  // A filter no screen shows on this site (toneSelection's price range is the jockey site's) still has its shape.
  expect((await c.get('/sp/qrytone', { minPrice: 'cheap' })).body.returnCode).toBe('950004');
  // onlyNormal: the selection's named expression (toneSelectable: normal, no change pending, not a jockey tone), run as SQL.
  const selectable = await c.get('/sp/qrytone', { onlyNormal: '1', startRecordNum: 1, endRecordNum: 1000 });
  const all = await s.ctx.db
    .selectFrom('tones')
    .select(['id', 'status', 'approve_type', 'cut_flag'])
    .where('provider_id', '=', providerId)
    .execute();
  const expected = all
    .filter((t) => t.status === '1' && t.approve_type !== '1' && t.cut_flag !== '1')
    .map((t) => String(t.id))
    .sort();
  expect(selectable.body.record.map((t: { toneID: string }) => t.toneID).sort()).toEqual(expected);
});
