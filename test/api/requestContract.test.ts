// Issue 15's reproductions of a weak request contract, as API tests on SQLite and (in `npm test`) PostgreSQL:
// every one answers a catalogued refusal below HTTP 500 that the OpenAPI document lists for the call, names the
// parameter, and leaves every row and file as it was. (The NUL cases of the same list are in
// controlCharacters.test.ts.) Then the contract's own parts: what a hidden field sends is not stored, and the
// database layer refuses a value its column cannot hold whatever code sends it.
import { startServer, DEMO, type TestServer, type Client } from './helpers';
import { goodTone, inDays } from './tonePayload';
import { expectDocumentedAnswer, snapshot } from './contract';
import { engineFor } from '../../src/server/validation';
import { formFromRecord } from '../../src/engine';
import { ColumnMisfit } from '../../src/server/db/columns';

let s: TestServer;
let generic: Client;
let kenya: Client;
let owner: string;
beforeAll(async () => {
  s = await startServer();
  // Each case uploads its own files; the upload rate is not what is tested here.
  await s.ctx.config.set('upload_rate_per_minute', '0');
  generic = await s.login(DEMO.generic.account, DEMO.generic.password);
  kenya = await s.login(DEMO.kenya.account, DEMO.kenya.password);
  const row = await s.ctx.db
    .selectFrom('copyright_companies as c')
    .innerJoin('providers as p', 'p.id', 'c.provider_id')
    .select('c.id')
    .where('p.site', '=', 'kenya')
    .executeTakeFirstOrThrow();
  owner = String(row.id);
});
afterAll(async () => {
  await s.close();
});

/** A complete Kenyan sp/addtone (copyright owners required there), with `over` changed. */
const kenyanTone = async (over: Record<string, unknown>) =>
  goodTone(s, kenya, {
    price: '3.00',
    callerPrice: '3.00',
    lyricCompanyID: owner,
    recordCompanyID: owner,
    lyricValidDay: inDays(500),
    recordValidDay: inDays(500),
    ...over,
  });

async function refused(c: Client, path: string, body: Record<string, unknown>, field: string, message?: string) {
  const before = await snapshot(s);
  const r = await c.post(path, body);
  await expectDocumentedAnswer(s, r, 'POST', path, '950004');
  expect(r.body.record.errors[0].field).toBe(field);
  if (message) expect(r.body.record.errors[0].message).toBe(message);
  expect(r.body.returnMsg).toMatch(new RegExp(`^Please check the validation\\. ${field}: .+`));
  expect(await snapshot(s)).toEqual(before);
}

test('the complete Kenyan tone is stored with its owners (the good request the cases change one value of)', async () => {
  const r = await kenya.post('/sp/addtone', await kenyanTone({}));
  expect(r.body.returnCode).toBe('000000');
  const owners = await s.ctx.db
    .selectFrom('tone_copyrights')
    .select(['role', 'company_id'])
    .where('tone_id', '=', Number(r.body.record.toneID))
    .orderBy('role')
    .execute();
  expect(owners).toEqual([
    { role: 'lyric', company_id: Number(owner) },
    { role: 'record', company_id: Number(owner) },
  ]);
});

describe('sp/addtone: a copyright owner id must name an owner of the caller site', () => {
  test.each(['NaN', -1, '-1', '1e309', "' OR '1'='1' --", '999999', 'OWNER,NaN'])('recordCompanyID %p', async (v) =>
    refused(
      kenya,
      '/sp/addtone',
      await kenyanTone({ recordCompanyID: String(v).replace('OWNER', owner) }),
      'recordCompanyID',
      'CommonRes.unknownReference',
    ),
  );
  test('lyricCompanyID null: the required owner is missing', async () =>
    refused(kenya, '/sp/addtone', await kenyanTone({ lyricCompanyID: null }), 'lyricCompany'));
  test("another site's owner is not one the caller may use", async () => {
    const other = await s.ctx.db
      .selectFrom('copyright_companies as c')
      .innerJoin('providers as p', 'p.id', 'c.provider_id')
      .select('c.id')
      .where('p.site', '!=', 'kenya')
      .executeTakeFirst();
    if (!other) {
      const p = await s.ctx.db
        .selectFrom('providers')
        .select('id')
        .where('site', '=', 'generic')
        .executeTakeFirstOrThrow();
      const now = Date.now();
      await s.ctx.db
        .insertInto('copyright_companies')
        .values({ provider_id: p.id, official_name: 'Elsewhere', created_at: now, updated_at: now } as never)
        .execute();
    }
    const id = (
      await s.ctx.db
        .selectFrom('copyright_companies as c')
        .innerJoin('providers as p', 'p.id', 'c.provider_id')
        .select('c.id')
        .where('p.site', '!=', 'kenya')
        .executeTakeFirstOrThrow()
    ).id;
    await refused(kenya, '/sp/addtone', await kenyanTone({ lyricCompanyID: String(id) }), 'lyricCompanyID');
  });
});

