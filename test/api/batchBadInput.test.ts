// Every batch call's bad input (000 §5, §7, §8; 001 §7): refused with the catalogued code and a reason naming
// the field, and nothing changes (no task row, no task touched); and isolation: another provider's task ids are
// refused by every call that takes one, its tasks never listed, downloaded, deleted or read. Runs on SQLite and,
// with TEST_DB=postgres, on PostgreSQL (the harness gives each file its own schema).
import { startServer, DEMO, type TestServer, type Client } from './helpers';
import { multipart, range, settled, txt, ymd } from './batchSupport';
import { createProvider } from '../../src/server/services/providers';

let s: TestServer;
let kenya: Client;
let other: Client;

beforeAll(async () => {
  s = await startServer();
  kenya = await s.login(DEMO.kenya.account, DEMO.kenya.password);
  await createProvider(
    s.ctx.db,
    { code: '8800098', password: 'Oth!Tone56q', site: 'kenya', name: 'Another Kenya CP' },
    s.clock.now,
  );
  other = await s.login('8800098', 'Oth!Tone56q');
});
afterAll(async () => {
  await s.close();
});

/** Every task row and its state: what a refused call must leave as it was. */
const tasks = async () =>
  JSON.stringify(await s.ctx.db.selectFrom('batch_tasks').select(['id', 'state', 'status']).orderBy('id').execute());

const day = (offset: number) => ymd(new Date(s.clock.now + offset * 86_400_000));

test('every batch call refuses bad input with its reason and changes nothing', async () => {
  const { begin, end } = range(s);
  const cases: Array<[string, () => Promise<{ body: any }>, string, string | undefined]> = [
    ['browse without an end', () => kenya.get('/sp/browsebatchtask/2', { begin }), '950004', 'end'],
    [
      'browse with a bad date',
      () => kenya.get('/sp/browsebatchtask/2', { begin: '2024-01-01', end }),
      '950004',
      'begin',
    ],
    [
      'browse with 31 February',
      () => kenya.get('/sp/browsebatchtask/2', { begin: '20240231 00:00:00', end }),
      '950004',
      'begin',
    ],
    [
      'browse with the start after the end',
      () => kenya.get('/sp/browsebatchtask/2', { begin: `${day(0)} 00:00:00`, end: `${day(-3)} 23:59:59` }),
      '950004',
      'begin',
    ],
    [
      'browse past today',
      () => kenya.get('/sp/browsebatchtask/2', { begin, end: `${day(1)} 23:59:59` }),
      '950004',
      'end',
    ],
    [
      'browse over a year',
      () => kenya.get('/sp/browsebatchtask/2', { begin: `${day(-400)} 00:00:00`, end }),
      '950004',
      'begin',
    ],
    [
      'browse an unknown status',
      () => kenya.get('/sp/browsebatchtask/2', { begin, end, status: '2' }),
      '950004',
      'status',
    ],
    [
      'browse exports with the start after the end',
      () =>
        kenya.get('/sp/browsebatchtask/exportToneAndSinger', {
          begin: `${day(0)} 00:00:00`,
          end: `${day(-1)} 23:59:59`,
        }),
      '950004',
      'begin',
    ],
    [
      'a task file missing',
      () => multipart(kenya, '/sp/addbatchtask/batchAddCopyrightCompany', [], { taskDesc: 'x' }),
      '950014',
      undefined,
    ],
    [
      'an empty copyright file',
      () => multipart(kenya, '/sp/addbatchtask/batchAddCopyrightCompany', [['file', 'e.txt', Buffer.alloc(0)]]),
      '963001',
      undefined,
    ],
    [
      'an empty update file',
      () => multipart(kenya, '/sp/addbatchtask/batchUpdateToneAndSinger', [['file', 'e.txt', Buffer.alloc(0)]]),
      '963001',
      undefined,
    ],
    [
      'a description over 256',
      () =>
        multipart(kenya, '/sp/addbatchtask/batchAddCopyrightCompany', [['file', 'o.txt', txt(['A|B|C1|254711'])]], {
          taskDesc: 'd'.repeat(257),
        }),
      '950004',
      'taskDesc',
    ],
    [
      'data that is not JSON',
      () =>
        multipart(kenya, '/sp/addbatchtask/batchAddCopyrightCompany', [['file', 'o.txt', txt(['A|B|C2|254711'])]], {
          data: '{',
        }),
      '950004',
      'data',
    ],
    [
      'an export with a pipe in its description',
      () => kenya.post('/sp/exporttonesinger/exportToneAndSinger', { taskDesc: 'a|b' }),
      '950004',
      'taskDesc',
    ],
    [
      'modify to a status other than 6',
      () => kenya.post('/sp/modifybatchtask/batchAddCopyrightCompany', { status: '3', taskId: '1' }),
      '950004',
      'status',
    ],
    [
      'modify a task id that is no number',
      () => kenya.post('/sp/modifybatchtask/batchAddCopyrightCompany', { status: '6', taskId: 'x1' }),
      '950004',
      'taskId',
    ],
    [
      'delete a task id that is no number',
      () => kenya.post('/sp/deleteexporttask', { taskId: '1;2' }),
      '950004',
      'taskId',
    ],
    [
      'delete more than 30 tasks',
      () => kenya.post('/sp/deleteexporttask', { taskId: Array.from({ length: 31 }, (_, i) => i + 1).join(',') }),
      '961002',
      undefined,
    ],
    [
      'results without a task id',
      () => kenya.get('/sp/querybatchtask/batchAddCopyrightCompany', {}),
      '950004',
      'taskId',
    ],
    [
      'results of a task id that is no number',
      () => kenya.get('/sp/querybatchtask/batchAddCopyrightCompany', { taskId: 'abc' }),
      '950004',
      'taskId',
    ],
    [
      'an export download without a task id',
      () => kenya.get('/sp/tonecopyrightexport/', { queryType: '3', taskTypeName: 'exportToneAndSinger' }),
      '950004',
      'taskId',
    ],
    [
      'a batch upload without its zip',
      () => multipart(kenya, '/sp/batchaddtone', [['indexFile', 'i.txt', txt(['x'])]]),
      '963001',
      undefined,
    ],
    [
      'upload results of a task id that is no number',
      () => kenya.get('/sp/batchaddtone/querytaskresult', { taskId: '1 OR 1=1' }),
      '950004',
      'taskId',
    ],
  ];
  const before = await tasks();
  const seen: Array<[string, string, string | undefined]> = [];
  for (const [name, call, , field] of cases) {
    const { body } = await call();
    const named =
      field === undefined
        ? undefined
        : (body.record?.errors ?? []).some((e: any) => e.field === field)
          ? field
          : JSON.stringify(body.record?.errors ?? body.returnMsg);
    seen.push([name, body.returnCode, named]);
    // Every refusal explains itself in words.
    expect(typeof body.returnMsg).toBe('string');
    expect(body.returnMsg.length).toBeGreaterThan(3);
  }
  expect(seen).toEqual(cases.map(([name, , code, field]) => [name, code, field]));
  expect(await tasks()).toBe(before);
});

