// The Kenya batch operation calls (000 §2, §3, §4, §5, §6, §7, §8): submitting txt tasks and exports, the
// management list with its date range, per-line results, downloads, the 000 §4 delete/download rules, and
// isolation between providers. Tasks run on the real job queue of the test's database.
import { plainTone, startServer, DEMO, type TestServer, type Client } from './helpers';
import { multipart, range, seededToneCodes, settled, txt } from './batchSupport';
import { createProvider } from '../../src/server/services/providers';
import { insertTone } from '../../src/server/services/tones';

let s: TestServer;
let kenya: Client;
let kenyaId: number;
let code: (seq: number) => string;

beforeAll(async () => {
  s = await startServer();
  code = await seededToneCodes(s, DEMO.kenya.account);
  kenya = await s.login(DEMO.kenya.account, DEMO.kenya.password);
  kenyaId = (
    await s.ctx.db.selectFrom('providers').select('id').where('code', '=', DEMO.kenya.account).executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await s.close();
});

const tasksOf = async () =>
  (await s.ctx.db.selectFrom('batch_tasks').select('id').where('provider_id', '=', kenyaId).execute()).length;

describe('demo data', () => {
  test('the Kenya demo provider has a task in each status, its export downloadable and its results readable', async () => {
    const list = await kenya.get('/sp/browsebatchtask/all', { ...range(s, 5), startRecordNum: 1, endRecordNum: 50 });
    expect(new Set(list.body.record.map((t: any) => t.status))).toEqual(new Set(['1', '3', '4', '6']));
    const exp = list.body.record.find((t: any) => t.taskType === '1' && t.status === '3');
    const dl = await fetch(
      `${s.base}/sp/tonecopyrightexport/?portalType=1&taskId=${exp.taskId}&queryType=3&taskTypeName=exportToneAndSinger`,
      { headers: { cookie: kenya.cookie } },
    );
    expect((await dl.text()).split('\n').length).toBeGreaterThan(2);
    const failedTask = list.body.record.find((t: any) => t.status === '4');
    const lines = await kenya.get(`/sp/querybatchtask/${failedTask.taskTypeName}`, { taskId: failedTask.taskId });
    expect(lines.body.record[0].returnMsg).toContain('Not applied: the task failed');
    const pending = list.body.record.find((t: any) => t.status === '1');
    expect(pending).toMatchObject({ state: 'queued', canDelete: '1', progressResult: '0/1' });
  });
});

describe('add copyright companies (task type 3)', () => {
  test('each line is checked by the Add Copyright rules and gets its own result', async () => {
    const file = txt([
      '# officialName|stageName|idNumber|phoneNumber|email|description',
      'Batch Owner One | Stage One | BATCH001 | 254711000001 | one@example.com | First owner',
      '',
      'Bad<Name|Stage|BATCH002|254711000002',
      'Owner Three|Stage|ID88000200|254711000003',
      'Owner Four|Stage|BATCH004|not-a-phone',
      'Owner Five|Stage|BATCH005|254711000005|five@example.com|' + 'x'.repeat(257),
      'only|three|values',
    ]);
    const r = await multipart(kenya, '/sp/addbatchtask/batchAddCopyrightCompany', [['file', 'owners.txt', file]], {
      taskDesc: 'New owners',
    });
    expect(r.body.returnCode).toBe('000000');
    expect(r.body.record).toMatchObject({
      taskType: '3',
      taskTypeName: 'batchAddCopyrightCompany',
      taskDesc: 'New owners',
      fileName: 'owners.txt',
      status: '1',
      totalCount: 6,
    });
    const task = await settled(s, r.body.record.taskId);
    expect(task).toMatchObject({ status: '3', state: 'done', success_count: 1, fail_count: 5, done_count: 6 });
    // The list tells the status from the lines: some failed, so 'partly succeeded', not 'Success'.
    const listed = await kenya.get('/sp/browsebatchtask/batchAddCopyrightCompany', {
      ...range(s),
      startRecordNum: 1,
      endRecordNum: 50,
    });
    expect(listed.body.record.find((t: any) => t.taskId === String(task.id)).outcome).toBe('3p');

    const lines = await kenya.get('/sp/querybatchtask/batchAddCopyrightCompany', {
      taskId: r.body.record.taskId,
      startRecordNum: 1,
      endRecordNum: 10,
    });
    expect(lines.body.recordSum).toBe(6);
    const byLine = Object.fromEntries(lines.body.record.map((l: any) => [l.lineNo, l]));
    expect(byLine[2]).toMatchObject({ returnCode: '000000', cmdLine: expect.stringContaining('Batch Owner One') });
    expect(byLine[4].returnCode).toBe('950004');
    // Named by the field's label in the session's language, never its wire name.
    expect(byLine[4].returnMsg).toMatch(/^Official name: /);
    // The seeded owner ID88000200 exists already: refused as the dialog refuses it.
    expect(byLine[5]).toMatchObject({ returnCode: '302031', returnMsg: 'The data already exists.' });
    expect(byLine[6].returnMsg).toMatch(/^Phone number: /);
    // The limit is named, not left as a placeholder.
    expect(byLine[7].returnMsg).toBe('Description: At most 256 characters.');
    expect(byLine[8].returnMsg).toMatch(/3 values; expected 4-6/);
    const added = await s.ctx.db
      .selectFrom('copyright_companies')
      .selectAll()
      .where('id_number', '=', 'BATCH001')
      .execute();
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ official_name: 'Batch Owner One', stage_name: 'Stage One', provider_id: kenyaId });
    // Failed lines only, and the results in Chinese for a Chinese session.
    const failedOnly = await kenya.get('/sp/querybatchtask/batchAddCopyrightCompany', {
      taskId: r.body.record.taskId,
      onlyFailed: 1,
    });
    expect(failedOnly.body.recordSum).toBe(5);
    const audit = await s.ctx.db
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'batch.addcopyright')
      .execute();
    expect(audit.map((a) => JSON.parse(a.detail).line)).toEqual([2]);
  });

  test('an empty file, a file in another encoding and a repeated national ID are refused with nothing stored', async () => {
    const before = await tasksOf();
    const files = s.storedFiles();
    const empty = await multipart(kenya, '/sp/addbatchtask/batchAddCopyrightCompany', [
      ['file', 'owners.txt', txt(['# only notes', ''])],
    ]);
    expect(empty.body).toMatchObject({ returnCode: '963001' });
    expect(empty.body.returnMsg).toContain('batch copyright File can not be empty');
    const latin1 = Buffer.concat([
      Buffer.from('Owner|Stage|ID1|254711\n'),
      Buffer.from('Ren\xe9|Stage|ID2|254712\n', 'latin1'),
    ]);
    const enc = await multipart(kenya, '/sp/addbatchtask/batchAddCopyrightCompany', [['file', 'owners.txt', latin1]]);
    expect(enc.body.returnCode).toBe('963001');
    expect(enc.body.returnMsg).toContain('owners.txt is not UTF-8 text (line 2)');
    const dup = await multipart(kenya, '/sp/addbatchtask/batchAddCopyrightCompany', [
      ['file', 'owners.txt', txt(['A|S|DUP1|254711', 'B|S|dup1|254712'])],
    ]);
    expect(dup.body.returnMsg).toContain('Line 2: national ID dup1 is already on line 1.');
    const update = await multipart(kenya, '/sp/addbatchtask/batchUpdateToneAndSinger', [
      ['file', 'tones.txt', Buffer.alloc(0)],
    ]);
    expect(update.body.returnMsg).toContain('batch update File can not be empty');
    const wrongType = await multipart(kenya, '/sp/addbatchtask/batchUpdateToneAndSinger', [
      ['file', 'tones.csv', txt(['1|a|b'])],
    ]);
    expect(wrongType.body.returnCode).toBe('950008');
    expect(await tasksOf()).toBe(before);
    expect(s.storedFiles()).toEqual(files);
  });

  test('the description follows 000 §5 (256, no pipe or angle brackets)', async () => {
    const long = await multipart(
      kenya,
      '/sp/addbatchtask/batchAddCopyrightCompany',
      [['file', 'o.txt', txt(['A|S|DESC1|254711'])]],
      { taskDesc: 'd'.repeat(257) },
    );
    expect(long.body.returnCode).toBe('950004');
    expect(long.body.record.errors[0]).toMatchObject({
      field: 'taskDesc',
      message: 'CommonRes.batchDescriptionLength',
    });
    const pipe = await multipart(
      kenya,
      '/sp/addbatchtask/batchAddCopyrightCompany',
      [['file', 'o.txt', txt(['A|S|DESC1|254711'])]],
      { data: JSON.stringify({ taskDesc: 'a|b' }) },
    );
    expect(pipe.body.record.errors[0]).toMatchObject({ field: 'taskDesc', message: 'CommonRes.illegalChar' });
  });
});