describe('sp/addtone: copyright validity days are real dates that fit their column', () => {
  test.each([
    ['lyricValidDay', '99999999999999999999999999'],
    ['recordValidDay', '<script>alert(1)</script>'],
    ['lyricValidDay', '<b>x</b>'],
    ['recordValidDay', 'a\r\nSet-Cookie: x=1'],
    ['lyricValidDay', '2026-02-30'],
  ])('%s %p', async (field, v) => refused(kenya, '/sp/addtone', await kenyanTone({ [field]: v }), field));

  test('a validity day for the tune company, which the Kenyan form does not have, is not stored', async () => {
    const r = await kenya.post('/sp/addtone', await kenyanTone({ tuneValidDay: '<script>', tuneCompanyID: owner }));
    expect(r.body.returnCode).toBe('000000');
    const rows = await s.ctx.db
      .selectFrom('tone_copyrights')
      .selectAll()
      .where('tone_id', '=', Number(r.body.record.toneID))
      .execute();
    expect(rows.map((o) => o.role).sort()).toEqual(['lyric', 'record']);
    expect(JSON.stringify(rows)).not.toContain('script');
  });
});

describe('sp/addtone: other values of the acceptance run', () => {
  test.each([['😀'], ['99999'], ['-1'], ['1.5']])('contentLanguage %p', async (v) =>
    refused(generic, '/sp/addtone', await goodTone(s, generic, { contentLanguage: v }), 'contentLanguage'),
  );
  test.each([[1e308], ['1e308'], ['99999999999'], ['12345']])('priceGroupID %p', async (v) =>
    refused(generic, '/sp/addtone', await goodTone(s, generic, { priceGroupID: v }), 'priceGroupID'),
  );
  test('a blank music arranger', async () =>
    refused(generic, '/sp/addtone', await goodTone(s, generic, { musicArranger: '   ' }), 'musicArranger'));
  test.each([['1; DROP TABLE tones;--'], ['12345'], ['3']])('uploadType %p', async (v) =>
    refused(generic, '/sp/addtone', await goodTone(s, generic, { uploadType: v }), 'uploadType'),
  );
  test('a tone name longer than its column', async () =>
    refused(generic, '/sp/addtone', await goodTone(s, generic, { toneName: 'x'.repeat(1025) }), 'toneName'));
});

