// Copyright owners (000 §2, §3, §5, §7): one catalogue per site shared by its providers, phone numbers only on
// the caller's own records (also when searching), adding through the 'Add Copyright' rules with the server
// refusing what the dialog refuses, duplicates by national ID, and the owners of one tone.
import { startServer, DEMO, type TestServer, type Client } from './helpers';
import { createProvider } from '../../src/server/services/providers';
import { MAX_PAGE_ROWS } from '../../src/server/db/paging';

let s: TestServer;
let kenya: Client;
let neighbour: Client;
let generic: Client;
const NEIGHBOUR = { account: '8800021', password: 'Neighbour#2024' };

beforeAll(async () => {
  s = await startServer({ site: 'kenya' });
  // A second provider of the Kenya site, to see the shared catalogue from the other side.
  await createProvider(s.ctx.db, {
    code: NEIGHBOUR.account,
    password: NEIGHBOUR.password,
    site: 'kenya',
    name: 'Mombasa Beats',
  });
  kenya = await s.login(DEMO.kenya.account, DEMO.kenya.password);
  neighbour = await s.login(NEIGHBOUR.account, NEIGHBOUR.password);
  generic = await s.login(DEMO.generic.account, DEMO.generic.password);
});
afterAll(async () => {
  await s.close();
});

const list = (c: Client, params: Record<string, unknown> = {}) =>
  c.post(
    '/sp/querycopyright',
    { queryType: 2, copyRightType: 2, startRecordNum: 1, endRecordNum: 10, portalType: 1, ...params },
    { form: true },
  );
const owners = () =>
  s.ctx.db
    .selectFrom('copyright_companies')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
const GOOD = {
  officialName: 'Achieng Odhiambo',
  stageName: 'Achi',
  idNumber: 'KE12345678',
  phoneNumber: '254711222333',
  email: 'achieng@example.com',
  description: 'Lyricist',
  notificationFlag: '1',
};
const add = (c: Client, fields: Record<string, unknown>) =>
  c.post(
    '/sp/addcopyright',
    { companyName: fields.officialName, copyRightType: 2, spCode: DEMO.kenya.account, portalType: 1, ...fields },
    { form: true },
  );

describe('sp/querycopyright', () => {
  test("the site's owners, newest first; phone numbers only on the caller's own records", async () => {
    const mine = await list(kenya);
    expect(mine.body).toMatchObject({ returnCode: '000000', recordSum: 4 });
    expect(mine.body.record.map((r: { officialName: string }) => r.officialName)).toEqual([
      'Savannah Records 20',
      'Otieno Brothers 20',
      'Wanjiru Kamau 20',
      'Owner 8800020',
    ]);
    expect(mine.body.record[3]).toEqual({
      companyID: expect.any(String),
      companyName: 'Rights of 8800020',
      copyRightType: '2',
      officialName: 'Owner 8800020',
      phoneNumber: '25478000200',
      email: 'rights20@example.com',
      stageName: '',
      idNumber: 'ID88000200',
      description: '',
      spCode: '8800020',
    });
    // The neighbour sees the same owners, without their phone numbers.
    const theirs = await list(neighbour);
    expect(theirs.body.record.map((r: { companyID: string }) => r.companyID)).toEqual(
      mine.body.record.map((r: { companyID: string }) => r.companyID),
    );
    expect(theirs.body.record.every((r: { phoneNumber: string }) => r.phoneNumber === '')).toBe(true);
    expect(theirs.raw).not.toContain('25478000200');
    // A site without copyright maintenance has no owner list at all (the capability gate)...
    expect((await list(generic)).body).toMatchObject({
      returnCode: '950016',
      returnMsg: 'Copyright Maintenance is not available for your account: it is not switched on for your site.',
    });
    // ...and where it has one, another site's provider does not see this catalogue.
    await s.ctx.config.set('support_copyright_maintenance', '1', 'generic');
    try {
      expect((await list(generic)).body.record.every((r: { spCode: string }) => r.spCode !== DEMO.kenya.account)).toBe(
        true,
      );
    } finally {
      await s.ctx.config.unset('support_copyright_maintenance', 'generic');
    }
  });

  test('search by official name (any case, contains) and by phone number (own records only)', async () => {
    expect(
      (await list(kenya, { officialName: 'wanjiru' })).body.record.map((r: { officialName: string }) => r.officialName),
    ).toEqual(['Wanjiru Kamau 20']);
    expect((await list(kenya, { phoneNumber: '25478000201' })).body.recordSum).toBe(1);
    // The neighbour cannot find the number by probing.
    expect((await list(neighbour, { phoneNumber: '25478000201' })).body.recordSum).toBe(0);
    expect((await list(kenya, { officialName: '%' })).body.recordSum).toBe(0);
  });

  test('page sizes and the full list (endRecordNum -1); count only', async () => {
    const page2 = await list(kenya, { startRecordNum: 3, endRecordNum: 4 });
    expect(page2.body.record).toHaveLength(2);
    expect((await list(kenya, { startRecordNum: 1, endRecordNum: -1 })).body.record).toHaveLength(4);
    const count = await list(kenya, { queryType: 1 });
    expect(count.body).toMatchObject({ recordSum: 4 });
    expect(count.body.record).toBeUndefined();
  });

  test('bad filters are refused', async () => {
    expect((await list(kenya, { phoneNumber: '2547abc' })).body.returnCode).toBe('950004');
    expect((await list(kenya, { officialName: 'x'.repeat(201) })).body.returnCode).toBe('950004');
    expect((await s.client().post('/sp/querycopyright', { queryType: 2 }, { form: true })).body.returnCode).toBe(
      '900000',
    );
  });
});