describe('update tones and singers (task type 2)', () => {
  test('changes go to approval for a provider in the approval flow, with a result per tone', async () => {
    const file = txt([
      `${code(1)}|Morning Light (batch)|Amani Batch`,
      `${code(2)}||New Singer`,
      `${code(5)}|Pending One|`,
      '99999999|Nobody|',
      `${code(9)}|Bad "name"|`,
    ]);
    const r = await multipart(kenya, '/sp/addbatchtask/batchUpdateToneAndSinger', [['file', 'tones.txt', file]], {
      taskDesc: 'Rename',
    });
    expect(r.body.returnCode).toBe('000000');
    const task = await settled(s, r.body.record.taskId);
    const lines = (await kenya.get('/sp/querybatchtask/batchUpdateToneAndSinger', { taskId: task.id })).body.record;
    expect(task).toMatchObject({ status: '3', success_count: 2, fail_count: 3 });
    expect(lines.map((l: any) => l.returnCode)).toEqual(['000000', '000000', '950004', '950005', '950004']);
    expect(lines[0].returnMsg).toBe('Change submitted for approval.');
    expect(lines[2].returnMsg).toContain('waiting for approval');
    expect(lines[3].returnMsg).toBe('You have no tone 99999999.');
    expect(lines[4].returnMsg).toMatch(/^Tone name: /);
    const tone = await s.ctx.db
      .selectFrom('tones')
      .selectAll()
      .where('tone_code', '=', code(1))
      .executeTakeFirstOrThrow();
    // Unchanged and still on sale until the operator approves; marked 'modification to be approved' meanwhile.
    expect(tone.tone_name).not.toContain('(batch)');
    expect(tone).toMatchObject({ status: '1', ask_type: '3', approve_type: '1' });
    const cr = await s.ctx.db
      .selectFrom('change_requests')
      .selectAll()
      .where('entity_id', '=', tone.id)
      .where('kind', '=', 'modify')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(cr.payload)).toMatchObject({ toneName: 'Morning Light (batch)', singerName: 'Amani Batch' });
    // The text download of the results (000 §4: offered for any non-export task).
    const dl = await fetch(
      `${s.base}/sp/querybatchtask/batchUpdateToneAndSinger?portalType=1&taskId=${task.id}&queryType=3`,
      { headers: { cookie: kenya.cookie } },
    );
    expect(dl.headers.get('content-disposition')).toContain('attachment');
    const text = await dl.text();
    expect(text).toContain(`1|000000|Change submitted for approval.|${code(1)}|Morning Light (batch)|Amani Batch`);
  });

  test("a trusted provider's lines apply at once; two lines changing one tone both count", async () => {
    const pid = await createProvider(
      s.ctx.db,
      { code: '8800021', password: 'Ken!Trust42k', site: 'kenya', name: 'Trusted Kenya', believeCP: '1' },
      s.clock.now,
    );
    const now = Date.now();
    const tone = (name: string) =>
      insertTone(
        s.ctx.db,
        plainTone({
          provider_id: pid,
          tone_name: name,
          singer_name: 'Old Singer',
          tone_valid_day: '2099-12-31',
          created_at: now,
          updated_at: now,
        }),
      );
    const [a, b, c] = [await tone('Alpha'), await tone('Beta'), await tone('Gamma')];
    const trusted = await s.login('8800021', 'Ken!Trust42k');
    const file = txt([
      `${a.toneCode}|Alpha Renamed|`,
      `${b.toneCode}||Beta Singer`,
      `${a.toneCode}||Alpha Singer`,
      `${c.toneCode}|Gamma Renamed|Gamma Singer`,
      `${b.toneCode}|Bad "name"|`,
    ]);
    const r = await multipart(trusted, '/sp/addbatchtask/batchUpdateToneAndSinger', [['file', 'tones.txt', file]], {
      taskDesc: 'Rename at once',
    });
    expect(r.body.returnCode).toBe('000000');
    const task = await settled(s, r.body.record.taskId);
    expect(task).toMatchObject({ status: '3', success_count: 4, fail_count: 1 });
    const lines = (await trusted.get('/sp/querybatchtask/batchUpdateToneAndSinger', { taskId: task.id })).body.record;
    expect(lines.map((l: any) => l.returnCode)).toEqual(['000000', '000000', '000000', '000000', '950004']);
    expect(lines[0].returnMsg).toBe('Tone updated.');
    const rows = await s.ctx.db
      .selectFrom('tones')
      .select(['id', 'tone_name', 'singer_name', 'status', 'approve_type'])
      .where('provider_id', '=', pid)
      .orderBy('id')
      .execute();
    expect(rows.map((t) => [t.tone_name, t.singer_name, t.status, t.approve_type])).toEqual([
      ['Alpha Renamed', 'Alpha Singer', '1', '2'],
      ['Beta', 'Beta Singer', '1', '2'],
      ['Gamma Renamed', 'Gamma Singer', '1', '2'],
    ]);
    expect(await s.ctx.db.selectFrom('change_requests').select('id').where('provider_id', '=', pid).execute()).toEqual(
      [],
    );
  });
});

