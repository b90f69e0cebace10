// Name tones (001 §2.8, §5.6, §6, §7; 000 §2): the category call is the privilege check (956012 'Sorry, you
// don't have the privilege to upload name tones.' without it, the operator granting and withdrawing it), the upload
// follows the namerbtUpload definition on the server (name rule, a single initial letter a-z, MSISDN by
// rule_user_number_regexp, the caller's own wav in the wav_* format, the message naming a wrong format) and
// stores nothing when refused; an upload waits for the operator (listed with its name) unless the provider is
// trusted; a name uploaded again counts up; every list is the caller's own.
import { shownState, startServer, DEMO, type TestServer, type Client } from './helpers';
import { runOperator } from '../../src/server/cli/commands';
import { sineWav } from '../../src/server/files/wav';

let s: TestServer;
let a: Client; // generic, name-tone privilege, approval flow (believeCP 0)
let k: Client; // Kenya site provider, name-tone privilege
let none: Client; // generic, trusted (believeCP 1), no name-tone privilege
let zh: Client; // the first provider in a Chinese session

beforeAll(async () => {
  s = await startServer();
  a = await s.login(DEMO.generic.account, DEMO.generic.password);
  k = await s.login(DEMO.kenya.account, DEMO.kenya.password);
  none = await s.login(DEMO.believe.account, DEMO.believe.password);
  zh = await s.login(DEMO.generic.account, DEMO.generic.password, { 'accept-language': 'zh' });
});
afterAll(async () => {
  await s.close();
});

const operator = async (args: string[]) => {
  const out: string[] = [];
  const code = await runOperator(args, s.ctx, (line: string) => out.push(line));
  return { code, out: out.join('\n') };
};
async function wav(c: Client, name: string, format: Parameters<typeof sineWav>[0] = {}) {
  const r = await c.upload([[name, sineWav({ seconds: 0.2, ...format })]]);
  expect(r.body.returnCode).toBe('000000');
  return r.body.record[name].savedFilename as string;
}
const list = async (c: Client, filter: Record<string, string> = {}) =>
  (await c.post('/sp/qrynametone', { startRecordNum: 1, endRecordNum: 50, ...filter })).body;
