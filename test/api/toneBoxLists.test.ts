// The music box reads against the real server and database: sp/querytonebox (filters, paging, count, derived
// states of the demo boxes), sp/querytoneboxdetail (tones in order and paged, prompts that play), the tone choice
// calls (sp/querycpinfo operate 1, admin/queryrecommendtone, admin/qrycatalogtone) with the super SP's CP filter,
// bad input, and isolation: no call shows or reaches another provider's boxes or tones.
import { startServer, DEMO, type TestServer, type Client } from './helpers';
import { freeTones, providerId } from './boxSupport';
import { createEngine } from '../../src/engine';
import { loadDefinitionSetFromDisk } from '../../src/engine/fsLoader';

let s: TestServer;
let generic: Client;
let kenya: Client;
beforeAll(async () => {
  s = await startServer();
  generic = await s.login(DEMO.generic.account, DEMO.generic.password);
  kenya = await s.login(DEMO.kenya.account, DEMO.kenya.password);
});
afterAll(async () => {
  await s.close();
});

/** The state a list shows, by the rules of 001 §4 the tone lists use: pending first, then rejected, then the status. */
const stateOf = (r: Record<string, string>) =>
  r.approveType === '1' && r.tableType === '1'
    ? (({ '1': 'add', '3': 'modify', '2': 'delete' } as Record<string, string>)[r.askType] ?? '---')
    : r.approveType === '3' && r.tableType === '1'
      ? 'rejected'
      : r.status === '1'
        ? 'normal'
        : r.status;

describe('demo data', () => {
  test.each([
    ['generic', DEMO.generic],
    ['kenya', DEMO.kenya],
    ['ais', DEMO.ais],
    ['approval', DEMO.approval],
  ])(
    '%s provider: boxes normal, waiting for addition and modification, rejected with a reason',
    async (_site, account) => {
      const c = await s.login(account.account, account.password);
      const rows = (await c.get('/sp/querytonebox', { startRecordNum: 1, endRecordNum: 50 })).body.record;
      expect(rows.map(stateOf).sort()).toEqual(['add', 'modify', 'normal', 'rejected']);
      expect(rows.find((r: any) => stateOf(r) === 'rejected').refuseReason).not.toBe('');
      expect(rows.every((r: any) => Number(r.toneNum) > 0)).toBe(true);
      expect(new Set(rows.map((r: any) => r.toneBoxType))).toEqual(new Set([_site === 'kenya' ? '5' : '4', '2']));
    },
  );

  test("the radio account waits for a package, so its submit rule applies; the super SP has a disc of other providers' tones", async () => {
    const radio = await s.login(DEMO.radio.account, DEMO.radio.password);
    expect((await radio.get('/checkLoginInfo')).body.record.userInfo.pendingApprovals).toBe(1);
    const radioBoxes = (await radio.get('/sp/querytonebox')).body.record;
    expect(radioBoxes.every((r: any) => r.toneBoxType === '4' && r.price === '')).toBe(true);
    const sup = await s.login(DEMO.superSP.account, DEMO.superSP.password);
    const [disc] = (await sup.get('/sp/querytonebox', { toneBoxType: '2', status: '1' })).body.record;
    const detail = (await sup.get('/sp/querytoneboxdetail', { toneBoxID: disc.toneBoxID })).body.record;
    expect(detail.uploadType).toBe('2');
    expect(detail.toneInfos.some((t: any) => t.cpName !== 'Disc Super SP')).toBe(true);
  });

  test("a modification waiting in the demo is the operator's to approve, with its new tone order", async () => {
    const row = (await generic.get('/sp/querytonebox')).body.record.find((r: any) => stateOf(r) === 'modify');
    const request = await s.ctx.db
      .selectFrom('change_requests')
      .select('payload')
      .where('entity_type', '=', 'toneBox')
      .where('entity_id', '=', Number(row.toneBoxID))
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(request.payload)).toMatchObject({
      toneBoxName: `${row.toneBoxName} (new edition)`,
      tones: expect.any(Array),
    });
  });
});

