// sp/addtone, sp/edittone and sp/iscallerpricevalid against the real server: a good upload per site, bad input
// refused with the definition's message keys and nothing stored, the provider's own files and tones only, and
// an edit that waits as a change request until the operator approves it.
import { startServer, DEMO, type TestServer, type Client } from './helpers';
import {
  catalogueId as catalogueOf,
  goodEdit as editPayload,
  goodTone as tonePayload,
  inDays,
  uploadWav,
} from './tonePayload';
import { sineWav } from '../../src/server/files/wav';
import { runOperator } from '../../src/server/cli/commands';
import { toneProfiles } from '../../src/server/media/profiles';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
  // Every tone here uploads its files anew on a clock that does not move: far more than the per-minute upload
  // rate allows in one "minute". The rate has its own test (upload.test.ts).
  await s.ctx.config.set('upload_rate_per_minute', '0');
});
afterAll(async () => {
  await s.close();
});

const toneCount = async () =>
  Number(
    (
      await s.ctx.db
        .selectFrom('tones')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const goodTone = (c: Client, over: Record<string, unknown> = {}) => tonePayload(s, c, over);
const catalogueId = () => catalogueOf(s);
const goodEdit = (
  c: Client,
  tone: { toneID: string | number; toneCode: string },
  over: Record<string, unknown> = {},
  reason?: string,
) => editPayload(s, c, tone, over, reason);

describe('sp/addtone', () => {
  test('a good tone on the generic site waits for approval, with its tags', async () => {
    const c = await s.login(DEMO.generic.account, DEMO.generic.password);
    const r = await c.post('/sp/addtone', await goodTone(c));
    expect(r.body.returnCode).toBe('000000');
    const tone = await s.ctx.db
      .selectFrom('tones')
      .selectAll()
      .where('id', '=', Number(r.body.record.toneID))
      .executeTakeFirstOrThrow();
    expect(tone).toMatchObject({
      tone_name: 'Sunrise',
      singer_name: 'Amani',
      status: '0',
      approve_type: '1',
      table_type: '1',
      ask_type: '1',
      caller_price: '3.33',
    });
    expect(JSON.parse(tone.details)).toMatchObject({ lyricAuthor: 'Lee', melodyComposer: 'Kim', musicArranger: 'Ode' });
    const tags = await s.ctx.db.selectFrom('tags').select('name').where('tone_id', '=', tone.id).execute();
    expect(tags.map((t) => t.name).sort()).toEqual(['calm', 'morning']);
    // What the edit form reads back: the authors, auto renewal and tags it sent.
    const detail = (await c.get('/sp/qrytonedetail', { toneID: tone.id })).body.record;
    expect(detail).toMatchObject({ lyricAuthor: 'Lee', melodyComposer: 'Kim', musicArranger: 'Ode' });
    expect(detail.tags.split('~').sort()).toEqual(['calm', 'morning']);
  });

  test("the tone code is the system's, in the one format of every tone (seeded ones too); a short code stays its own field", async () => {
    const c = await s.login(DEMO.generic.account, DEMO.generic.password);
    const r = await c.post('/sp/addtone', { ...(await goodTone(c)), userToneCode: '12345' });
    expect(r.body.returnCode).toBe('000000');
    const { toneID, toneCode } = r.body.record;
    expect(toneCode).toBe(String(10_000_000_000 + Number(toneID)));
    // Seeded and uploaded codes look alike: 11 digits, not starting with 0 (001 §5.1: up to 22 digits).
    const seeded = await s.ctx.db.selectFrom('tones').select(['id', 'tone_code']).orderBy('id').limit(5).execute();
    for (const code of [toneCode, ...seeded.map((t) => t.tone_code)]) expect(code).toMatch(/^[1-9]\d{10}$/);
    expect(seeded.map((t) => t.tone_code)).toEqual(seeded.map((t) => String(10_000_000_000 + t.id)));
    const detail = (await c.get('/sp/qrytonedetail', { toneID })).body.record;
    expect(detail).toMatchObject({ toneCode, userToneCode: '12345' });
  });

  test('a trusted provider (believeCP 1) publishes at once', async () => {
    const c = await s.login(DEMO.believe.account, DEMO.believe.password);
    const r = await c.post('/sp/addtone', await goodTone(c));
    expect(r.body.returnCode).toBe('000000');
    expect(r.body.record.status).toBe('1');
  });

  test('Kenya: My Skiza price must equal the Skiza price and match a tariff caller price', async () => {
    const c = await s.login(DEMO.kenya.account, DEMO.kenya.password);
    const owner = await s.ctx.db
      .selectFrom('providers')
      .select('id')
      .where('code', '=', DEMO.kenya.account)
      .executeTakeFirstOrThrow();
    const { id: company } = await s.ctx.db
      .insertInto('copyright_companies')
      .values({
        provider_id: owner.id,
        copyright_type: '2',
        company_name: 'Nairobi Music',
        official_name: 'NM',
        phone_number: '254700000000',
        email: '',
        stage_name: '',
        id_number: 'NM1',
        description: '',
        created_at: Date.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const copyright = {
      lyricCompanyID: String(company),
      lyricValidDay: inDays(500),
      recordCompanyID: String(company),
      recordValidDay: inDays(500),
    };
    const before = await toneCount();
    const unequal = await c.post(
      '/sp/addtone',
      await goodTone(c, { ...copyright, price: '4.00', callerPrice: '3.00' }),
    );
    expect(unequal.body.returnCode).toBe('950004');
    expect(unequal.body.record.errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'callerPrice', message: 'ToneForm.myPriceNotEqual' })]),
    );
    const noTariff = await c.post(
      '/sp/addtone',
      await goodTone(c, { ...copyright, price: '4.44', callerPrice: '4.44' }),
    );
    expect(noTariff.body.record.errors).toEqual([
      expect.objectContaining({ field: 'callerPrice', message: 'ToneForm.callerPriceInvalid' }),
    ]);
    expect(await toneCount()).toBe(before);
    const good = await c.post('/sp/addtone', await goodTone(c, { ...copyright, price: '4.00', callerPrice: '4.00' }));
    expect(good.body.returnCode).toBe('000000');
    const owners = await s.ctx.db
      .selectFrom('tone_copyrights')
      .select(['role', 'company_id'])
      .where('tone_id', '=', Number(good.body.record.toneID))
      .execute();
    expect(owners.map((o) => o.role).sort()).toEqual(['lyric', 'record']);
  });

  test('Ais: a good tone is accepted', async () => {
    const c = await s.login(DEMO.ais.account, DEMO.ais.password);
    const r = await c.post('/sp/addtone', await goodTone(c));
    expect(r.body.returnCode).toBe('000000');
  });

  test.each([
    ['no name', { toneName: '' }, 'toneName', 'ToneForm.toneNameEmpty'],
    ['illegal character', { toneName: 'Sun<rise' }, 'toneName', 'CommonRes.illegalChar'],
    ['name too long', { toneName: 'x'.repeat(1025) }, 'toneName', 'ToneForm.toneNameLength'],
    ['price out of range', { price: '11', callerPrice: '5' }, 'price', 'CommonRes.priceRange'],
    ['caller price with 3 decimals', { callerPrice: '1.234' }, 'callerPrice', 'CommonRes.priceDecimals'],
    [
      'negative caller price (the range, not the decimals)',
      { callerPrice: '-1' },
      'callerPrice',
      'CommonRes.priceRange',
    ],
    [
      'valid day sooner than the relative period',
      { toneValidDay: inDays(10), relativeTime: '30' },
      'toneValidDay',
      'ToneForm.validDayTooEarly',
    ],
    ['mate info too long', { mateInfo: 'm'.repeat(257) }, 'mateInfo', 'ToneForm.mateInfoLength'],
    ['ISRC with @', { isrc: 'AB@1' }, 'isrc', 'ToneForm.isrcAt'],
    ['short code with a leading 0', { userToneCode: '01234' }, 'shortCode', 'ToneForm.codeDigits'],
    ['short code too long', { userToneCode: '12345678' }, 'shortCode', 'ToneForm.shortCodeLength'],
    ['too many tags', { tagNames: 'a,b,c,d,e,f' }, 'tags', 'ToneForm.tagsMax'],
    ['a tag too long', { tagNames: 't'.repeat(101) }, 'tags', 'ToneForm.tagLength'],
    ['no catalogue', { catalogID: '' }, 'catalogID', 'ToneForm.catalogEmpty'],
    ['an unknown catalogue', { catalogID: '999999' }, 'catalogID', 'ToneForm.catalogMissing'],
  ])('%s is refused with its message and stores nothing', async (_what, over, field, message) => {
    const c = await s.login(DEMO.generic.account, DEMO.generic.password);
    const before = await toneCount();
    const r = await c.post('/sp/addtone', await goodTone(c, over));
    expect(r.body.returnCode).toBe('950004');
    expect(r.body.record.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field, message })]));
    expect(await toneCount()).toBe(before);
  });

  test("another provider's file is refused", async () => {
    const kenya = await s.login(DEMO.kenya.account, DEMO.kenya.password);
    const theirs = await uploadWav(kenya, 'theirs.wav');
    const c = await s.login(DEMO.generic.account, DEMO.generic.password);
    const good = await goodTone(c);
    const files = { ...JSON.parse(good.toneFile), webAuditon: theirs };
    const r = await c.post('/sp/addtone', { ...good, toneFile: JSON.stringify(files) });
    expect(r.body.record.errors).toEqual([
      expect.objectContaining({ field: 'webFile', message: 'ToneForm.fileNotYours' }),
    ]);
  });

  test('files are required on add', async () => {
    const c = await s.login(DEMO.generic.account, DEMO.generic.password);
    const r = await c.post('/sp/addtone', await goodTone(c, { toneFile: JSON.stringify({}) }));
    expect(r.body.record.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'webFile', message: 'ToneForm.webFileEmpty' }),
        expect.objectContaining({ field: 'ivrFile', message: 'ToneForm.ivrFileEmpty' }),
        expect.objectContaining({ field: 'image', message: 'ToneForm.imageEmpty' }),
      ]),
    );
  });
});