describe('sp/addcopyright', () => {
  test('a good owner is added, listed first with its spCode, and visible to the neighbour without its phone', async () => {
    const before = await owners();
    const r = await add(kenya, GOOD);
    expect(r.body).toMatchObject({ returnCode: '000000', record: { companyID: expect.any(String) } });
    expect(await owners()).toBe(before + 1);
    const first = (await list(kenya)).body.record[0];
    const { notificationFlag: _n, ...stored } = GOOD;
    expect(first).toMatchObject({
      ...stored,
      companyID: r.body.record.companyID,
      companyName: 'Achieng Odhiambo',
      spCode: DEMO.kenya.account,
    });
    expect((await list(neighbour, { officialName: 'Achieng' })).body.record[0]).toMatchObject({
      officialName: 'Achieng Odhiambo',
      phoneNumber: '',
    });
  });

  test.each([
    ['idNumber', { idNumber: '' }, 'CommonRes.validateidNumberRequire'],
    ['idNumber', { idNumber: 'KE-123' }, 'CommonRes.idNumberChars'],
    ['phoneNumber', { phoneNumber: '07-11' }, 'CommonRes.phoneNumberInvalid'],
    ['officialName', { officialName: 'Achieng <b>' }, 'CommonRes.invalidChar'],
    ['officialName', { officialName: ' Achieng' }, 'CommonRes.blankReg'],
    ['stageName', { stageName: 'x'.repeat(201) }, 'CommonRes.officialNameLength'],
    ['description', { description: 'a|b' }, 'CommonRes.illegalChar'],
    ['description', { description: 'd'.repeat(257) }, 'CommonRes.copyrightDescriptionLength'],
    ['email', { email: 'not-an-email' }, 'CommonRes.emailInvalid'],
  ])('%s refused (%j) with %s, nothing added', async (field, change, message) => {
    const before = await owners();
    const r = await add(kenya, { ...GOOD, idNumber: `KE${Math.floor(Math.random() * 1e8)}`, ...change });
    expect(r.body.returnCode).toBe('950004');
    expect(r.body.record.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field, message })]));
    expect(await owners()).toBe(before);
  });

  test('a description of 256 characters, the one limit of the dialogs and batch files, is stored whole; the refusal names 256', async () => {
    const description = 'd'.repeat(256);
    const r = await add(kenya, { ...GOOD, idNumber: `KE${Math.floor(Math.random() * 1e8)}`, description });
    expect(r.body.returnCode).toBe('000000');
    const stored = await s.ctx.db
      .selectFrom('copyright_companies')
      .select('description')
      .where('id', '=', Number(r.body.record.companyID))
      .executeTakeFirstOrThrow();
    expect(stored.description).toBe(description);
    const over = await add(kenya, {
      ...GOOD,
      idNumber: `KE${Math.floor(Math.random() * 1e8)}`,
      description: `${description}d`,
    });
    expect(over.body.record.errors).toEqual([
      expect.objectContaining({
        field: 'description',
        message: 'CommonRes.copyrightDescriptionLength',
        text: expect.stringContaining('At most 256 characters.'),
      }),
    ]);
  });

  test("a national ID already in the site's catalogue: 302031 'data already exists', for any provider", async () => {
    const before = await owners();
    const again = await add(kenya, { ...GOOD, officialName: 'Someone Else', idNumber: 'ke12345678' });
    expect(again.body).toMatchObject({ returnCode: '302031', returnMsg: 'The data already exists.' });
    const fromNeighbour = await add(neighbour, { ...GOOD, spCode: NEIGHBOUR.account });
    expect(fromNeighbour.body.returnCode).toBe('302031');
    expect(await owners()).toBe(before);
  });

  test("another provider's spCode, a bad company name or no CSRF token change nothing", async () => {
    const before = await owners();
    const other = await add(neighbour, { ...GOOD, idNumber: 'KE99990001' });
    expect(other.body.returnCode).toBe('950004');
    expect(other.body.record.errors[0]).toMatchObject({ field: 'spCode', message: 'Copyright.notOwnCode' });
    const company = await add(kenya, { ...GOOD, idNumber: 'KE99990002', companyName: 'Bad "quote"' });
    expect(company.body.record.errors[0]).toMatchObject({ field: 'companyName', message: 'CommonRes.invalidChar' });
    const noCsrf = await kenya.post(
      '/sp/addcopyright',
      { ...GOOD, idNumber: 'KE99990003', copyRightType: 2 },
      { form: true, csrf: false },
    );
    expect(noCsrf.status).toBe(403);
    expect(noCsrf.body.returnCode).toBe('950001');
    expect(await owners()).toBe(before);
  });
});