describe('sp/querytonebox', () => {
  test('filters, paging and the count; the rows hold the fields the maintenance screen and the status rule read', async () => {
    const all = await generic.get('/sp/querytonebox', { startRecordNum: 1, endRecordNum: 100 });
    expect(all.body.recordSum).toBe(all.body.record.length);
    const [first] = all.body.record;
    expect(Object.keys(first).sort()).toEqual(
      [
        'approveType',
        'askType',
        'bundlePrice',
        'canSplit',
        'catalogID',
        'deleteReason',
        'monthlyPrice',
        'price',
        'priceGroupID',
        'promptUrl',
        'refuseReason',
        'relativeTime',
        'remark',
        'status',
        'tableType',
        'toneBoxCode',
        'toneBoxDescription',
        'toneBoxID',
        'toneBoxName',
        'toneBoxType',
        'toneNum',
        'type',
        'uploadTime',
        'validDay',
        'weeklyPrice',
      ].sort(),
    );
    // Newest first.
    expect(all.body.record.map((r: any) => Number(r.toneBoxID))).toEqual(
      [...all.body.record.map((r: any) => Number(r.toneBoxID))].sort((a, b) => b - a),
    );
    expect((await generic.get('/sp/querytonebox', { queryType: 1 })).body).toEqual({
      returnCode: '000000',
      returnMsg: 'Operation succeeded.',
      recordSum: all.body.recordSum,
    });
    const page2 = await generic.get('/sp/querytonebox', { startRecordNum: 2, endRecordNum: 3 });
    expect(page2.body.record.map((r: any) => r.toneBoxID)).toEqual(
      all.body.record.slice(1, 3).map((r: any) => r.toneBoxID),
    );
    expect(
      (await generic.get('/sp/querytonebox', { toneBoxCode: first.toneBoxCode })).body.record.map(
        (r: any) => r.toneBoxID,
      ),
    ).toEqual([first.toneBoxID]);
    const prefix = first.toneBoxName.slice(0, 4);
    expect(
      (await generic.get('/sp/querytonebox', { toneBoxName: prefix })).body.record.every((r: any) =>
        r.toneBoxName.startsWith(prefix),
      ),
    ).toBe(true);
    expect((await generic.get('/sp/querytonebox', { toneBoxName: '%' })).body.recordSum).toBe(0);
    const discs = (await generic.get('/sp/querytonebox', { toneBoxType: '2' })).body.record;
    expect(discs.length).toBeGreaterThan(0);
    expect(discs.every((r: any) => r.toneBoxType === '2')).toBe(true);
    expect(
      (await generic.get('/sp/querytonebox', { approveType: '3' })).body.record.every(
        (r: any) => r.approveType === '3',
      ),
    ).toBe(true);
    expect((await generic.get('/sp/querytonebox', { feeType: '3', canSplit: '0' })).body.recordSum).toBe(
      all.body.recordSum,
    );
    const days = all.body.record.map((r: any) => r.validDay).sort();
    const from = (await generic.get('/sp/querytonebox', { validStartDay: days[1], validEndDay: days[days.length - 2] }))
      .body.record;
    expect(from.length).toBe(days.filter((d: string) => d >= days[1] && d <= days[days.length - 2]).length);
    const today = new Date(s.clock.now).toISOString().slice(0, 10);
    expect(
      (await generic.get('/sp/querytonebox', { uploadStartTime: today, uploadEndTime: today })).body.recordSum,
    ).toBe(all.body.record.filter((r: any) => r.uploadTime.startsWith(today)).length);
    expect((await generic.get('/sp/querytonebox', { uploadEndTime: '2000-01-01' })).body.recordSum).toBe(0);
    // The prompt tone plays from the list.
    const withPrompt = all.body.record.find((r: any) => r.promptUrl);
    const audio = await fetch(s.base + withPrompt.promptUrl, { headers: { cookie: generic.cookie } });
    expect(audio.headers.get('content-type')).toBe('audio/wav');
  });

  test.each([
    [{ toneBoxCode: 'abc' }, 'toneBoxCode: The format is not valid.'],
    // Past the parameter schema, the maintenance screen's own search rule (the same in the browser).
    [{ toneBoxCode: '1'.repeat(23) }, 'toneBoxCode: A music box code has at most 22 digits.'],
    [{ toneBoxName: 'n'.repeat(101) }, 'toneBoxName: At most 100 characters.'],
    [{ status: '123' }, 'status: The format is not valid.'],
    [{ validStartDay: '2030-1-1' }, 'validStartDay: The format is not valid.'],
    [{ startRecordNum: 'x' }, 'startRecordNum: The format is not valid.'],
    [{ queryType: '9' }, 'queryType: Choose one of the options.'],
  ])('bad input %j', async (params, text) => {
    const r = await generic.get('/sp/querytonebox', params);
    expect([r.body.returnCode, r.body.returnMsg]).toEqual(['950004', `Please check the validation. ${text}`]);
  });
});