test("another provider's task ids are refused by every call that takes one, and its tasks are never listed", async () => {
  const exp = await kenya.post('/sp/exporttonesinger/exportToneAndSinger', { taskDesc: 'Mine' });
  expect(exp.body.returnCode).toBe('000000');
  const exportId = String((await settled(s, exp.body.record.taskId)).id);
  const owners = await multipart(kenya, '/sp/addbatchtask/batchAddCopyrightCompany', [
    ['file', 'o.txt', txt(['Isolated Owner|Stage|ISO2|254711000222'])],
  ]);
  const ownersId = String((await settled(s, owners.body.record.taskId)).id);
  const before = await tasks();

  const refused = [
    await other.get('/sp/tonecopyrightexport/', {
      taskId: exportId,
      queryType: '3',
      taskTypeName: 'exportToneAndSinger',
    }),
    await other.get('/sp/querybatchtask/exportToneAndSinger', { taskId: exportId }),
    await other.get('/sp/querybatchtask/batchAddCopyrightCompany', { taskId: ownersId }),
    await other.get('/sp/batchaddtone/querytaskresult', { taskId: ownersId }),
    await other.post('/sp/deleteexporttask', { taskId: exportId }),
    await other.post('/sp/modifybatchtask/batchAddCopyrightCompany', { status: '6', taskId: ownersId }),
  ];
  expect(refused.map((r) => r.body.returnCode)).toEqual(Array(refused.length).fill('950005'));
  // The export file itself is not handed out: no attachment.
  const dl = await fetch(
    `${s.base}/sp/tonecopyrightexport/?portalType=1&taskId=${exportId}&queryType=3&taskTypeName=exportToneAndSinger`,
    { headers: { cookie: other.cookie } },
  );
  expect(dl.headers.get('content-disposition')).toBeNull();
  // A list of ids with one of another provider's: that one is refused by name, none of them is deleted.
  const mixed = await other.post('/sp/deleteexporttask', { taskId: `${exportId},${ownersId}` });
  expect(mixed.body.returnCode).not.toBe('000000');
  for (const path of ['/sp/browsebatchtask/all', '/sp/browsebatchtask/exportToneAndSinger', '/sp/browsebatchtask/3'])
    expect((await other.get(path, { ...range(s), startRecordNum: 1, endRecordNum: 50 })).body.recordSum).toBe(0);
  expect(await tasks()).toBe(before);
  // The owner still reads and downloads its own.
  expect((await kenya.get('/sp/querybatchtask/batchAddCopyrightCompany', { taskId: ownersId })).body.returnCode).toBe(
    '000000',
  );
});
