// Tariffs, catalogues and languages (001 §7): the reference data the tone and music box forms pick from. They are
// the operator's, the same for every provider, so "isolation" here means two providers get the same answers and
// no call changes anything.
import { startServer, DEMO, type TestServer, type Client } from './helpers';

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

describe('sp/querytariff', () => {
  test('tone tariffs 5 a page, with a count; package tariffs apart', async () => {
    const count = await generic.post('/sp/querytariff', { priceGroupType: 2, queryType: 1 }, { form: true });
    expect(count.body).toMatchObject({ returnCode: '000000', recordSum: 7 });
    expect(count.body.record).toBeUndefined();
    const page1 = await generic.post(
      '/sp/querytariff',
      { priceGroupType: 2, queryType: 2, startRecordNum: 1, endRecordNum: 5 },
      { form: true },
    );
    expect(page1.body.recordSum).toBe(7);
    expect(page1.body.record).toHaveLength(5);
    expect(page1.body.record[0]).toEqual({
      priceGroupID: expect.stringMatching(/^\d+$/),
      priceGroupName: 'Standard tone',
      description: 'Monthly tone subscription',
    });
    const page2 = await generic.get('/sp/querytariff', {
      priceGroupType: 2,
      queryType: 2,
      startRecordNum: 6,
      endRecordNum: 10,
    });
    expect(page2.body.record.map((t: { priceGroupName: string }) => t.priceGroupName)).toEqual([
      'Student tone',
      'Express copy',
    ]);
    const packages = await generic.get('/sp/querytariff', { priceGroupType: 3, queryType: 2 });
    expect(packages.body.record.map((t: { priceGroupName: string }) => t.priceGroupName)).toEqual([
      'Package monthly',
      'Package weekly',
    ]);
    // The tone form's orderType 2 (the seeded tone tariffs; the package plans are offered for order type 1); an
    // order type no tariff has gives none.
    expect((await generic.get('/sp/querytariff', { orderType: 2, queryType: 1 })).body.recordSum).toBe(7);
    expect((await generic.get('/sp/querytariff', { orderType: 4, queryType: 1 })).body.recordSum).toBe(0);
  });

  test("the tone form's calls as 001 §7 gives them: orderType 2, queryType 1 for the count, 2 for a page of 5", async () => {
    const count = await generic.post('/sp/querytariff', { orderType: 2, queryType: 1, portalType: 1 }, { form: true });
    expect(count.body).toMatchObject({ returnCode: '000000', recordSum: 7 });
    expect(count.body.record).toBeUndefined();
    const shown: string[] = [];
    for (const start of [1, 6]) {
      const page = await generic.post(
        '/sp/querytariff',
        { orderType: 2, queryType: 2, startRecordNum: start, endRecordNum: start + 4, portalType: 1 },
        { form: true },
      );
      expect(page.body.recordSum).toBe(7);
      for (const t of page.body.record)
        expect(Object.keys(t).sort()).toEqual(['description', 'priceGroupID', 'priceGroupName']);
      shown.push(...page.body.record.map((t: { priceGroupName: string }) => t.priceGroupName));
    }
    // Every tone tariff once, no package plan.
    expect(shown).toHaveLength(7);
    expect(new Set(shown).size).toBe(7);
    expect(shown).not.toContain('Package monthly');
  });

  test('bad filters and paging are refused; no session, no tariffs', async () => {
    for (const bad of [{ priceGroupType: 9 }, { orderType: 'x' }, { startRecordNum: '-3' }, { queryType: 7 }]) {
      const r = await generic.get('/sp/querytariff', bad);
      expect(r.body.returnCode).toBe('950004');
      expect(r.body.record).toMatchObject({ errors: [expect.objectContaining({ field: Object.keys(bad)[0] })] });
    }
    expect((await s.client().get('/sp/querytariff', { priceGroupType: 2 })).body.returnCode).toBe('900000');
  });

  test('every provider sees the same tariffs', async () => {
    const a = await generic.get('/sp/querytariff', { priceGroupType: 2, startRecordNum: 1, endRecordNum: 10 });
    const b = await kenya.get('/sp/querytariff', { priceGroupType: 2, startRecordNum: 1, endRecordNum: 10 });
    expect(b.body.record).toEqual(a.body.record);
  });
});