test('a wav that is only 16 bit, or only 44.1 kHz, is refused as the IVR play file in both languages, naming its format', async () => {
  const sessions = {
    en: await s.login(DEMO.generic.account, DEMO.generic.password),
    zh: await s.login(DEMO.generic.account, DEMO.generic.password, { 'accept-language': 'zh' }),
  };
  const before = await toneCount();
  const cases = [
    [
      { bits: 16 },
      'en',
      'This wav file is 1 channel(s), 8000 Hz, 16 bit; this file must be 1 channel(s), 8000 Hz, 8 bit.',
    ],
    [
      { sampleRate: 44100 },
      'en',
      'This wav file is 1 channel(s), 44100 Hz, 8 bit; this file must be 1 channel(s), 8000 Hz, 8 bit.',
    ],
    [{ bits: 16 }, 'zh', '该 wav 文件为 1 声道、8000 Hz、16 位；此文件必须为 1 声道、8000 Hz、8 位。'],
    [{ sampleRate: 44100 }, 'zh', '该 wav 文件为 1 声道、44100 Hz、8 位；此文件必须为 1 声道、8000 Hz、8 位。'],
  ] as const;
  for (const [format, language, text] of cases) {
    const c = sessions[language];
    const good = await goodTone(c);
    const up = await c.upload([['one.wav', sineWav({ seconds: 0.5, ...format })]]);
    const files = { ...JSON.parse(good.toneFile), aipPlay: up.body.record['one.wav'].savedFilename };
    const r = await c.post('/sp/addtone', { ...good, toneFile: JSON.stringify(files) });
    expect(r.body.returnCode).toBe('950004');
    const error = r.body.record.errors.find((e: { field: string }) => e.field === 'ivrFile');
    expect({ format, text: error?.text }).toEqual({ format, text: expect.stringContaining(text) });
  }
  expect(await toneCount()).toBe(before);
});