describe('sp/edittone', () => {
  async function editPayload(change: Record<string, unknown>) {
    const added = await generic.post('/sp/addtone', await goodTone(s, generic));
    const toneID = added.body.record.toneID as string;
    const config = await s.ctx.config.forSite('generic');
    const engine = engineFor('generic');
    const record = (await generic.get('/sp/qrytonedetail', { toneID })).body.record;
    const defaults = Object.fromEntries(
      engine
        .resolve('rbtUploading', { config, mode: 'edit' })
        .fields.filter((f) => f.default !== undefined)
        .map((f) => [f.name, f.default]),
    );
    const form = {
      ...defaults,
      ...formFromRecord(engine.definition('rbtUploading').load!, record, engine.context({ config, mode: 'edit' })),
    };
    return engine.payload('rbtUploading', 'edit', {
      form: { ...form, modifyReason: 'Contract', ...change },
      mode: 'edit',
      config,
    });
  }
  test('the edit form as sent is accepted (the good request)', async () => {
    const r = await generic.post('/sp/edittone', await editPayload({}));
    expect([r.body.returnCode, r.body.returnMsg]).toEqual(['000000', 'Operation succeeded.']);
  });
  test('a blank singer name', async () =>
    refused(generic, '/sp/edittone', await editPayload({ artist: '   ' }), 'artist'));
  test("another provider's tone answers 950005 and changes nothing", async () => {
    const payload = await editPayload({});
    const theirs = await s.ctx.db
      .selectFrom('tones')
      .innerJoin('providers', 'providers.id', 'tones.provider_id')
      .select('tones.id')
      .where('providers.code', '=', DEMO.kenya.account)
      .executeTakeFirstOrThrow();
    const before = await snapshot(s);
    const r = await generic.post('/sp/edittone', { ...payload, toneID: String(theirs.id) });
    await expectDocumentedAnswer(s, r, 'POST', '/sp/edittone', '950005');
    expect(await snapshot(s)).toEqual(before);
  });
});

describe('row ids larger than a key can be (found by the fuzz suite: HTTP 500 on PostgreSQL)', () => {
  test.each([
    ['/sp/deltones', { toneIDs: '2147483648' }, 'toneIDs'],
    ['/sp/deltones', { toneIDs: '1,99999999999' }, 'toneIDs'],
    ['/sp/hideorresumetones', { toneIDs: '2147483648', operType: '1' }, 'toneIDs'],
  ])('%s %p', async (path, body, field) => refused(generic, path, body, field));
});

describe('the database layer: no value reaches a column that cannot hold it', () => {
  const base = { name: 'x' };
  test.each([
    ['a varchar(1000) description of 1001 characters', { description: 'd'.repeat(1001) }],
    ['a NUL', { description: 'a\u0000b' }],
    ['1e308 in an integer column', { price_group_type: 1e308 }],
    ['NaN in an integer column', { order_type: NaN }],
    ['2^31 in an integer column', { order_type: 2 ** 31 }],
  ])('%s is refused before the query is sent, on either database', async (_name, values) => {
    const before = await snapshot(s);
    await expect(
      s.ctx.db
        .insertInto('tariffs')
        .values({ ...base, ...values } as never)
        .execute(),
    ).rejects.toBeInstanceOf(ColumnMisfit);
    await expect(
      s.ctx.db
        .updateTable('tariffs')
        .set(values as never)
        .where('id', '=', -1)
        .execute(),
    ).rejects.toBeInstanceOf(ColumnMisfit);
    expect(await snapshot(s)).toEqual(before);
  });
  test('values that fit go through', async () => {
    const r = await s.ctx.db
      .insertInto('tariffs')
      .values({ ...base, description: 'd'.repeat(1000), price_group_type: 2 ** 31 - 1 } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    await s.ctx.db.deleteFrom('tariffs').where('id', '=', r.id).execute();
  });
});

describe('the OpenAPI document says what the server answers', () => {
  test('every parameter bounded by its column: documented with the column size, one character more refused', async () => {
    const doc = await (await fetch(`${s.base}/docs/openapi.json`)).json();
    const catalog = s.ctx.columns;
    let checked = 0;
    for (const [path, item] of Object.entries(doc.paths as Record<string, any>)) {
      const op = item.post;
      const props = op?.requestBody?.content?.['application/json']?.schema?.properties ?? {};
      for (const [name, p] of Object.entries(props as Record<string, any>)) {
        if (typeof p['x-column'] !== 'string' || p.type !== 'string') continue;
        const [table, column] = p['x-column'].split('.');
        const size = catalog.get(table)?.get(column)?.maxLength;
        if (size === undefined) continue;
        expect([path, name, p.maxLength <= size]).toEqual([path, name, true]);
        const before = await snapshot(s);
        const r = await generic.post(path, { portalType: 1, [name]: 'x'.repeat(p.maxLength + 1) });
        expect([path, name, r.status < 500, r.body.returnCode]).toEqual([path, name, true, '950004']);
        expect(await snapshot(s)).toEqual(before);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(20);
  });
});