const stored = async () =>
  Number(
    (
      await s.ctx.db
        .selectFrom('name_tones')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
async function pending(name: string) {
  const { out } = await operator(['changes', 'list', '--type', 'nameTone']);
  return out.split('\n').filter((l) => l.includes(`"${name}"`));
}

describe('the category (sp/getcategoryid)', () => {
  test('with the privilege: the name-tone category record', async () => {
    const r = await a.get('/sp/getcategoryid', { portalType: '1' });
    expect(r.body.returnCode).toBe('000000');
    expect(r.body.record).toMatchObject({ catalogID: expect.stringMatching(/^\d+$/), catName: 'Name tones' });
  });

  test('without it: 956012 and no record, in the session language; the operator grants and withdraws it', async () => {
    const r = await none.get('/sp/getcategoryid', { portalType: '1' });
    expect(r.body).toMatchObject({
      returnCode: '956012',
      returnMsg: "Sorry, you don't have the privilege to upload name tones.",
    });
    expect(r.body.record).toBeUndefined();
    expect((await operator(['provider', 'namerbt', DEMO.believe.account, 'on'])).code).toBe(0);
    expect((await operator(['provider', 'list'])).out).toMatch(new RegExp(`${DEMO.believe.account}\\t.*namerbt`));
    expect((await none.get('/sp/getcategoryid', { portalType: '1' })).body.returnCode).toBe('000000');
    expect((await operator(['provider', 'namerbt', DEMO.believe.account, 'off'])).code).toBe(0);
    expect((await none.get('/sp/getcategoryid', { portalType: '1' })).body.returnCode).toBe('956012');
    expect((await operator(['provider', 'namerbt', DEMO.believe.account, 'maybe'])).code).not.toBe(0);
    const z = await (
      await s.login(DEMO.believe.account, DEMO.believe.password, { 'accept-language': 'zh' })
    ).get('/sp/getcategoryid');
    expect(z.body).toMatchObject({ returnCode: '956012', returnMsg: '抱歉，您没有上传名字铃音的权限。' });
  });
});

describe('upload (sp/uploadnametone)', () => {
  test('waits for the operator, listed with its fields; approved it is normal; uploaded again it counts up', async () => {
    const file = await wav(a, 'grace.wav');
    const r = await a.post('/sp/uploadnametone', {
      name: 'Grace',
      initialLetter: 'g',
      msisdn: '254700000200',
      toneFile: file,
      catalogID: '999999', // not the category: the server uses the account's own
    });
    expect(r.body).toMatchObject({ returnCode: '000000', record: { approval: '1' } });
    const id = r.body.record.nameToneID;
    const row = (await list(a)).record.find((t: { nameToneID: string }) => t.nameToneID === id);
    expect(row).toMatchObject({
      name: 'Grace',
      initialLetter: 'g',
      msisdn: '254700000200',
      uploadCount: '1',
      uploadLink: `/sp/file/${file}`,
      status: '0',
      requestDate: new Date().toISOString().slice(0, 10),
    });
    const saved = await s.ctx.db
      .selectFrom('name_tones')
      .select('catalog_id')
      .where('id', '=', Number(id))
      .executeTakeFirstOrThrow();
    const category = (await a.get('/sp/getcategoryid', { portalType: '1' })).body.record.catalogID;
    expect(String(saved.catalog_id)).toBe(category);
    // The play address plays the recording to its owner only.
    expect((await a.get(`/sp/file/${file}`)).status).toBe(200);
    expect((await k.get(`/sp/file/${file}`)).body.returnCode).toBe('950005');

    const [line] = await pending('Grace');
    expect(line).toContain('254700000200');
    expect((await operator(['changes', 'approve', line.split('\t')[0].slice(1)])).code).toBe(0);
    expect((await list(a, { name: 'grace' })).record[0]).toMatchObject({ status: '1', uploadCount: '1' });

    // A new recording of the same name and MSISDN waits (the later one replacing the earlier: one request for the
    // operator) while subscribers keep hearing the approved one; refused, the live recording stays.
    const again = await wav(a, 'grace2.wav');
    const third = await wav(a, 'grace3.wav');
    for (const f of [again, third])
      expect(
        (await a.post('/sp/uploadnametone', { name: 'Grace', initialLetter: 'g', msisdn: '254700000200', toneFile: f }))
          .body.returnCode,
      ).toBe('000000');
    const waiting = (await list(a, { name: 'Grace' })).record;
    expect(waiting).toEqual([
      expect.objectContaining({ nameToneID: id, uploadCount: '1', status: '1', uploadLink: `/sp/file/${file}` }),
    ]);
    expect(shownState(waiting[0])).toBe('modify');
    expect(await pending('Grace')).toHaveLength(1);
    const [wait] = await pending('Grace');
    await operator(['changes', 'reject', wait.split('\t')[0].slice(1), '--reason', 'Mispronounced']);
    const refused = (await list(a, { name: 'Grace' })).record[0];
    expect(refused).toMatchObject({ status: '1', uploadLink: `/sp/file/${file}`, refuseReason: 'Mispronounced' });
    expect(shownState(refused)).toBe('rejected');
    // Sent again and approved: the new recording goes on air and counts.
    await a.post('/sp/uploadnametone', { name: 'Grace', initialLetter: 'g', msisdn: '254700000200', toneFile: third });
    const [next] = await pending('Grace');
    await operator(['changes', 'approve', next.split('\t')[0].slice(1)]);
    expect((await list(a, { name: 'Grace' })).record[0]).toMatchObject({
      uploadCount: '2',
      uploadLink: `/sp/file/${third}`,
      refuseReason: '',
    });
  });

  test('a trusted provider with the privilege is normal at once', async () => {
    await operator(['provider', 'namerbt', DEMO.believe.account, 'on']);
    try {
      const r = await none.post('/sp/uploadnametone', {
        name: 'Hassan',
        initialLetter: 'h',
        toneFile: await wav(none, 'hassan.wav'),
      });
      expect(r.body).toMatchObject({ returnCode: '000000', record: { approval: '0' } });
      expect((await list(none, { name: 'Hassan' })).record[0]).toMatchObject({ status: '1', msisdn: '' });
      expect(await pending('Hassan')).toEqual([]);
    } finally {
      await operator(['provider', 'namerbt', DEMO.believe.account, 'off']);
    }
  });

  test('without the privilege: 956012, nothing stored', async () => {
    const before = await stored();
    const r = await none.post('/sp/uploadnametone', {
      name: 'Irene',
      initialLetter: 'i',
      toneFile: await wav(none, 'irene.wav'),
    });
    expect(r.body).toMatchObject({
      returnCode: '956012',
      returnMsg: "Sorry, you don't have the privilege to upload name tones.",
    });
    expect(await stored()).toBe(before);
  });

  test('bad input is refused with translated messages naming the rule, nothing stored', async () => {
    const good = await wav(zh, 'ok.wav');
    const others = await wav(k, 'kenya.wav');
    const before = await stored();
    const base = { name: 'Juma', initialLetter: 'j', msisdn: '254700000300', toneFile: good };
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ ...base, name: '' }, 'name', 'NameTone.nameRequired'],
      [{ ...base, name: 'Ju|ma' }, 'name', 'CommonRes.invalidChar'],
      [{ ...base, name: ' Juma' }, 'name', 'CommonRes.blankReg'],
      [{ ...base, initialLetter: 'jj' }, 'initialLetter', 'NameTone.initialLetterRule'],
      [{ ...base, initialLetter: 'J' }, 'initialLetter', 'NameTone.initialLetterRule'],
      [{ ...base, initialLetter: '1' }, 'initialLetter', 'NameTone.initialLetterRule'],
      [{ ...base, initialLetter: '' }, 'initialLetter', 'NameTone.initialRequired'],
      [{ ...base, msisdn: '25470000abc' }, 'msisdn', 'NameTone.msisdnInvalid'],
      [{ ...base, msisdn: '1234567890123456' }, 'msisdn', 'NameTone.msisdnInvalid'],
      [{ ...base, toneFile: others }, 'toneFile', 'NameTone.fileNotYours'],
      [{ ...base, toneFile: 'nobody.wav' }, 'toneFile', 'NameTone.fileNotYours'],
    ];
    for (const [params, field, message] of cases) {
      const r = await zh.post('/sp/uploadnametone', params);
      expect(r.body.returnCode).toBe('950004');
      const e = r.body.record.errors.find((x: { field: string }) => x.field === field);
      expect({ params, message: e?.message }).toEqual({ params, message });
      expect(e.text).toMatch(/[\u4e00-\u9fff]/);
    }
    expect((await a.post('/sp/uploadnametone', { ...base, name: 'x'.repeat(201) })).body.returnCode).toBe('950004');
    expect(await stored()).toBe(before);
  });

  test('a 16-bit or 44.1 kHz recording is refused, the message naming what the file is', async () => {
    const before = await stored();
    for (const [format, what] of [
      [{ bits: 16 }, '1 channel(s), 8000 Hz, 16 bit'],
      [{ sampleRate: 44100 }, '1 channel(s), 44100 Hz, 8 bit'],
    ] as const) {
      const r = await a.post('/sp/uploadnametone', {
        name: 'Kofi',
        initialLetter: 'k',
        toneFile: await wav(a, 'kofi.wav', format),
      });
      expect(r.body.returnCode).toBe('950004');
      expect(r.body.record.errors[0]).toMatchObject({ field: 'toneFile', message: 'NameTone.wavFormat' });
      expect(r.body.record.errors[0].text).toContain(
        `This wav file is ${what}; a name tone must be 1 channel(s), 8000 Hz, 8 bit.`,
      );
    }
    expect(await stored()).toBe(before);
  });
});