describe('sp/querytoneboxdetail', () => {
  test('the record the edit form and the detail screen read: fields, catalogue, tones in order (paged), prompts that play', async () => {
    const row = (await generic.get('/sp/querytonebox', { status: '1' })).body.record.find(
      (b: any) => stateOf(b) === 'normal',
    );
    const r = await generic.get('/sp/querytoneboxdetail', { toneBoxID: row.toneBoxID });
    expect(r.body.returnCode).toBe('000000');
    const d = r.body.record;
    expect(d).toMatchObject({
      toneBoxID: row.toneBoxID,
      toneBoxName: row.toneBoxName,
      validDay: row.validDay,
      toneBoxDescription: row.toneBoxDescription,
      askType: row.askType,
      canSplit: '0',
      catalogInfo: { catalogID: row.catalogID, catalogName: expect.any(String) },
    });
    expect(r.body.recordSum).toBe(Number(row.toneNum));
    const items = await s.ctx.db
      .selectFrom('tone_box_items')
      .innerJoin('tones', 'tones.id', 'tone_box_items.tone_id')
      .select('tones.tone_code')
      .where('box_id', '=', Number(row.toneBoxID))
      .orderBy('position')
      .execute();
    expect(d.toneInfos.map((t: any) => t.toneCode)).toEqual(items.map((i) => i.tone_code));
    expect(Object.keys(d.toneInfos[0])).toEqual(
      expect.arrayContaining(['toneCode', 'toneName', 'singerName', 'toneValidDay']),
    );
    // Every value the edit form's load reads (musicBoxUpload.json load.form) is there.
    const engine = createEngine(loadDefinitionSetFromDisk('generic'));
    for (const path of Object.values(engine.definition('musicBoxUpload').load!.form).flatMap((m: any) =>
      m && typeof m === 'object' && typeof m.var === 'string' ? [m.var] : [],
    )) {
      const value = path
        .split('.')
        .slice(1)
        .reduce((o: any, k: string) => o?.[k], d);
      expect([path, value]).toEqual([path, expect.anything()]);
    }
    const lang = Object.keys(d.promptUrls)[0];
    expect(d.toneFile[lang]).toBe(d.promptUrls[lang].replace('/sp/file/', ''));
    expect(d.prompts[0]).toMatchObject({ languageCode: lang, url: d.promptUrls[lang] });
    const audio = await fetch(s.base + d.promptUrls[lang], { headers: { cookie: generic.cookie } });
    expect([audio.status, audio.headers.get('content-type')]).toEqual([200, 'audio/wav']);
    const page = await generic.get('/sp/querytoneboxdetail', {
      toneBoxID: row.toneBoxID,
      startRecordNum: 2,
      endRecordNum: 2,
    });
    expect(page.body.record.toneInfos.map((t: any) => t.toneCode)).toEqual(items.slice(1, 2).map((i) => i.tone_code));
    expect(page.body.recordSum).toBe(items.length);
  });

  test("the detail screen's names: tariff, category and prompt languages in the session's language", async () => {
    const box = (await generic.get('/sp/querytonebox', { toneBoxName: 'Top Hits Package' })).body.record[0];
    const en = (await generic.get('/sp/querytoneboxdetail', { toneBoxID: box.toneBoxID })).body.record;
    const tariff = (await generic.get('/sp/querytariffdetail', { priceGroupID: en.priceGroupID })).body.record;
    expect(en.priceGroupName).toBe(tariff.priceGroupName);
    expect(en.prompts[0].languageDesc).toBe('English');
    const zh = await s.login(DEMO.generic.account, DEMO.generic.password);
    expect((await zh.post('/common/switchlanguage', { language: 'zh' }, { form: true })).body.returnCode).toBe(
      '000000',
    );
    const inZh = (await zh.get('/sp/querytoneboxdetail', { toneBoxID: box.toneBoxID })).body.record;
    const zhTariff = (await zh.get('/sp/querytariffdetail', { priceGroupID: en.priceGroupID })).body.record;
    const zhCatalogue = (await zh.get('/sp/qrycataloginfo', { catalogID: en.catalogInfo.catalogID })).body.record;
    expect([inZh.priceGroupName, inZh.catalogInfo.catalogName, inZh.prompts[0].languageDesc]).toEqual([
      zhTariff.priceGroupName,
      zhCatalogue.catalogName,
      '英语',
    ]);
    expect(inZh.priceGroupName).not.toBe(en.priceGroupName);
  });

  test('bad input and unknown boxes', async () => {
    expect((await generic.get('/sp/querytoneboxdetail', {})).body.returnMsg).toBe(
      'Please check the validation. toneBoxID: This field is required.',
    );
    expect((await generic.get('/sp/querytoneboxdetail', { toneBoxID: '12345678901' })).body.returnCode).toBe('950004');
    expect((await generic.get('/sp/querytoneboxdetail', { toneBoxID: '999999' })).body.returnCode).toBe('950005');
  });
});