test('an IVR wav of another format than the wav_* configuration is refused, naming what the file is; nothing is stored', async () => {
  const c = await s.login(DEMO.generic.account, DEMO.generic.password);
  const r16 = await c.upload([['studio.wav', sineWav({ seconds: 1, sampleRate: 44100, bits: 16, channels: 2 })]]);
  expect(r16.body.returnCode).toBe('000000'); // the upload itself is a valid wav; the form's field decides
  const good = await goodTone(c);
  const files = { ...JSON.parse(good.toneFile), aipPlay: r16.body.record['studio.wav'].savedFilename };
  const before = await toneCount();
  const r = await c.post(
    '/sp/addtone',
    { ...good, toneFile: JSON.stringify(files) },
    { headers: { 'accept-language': 'en' } },
  );
  expect(r.body.returnCode).toBe('950004');
  const error = r.body.record.errors.find((e: { field: string }) => e.field === 'ivrFile');
  expect(error).toMatchObject({
    message: 'ToneForm.wavFormat',
    params: { rate: 44100, bits: 16, channels: 2, expectedRate: 8000, expectedBits: 8, expectedChannels: 1 },
  });
  expect(error.text).toBe(
    'ivrFile: This wav file is 2 channel(s), 44100 Hz, 16 bit; this file must be 1 channel(s), 8000 Hz, 8 bit.',
  );
  expect(await toneCount()).toBe(before);
  // The operator's configuration is the rule: with wav_* set to that format the same file is accepted.
  const wavConfig = (rate: string, bits: string, channels: string) =>
    Promise.all([
      runOperator(['config', 'set', 'wav_sample_rate', rate], s.ctx, () => undefined),
      runOperator(['config', 'set', 'wav_bits_per_sample', bits], s.ctx, () => undefined),
      runOperator(['config', 'set', 'wav_channels', channels], s.ctx, () => undefined),
    ]);
  await wavConfig('44100', '16', '2');
  try {
    const again = await c.post('/sp/addtone', {
      ...good,
      toneFile: JSON.stringify({ ...files, webAuditon: files.aipPlay }),
    });
    expect(again.body.returnCode).toBe('000000');
  } finally {
    await wavConfig('8000', '8', '1');
  }
});

