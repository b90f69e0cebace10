// Isolation: two providers logged in side by side; no call returns or changes the other's data.
import { startServer, DEMO, type TestServer, type Client } from './helpers';
import { sineWav } from '../../src/server/files/wav';

let s: TestServer;
let a: Client;
let b: Client;
let bTones: Array<{ id: number; tone_code: string; tone_name: string; tone_file: string }>;
const B_NAME = 'Nairobi Sounds';

beforeAll(async () => {
  s = await startServer();
  a = await s.login(DEMO.generic.account, DEMO.generic.password);
  b = await s.login(DEMO.kenya.account, DEMO.kenya.password);
  const bId = (
    await s.ctx.db.selectFrom('providers').select('id').where('code', '=', DEMO.kenya.account).executeTakeFirstOrThrow()
  ).id;
  bTones = await s.ctx.db
    .selectFrom('tones')
    .select(['id', 'tone_code', 'tone_name', 'tone_file'])
    .where('provider_id', '=', bId)
    .execute();
  expect(bTones.length).toBeGreaterThan(5);
});
afterAll(async () => {
  await s.close();
});

/** True when the answer mentions anything that is only B's. */
function leaksB(raw: string): boolean {
  return (
    raw.includes(DEMO.kenya.account) ||
    raw.includes(B_NAME) ||
    bTones.some((t) => raw.includes(`"${t.tone_code}"`) || raw.includes(JSON.parse(t.tone_file).webAuditon))
  );
}

test("the tone list holds only the caller's tones, whatever the filters", async () => {
  const all = await a.get('/sp/qrytone', { startRecordNum: 1, endRecordNum: 1000 });
  expect(all.body.recordSum).toBe(12);
  expect(all.body.record.every((t: { cpName: string }) => t.cpName === 'Generic Music Ltd')).toBe(true);
  expect(leaksB(all.raw)).toBe(false);
  const byCode = await a.get('/sp/qrytone', { toneCode: bTones[0].tone_code });
  expect(byCode.body.recordSum).toBe(0);
  const byName = await a.get('/sp/qrytone', { toneName: bTones[0].tone_name });
  expect(leaksB(byName.raw)).toBe(false);
});

test('play addresses and files of the other provider are not found', async () => {
  const bTone = bTones[0];
  expect((await a.get('/sp/getprelistenurl', { toneCode: bTone.tone_code })).body.returnCode).toBe('950005');
  expect((await a.get('/sp/getprelistenurl', { toneID: bTone.id })).body.returnCode).toBe('950005');
  const own = await b.get('/sp/getprelistenurl', { toneCode: bTone.tone_code });
  expect(own.body.returnCode).toBe('000000');
  expect((await a.get(own.body.record.url)).body.returnCode).toBe('950005');
  const res = await fetch(s.base + own.body.record.url, { headers: { cookie: b.cookie } });
  expect(res.headers.get('content-type')).toBe('audio/wav');

  const up = await a.upload([['mine.wav', sineWav()]]);
  const saved = up.body.record['mine.wav'].savedFilename;
  expect((await b.get(`/sp/file/${saved}`)).body.returnCode).toBe('950005');
});

test("account calls read and change only the caller's account", async () => {
  const before = (await b.get('/sp/qrycpselfInfo')).body.record;
  const upd = await a.post('/sp/updatecpinfo', {
    contactName: 'Only A',
    phoneNumber: '254711000000',
    email: 'a@example.com',
    spCode: DEMO.kenya.account,
    code: DEMO.kenya.account,
  });
  expect(upd.body.returnCode).toBe('000000');
  expect(upd.body.record.spCode).toBe(DEMO.generic.account);
  expect((await b.get('/sp/qrycpselfInfo')).body.record).toEqual(before);
  expect((await a.get('/sp/qrycpselfInfo')).body.record.contactName).toBe('Only A');
  expect(leaksB((await a.get('/sp/accountdownload')).raw)).toBe(false);
});

test("no read call answers B's data to A, even when asked with B's identifiers", async () => {
  const reads = s.app.apiRoutes.filter((r) => r.auth === 'session' && r.method !== 'POST' && !r.url.includes(':'));
  expect(reads.length).toBeGreaterThan(8);
  const bait = {
    toneCode: bTones[1].tone_code,
    toneID: bTones[1].id,
    account: DEMO.kenya.account,
    spCode: DEMO.kenya.account,
    code: DEMO.kenya.account,
  };
  for (const r of reads) {
    const answer = await a.get(r.url, bait);
    expect([r.url, leaksB(answer.raw)]).toEqual([r.url, false]);
  }
});

test("one provider logging out leaves the other's session alone", async () => {
  const a2 = await s.login(DEMO.generic.account, DEMO.generic.password);
  await a2.post('/common/logout');
  expect((await b.get('/sp/checkcplogin')).body.returnCode).toBe('000000');
  expect((await a.get('/sp/checkcplogin')).body.returnCode).toBe('000000');
});
