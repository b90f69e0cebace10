// sp/batchupdaterbtexpiredate (Ais, 000 §2 menu 1-4, 001 §7): chosen tones get a new expiry date with a result
// per tone; the date meets the tone edit form's rules for each tone; the change follows the approval flow.
import { plainTone, startServer, DEMO, type TestServer, type Client } from './helpers';
import { seededToneCodes, settled } from './batchSupport';
import { createProvider } from '../../src/server/services/providers';
import { insertTone } from '../../src/server/services/tones';

let s: TestServer;
let ais: Client;
let code: (seq: number) => string;
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  s = await startServer();
  code = await seededToneCodes(s, DEMO.ais.account);
  ais = await s.login(DEMO.ais.account, DEMO.ais.password);
});
afterAll(async () => {
  await s.close();
});

test('each chosen tone gets its result; valid ones wait for approval', async () => {
  const r = await ais.post('/sp/batchupdaterbtexpiredate', {
    toneCodes: [code(1), code(2), code(5), '12345'].join(','),
    toneValidDay: inDays(300),
  });
  expect(r.body.returnCode).toBe('000001');
  expect(r.body.record).toMatchObject({
    taskType: '5',
    taskTypeName: 'batchUpdateExpireDate',
    status: '3',
    successCount: 2,
    totalCount: 4,
  });
  expect(r.body.record.lines.map((l: any) => [l.cmdLine, l.returnCode, l.returnMsg])).toEqual([
    [code(1), '000000', 'Change submitted for approval.'],
    [code(2), '000000', 'Change submitted for approval.'],
    [code(5), '950004', `Tone ${code(5)} is waiting for approval of an earlier change.`],
    ['12345', '950005', 'You have no tone 12345.'],
  ]);
  const tone = await s.ctx.db
    .selectFrom('tones')
    .selectAll()
    .where('tone_code', '=', code(1))
    .executeTakeFirstOrThrow();
  const cr = await s.ctx.db
    .selectFrom('change_requests')
    .selectAll()
    .where('entity_id', '=', tone.id)
    .where('kind', '=', 'modify')
    .executeTakeFirstOrThrow();
  expect(JSON.parse(cr.payload)).toEqual({ toneValidDay: inDays(300) });
});

test("a date before the tone's relative period is refused per tone with the form's message", async () => {
  const r = await ais.post('/sp/batchupdaterbtexpiredate', { toneCodes: code(8), toneValidDay: inDays(30) });
  expect(r.body.returnCode).toBe('000001');
  expect(r.body.record.lines[0].returnCode).toBe('950004');
  expect(r.body.record.lines[0].returnMsg).toMatch(/^Absolute validity: /);
  const bad = await ais.post('/sp/batchupdaterbtexpiredate', { toneCodes: code(7), toneValidDay: '2030-02-30' });
  expect(bad.body.returnCode).toBe('950004');
  expect(bad.body.record.errors[0]).toMatchObject({ field: 'toneValidDay', message: 'CommonRes.dateInvalid' });
  expect(
    (await ais.post('/sp/batchupdaterbtexpiredate', { toneCodes: 'abc', toneValidDay: inDays(300) })).body.returnCode,
  ).toBe('950004');
});

test('a trusted provider changes the date at once; more than 100 tones become a task', async () => {
  await createProvider(
    s.ctx.db,
    { code: '8800031', password: 'Ais!Trust42k', site: 'ais', name: 'Trusted Ais', believeCP: '1' },
    s.clock.now,
  );
  const pid = (
    await s.ctx.db.selectFrom('providers').select('id').where('code', '=', '8800031').executeTakeFirstOrThrow()
  ).id;
  const now = Date.now();
  await insertTone(
    s.ctx.db,
    plainTone({
      provider_id: pid,
      tone_code: '880003100001',
      tone_name: 'Trusted',
      singer_name: 'S',
      tone_valid_day: inDays(100),
      created_at: now,
      updated_at: now,
    }),
  );
  const trusted = await s.login('8800031', 'Ais!Trust42k');
  const codes = ['880003100001', ...Array.from({ length: 100 }, (_, i) => String(7000 + i))];
  const r = await trusted.post('/sp/batchupdaterbtexpiredate', {
    toneCodes: codes.join(','),
    toneValidDay: inDays(500),
  });
  expect(r.body.returnCode).toBe('000000');
  expect(r.body.record.lines).toEqual([]);
  const task = await settled(s, r.body.record.taskId);
  expect(task).toMatchObject({ status: '3', total_count: 101, success_count: 1, fail_count: 100 });
  const tone = await s.ctx.db
    .selectFrom('tones')
    .selectAll()
    .where('tone_code', '=', '880003100001')
    .executeTakeFirstOrThrow();
  expect(tone).toMatchObject({ tone_valid_day: inDays(500), status: '1', approve_type: '2' });
  const results = await trusted.get('/sp/querybatchtask/batchUpdateExpireDate', {
    taskId: task.id,
    startRecordNum: 1,
    endRecordNum: 1,
  });
  expect(results.body.record[0]).toMatchObject({
    cmdLine: '880003100001',
    returnCode: '000000',
    returnMsg: 'Tone updated.',
  });
});

test('only the Ais site has it', async () => {
  const generic = await s.login(DEMO.generic.account, DEMO.generic.password);
  expect(
    (await generic.post('/sp/batchupdaterbtexpiredate', { toneCodes: '1', toneValidDay: inDays(300) })).body.returnCode,
  ).toBe('950016');
});