describe('sp/querytariffdetail and sp/querytariffdetails', () => {
  test("the tariff's id, name and detail rows with the operator's codes", async () => {
    const list = await generic.get('/sp/querytariff', { priceGroupType: 2 });
    const standard = list.body.record.find((t: { priceGroupName: string }) => t.priceGroupName === 'Standard tone');
    for (const url of ['/sp/querytariffdetail', '/sp/querytariffdetails']) {
      const r = await generic.post(url, { priceGroupID: standard.priceGroupID, portalType: 1 }, { form: true });
      expect(r.body).toMatchObject({
        returnCode: '000000',
        recordSum: 3,
        record: { priceGroupID: standard.priceGroupID, priceGroupName: 'Standard tone' },
      });
      expect(r.body.record.details[0]).toEqual({
        detailID: expect.any(String),
        operator: '-1',
        orderType: '1',
        price: '5.00',
        startDate: '2024-01-01',
        endDate: '2030-12-31',
        promotionID: '-1',
        serviceCode: '-1',
        userType: '-1',
        description: 'Standard tone 5.00',
      });
      expect(r.body.record.details[1]).toMatchObject({
        operator: '1',
        orderType: '2',
        userType: '1',
        promotionID: 'PRM2024A',
        serviceCode: '811',
      });
    }
  });

  test('the seeded details cover every access type, orderType and userType of 001 §9', async () => {
    const ids = [
      ...(await generic.get('/sp/querytariff', { priceGroupType: 2 })).body.record,
      ...(await generic.get('/sp/querytariff', { priceGroupType: 3 })).body.record,
    ];
    const rows = (
      await Promise.all(
        ids.map((t: { priceGroupID: string }) =>
          generic.get('/sp/querytariffdetail', { priceGroupID: t.priceGroupID }),
        ),
      )
    ).flatMap((r) => r.body.record.details);
    expect(new Set(rows.map((d) => d.operator))).toEqual(new Set(['1', '2', '3', '4', '5', '14', '-1']));
    expect(new Set(rows.map((d) => d.orderType))).toEqual(new Set(['1', '2', '3', '4']));
    expect(new Set(rows.map((d) => d.userType))).toEqual(new Set(['0', '1', '-1']));
  });

  test('unknown tariff 950005, bad or missing id 950004', async () => {
    expect((await generic.get('/sp/querytariffdetail', { priceGroupID: 999999 })).body.returnCode).toBe('950005');
    expect((await generic.get('/sp/querytariffdetail', { priceGroupID: '1 OR 1=1' })).body.returnCode).toBe('950004');
    const missing = await generic.get('/sp/querytariffdetails', {});
    expect(missing.body.returnCode).toBe('950004');
    expect(missing.body.record.errors[0].field).toBe('priceGroupID');
  });
});

describe('catalogues', () => {
  test('sp/filtertonecatalog: nested tone catalogues; resourceType 2 the tone-box ones', async () => {
    const tones = await generic.post('/sp/filtertonecatalog', { resourceType: 1 }, { form: true });
    expect(tones.body.returnCode).toBe('000000');
    expect(tones.body.record.map((c: { catalogName: string }) => c.catalogName)).toEqual([
      'Pop',
      'Traditional',
      'Religious',
      'Greetings',
    ]);
    const pop = tones.body.record[0];
    expect(pop).toMatchObject({ catalogID: expect.any(String), relativeValidityPeriod: '90' });
    expect(pop.catalogInfo.map((c: { catalogName: string }) => c.catalogName)).toEqual(['Dance', 'Ballads']);
    expect(tones.body.record[3].catalogInfo).toEqual([]);
    const boxes = await generic.get('/sp/filtertonecatalog', { resourceType: 2 });
    expect(boxes.body.record.map((c: { catalogName: string }) => c.catalogName)).toEqual(['Music packages']);
    expect((await generic.get('/sp/filtertonecatalog', { resourceType: 5 })).body.returnCode).toBe('950004');
    expect((await kenya.get('/sp/filtertonecatalog', { resourceType: 1 })).body.record).toEqual(tones.body.record);
  });

  test("sp/qrycataloginfo: a catalogue's relative validity period", async () => {
    const tree = (await generic.get('/sp/filtertonecatalog', { resourceType: 1 })).body.record;
    const dance = tree[0].catalogInfo[0];
    const r = await generic.post('/sp/qrycataloginfo', { catalogID: dance.catalogID }, { form: true });
    expect(r.body).toMatchObject({
      returnCode: '000000',
      record: { catalogID: dance.catalogID, catalogName: 'Dance', relativeValidityPeriod: '30' },
    });
    expect((await generic.get('/sp/qrycataloginfo', { catalogID: 999999 })).body.returnCode).toBe('950005');
    expect((await generic.get('/sp/qrycataloginfo', { catalogID: 'pop' })).body.returnCode).toBe('950004');
    expect((await generic.get('/sp/qrycataloginfo', {})).body.returnCode).toBe('950004');
  });
});