describe('choosing tones', () => {
  test('sp/querycpinfo: a provider sees itself; the super SP every active provider of its site, itself first', async () => {
    expect((await generic.get('/sp/querycpinfo', { operate: 1 })).body.record).toEqual([
      { cpCode: DEMO.generic.account, cpName: 'Generic Music Ltd', spType: '1' },
    ]);
    const sup = await s.login(DEMO.superSP.account, DEMO.superSP.password);
    const cps = (await sup.get('/sp/querycpinfo', { operate: 1, startRecordNum: 1, endRecordNum: 50 })).body;
    expect(cps.record[0]).toEqual({ cpCode: DEMO.superSP.account, cpName: 'Disc Super SP', spType: '2' });
    const generics = await s.ctx.db
      .selectFrom('providers')
      .select('code')
      .where('site', '=', 'generic')
      .where('status', '=', '1')
      .execute();
    expect(cps.record.map((r: any) => r.cpCode).sort()).toEqual(generics.map((g) => g.code).sort());
    expect(cps.record.some((r: any) => r.cpCode === DEMO.kenya.account)).toBe(false);
    expect(
      (await sup.get('/sp/querycpinfo', { operate: 1, cpName: 'Generic' })).body.record.map((r: any) => r.cpCode),
    ).toEqual([DEMO.generic.account]);
    expect((await sup.get('/sp/querycpinfo')).body.record).toEqual([cps.record[0]]);
    expect((await sup.get('/sp/querycpinfo', { operate: 7 })).body.returnCode).toBe('950004');
  });

  test('admin/queryrecommendtone and admin/qrycatalogtone list only tones a box may hold, under record.toneInfos', async () => {
    const free = (await freeTones(s, DEMO.generic.account)).map((t) => t.toneCode);
    const rec = await generic.get('/admin/queryrecommendtone', { startRecordNum: 1, endRecordNum: 50 });
    expect(rec.body.recordSum).toBe(free.length);
    expect(rec.body.record.toneInfos.map((t: any) => t.toneCode).sort()).toEqual([...free].sort());
    const orders = await s.ctx.db
      .selectFrom('tones')
      .select(['tone_code', 'order_times'])
      .where('tone_code', 'in', free)
      .execute();
    const times = rec.body.record.toneInfos.map(
      (t: any) => orders.find((o) => o.tone_code === t.toneCode)!.order_times,
    );
    expect(times).toEqual([...times].sort((a: number, b: number) => b - a));
    expect((await generic.get('/admin/queryrecommendtone', { queryType: 1 })).body.recordSum).toBe(free.length);

    const tone = await s.ctx.db
      .selectFrom('tones')
      .select(['catalog_id'])
      .where('tone_code', '=', free[0])
      .executeTakeFirstOrThrow();
    const parent = await s.ctx.db
      .selectFrom('catalogues')
      .select(['id', 'parent_id'])
      .where('id', '=', tone.catalog_id!)
      .executeTakeFirstOrThrow();
    const top = parent.parent_id ?? parent.id;
    const inTop = (await generic.get('/admin/qrycatalogtone', { catalogID: top, startRecordNum: 1, endRecordNum: 50 }))
      .body;
    expect(inTop.record.toneInfos.map((t: any) => t.toneCode)).toContain(free[0]);
    const tree = await s.ctx.db
      .selectFrom('catalogues')
      .select('id')
      .where((eb) => eb.or([eb('id', '=', top), eb('parent_id', '=', top)]))
      .execute();
    const expected = await s.ctx.db
      .selectFrom('tones')
      .select('tone_code')
      .where('tone_code', 'in', free)
      .where(
        'catalog_id',
        'in',
        tree.map((t) => t.id),
      )
      .execute();
    expect(inTop.recordSum).toBe(expected.length);
    expect((await generic.get('/admin/qrycatalogtone', { catalogID: 999999 })).body.returnCode).toBe('950005');
    expect((await generic.get('/admin/qrycatalogtone', {})).body.returnCode).toBe('950004');
  });

  test("the CP filter: a super SP lists another provider's tones of its site; nobody else may, nor another site's", async () => {
    const sup = await s.login(DEMO.superSP.account, DEMO.superSP.password);
    const theirs = (
      await sup.get('/admin/queryrecommendtone', { cpCode: DEMO.generic.account, startRecordNum: 1, endRecordNum: 50 })
    ).body;
    expect(theirs.record.toneInfos.map((t: any) => t.toneCode).sort()).toEqual(
      (await freeTones(s, DEMO.generic.account)).map((t) => t.toneCode).sort(),
    );
    expect((await sup.get('/admin/queryrecommendtone', { cpCode: DEMO.kenya.account })).body.returnCode).toBe('950005');
    expect((await generic.get('/admin/queryrecommendtone', { cpCode: DEMO.superSP.account })).body.returnCode).toBe(
      '950005',
    );
    expect(
      (await generic.get('/admin/qrycatalogtone', { cpCode: DEMO.kenya.account, catalogID: 1 })).body.returnCode,
    ).toBe('950005');
    expect((await generic.get('/admin/queryrecommendtone', { cpCode: 'abc' })).body.returnCode).toBe('950004');
  });
});