describe('export tones and singers (task type 1)', () => {
  test('the export writes the tone export CSV, downloadable once it succeeded, and counts against max_export_num', async () => {
    const r = await kenya.post('/sp/exporttonesinger/exportToneAndSinger', { taskDesc: 'All tones', format: 'raw' });
    expect(r.body.returnCode).toBe('000000');
    const task = await settled(s, r.body.record.taskId);
    expect(task.status).toBe('3');
    const dl = await fetch(
      `${s.base}/sp/tonecopyrightexport/?portalType=1&taskId=${task.id}&queryType=3&taskTypeName=exportToneAndSinger`,
      { headers: { cookie: kenya.cookie } },
    );
    expect(dl.headers.get('content-disposition')).toContain('attachment');
    const bytes = Buffer.from(await dl.arrayBuffer());
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const csv = bytes.subarray(3).toString('utf8');
    const own = await s.ctx.db
      .selectFrom('tones')
      .select('tone_code')
      .where('provider_id', '=', kenyaId)
      .where('status', '!=', '6')
      .execute();
    expect(csv.split('\n')[0]).toBe(
      'toneCode,toneName,singerName,status,approveType,price,callerPrice,tariffPrice,relativeTime,toneValidDay,orderTimes,language,uploadTime',
    );
    expect(csv.trim().split('\n')).toHaveLength(own.length + 1);
    expect(task.total_count).toBe(own.length);
    // The list shows it with the 000 §4 actions.
    const list = await kenya.get('/sp/browsebatchtask/exportToneAndSinger', {
      ...range(s),
      startRecordNum: 1,
      endRecordNum: 10,
    });
    const row = list.body.record.find((t: any) => t.taskId === String(task.id));
    expect(row).toMatchObject({
      status: '3',
      canDownload: '1',
      canDelete: '1',
      progressResult: `${own.length}/${own.length}`,
      progress: 100,
    });

    // The limit: exports of the last year must stay below max_export_num.
    const { n } = await s.ctx.db
      .selectFrom('batch_tasks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('provider_id', '=', kenyaId)
      .where('task_type', '=', '1')
      .executeTakeFirstOrThrow();
    await s.ctx.config.set('max_export_num', String(Number(n)), 'kenya');
    const over = await kenya.post('/sp/exporttonesinger/exportToneAndSinger', { taskDesc: 'One more' });
    expect(over.body).toMatchObject({ returnCode: '963002', returnMsg: 'exceed the max limit task.' });
    await s.ctx.config.set('max_export_num', '12', 'kenya');

    // Deleting it removes the file; the task stays listed as deleted and offers nothing.
    const del = await kenya.post('/sp/deleteexporttask', { taskId: String(task.id) });
    expect(del.body.returnCode).toBe('000000');
    expect(s.storedFiles().some((f) => f.endsWith(task.result_file))).toBe(false);
    const again = await kenya.get('/sp/tonecopyrightexport/', {
      taskId: task.id,
      queryType: 3,
      taskTypeName: 'exportToneAndSinger',
    });
    expect(again.body.returnCode).toBe('963003');
  });

  test('a succeeded export whose file is gone answers the re-dump message without a disposition', async () => {
    const r = await kenya.post('/sp/exporttonesinger/batchExportToneAndSinger', {
      data: JSON.stringify({ taskDesc: 'Lost file' }),
    });
    const task = await settled(s, r.body.record.taskId);
    await s.ctx.db.updateTable('batch_tasks').set({ result_file: '' }).where('id', '=', task.id).execute();
    const dl = await fetch(
      `${s.base}/sp/tonecopyrightexport/?portalType=1&taskId=${task.id}&queryType=3&taskTypeName=exportToneAndSinger`,
      { headers: { cookie: kenya.cookie } },
    );
    expect(dl.headers.get('content-disposition')).toBeNull();
    expect((await dl.json()).returnMsg).toBe('file not exist. please re-dump file again');
  });
});

describe('the management list and the 000 §4 rules', () => {
  test('the date range is required, ends by today and spans at most a year', async () => {
    const { begin, end } = range(s);
    expect((await kenya.get('/sp/browsebatchtask/2', { begin })).body.returnCode).toBe('950004');
    const future = new Date(s.clock.now + 2 * 86_400_000);
    const ymd = `${future.getFullYear()}${String(future.getMonth() + 1).padStart(2, '0')}${String(future.getDate()).padStart(2, '0')}`;
    const past = await kenya.get('/sp/browsebatchtask/2', { begin, end: `${ymd} 23:59:59` });
    expect(past.body.returnMsg).toContain('Choose a date range that does not extend past today.');
    const long = await kenya.get('/sp/browsebatchtask/2', { begin: '20000101 00:00:00', end });
    expect(long.body.record.errors[0].message).toBe('Batch.dateRangeYear');
    const count = await kenya.get('/sp/browsebatchtask/2', { begin, end, queryType: 1 });
    expect(count.body.recordSum).toBeGreaterThan(0);
    expect(count.body.record).toBeUndefined();
    const all = await kenya.get('/sp/browsebatchtask/all', {
      begin,
      end,
      status: '3',
      startRecordNum: 1,
      endRecordNum: 50,
    });
    expect(all.body.record.every((t: any) => t.status === '3')).toBe(true);
    expect(new Set(all.body.record.map((t: any) => t.taskType))).toEqual(new Set(['1', '2', '3']));
  });

  test('delete is offered and done exactly by the rules: not for a succeeded non-export task; a failed one goes', async () => {
    const r = await multipart(kenya, '/sp/addbatchtask/batchAddCopyrightCompany', [
      ['file', 'o.txt', txt(['Rule Owner|S|RULE1|254711'])],
    ]);
    const done = await settled(s, r.body.record.taskId);
    const refused = await kenya.post('/sp/modifybatchtask/batchAddCopyrightCompany', {
      status: '6',
      pri: '3',
      taskId: String(done.id),
    });
    expect(refused.body.returnCode).toBe('963003');
    // A task that failed (status 4) may be deleted; one of two ids refused answers 000001 (000 §8).
    await s.ctx.db.updateTable('batch_tasks').set({ status: '4', state: 'failed' }).where('id', '=', done.id).execute();
    const r2 = await multipart(kenya, '/sp/addbatchtask/batchAddCopyrightCompany', [
      ['file', 'o.txt', txt(['Rule Owner 2|S|RULE2|254711'])],
    ]);
    const ok2 = await settled(s, r2.body.record.taskId);
    const partial = await kenya.post('/sp/modifybatchtask/batchAddCopyrightCompany', {
      data: JSON.stringify({ status: '6', pri: '3', taskId: `${done.id},${ok2.id}` }),
    });
    expect(partial.body.returnCode).toBe('000001');
    expect(partial.body.record.deleted).toEqual([String(done.id)]);
    expect(partial.body.record.refused[0]).toMatchObject({ taskId: String(ok2.id), returnCode: '963003' });
    const list = await kenya.get('/sp/browsebatchtask/3', { ...range(s), status: '6' });
    expect(list.body.record.find((t: any) => t.taskId === String(done.id))).toMatchObject({
      status: '6',
      canDelete: '0',
      canDownload: '1',
    });
    // An export cannot be deleted through modifybatchtask, nor a non-export task through deleteexporttask.
    expect((await kenya.post('/sp/deleteexporttask', { taskId: String(ok2.id) })).body.returnCode).toBe('963003');
    // At most 30 ids at once.
    const many = Array.from({ length: 31 }, (_, i) => String(i + 1)).join(',');
    expect(
      (await kenya.post('/sp/modifybatchtask/batchAddCopyrightCompany', { status: '6', taskId: many })).body.returnCode,
    ).toBe('961002');
  });
});

describe('isolation', () => {
  test("another provider's task ids answer 950005; other sites do not have the Kenya operation (950016)", async () => {
    const r = await multipart(kenya, '/sp/addbatchtask/batchAddCopyrightCompany', [
      ['file', 'o.txt', txt(['Iso Owner|S|ISO1|254711'])],
    ]);
    const task = await settled(s, r.body.record.taskId);
    await createProvider(
      s.ctx.db,
      { code: '8800099', password: 'Oth!Tone55q', site: 'kenya', name: 'Other Kenya CP' },
      s.clock.now,
    );
    const other = await s.login('8800099', 'Oth!Tone55q');
    expect((await other.get('/sp/querybatchtask/batchAddCopyrightCompany', { taskId: task.id })).body.returnCode).toBe(
      '950005',
    );
    expect(
      (await other.post('/sp/modifybatchtask/batchAddCopyrightCompany', { status: '6', taskId: String(task.id) })).body
        .returnCode,
    ).toBe('950005');
    expect((await other.post('/sp/deleteexporttask', { taskId: String(task.id) })).body.returnCode).toBe('950005');
    const list = await other.get('/sp/browsebatchtask/all', range(s));
    expect(list.body.recordSum).toBe(0);
    // A site without the batch operation: the capability gate refuses every call of it, naming the screen and why.
    const generic = await s.login(DEMO.generic.account, DEMO.generic.password);
    for (const r of [
      await generic.get('/sp/browsebatchtask/1', range(s)),
      await generic.post('/sp/exporttonesinger/exportToneAndSinger', {}),
      await generic.get('/sp/querybatchtask/batchAddCopyrightCompany', { taskId: task.id }),
    ])
      expect(r.body).toMatchObject({
        returnCode: '950016',
        returnMsg: 'Batch Operation is not available for your account: it is not switched on for your site.',
      });
    // Without a session or the CSRF token nothing happens.
    expect((await s.client().get('/sp/browsebatchtask/1', range(s))).body.returnCode).toBe('900000');
    expect((await kenya.post('/sp/exporttonesinger/exportToneAndSinger', {}, { csrf: false })).body.returnCode).toBe(
      '950001',
    );
  });

  test('every batch call is in the OpenAPI document and none answers 950005 for a provider that may use it', async () => {
    const doc = (await s.client().get('/docs/openapi.json')).body;
    for (const p of [
      '/sp/browsebatchtask/{taskType}',
      '/sp/browsebatchtask/exportToneAndSinger',
      '/sp/addbatchtask/{taskName}',
      '/sp/exporttonesinger/{taskName}',
      '/sp/modifybatchtask/{taskName}',
      '/sp/deleteexporttask',
      '/sp/querybatchtask/{taskTypeName}',
      '/sp/tonecopyrightexport/',
      '/sp/batchaddtone',
      '/sp/batchaddtone/querytaskresult',
      '/sp/batchupdaterbtexpiredate',
      '/sp/batchtemplate/{name}',
    ]) {
      expect(doc.paths[p]).toBeDefined();
    }
    for (const name of ['batchaddtone', 'batchUpdateToneAndSinger', 'batchAddCopyrightCompany']) {
      const t = await fetch(`${s.base}/sp/batchtemplate/${name}?portalType=1`, { headers: { cookie: kenya.cookie } });
      expect(t.headers.get('content-disposition')).toContain(`${name}.txt`);
      expect(await t.text()).toMatch(/^#/);
    }
  });
});

describe('downloads a provider opens in a spreadsheet', () => {
  const download = async (path: string) =>
    (await fetch(`${s.base}${path}`, { headers: { cookie: kenya.cookie } })).text();

  test('the result text and the export file neutralise values a spreadsheet would run as formulas', async () => {
    // A refused line keeps what the provider sent, formula-like values included.
    const file = txt([`${code(3)}|=HYPERLINK("http://x.example")|@SUM(1)`]);
    const r = await multipart(kenya, '/sp/addbatchtask/batchUpdateToneAndSinger', [['file', 'f.txt', file]], {
      taskDesc: 'Formulas',
    });
    const task = await settled(s, r.body.record.taskId);
    const result = await download(
      `/sp/querybatchtask/batchUpdateToneAndSinger?portalType=1&taskId=${task.id}&queryType=3`,
    );
    const line = result.split('\n')[1];
    expect(line).toMatch(/^1\|950004\|/);
    expect(line.endsWith(`|${code(3)}|'=HYPERLINK("http://x.example")|'@SUM(1)`)).toBe(true);
    expect(line.split('|')[2]).not.toMatch(/^[=+\-@]/);

    // Stored text that looks like a formula is exported with a leading apostrophe; plain numbers stay numbers.
    const tone = await s.ctx.db
      .selectFrom('tones')
      .select(['id', 'tone_name', 'singer_name'])
      .where('provider_id', '=', kenyaId)
      .where('tone_code', '=', code(4))
      .executeTakeFirstOrThrow();
    await s.ctx.db
      .updateTable('tones')
      .set({ tone_name: '=2+3', singer_name: '-cmd' })
      .where('id', '=', tone.id)
      .execute();
    // Room for one more export this year, whatever the tests above used.
    await s.ctx.config.set('max_export_num', '1000', 'kenya');
    try {
      const again = await kenya.post('/sp/exporttonesinger/exportToneAndSinger', { taskDesc: 'Formulas' });
      expect(again.body.returnCode).toBe('000000');
      const done = await settled(s, again.body.record.taskId);
      const csv = await download(
        `/sp/tonecopyrightexport/?portalType=1&taskId=${done.id}&queryType=3&taskTypeName=exportToneAndSinger`,
      );
      const row = csv.split('\n').find((l) => l.startsWith(`${code(4)},`))!;
      expect(row.startsWith(`${code(4)},'=2+3,'-cmd,`)).toBe(true);
      // The script format of sp/exporttone keeps the value exactly as stored.
      const raw = await download('/sp/exporttone?format=raw');
      expect(raw.split('\n').find((l) => l.startsWith(`${code(4)},`))).toMatch(new RegExp(`^${code(4)},=2\\+3,-cmd,`));
    } finally {
      await s.ctx.db
        .updateTable('tones')
        .set({ tone_name: tone.tone_name, singer_name: tone.singer_name })
        .where('id', '=', tone.id)
        .execute();
      await s.ctx.config.set('max_export_num', '12', 'kenya');
    }
  });
});

describe('issue 25: templates that work as downloaded, a readable export, a status from the lines', () => {
  const template = async (name: string) =>
    (await fetch(`${s.base}/sp/batchtemplate/${name}?portalType=1`, { headers: { cookie: kenya.cookie } })).text();

  test.each(['batchUpdateToneAndSinger', 'batchAddCopyrightCompany'])(
    'the %s template, submitted unchanged, succeeds on every line',
    async (name) => {
      const text = await template(name);
      // The examples name the provider's own tones (and national IDs new on the site), no placeholder left.
      expect(text).not.toMatch(/\{\w+\}/);
      const r = await multipart(kenya, `/sp/addbatchtask/${name}`, [['file', `${name}.txt`, Buffer.from(text)]], {
        taskDesc: 'As downloaded',
      });
      expect(r.body.returnCode).toBe('000000');
      const task = await settled(s, r.body.record.taskId);
      expect(task).toMatchObject({ status: '3', fail_count: 0, success_count: 2 });
      const listed = await kenya.get(`/sp/browsebatchtask/${name}`, {
        ...range(s),
        startRecordNum: 1,
        endRecordNum: 50,
      });
      expect(listed.body.record.find((t: any) => t.taskId === String(task.id)).outcome).toBe('3');
    },
  );

  test('a task none of whose lines applied is listed as failed, not as a success', async () => {
    const r = await multipart(
      kenya,
      '/sp/addbatchtask/batchUpdateToneAndSinger',
      [['file', 'none.txt', txt(['99999999|A|B', '99999998|C|D'])]],
      { taskDesc: 'Nothing applies' },
    );
    const task = await settled(s, r.body.record.taskId);
    expect(task).toMatchObject({ status: '3', success_count: 0, fail_count: 2 });
    const listed = await kenya.get('/sp/browsebatchtask/batchUpdateToneAndSinger', {
      ...range(s),
      startRecordNum: 1,
      endRecordNum: 50,
    });
    expect(listed.body.record.find((t: any) => t.taskId === String(task.id))).toMatchObject({
      status: '3',
      outcome: '3f',
      progressResult: '0/2',
    });
  });

  test("the export task's file is RBT Maintenance's readable export by default, in the session's language", async () => {
    await s.ctx.config.set('max_export_num', '1000', 'kenya');
    try {
      const zh = await s.login(DEMO.kenya.account, DEMO.kenya.password, { 'accept-language': 'zh-CN' });
      await zh.post('/common/switchlanguage', { language: 'zh' });
      const r = await zh.post('/sp/exporttonesinger/exportToneAndSinger', { taskDesc: 'Readable' });
      expect(r.body.returnCode).toBe('000000');
      const done = await settled(s, r.body.record.taskId);
      const file = await (
        await fetch(
          `${s.base}/sp/tonecopyrightexport/?portalType=1&taskId=${done.id}&queryType=3&taskTypeName=exportToneAndSinger`,
          { headers: { cookie: zh.cookie } },
        )
      ).text();
      const same = await (await fetch(`${s.base}/sp/exporttone`, { headers: { cookie: zh.cookie } })).text();
      // The same writer: the same header (labels in Chinese, not field names) and the same rows.
      expect(file.split('\n')[0]).toBe(same.split('\n')[0]);
      expect(file.split('\n')[0]).not.toContain('toneCode');
      expect(file.split('\n').length).toBe(same.split('\n').length);
    } finally {
      await s.ctx.config.set('max_export_num', '12', 'kenya');
    }
  });
});