test('common/querylanguagelist: the eight languages of 001 §3, highest priority first', async () => {
  const r = await generic.get('/common/querylanguagelist');
  expect(r.body.recordSum).toBe(8);
  expect(r.body.record.map((l: { languageDesc: string }) => l.languageDesc)).toEqual([
    'English',
    'French',
    'Arabic',
    'Farsi',
    'Amharic',
    'Somali',
    'Oromoo',
    'Tigrigna',
  ]);
  expect(r.body.record[0]).toEqual({ languageID: '1', languageCode: 'en', languageDesc: 'English', priority: '8' });
  const priorities = r.body.record.map((l: { priority: string }) => Number(l.priority));
  expect(priorities).toEqual([...priorities].sort((a, b) => b - a));
});

test('the calls are in the OpenAPI document with their parameters', async () => {
  const doc = (await s.client().get('/docs/openapi.json')).body;
  for (const path of [
    '/sp/querytariff',
    '/sp/querytariffdetails',
    '/sp/querytariffdetail',
    '/sp/filtertonecatalog',
    '/sp/qrycataloginfo',
  ]) {
    expect(doc.paths[path]?.get).toBeDefined();
  }
  expect(
    doc.paths['/sp/querytariffdetail'].get.parameters.find((p: { name: string }) => p.name === 'priceGroupID'),
  ).toMatchObject({ required: true });
});

describe('names in the language of the session (issue 11: option lists stayed English in Chinese)', () => {
  let zh: Client;
  beforeAll(async () => {
    zh = await s.login(DEMO.generic.account, DEMO.generic.password);
    expect((await zh.post('/common/switchlanguage', { language: 'zh' }, { form: true })).body.returnCode).toBe(
      '000000',
    );
  });

  test('languages, catalogues and tariffs read as Chinese, with the same ids and order as in English', async () => {
    const languages = (await zh.get('/common/querylanguagelist')).body.record;
    expect(languages.map((l: { languageDesc: string }) => l.languageDesc)).toEqual([
      '英语',
      '法语',
      '阿拉伯语',
      '波斯语',
      '阿姆哈拉语',
      '索马里语',
      '奥罗莫语',
      '提格里尼亚语',
    ]);
    expect(languages.map((l: { languageID: string }) => l.languageID)).toEqual(
      (await generic.get('/common/querylanguagelist')).body.record.map((l: { languageID: string }) => l.languageID),
    );

    const tree = (await zh.get('/sp/filtertonecatalog', { resourceType: 1 })).body.record;
    expect(tree.map((c: { catalogName: string }) => c.catalogName)).toEqual(['流行', '传统', '宗教', '问候']);
    expect(tree[0].catalogInfo.map((c: { catalogName: string }) => c.catalogName)).toEqual(['舞曲', '抒情']);
    expect((await zh.get('/sp/qrycataloginfo', { catalogID: tree[0].catalogID })).body.record.catalogName).toBe('流行');

    const packages = (await zh.get('/sp/querytariff', { priceGroupType: 3, queryType: 2 })).body.record;
    expect(packages.map((t: { priceGroupName: string }) => t.priceGroupName)).toEqual(['音乐包包月', '音乐包包周']);
    const detail = (await zh.get('/sp/querytariffdetail', { priceGroupID: packages[0].priceGroupID })).body.record;
    expect(detail).toMatchObject({ priceGroupName: '音乐包包月', description: '音乐包月度套餐' });
    expect(detail.details[0].description).toBe('音乐包包月 10.00');
  });

  test("a tone's language and catalogue are named in Chinese in the list and the detail", async () => {
    const [tone] = (await zh.get('/sp/qrytone', { startRecordNum: 1, endRecordNum: 1 })).body.record;
    const english = (await generic.get('/sp/qrytone', { startRecordNum: 1, endRecordNum: 1 })).body.record[0];
    expect(tone.language).toBe(english.language);
    expect(english.languageName).toMatch(/^[A-Z][a-z]+$/);
    expect(tone.languageName).toMatch(/[\u4e00-\u9fff]/);
    const detail = (await zh.get('/sp/qrytonedetail', { toneID: tone.toneID })).body.record;
    expect(detail.languageDesc).toBe(tone.languageName);
    expect(detail.catName).toMatch(/[\u4e00-\u9fff]/);
  });
});