test("the box form's tariffs (priceGroupType 3 package, 2 disc, 5 a page), their detail, and the box catalogues (resourceType 2)", async () => {
  const types = new Map(
    (await s.ctx.db.selectFrom('tariffs').select(['id', 'price_group_type']).execute()).map((t) => [
      String(t.id),
      t.price_group_type,
    ]),
  );
  const packages = (
    await generic.get('/sp/querytariff', { priceGroupType: 3, queryType: 2, startRecordNum: 1, endRecordNum: 5 })
  ).body;
  expect(packages.record.length).toBeGreaterThan(0);
  expect(packages.record.every((t: any) => types.get(t.priceGroupID) === 3)).toBe(true);
  const discs = (
    await generic.get('/sp/querytariff', { priceGroupType: 2, queryType: 2, startRecordNum: 1, endRecordNum: 5 })
  ).body;
  expect(discs.record).toHaveLength(5);
  expect(discs.recordSum).toBeGreaterThan(5);
  const detail = (await generic.get('/sp/querytariffdetail', { priceGroupID: packages.record[0].priceGroupID })).body
    .record;
  expect(detail).toMatchObject({
    priceGroupID: packages.record[0].priceGroupID,
    details: expect.arrayContaining([
      expect.objectContaining({ price: expect.any(String), orderType: expect.any(String) }),
    ]),
  });
  const catalogues = (await generic.get('/sp/filtertonecatalog', { resourceType: 2 })).body.record;
  const boxCatalogues = await s.ctx.db
    .selectFrom('catalogues')
    .select('id')
    .where('resource_type', '=', 2)
    .where('parent_id', 'is', null)
    .execute();
  expect(catalogues.map((c: any) => c.catalogID).sort()).toEqual(boxCatalogues.map((c) => String(c.id)).sort());
  expect(catalogues[0].catalogInfo.length).toBeGreaterThan(0);
});

