// IVR directories and prompts (001 §2.6, §2.7, §4, §5.5, §7): every call scoped to the provider (another's
// directory answers 964001, 'contact the administrator'), the directory name rule and the IVR wav format
// checked by the server from the same definitions as the dialogs (a 16-bit or 44.1 kHz wav is refused with a
// message naming its format, nothing stored), additions, modifications and deletions waiting for the operator
// until `changes approve` (listed with the directory's name), tones of a directory (only normal, non-jockey,
// own tones; the selection limit) and both orders.
import { startServer, shownState, DEMO, type TestServer, type Client } from './helpers';
import { runOperator } from '../../src/server/cli/commands';
import { sineWav } from '../../src/server/files/wav';

let s: TestServer;
let a: Client; // generic, approval flow (believeCP 0)
let b: Client; // another provider of the same site, trusted (believeCP 1)
let zh: Client; // the first provider in a Chinese session

beforeAll(async () => {
  s = await startServer();
  a = await s.login(DEMO.generic.account, DEMO.generic.password);
  b = await s.login(DEMO.believe.account, DEMO.believe.password);
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
/** Uploads a wav and gives its saved name. */
async function wav(c: Client, name: string, format: Parameters<typeof sineWav>[0] = {}) {
  const r = await c.upload([[name, sineWav({ seconds: 0.2, ...format })]]);
  expect(r.body.returnCode).toBe('000000');
  return r.body.record[name].savedFilename as string;
}
const dirs = async (c: Client) => (await c.post('/sp/qryivrcatalog', { startRecordNum: 1, endRecordNum: -1 })).body;
const count = async (table: 'ivr_directories' | 'ivr_prompts') =>
  Number(
    (
      await s.ctx.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
/** The waiting request of the entity listed (or, for a new name, modified) as `name`. */
async function pendingId(name: string) {
  const { out } = await operator(['changes', 'list']);
  const line = out.split('\n').find((l) => l.includes(`"name":"${name}"`) || l.includes(`"${name}"\t`));
  expect(line).toBeDefined();
  return line!.split('\t')[0].slice(1);
}
/** Tone ids of a provider by what the directory rule says about them. */
async function toneIds(code: string) {
  const rows = await s.ctx.db
    .selectFrom('tones')
    .innerJoin('providers', 'providers.id', 'tones.provider_id')
    .select(['tones.id', 'tones.status', 'tones.approve_type', 'tones.cut_flag'])
    .where('providers.code', '=', code)
    .execute();
  return {
    normal: rows.filter((r) => r.status === '1' && r.approve_type !== '1' && r.cut_flag !== '1').map((r) => r.id),
    notNormal: rows.filter((r) => r.status !== '1' || r.approve_type === '1').map((r) => r.id),
  };
}
/** A directory of the provider's list, by id, with the state its status column shows. */
async function dir(c: Client, id: string) {
  const row = (await dirs(c)).record.find((d: { catalogID: string }) => d.catalogID === id);
  return row && { ...row, state: shownState(row) };
}

describe('directories', () => {
  test('an addition waits for the operator, listed with its name, and is normal once approved', async () => {
    const before = (await dirs(a)).recordSum;
    const prompt = await wav(a, 'pop.wav');
    const r = await a.post('/sp/addivrcatalog', { catalogName: 'Pop Hits', catalogType: '1', promptFile: prompt });
    expect(r.body.returnCode).toBe('000000');
    const id = r.body.record.catalogID;
    const list = await dirs(a);
    expect(list.recordSum).toBe(before + 1);
    const row = list.record.find((d: { catalogID: string }) => d.catalogID === id);
    expect({ ...row, state: shownState(row) }).toMatchObject({
      catalogName: 'Pop Hits',
      state: 'add',
      status: '0',
      seq: String(before + 1),
    });
    expect(row.promptUrl).toBe(`/sp/file/${prompt}`);
    const cr = await pendingId('Pop Hits');
    expect((await operator(['changes', 'approve', cr])).code).toBe(0);
    expect(await dir(a, id)).toMatchObject({ status: '1', state: '1', refuseReason: '' });
  });

  test('a trusted provider’s directory is normal at once', async () => {
    const r = await b.post('/sp/addivrcatalog', {
      catalogName: 'Trusted',
      catalogType: '1',
      promptFile: await wav(b, 't.wav'),
    });
    expect(r.body.returnCode).toBe('000000');
    const trusted = (await dirs(b)).record.find((d: { catalogName: string }) => d.catalogName === 'Trusted');
    expect(shownState(trusted)).toBe('1');
  });

  test('bad input is refused with translated messages and stores nothing', async () => {
    const good = await wav(a, 'ok.wav');
    const before = await count('ivr_directories');
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ catalogName: '', catalogType: '1', promptFile: good }, 'catalogName', 'Ivr.directoryNameRequired'],
      [{ catalogName: 'Rock|Roll', catalogType: '1', promptFile: good }, 'catalogName', 'CommonRes.invalidChar'],
      [{ catalogName: ' Rock', catalogType: '1', promptFile: good }, 'catalogName', 'CommonRes.blankReg'],
      [{ catalogName: 'Rock', catalogType: '1', promptFile: 'nobody.wav' }, 'promptFile', 'Ivr.fileNotYours'],
    ];
    for (const [params, field, message] of cases) {
      const r = await zh.post('/sp/addivrcatalog', params);
      expect(r.body.returnCode).toBe('950004');
      const e = r.body.record.errors.find((x: { field: string }) => x.field === field);
      expect(e?.message).toBe(message);
      expect(e.text).toMatch(/[\u4e00-\u9fff]/); // the reason in the session's language
    }
    expect(
      (await a.post('/sp/addivrcatalog', { catalogName: 'x'.repeat(201), catalogType: '1', promptFile: good })).body
        .returnCode,
    ).toBe('950004');
    expect(
      (await a.post('/sp/addivrcatalog', { catalogName: 'Rock', catalogType: '3', promptFile: good })).body.returnCode,
    ).toBe('950004');
    expect(await count('ivr_directories')).toBe(before);
  });

  test('a 16-bit or 44.1 kHz prompt is refused, the message naming what the file is', async () => {
    const before = await count('ivr_directories');
    for (const [format, what] of [
      [{ bits: 16 }, '1 channel(s), 8000 Hz, 16 bit'],
      [{ sampleRate: 44100 }, '1 channel(s), 44100 Hz, 8 bit'],
    ] as const) {
      const file = await wav(a, 'studio.wav', format);
      const r = await a.post('/sp/addivrcatalog', { catalogName: 'Studio', catalogType: '1', promptFile: file });
      expect(r.body.returnCode).toBe('950004');
      const e = r.body.record.errors[0];
      expect(e).toMatchObject({ field: 'promptFile', message: 'Ivr.wavFormat' });
      expect(e.text).toContain(`This wav file is ${what}; an IVR prompt must be 1 channel(s), 8000 Hz, 8 bit.`);
    }
    expect(await count('ivr_directories')).toBe(before);
  });

  test('a name the provider already uses is refused (964005)', async () => {
    const r = await a.post('/sp/addivrcatalog', {
      catalogName: 'Pop Hits',
      catalogType: '1',
      promptFile: await wav(a, 'again.wav'),
    });
    expect(r.body.returnCode).toBe('964005');
    expect(r.body.returnMsg).toContain('Pop Hits');
  });

  test("another provider's directory cannot be browsed, changed, sorted or filled (964001)", async () => {
    const id = (await dirs(a)).record[0].catalogID;
    const prompt = await wav(b, 'mine.wav');
    const tries = [
      b.post('/sp/qrycatalogtone', { catalogID: id }),
      b.post('/sp/modivrcatalog', { catalogID: id, catalogName: 'Taken', catalogType: '1', promptFile: prompt }),
      b.post('/sp/delivrcatalog', { catalogID: id }),
      b.post('/sp/sortcatalog', { catalogIDs: id }),
      b.post('/sp/addcatalogtone', { catalogID: id, toneIDs: '1' }),
      b.post('/sp/delcatalogtone', { catalogID: id, toneIDs: '1' }),
      b.post('/sp/sortcatalogtones', { catalogID: id, toneIDs: '1' }),
    ];
    for (const r of await Promise.all(tries)) {
      expect(r.body.returnCode).toBe('964001');
      expect(r.body.returnMsg).toContain('contact the administrator');
    }
    expect((await dirs(b)).record.map((d: { catalogID: string }) => d.catalogID)).not.toContain(id);
  });

  test('tones: only own normal non-jockey tones, within the limit; added and removed on approval, reordered at once', async () => {
    const id = (await dirs(a)).record.find((d: { catalogName: string }) => d.catalogName === 'Pop Hits').catalogID;
    const mine = await toneIds(DEMO.generic.account);
    const theirs = await toneIds(DEMO.believe.account);
    const [t1, t2, t3] = mine.normal;
    expect(t3).toBeDefined();
    const refused = await a.post('/sp/addcatalogtone', { catalogID: id, toneIDs: `${t1},${mine.notNormal[0]}` });
    expect(refused.body.returnCode).toBe('964004');
    expect(refused.body.returnMsg).toContain(String(mine.notNormal[0]));
    if (theirs.normal.length)
      expect(
        (await a.post('/sp/addcatalogtone', { catalogID: id, toneIDs: String(theirs.normal[0]) })).body.returnCode,
      ).toBe('964004');
    const ok = await a.post('/sp/addcatalogtone', { catalogID: id, toneIDs: `${t1},${t2},${t3}` });
    expect(ok.body).toMatchObject({ returnCode: '000000', record: { added: '3', approval: '1' } });
    const order = async () =>
      (await a.post('/sp/qrycatalogtone', { catalogID: id, startRecordNum: 1, endRecordNum: 10 })).body.record.map(
        (t: { resourceID: string; seq: string }) => `${t.seq}:${t.resourceID}`,
      );
    // Callers hear the directory as it was until the operator approves the new entries.
    expect(await order()).toEqual([]);
    expect((await dir(a, id)).state).toBe('modify');
    expect((await a.post('/sp/addcatalogtone', { catalogID: id, toneIDs: String(t1) })).body.returnCode).toBe('961003');
    await operator(['changes', 'approve', await pendingId('Pop Hits')]);
    expect(await order()).toEqual([`1:${t1}`, `2:${t2}`, `3:${t3}`]);
    expect((await a.post('/sp/sortcatalogtones', { catalogID: id, toneIDs: `${t3},${t1}` })).body.returnCode).toBe(
      '000000',
    );
    expect(await order()).toEqual([`1:${t3}`, `2:${t1}`, `3:${t2}`]);
    expect((await a.post('/sp/delcatalogtone', { catalogID: id, toneIDs: String(t1) })).body.returnCode).toBe('000000');
    expect(await order()).toEqual([`1:${t3}`, `2:${t1}`, `3:${t2}`]);
    await operator(['changes', 'reject', await pendingId('Pop Hits'), '--reason', 'Keep it']);
    expect(await order()).toEqual([`1:${t3}`, `2:${t1}`, `3:${t2}`]);
    expect(await dir(a, id)).toMatchObject({ state: 'rejected', refuseReason: 'Keep it' });
    await a.post('/sp/delcatalogtone', { catalogID: id, toneIDs: String(t1) });
    await operator(['changes', 'approve', await pendingId('Pop Hits')]);
    expect(await order()).toEqual([`1:${t3}`, `2:${t2}`]);
    // The selection limit counts what the directory holds already.
    await operator(['config', 'set', 'limit_number_tones_per_ivr_catalog', '2']);
    try {
      const full = await a.post('/sp/addcatalogtone', { catalogID: id, toneIDs: String(t1) });
      expect(full.body).toMatchObject({ returnCode: '964003', returnMsg: expect.stringContaining('2') });
      expect(await order()).toEqual([`1:${t3}`, `2:${t2}`]);
    } finally {
      await operator(['config', 'set', 'limit_number_tones_per_ivr_catalog', '20']);
    }
    expect((await a.post('/sp/addcatalogtone', { catalogID: id, toneIDs: 'x' })).body.returnCode).toBe('950004');
  });

  test('a directory of tone boxes takes only the provider’s boxes on sale with no change waiting', async () => {
    const boxesOf = async (code: string) =>
      s.ctx.db
        .selectFrom('tone_boxes')
        .innerJoin('providers', 'providers.id', 'tone_boxes.provider_id')
        .select(['tone_boxes.id', 'tone_boxes.status', 'tone_boxes.approve_type'])
        .where('providers.code', '=', code)
        .execute();
    const mine = await boxesOf(DEMO.generic.account);
    const onSale = mine.filter((x) => x.status === '1' && x.approve_type === '2').map((x) => x.id);
    const waiting = mine.filter((x) => x.approve_type === '1').map((x) => x.id);
    const theirs = (await boxesOf(DEMO.believe.account)).map((x) => x.id);
    expect(onSale.length && waiting.length && theirs.length).toBeTruthy();
    const id = (await dirs(a)).record.find((d: { catalogName: string }) => d.catalogName === 'Music Boxes').catalogID;
    for (const refused of [waiting[0], theirs[0], (await toneIds(DEMO.generic.account)).normal[0]]) {
      const r = await a.post('/sp/addcatalogtone', { catalogID: id, toneIDs: String(refused) });
      expect(r.body.returnCode).toBe('964004');
      expect(r.body.returnMsg).toContain(String(refused));
    }
    expect((await a.post('/sp/addcatalogtone', { catalogID: id, toneIDs: String(onSale[0]) })).body.record.added).toBe(
      '1',
    );
    await operator(['changes', 'approve', await pendingId('Music Boxes')]);
    const entries = (await a.post('/sp/qrycatalogtone', { catalogID: id })).body.record;
    expect(entries).toEqual([expect.objectContaining({ resourceID: String(onSale[0]), resourceType: '2', seq: '1' })]);
    // The music box selection list offers exactly those (status 1, approveType 2).
    const offered = await a.post('/sp/querytonebox', { status: '1', approveType: '2', feeType: '3' });
    expect(offered.body.record.map((x: { toneBoxID: string }) => Number(x.toneBoxID))).toEqual(onSale);
  });

  test('directories are reordered at once; modification and deletion wait for approval', async () => {
    const second = await a.post('/sp/addivrcatalog', {
      catalogName: 'Jazz',
      catalogType: '1',
      promptFile: await wav(a, 'jazz.wav'),
    });
    const jazz = second.body.record.catalogID;
    const ids = (await dirs(a)).record.map((d: { catalogID: string }) => d.catalogID);
    const wanted = [jazz, ...ids.filter((x: string) => x !== jazz)];
    expect((await a.post('/sp/sortcatalog', { catalogIDs: wanted.join(',') })).body.returnCode).toBe('000000');
    const sorted = (await dirs(a)).record;
    expect(sorted.map((d: { catalogID: string }) => d.catalogID)).toEqual(wanted);
    expect(sorted.map((d: { seq: string }) => d.seq)).toEqual(wanted.map((_, i) => String(i + 1)));

    const pop = sorted.find((d: { catalogName: string }) => d.catalogName === 'Pop Hits');
    const mod = await a.post('/sp/modivrcatalog', {
      catalogID: pop.catalogID,
      catalogName: 'Pop Classics',
      catalogType: '1',
      promptFile: pop.promptFile,
    });
    expect(mod.body.returnCode).toBe('000000');
    expect(await dir(a, pop.catalogID)).toMatchObject({ catalogName: 'Pop Hits', state: 'modify' });
    // Nothing more while it waits.
    expect((await a.post('/sp/delivrcatalog', { catalogID: pop.catalogID })).body.returnCode).toBe('961003');
    await operator(['changes', 'approve', await pendingId('Pop Classics')]);
    expect(await dir(a, pop.catalogID)).toMatchObject({ catalogName: 'Pop Classics', state: '1' });
    // The type of a directory holding tones is fixed.
    const typed = await a.post('/sp/modivrcatalog', {
      catalogID: pop.catalogID,
      catalogName: 'Pop Classics',
      catalogType: '2',
      promptFile: pop.promptFile,
    });
    expect(typed.body.record.errors[0]).toMatchObject({ field: 'catalogType', message: 'Ivr.typeLocked' });

    expect((await a.post('/sp/delivrcatalog', { catalogID: pop.catalogID })).body.returnCode).toBe('000000');
    expect((await dir(a, pop.catalogID)).state).toBe('delete');
    // Its tones stay in it while the deletion waits.
    expect(
      await s.ctx.db
        .selectFrom('ivr_directory_items')
        .select('resource_id')
        .where('directory_id', '=', Number(pop.catalogID))
        .execute(),
    ).not.toEqual([]);
    const { code } = await operator(['changes', 'reject', await pendingId('Pop Classics'), '--reason', 'Still used']);
    expect(code).toBe(0);
    expect(await dir(a, pop.catalogID)).toMatchObject({ state: 'rejected', refuseReason: 'Still used', status: '1' });
    await a.post('/sp/delivrcatalog', { catalogID: pop.catalogID });
    await operator(['changes', 'approve', await pendingId('Pop Classics')]);
    expect((await dirs(a)).record.map((d: { catalogID: string }) => d.catalogID)).not.toContain(pop.catalogID);
    expect(
      await s.ctx.db
        .selectFrom('ivr_directory_items')
        .select('resource_id')
        .where('directory_id', '=', Number(pop.catalogID))
        .execute(),
    ).toEqual([]);
  });
});

describe('salutatory and help prompts', () => {
  const prompts = async (c: Client, type: string) =>
    (await c.post('/sp/qryivrwelhlpinfo', { promptType: type, startRecordNum: 1, endRecordNum: 50 })).body;

  test('an 8 kHz 8-bit prompt waits for approval; a 16-bit one is refused naming its format', async () => {
    const before = await count('ivr_prompts');
    const bad = await zh.post('/sp/addivrwelhlp', {
      promptType: '1',
      promptName: 'Welcome',
      promptFile: await wav(zh, 'cd.wav', { sampleRate: 44100, bits: 16, channels: 2 }),
    });
    expect(bad.body.returnCode).toBe('950004');
    expect(bad.body.record.errors[0].text).toContain('该 wav 文件为 2 声道、44100 Hz、16 位');
    expect(await count('ivr_prompts')).toBe(before);

    const ok = await a.post('/sp/addivrwelhlp', {
      promptType: '1',
      promptName: 'Welcome 2026',
      promptFile: await wav(a, 'welcome.wav'),
    });
    expect(ok.body.returnCode).toBe('000000');
    const listed = (await prompts(a, '1')).record[0];
    expect({ ...listed, state: shownState(listed) }).toMatchObject({
      promptName: 'Welcome 2026',
      status: '0',
      state: 'add',
      promptType: '1',
    });
    await operator(['changes', 'approve', await pendingId('Welcome 2026')]);
    const after = (await prompts(a, '1')).record;
    expect(
      after.filter((p: { status: string }) => p.status === '1').map((p: { promptName: string }) => p.promptName),
    ).toEqual(['Welcome 2026']);
  });

  test('help prompts are their own list; rejected with a reason; removed by their owner only', async () => {
    const r = await a.post('/sp/addivrwelhlp', {
      promptType: '2',
      promptName: 'Press 1',
      promptFile: await wav(a, 'help.wav'),
    });
    const id = r.body.record.promptID;
    expect((await prompts(a, '1')).record.map((p: { promptID: string }) => p.promptID)).not.toContain(id);
    await operator(['changes', 'reject', await pendingId('Press 1'), '--reason', 'Too quiet']);
    const refused = (await prompts(a, '2')).record.find((p: { promptID: string }) => p.promptID === id);
    expect({ ...refused, state: shownState(refused) }).toMatchObject({
      status: '0',
      state: 'rejected',
      refuseReason: 'Too quiet',
    });
    expect((await b.post('/sp/delivrwelhlp', { promptID: id })).body.returnCode).toBe('950005');
    expect((await prompts(b, '2')).record.map((p: { promptID: string }) => p.promptID)).not.toContain(id);
    expect((await a.post('/sp/delivrwelhlp', { promptID: id })).body.returnCode).toBe('000000');
    expect((await prompts(a, '2')).record.map((p: { promptID: string }) => p.promptID)).not.toContain(id);
    expect(
      (await a.post('/sp/addivrwelhlp', { promptType: '3', promptName: 'x', promptFile: 'y.wav' })).body.returnCode,
    ).toBe('950004');
    expect(
      (await a.post('/sp/addivrwelhlp', { promptType: '2', promptName: 'a<b', promptFile: await wav(a, 'h2.wav') }))
        .body.returnCode,
    ).toBe('950004');
  });
});