describe('the list (sp/qrynametone)', () => {
  test('each provider sees only its own, filtered by name, initial letter and MSISDN', async () => {
    const mine = await list(a);
    const theirs = await list(k);
    expect(mine.recordSum).toBeGreaterThan(0);
    expect(theirs.recordSum).toBeGreaterThan(0);
    const ids = new Set(mine.record.map((t: { nameToneID: string }) => t.nameToneID));
    for (const t of theirs.record) expect(ids.has(t.nameToneID)).toBe(false);
    expect((await list(none)).record.map((t: { name: string }) => t.name)).toEqual(['Hassan']);
    for (const t of (await list(a, { initialLetter: 'a' })).record) expect(t.initialLetter).toBe('a');
    expect((await list(a, { msisdn: '254700000101' })).record.map((t: { name: string }) => t.name)).toEqual(['Amina']);
    expect((await list(a, { name: 'MIN' })).record.map((t: { name: string }) => t.name)).toEqual(['Amina']);
    expect((await list(a, { name: '%' })).recordSum).toBe(0);
    expect((await a.post('/sp/qrynametone', { initialLetter: 'AB' })).body.returnCode).toBe('950004');
    expect((await a.post('/sp/qrynametone', { msisdn: 'abc' })).body.returnCode).toBe('950004');
  });

  test('the demo shows name tones in every state', async () => {
    const states = new Set((await list(k)).record.map((t: Record<string, unknown>) => shownState(t)));
    expect([...states].sort()).toEqual(['1', 'add', 'modify', 'rejected']);
  });
});