describe('isolation', () => {
  test("no box call shows another provider's boxes, tones or names", async () => {
    const kenyaId = await providerId(s, DEMO.kenya.account);
    const theirBoxes = await s.ctx.db
      .selectFrom('tone_boxes')
      .select(['id', 'code', 'name'])
      .where('provider_id', '=', kenyaId)
      .execute();
    const theirTones = (
      await s.ctx.db.selectFrom('tones').select('tone_code').where('provider_id', '=', kenyaId).execute()
    ).map((t) => t.tone_code);
    const leaks = (raw: string) =>
      raw.includes('Nairobi Sounds') ||
      theirBoxes.some((b) => raw.includes(`"${b.code}"`)) ||
      theirTones.some((c) => raw.includes(`"${c}"`));
    const answers = [
      await generic.get('/sp/querytonebox', { startRecordNum: 1, endRecordNum: 1000 }),
      await generic.get('/sp/querytonebox', { toneBoxCode: theirBoxes[0].code }),
      await generic.get('/sp/querytonebox', { toneBoxName: theirBoxes[0].name }),
      await generic.get('/admin/queryrecommendtone', { startRecordNum: 1, endRecordNum: 1000 }),
      await generic.get('/sp/querycpinfo', { operate: 1 }),
    ];
    for (const a of answers) expect(leaks(a.raw)).toBe(false);
    for (const b of theirBoxes)
      expect((await generic.get('/sp/querytoneboxdetail', { toneBoxID: b.id })).body.returnCode).toBe('950005');
    const own = (await kenya.get('/sp/querytonebox')).body.record;
    expect(own.map((r: any) => r.toneBoxCode).sort()).toEqual(theirBoxes.map((b) => b.code).sort());
  });
});

test('the OpenAPI document lists every music box call', async () => {
  const doc = (await generic.get('/docs/openapi.json')).body;
  for (const path of [
    '/sp/addtonebox',
    '/sp/edittonebox',
    '/sp/deltonebox',
    '/sp/querytonebox',
    '/sp/querytoneboxdetail',
    '/sp/querycpinfo',
    '/admin/queryrecommendtone',
    '/admin/qrycatalogtone',
    '/sp/querytariff',
    '/sp/querytariffdetail',
    '/sp/filtertonecatalog',
    '/sp/qrycataloginfo',
  ]) {
    expect([path, Boolean(doc.paths[path])]).toEqual([path, true]);
  }
  expect(
    Object.keys(
      doc.paths['/sp/addtonebox'].post.requestBody.content['application/x-www-form-urlencoded'].schema.properties,
    ),
  ).toEqual(expect.arrayContaining(['name', 'toneCode', 'toneFile', 'toneValidDay', 'priceGroupID', 'uploadType']));
});