describe('sp/iscallerpricevalid', () => {
  test('a tariff caller price, a price within range, and a price out of range', async () => {
    const c = await s.login(DEMO.generic.account, DEMO.generic.password);
    expect((await c.get('/sp/iscallerpricevalid', { callerPrice: '8.50' })).body.record.valid).toBe('true');
    expect((await c.get('/sp/iscallerpricevalid', { callerPrice: '3.33' })).body.record.valid).toBe('true');
    expect((await c.get('/sp/iscallerpricevalid', { callerPrice: '42.00' })).body.record.valid).toBe('false');
    const k = await s.login(DEMO.kenya.account, DEMO.kenya.password);
    expect((await k.get('/sp/iscallerpricevalid', { callerPrice: '3.33' })).body.record.valid).toBe('false');
    expect((await k.get('/sp/iscallerpricevalid', { callerPrice: '4.00' })).body.record.valid).toBe('true');
  });
});

describe('sp/edittone', () => {
  test('an edit waits as a modification until the operator approves it', async () => {
    const c = await s.login(DEMO.believe.account, DEMO.believe.password);
    const added = await c.post('/sp/addtone', await goodTone(c, { toneName: 'Before', tagNames: 'old' }));
    const toneID = added.body.record.toneID;
    const edit = await goodEdit(c, { toneID, toneCode: added.body.record.toneCode }, { toneName: 'After' });
    const r = await c.post('/sp/edittone', edit);
    expect(r.body.returnCode).toBe('000000');
    const row = async () =>
      s.ctx.db.selectFrom('tones').selectAll().where('id', '=', Number(toneID)).executeTakeFirstOrThrow();
    expect(await row()).toMatchObject({ tone_name: 'Before', ask_type: '3', table_type: '1' });
    const pending = await s.ctx.db
      .selectFrom('change_requests')
      .select('id')
      .where('entity_id', '=', Number(toneID))
      .where('kind', '=', 'modify')
      .executeTakeFirstOrThrow();
    expect(await runOperator(['changes', 'approve', String(pending.id)], s.ctx, () => undefined)).toBe(0);
    expect(await row()).toMatchObject({ tone_name: 'After', status: '1', ask_type: '' });
    const tags = await s.ctx.db.selectFrom('tags').select('name').where('tone_id', '=', Number(toneID)).execute();
    expect(tags.map((t) => t.name).sort()).toEqual(['calm', 'morning']);
    expect(JSON.parse((await row()).details)).toMatchObject({ lyricAuthor: 'Lee' });
  });

  test('Kenya: an edit that changes the copyright owners replaces them on approval, not before', async () => {
    const c = await s.login(DEMO.kenya.account, DEMO.kenya.password);
    const owner = await s.ctx.db
      .selectFrom('providers')
      .select('id')
      .where('code', '=', DEMO.kenya.account)
      .executeTakeFirstOrThrow();
    const company = async (name: string) =>
      (
        await s.ctx.db
          .insertInto('copyright_companies')
          .values({
            provider_id: owner.id,
            copyright_type: '2',
            company_name: name,
            official_name: name,
            phone_number: '254700000001',
            email: '',
            stage_name: '',
            id_number: `${name}9`,
            description: '',
            created_at: Date.now(),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const first = await company('FirstOwner');
    const second = await company('SecondOwner');
    const owners = (lyric: number) => ({
      lyricCompanyID: String(lyric),
      lyricValidDay: inDays(500),
      recordCompanyID: String(first),
      recordValidDay: inDays(500),
    });
    const added = await c.post(
      '/sp/addtone',
      await goodTone(c, { ...owners(first), price: '4.00', callerPrice: '4.00' }),
    );
    expect(added.body.returnCode).toBe('000000');
    const toneID = Number(added.body.record.toneID);
    const edit = await goodEdit(
      c,
      { toneID, toneCode: added.body.record.toneCode },
      { ...owners(second), price: '4.00', callerPrice: '4.00' },
      'New lyric owner',
    );
    expect((await c.post('/sp/edittone', edit)).body.returnCode).toBe('000000');
    const lyricOwner = async () =>
      (
        await s.ctx.db
          .selectFrom('tone_copyrights')
          .select('company_id')
          .where('tone_id', '=', toneID)
          .where('role', '=', 'lyric')
          .executeTakeFirstOrThrow()
      ).company_id;
    expect(await lyricOwner()).toBe(first);
    const pending = await s.ctx.db
      .selectFrom('change_requests')
      .select('id')
      .where('entity_id', '=', toneID)
      .where('entity_type', '=', 'tone')
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    expect(await runOperator(['changes', 'approve', String(pending.id)], s.ctx, () => undefined)).toBe(0);
    expect(await lyricOwner()).toBe(second);
  });

  test('the tone detail gives every owner of each role with the names the owner selection shows', async () => {
    // Owners are the form's only where copyright maintenance is on (the form sends none otherwise).
    await s.ctx.config.set('support_copyright_maintenance', '1', 'generic');
    const c = await s.login(DEMO.generic.account, DEMO.generic.password);
    const owner = await s.ctx.db
      .selectFrom('providers')
      .select('id')
      .where('code', '=', DEMO.generic.account)
      .executeTakeFirstOrThrow();
    const company = async (name: string) =>
      String(
        (
          await s.ctx.db
            .insertInto('copyright_companies')
            .values({
              provider_id: owner.id,
              copyright_type: '2',
              company_name: name,
              official_name: `${name} Ltd`,
              phone_number: '254700000002',
              email: '',
              stage_name: `${name} Stage`,
              id_number: `${name}7`,
              description: '',
              created_at: Date.now(),
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
    const [lyric, tuneA, tuneB] = [await company('Lyrica'), await company('TuneA'), await company('TuneB')];
    const added = await c.post(
      '/sp/addtone',
      await goodTone(c, {
        lyricCompanyID: lyric,
        lyricValidDay: inDays(500),
        tuneCompanyID: `${tuneA},${tuneB}`,
        tuneValidDay: inDays(450),
        recordCompanyID: lyric,
        recordValidDay: inDays(500),
      }),
    );
    await s.ctx.config.unset('support_copyright_maintenance', 'generic');
    expect(added.body.returnCode).toBe('000000');
    const detail = (await c.get('/sp/qrytonedetail', { toneID: added.body.record.toneID })).body.record;
    expect(detail.tuneCompanyID).toBe(`${tuneA},${tuneB}`);
    expect(detail.tuneValidDay).toBe(inDays(450));
    expect(detail.tuneCompanies).toEqual([
      { companyID: tuneA, companyName: 'TuneA', officialName: 'TuneA Ltd', stageName: 'TuneA Stage' },
      { companyID: tuneB, companyName: 'TuneB', officialName: 'TuneB Ltd', stageName: 'TuneB Stage' },
    ]);
    expect(detail.lyricCompanies).toEqual([
      { companyID: lyric, companyName: 'Lyrica', officialName: 'Lyrica Ltd', stageName: 'Lyrica Stage' },
    ]);
    expect(detail.recordCompanies).toEqual(detail.lyricCompanies);
  });

  test("another provider's tone cannot be edited, and a missing reason is refused", async () => {
    const g = await s.login(DEMO.generic.account, DEMO.generic.password);
    const added = await g.post('/sp/addtone', await goodTone(g));
    // A complete, valid edit from another provider of the same site: the tone is not theirs.
    const other = await s.login(DEMO.believe.account, DEMO.believe.password);
    const r = await other.post('/sp/edittone', {
      ...(await goodTone(other, { toneName: 'Mine now' })),
      toneFile: '{}',
      toneID: added.body.record.toneID,
      reason: 'x',
      newCatalogId: await catalogueId(),
    });
    expect(r.body.returnCode).toBe('950005');
    expect(
      (
        await s.ctx.db
          .selectFrom('change_requests')
          .select('id')
          .where('entity_id', '=', Number(added.body.record.toneID))
          .where('kind', '=', 'modify')
          .execute()
      ).length,
    ).toBe(0);
    const noReason = await g.post('/sp/edittone', {
      ...(await goodTone(g)),
      toneFile: '{}',
      toneID: added.body.record.toneID,
      newCatalogId: await catalogueId(),
    });
    expect(noReason.body.record.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'modifyReason', message: 'ToneForm.modifyReasonEmpty' }),
      ]),
    );
  });
});

describe('subCompanyId (001 §3 tone form)', () => {
  const stored = async (toneID: string) =>
    (
      await s.ctx.db
        .selectFrom('tones')
        .select('sub_company_id')
        .where('id', '=', Number(toneID))
        .executeTakeFirstOrThrow()
    ).sub_company_id;

  test('sent by sp/addtone it is stored and read back for the edit form; an edit of it waits for approval', async () => {
    const c = await s.login(DEMO.believe.account, DEMO.believe.password);
    const added = await c.post('/sp/addtone', await goodTone(c, { subCompanyId: 'SUB01' }));
    expect(added.body.returnCode).toBe('000000');
    const { toneID, toneCode } = added.body.record;
    expect(await stored(toneID)).toBe('SUB01');
    const detail = async () => (await c.get('/sp/qrytonedetail', { toneID })).body.record.subCompanyId;
    expect(await detail()).toBe('SUB01');
    const edit = await goodEdit(c, { toneID, toneCode }, { subCompanyId: 'East7' }, 'Moved to the east branch');
    expect((await c.post('/sp/edittone', edit)).body.returnCode).toBe('000000');
    expect([await stored(toneID), await detail()]).toEqual(['SUB01', 'SUB01']);
    const pending = await s.ctx.db
      .selectFrom('change_requests')
      .select(['id', 'payload'])
      .where('entity_id', '=', Number(toneID))
      .where('kind', '=', 'modify')
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(pending.payload)).toMatchObject({ subCompanyId: 'East7' });
    expect(await runOperator(['changes', 'approve', String(pending.id)], s.ctx, () => undefined)).toBe(0);
    expect([await stored(toneID), await detail()]).toEqual(['East7', 'East7']);
  });

  test('refused when it is not a short code of letters and digits, with its message, and nothing stored', async () => {
    const c = await s.login(DEMO.generic.account, DEMO.generic.password);
    const cases: Array<[string, string, string]> = [
      [
        'SUB-01',
        'subCompanyId:ToneForm.subCompanyIdChars',
        'subCompanyId: A sub-company ID may contain only letters and digits.',
      ],
      [
        'SUB 01',
        'subCompanyId:ToneForm.subCompanyIdChars',
        'subCompanyId: A sub-company ID may contain only letters and digits.',
      ],
      ['S'.repeat(33), 'subCompanyId:Validation.maxLength', 'subCompanyId: At most 32 characters.'],
    ];
    for (const [value, key, text] of cases) {
      const before = await toneCount();
      const r = await c.post('/sp/addtone', await goodTone(c, { subCompanyId: value }));
      const errors = r.body.record?.errors ?? [];
      expect([value, r.body.returnCode, errors.map((e: any) => `${e.field}:${e.message}`), errors[0]?.text]).toEqual([
        value,
        '950004',
        [key],
        text,
      ]);
      expect(await toneCount()).toBe(before);
    }
  });
});

describe('configuration-dependent rules', () => {
  /** Runs `body` with operator configuration values set through the operator CLI, unset after (the files apply again). */
  async function withConfig(values: Record<string, string>, body: () => Promise<void>) {
    const run = async (...args: string[]) =>
      expect(await runOperator(['config', ...args], s.ctx, () => undefined)).toBe(0);
    for (const [k, v] of Object.entries(values)) await run('set', k, v);
    s.clock.now += 5000; // past the configuration cache
    try {
      await body();
    } finally {
      for (const k of Object.keys(values)) await run('unset', k);
      s.clock.now += 5000;
    }
  }
  const refusal = (r: { body: any }) =>
    r.body.record?.errors?.map((e: { field: string; message: string }) => `${e.field}:${e.message}`);

  test('ISRC required and unique when support_isrc_check is 1', async () => {
    await withConfig({ support_isrc_check: '1' }, async () => {
      const c = await s.login(DEMO.generic.account, DEMO.generic.password);
      expect(refusal(await c.post('/sp/addtone', await goodTone(c)))).toEqual(['isrc:ToneForm.isrcEmpty']);
      expect((await c.post('/sp/addtone', await goodTone(c, { isrc: 'TZ-UNIQ-0001' }))).body.returnCode).toBe('000000');
      const before = await toneCount();
      expect(refusal(await c.post('/sp/addtone', await goodTone(c, { isrc: 'TZ-UNIQ-0001' })))).toEqual([
        'isrc:ToneForm.isrcTaken',
      ]);
      expect(await toneCount()).toBe(before);
    });
  });

  test('price fixed to default_tone_price when the administrator specifies it', async () => {
    await withConfig({ cp_admin_can_specify_rbt_price: '2' }, async () => {
      const c = await s.login(DEMO.generic.account, DEMO.generic.password);
      expect(refusal(await c.post('/sp/addtone', await goodTone(c, { price: '4.00' })))).toEqual([
        'price:ToneForm.priceLocked',
      ]);
    });
  });

  test('jockey tones: refused without the jockey right, accepted once the operator grants it', async () => {
    await withConfig({ support_jockey_flag: '1' }, async () => {
      const c = await s.login(DEMO.generic.account, DEMO.generic.password);
      const before = await toneCount();
      expect(refusal(await c.post('/sp/addtone', await goodTone(c, { cutFlag: '1', totalPrice: '2.00' })))).toEqual([
        'cutFlag:ToneForm.jockeyNotAllowed',
      ]);
      expect(await toneCount()).toBe(before);
      const grant = (to: string) =>
        runOperator(['provider', 'jockey', DEMO.generic.account, to], s.ctx, () => undefined);
      expect(await grant('on')).toBe(0);
      try {
        // The session's user info carries the right, so the browser applies the same rule.
        expect((await c.get('/checkLoginInfo')).body.record.userInfo.jockeyRight).toBe('1');
        const ok = await c.post('/sp/addtone', await goodTone(c, { cutFlag: '1', totalPrice: '2.00' }));
        expect(ok.body.returnCode).toBe('000000');
      } finally {
        expect(await grant('off')).toBe(0);
      }
    });
  });

  test("the tone form's switches (001 §6): a part switched off is neither checked nor stored; on, it is", async () => {
    const c = await s.login(DEMO.believe.account, DEMO.believe.password);
    const tariff = await s.ctx.db
      .selectFrom('tariffs')
      .select('id')
      .where('price_group_type', '=', 2)
      .executeTakeFirstOrThrow();
    const parts = { mateInfo: 'Duet with Zawadi', tagNames: 'dawn,choir', priceGroupID: String(tariff.id) };
    const stored = async (toneID: string) => {
      const tone = await s.ctx.db
        .selectFrom('tones')
        .selectAll()
        .where('id', '=', Number(toneID))
        .executeTakeFirstOrThrow();
      const tags = await s.ctx.db.selectFrom('tags').select('name').where('tone_id', '=', tone.id).execute();
      return {
        mateInfo: tone.mate_info,
        tags: tags.map((t) => t.name).sort(),
        tariff: tone.price_group_id,
        files: Object.keys(JSON.parse(tone.tone_file)).sort(),
      };
    };
    const on = await c.post('/sp/addtone', await goodTone(c, parts));
    expect(on.body.returnCode).toBe('000000');
    expect(await stored(on.body.record.toneID)).toEqual({
      mateInfo: 'Duet with Zawadi',
      tags: ['choir', 'dawn'],
      tariff: tariff.id,
      files: ['aipPlay', 'hdPlay', 'image', 'webAuditon'],
    });
    const off = { support_mate_info: '0', support_additional_tag: '0', support_volte: '0', support_tariff_price: '0' };
    await withConfig(off, async () => {
      // The rules of a hidden part do not apply: tags are required while they show, and these are too many.
      const r = await c.post('/sp/addtone', await goodTone(c, { ...parts, tagNames: 'a,b,c,d,e,f,g' }));
      expect(r.body.returnCode).toBe('000000');
      expect(await stored(r.body.record.toneID)).toEqual({
        mateInfo: '',
        tags: [],
        tariff: null, // no tariff

        files: ['aipPlay', 'image', 'webAuditon'],
      });
      // Without tags the tone needs none; the Edit Tags calls are closed (the capability gate).
      expect((await c.post('/sp/addtone', await goodTone(c, { tagNames: '' }))).body.returnCode).toBe('000000');
      for (const [path, params] of [
        ['/sp/queryTag', { toneID: on.body.record.toneID }],
        ['/sp/tagmaintenance', { toneID: on.body.record.toneID, tagNames: 'x' }],
      ] as const) {
        const refused = path === '/sp/queryTag' ? await c.get(path, params) : await c.post(path, params);
        expect(refused.body.returnCode).toBe('950016');
      }
      // An edit keeps the tone's tariff and its related information: what the form does not offer is not changed.
      const edit = await c.post(
        '/sp/edittone',
        await goodEdit(c, on.body.record, { toneName: 'Edited', mateInfo: 'changed', priceGroupID: '-1' }),
      );
      expect(edit.body.returnCode).toBe('000000');
      const change = await s.ctx.db
        .selectFrom('change_requests')
        .select('id')
        .where('entity_id', '=', Number(on.body.record.toneID))
        .where('kind', '=', 'modify')
        .executeTakeFirstOrThrow();
      expect(await runOperator(['changes', 'approve', String(change.id)], s.ctx, () => undefined)).toBe(0);
      expect(await stored(on.body.record.toneID)).toMatchObject({
        mateInfo: 'Duet with Zawadi',
        tags: ['choir', 'dawn'],
        tariff: tariff.id,
      });
    });
  });

  test('volte off: a unified master gives the IVR wav and the web audition, no HD file', async () => {
    const roles = async () => toneProfiles(await s.ctx.config.forSite('generic')).map((p) => p.role);
    expect(await roles()).toEqual(['ivr', 'web', 'hd']);
    await withConfig({ support_volte: '0' }, async () => expect(await roles()).toEqual(['ivr', 'web']));
  });

  test("the relative period is the catalogue's when the administrator specifies it", async () => {
    await withConfig({ admin_specify_relative_period: '1' }, async () => {
      const c = await s.login(DEMO.generic.account, DEMO.generic.password);
      const pop = await s.ctx.db
        .selectFrom('catalogues')
        .select(['id', 'relative_validity_period'])
        .where('name', '=', 'Pop')
        .where('resource_type', '=', 1)
        .executeTakeFirstOrThrow();
      expect(
        refusal(await c.post('/sp/addtone', await goodTone(c, { catalogID: String(pop.id), relativeTime: '365' }))),
      ).toEqual(['relativeTime:ToneForm.relativeFixed']);
      const ok = await c.post(
        '/sp/addtone',
        await goodTone(c, { catalogID: String(pop.id), relativeTime: pop.relative_validity_period }),
      );
      expect(ok.body.returnCode).toBe('000000');
    });
  });
});