describe('sp/querytonecopyright', () => {
  test("lyric, tune and record owners of one of the caller's tones, by code or id", async () => {
    const tone = await s.ctx.db
      .selectFrom('tones')
      .innerJoin('providers', 'providers.id', 'tones.provider_id')
      .select(['tones.id', 'tones.tone_code'])
      .where('providers.code', '=', DEMO.kenya.account)
      .orderBy('tones.seq')
      .executeTakeFirstOrThrow();
    const byCode = await kenya.post(
      '/sp/querytonecopyright',
      { toneCode: tone.tone_code, portalType: 1 },
      { form: true },
    );
    expect(byCode.body).toMatchObject({
      returnCode: '000000',
      recordSum: 4,
      record: { toneID: String(tone.id), toneCode: tone.tone_code },
    });
    expect(byCode.body.record.copyrights.map((c: { copyrightRole: string }) => c.copyrightRole)).toEqual([
      'lyric',
      'tune',
      'tune',
      'record',
    ]);
    expect(byCode.body.record.copyrights[0]).toMatchObject({
      companyName: 'Rights of 8800020',
      officialName: 'Owner 8800020',
      validDay: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    expect((await kenya.get('/sp/querytonecopyright', { toneID: tone.id })).body.record).toEqual(byCode.body.record);
    // Another provider's tone is as if it did not exist.
    expect((await neighbour.get('/sp/querytonecopyright', { toneCode: tone.tone_code })).body.returnCode).toBe(
      '950005',
    );
  });

  test('no tone named, or a malformed one, is refused', async () => {
    const none = await kenya.get('/sp/querytonecopyright', {});
    expect(none.body.returnCode).toBe('950004');
    expect(none.body.record.errors[0]).toMatchObject({ field: 'toneCode', message: 'Copyright.toneRequired' });
    expect((await kenya.get('/sp/querytonecopyright', { toneCode: 'abc' })).body.returnCode).toBe('950004');
  });
});

test('the copyright calls are in the OpenAPI document; addcopyright needs the CSRF token', async () => {
  const doc = (await s.client().get('/docs/openapi.json')).body;
  expect(doc.paths['/sp/querycopyright'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
    expect.arrayContaining(['officialName', 'phoneNumber', 'copyRightType', 'startRecordNum', 'endRecordNum']),
  );
  expect(doc.paths['/sp/addcopyright'].post.security).toEqual([{ session: [], csrf: [] }]);
  expect(doc.paths['/sp/querytonecopyright'].get.description).toMatch(/Not shown in the spec/);
});

test("the tone form's owner picker call (001 §7): the whole list in one answer, capped at MAX_PAGE_ROWS", async () => {
  const picker = (c: Client) =>
    c.post(
      '/sp/querycopyright',
      { endRecordNum: -1, queryType: 2, startRecordNum: 1, copyRightType: 2, portalType: 1 },
      { form: true },
    );
  const before = await picker(kenya);
  expect(before.body.returnCode).toBe('000000');
  expect(before.body.record).toHaveLength(before.body.recordSum);
  for (const o of before.body.record)
    expect(o).toMatchObject({ companyID: expect.stringMatching(/^\d+$/), companyName: expect.any(String) });
  // A catalogue longer than the cap: the answer holds MAX_PAGE_ROWS owners, recordSum says how many there are.
  const provider = await s.ctx.db
    .selectFrom('providers')
    .select('id')
    .where('code', '=', DEMO.kenya.account)
    .executeTakeFirstOrThrow();
  const extra = MAX_PAGE_ROWS + 5 - before.body.recordSum;
  const rows = Array.from({ length: extra }, (_, i) => ({
    provider_id: provider.id,
    copyright_type: '2',
    company_name: `Bulk Owner ${i}`,
    official_name: `Bulk Owner ${i}`,
    phone_number: '254700000000',
    email: '',
    stage_name: '',
    id_number: `BULK${i}`,
    description: '',
    created_at: s.clock.now,
  }));
  for (let i = 0; i < rows.length; i += 200)
    await s.ctx.db
      .insertInto('copyright_companies')
      .values(rows.slice(i, i + 200))
      .execute();
  try {
    const capped = await picker(kenya);
    expect(capped.body.recordSum).toBe(MAX_PAGE_ROWS + 5);
    expect(capped.body.record).toHaveLength(MAX_PAGE_ROWS);
  } finally {
    await s.ctx.db.deleteFrom('copyright_companies').where('id_number', 'like', 'BULK%').execute();
  }
});

describe('issue 25: an owner is corrected, and deleted while no tone names it', () => {
  const mod = (c: Client, fields: Record<string, unknown>) =>
    c.post(
      '/sp/modcopyright',
      { copyRightType: 2, spCode: DEMO.kenya.account, portalType: 1, companyName: fields.officialName, ...fields },
      { form: true },
    );

  test('its own owner: corrected under the Add Copyright rules; another provider gets 950005', async () => {
    const added = await add(kenya, { ...GOOD, idNumber: 'KE25000001', officialName: 'Tpyo Name' });
    expect(added.body.returnCode).toBe('000000');
    const companyID = added.body.record.companyID;
    const fixed = await mod(kenya, { ...GOOD, companyID, idNumber: 'KE25000001', officialName: 'Typo Name' });
    expect(fixed.body.returnCode).toBe('000000');
    const row = await s.ctx.db
      .selectFrom('copyright_companies')
      .selectAll()
      .where('id', '=', Number(companyID))
      .executeTakeFirstOrThrow();
    expect(row.official_name).toBe('Typo Name');
    // The same rules as adding, named at the field.
    const bad = await mod(kenya, { ...GOOD, companyID, idNumber: 'KE25000001', officialName: 'Bad<Name' });
    expect(bad.body.returnCode).toBe('950004');
    expect(bad.body.record.errors[0].field).toBe('officialName');
    // Another owner's national ID is a duplicate; its own is not.
    const dup = await mod(kenya, { ...GOOD, companyID, idNumber: 'ID88000200' });
    expect(dup.body.returnCode).toBe('302031');
    const foreign = await mod(neighbour, { ...GOOD, companyID, idNumber: 'KE25000001', spCode: NEIGHBOUR.account });
    expect(foreign.body.returnCode).toBe('950005');
  });

  test('deleted when no tone names it; kept, naming the tones, while one does', async () => {
    const added = await add(kenya, { ...GOOD, idNumber: 'KE25000002' });
    const companyID = added.body.record.companyID;
    expect((await neighbour.post('/sp/delcopyright', { companyID }, { form: true })).body.returnCode).toBe('950005');
    expect((await kenya.post('/sp/delcopyright', { companyID }, { form: true })).body.returnCode).toBe('000000');
    expect(
      await s.ctx.db.selectFrom('copyright_companies').select('id').where('id', '=', Number(companyID)).execute(),
    ).toHaveLength(0);
    // A seeded owner a tone names stays.
    const used = await s.ctx.db
      .selectFrom('tone_copyrights as t')
      .innerJoin('copyright_companies as c', 'c.id', 't.company_id')
      .innerJoin('providers as p', 'p.id', 'c.provider_id')
      .select('c.id')
      .where('p.code', '=', DEMO.kenya.account)
      .executeTakeFirstOrThrow();
    const kept = await kenya.post('/sp/delcopyright', { companyID: used.id }, { form: true });
    expect(kept.body.returnCode).toBe('950004');
    expect(kept.body.returnMsg).toMatch(/Tones \d+.* name this copyright owner/);
  });
});
