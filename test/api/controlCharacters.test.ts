// Control characters in any text parameter are refused for every call before a handler or the database sees
// them (src/server/http/route.ts): the cases of issue 15 that answered HTTP 500 on PostgreSQL (a NUL in contactName, a
// singer, a tag, a stage name, the login account) and the other controls, through every transport (JSON,
// form, query, path). Each answers 950004 naming the field, as the OpenAPI document says, and changes no row
// and no file. The same file runs on SQLite and, in `npm test`, on PostgreSQL.
import { startServer, DEMO, type TestServer, type Client } from './helpers';
import { goodTone } from './tonePayload';
import { expectDocumentedAnswer, snapshot } from './contract';
import { multipart, txt } from './batchSupport';

let s: TestServer;
let generic: Client;
let kenya: Client;
let ais: Client;
beforeAll(async () => {
  s = await startServer();
  generic = await s.login(DEMO.generic.account, DEMO.generic.password);
  kenya = await s.login(DEMO.kenya.account, DEMO.kenya.password);
  ais = await s.login(DEMO.ais.account, DEMO.ais.password);
});
afterAll(async () => {
  await s.close();
});

/** Sends a request that must be refused for `field`'s control character, and checks nothing changed. */
async function refused(
  send: () => Promise<import('./helpers').Answer>,
  method: 'GET' | 'POST',
  path: string,
  field: string,
  char = 'U+0000',
) {
  const before = await snapshot(s);
  const r = await send();
  await expectDocumentedAnswer(s, r, method, path, '950004');
  expect(r.body.record.errors[0]).toMatchObject({ field, message: 'CommonRes.controlCharacter', params: { char } });
  expect(r.body.returnMsg).toBe(
    `Please check the validation. ${field}: Contains a control character (${char}), which is not allowed.`,
  );
  expect(await snapshot(s)).toEqual(before);
  return r;
}

const ownTone = async (code: string) => {
  const row = await s.ctx.db
    .selectFrom('tones')
    .innerJoin('providers', 'providers.id', 'tones.provider_id')
    .select('tones.id')
    .where('providers.code', '=', code)
    .where('tones.status', '=', '1')
    .executeTakeFirstOrThrow();
  return String(row.id);
};

describe('the NUL cases of issue 15, refused on both databases', () => {
  test('sp/updatecpinfo contactName "a\\u0000b"; the same request without the NUL is stored', async () => {
    const self = (await generic.get('/sp/qrycpselfInfo')).body.record;
    const fields = {
      contactName: 'a\u0000b',
      phoneNumber: self.phoneNumber || '254700000010',
      email: self.email || 'cp10@example.com',
      address: self.address,
      description: self.description,
    };
    await refused(() => generic.post('/sp/updatecpinfo', fields), 'POST', '/sp/updatecpinfo', 'contactName');
    const ok = await generic.post('/sp/updatecpinfo', { ...fields, contactName: 'ab' });
    expect(ok.body.returnCode).toBe('000000');
    expect(ok.body.record.contactName).toBe('ab');
  });

  test('sp/addtone singerName with a NUL', async () => {
    const tone = await goodTone(s, generic, { singerName: 'Am\u0000ani' });
    await refused(() => generic.post('/sp/addtone', tone), 'POST', '/sp/addtone', 'singerName');
  });

  test('sp/tagmaintenance tagNames with a NUL; without it the tags are replaced', async () => {
    const toneID = await ownTone(DEMO.generic.account);
    await refused(
      () =>
        generic.post('/sp/tagmaintenance', { toneID, tagNames: 'calm~mo\u0000rning', portalType: '1' }, { form: true }),
      'POST',
      '/sp/tagmaintenance',
      'tagNames',
    );
    expect(
      (await generic.post('/sp/tagmaintenance', { toneID, tagNames: 'calm~morning', portalType: '1' }, { form: true }))
        .body.returnCode,
    ).toBe('000000');
  });

  test('sp/addcopyright stageName with a NUL', async () => {
    const owner = {
      companyName: 'Achieng Odhiambo',
      officialName: 'Achieng Odhiambo',
      stageName: 'Ach\u0000i',
      idNumber: 'KE55501234',
      phoneNumber: '254711222333',
      email: 'a@example.com',
      copyRightType: 2,
      spCode: DEMO.kenya.account,
      portalType: 1,
    };
    await refused(() => kenya.post('/sp/addcopyright', owner), 'POST', '/sp/addcopyright', 'stageName');
  });

  test('the login account with a NUL: refused before the account is looked up (no failure counted)', async () => {
    await refused(
      () =>
        s
          .client()
          .post(
            '/sp/sploginhs',
            { account: `${DEMO.generic.account}\u0000`, pwd: DEMO.generic.password },
            { form: true },
          ),
      'POST',
      '/sp/sploginhs',
      'account',
    );
  });
});

describe('every control character, through every transport', () => {
  test('ANSI escape, DEL, a C1 control and a lone surrogate in a JSON body', async () => {
    const self = (await kenya.get('/sp/qrycpselfInfo')).body.record;
    const base = { phoneNumber: self.phoneNumber || '254700000020', email: self.email || 'cp20@example.com' };
    await refused(
      () => kenya.post('/sp/updatecpinfo', { ...base, description: 'red \u001b[31m text' }),
      'POST',
      '/sp/updatecpinfo',
      'description',
      'U+001B',
    );
    await refused(
      () => kenya.post('/sp/updatecpinfo', { ...base, address: 'Main\u007fStreet' }),
      'POST',
      '/sp/updatecpinfo',
      'address',
      'U+007F',
    );
    await refused(
      () => kenya.post('/sp/updatecpinfo', { ...base, contactName: 'CSI \u009b2J' }),
      'POST',
      '/sp/updatecpinfo',
      'contactName',
      'U+009B',
    );
    await refused(
      () => kenya.post('/sp/updatecpinfo', { ...base, contactName: 'half \ud83d' }),
      'POST',
      '/sp/updatecpinfo',
      'contactName',
      'U+D83D',
    );
  });

  test('a nested value and a key of a JSON body are named by their path, without echoing the control', async () => {
    await refused(
      () => generic.post('/sp/updatecpinfo', { contactName: 'x', extra: { list: ['ok', 'b\u0007ell'] } }),
      'POST',
      '/sp/updatecpinfo',
      'extra.list.1',
      'U+0007',
    );
    await refused(
      () => generic.post('/sp/updatecpinfo', { contactName: 'x', ['k\u0000ey']: 'v' }),
      'POST',
      '/sp/updatecpinfo',
      'k?ey',
    );
  });

  test('a text parameter that is itself JSON is checked inside: an escaped \\u0000 decodes to a NUL', async () => {
    const tone = await goodTone(s, generic);
    const files = JSON.parse(tone.toneFile);
    await refused(
      () => generic.post('/sp/addtone', { ...tone, toneFile: JSON.stringify({ ...files, image: 'x\u0000.gif' }) }),
      'POST',
      '/sp/addtone',
      'toneFile.image',
    );
    await refused(
      () => generic.post('/sp/addtone', { ...tone, additionalToneInfo: '{"mood": ["calm", "red \\u001b[31m"]}' }),
      'POST',
      '/sp/addtone',
      'additionalToneInfo.mood.1',
      'U+001B',
    );
  });

  test('a GET query and a path parameter', async () => {
    await refused(
      () =>
        kenya.get('/sp/querycopyright', {
          queryType: 2,
          copyRightType: 2,
          officialName: 'Wan\u0000jiru',
          startRecordNum: 1,
          endRecordNum: 10,
        }),
      'GET',
      '/sp/querycopyright',
      'officialName',
    );
    const r = await refused(
      () => generic.request('GET', '/sp/file/ab%00c.wav'),
      'GET',
      '/sp/file/{savedFilename}',
      'savedFilename',
    );
    expect(r.status).toBe(200);
  });

  test('tab, line feed and carriage return are text: a multi-line description is stored as sent', async () => {
    const self = (await generic.get('/sp/qrycpselfInfo')).body.record;
    const description = 'First line\r\nSecond line\tindented';
    const r = await generic.post('/sp/updatecpinfo', {
      contactName: 'ab',
      phoneNumber: self.phoneNumber,
      email: self.email,
      description,
    });
    expect(r.body.returnCode).toBe('000000');
    expect((await generic.get('/sp/qrycpselfInfo')).body.record.description).toBe(description);
  });

  test('the refusal is translated', async () => {
    const r = await s
      .client()
      .post('/sp/sploginhs', { account: '8800010\u001b', pwd: 'x' }, { headers: { 'accept-language': 'zh-CN' } });
    expect(r.body.returnCode).toBe('950004');
    expect(r.body.returnMsg).toBe('请检查输入校验。 account: 包含不允许的控制字符（U+001B）。');
  });
});

describe('batch calls: their multipart fields and the lines of their files', () => {
  const owners = (lines: string[]) => [['file', 'owners.txt', txt(lines)] as [string, string, Buffer]];
  const addOwners = '/sp/addbatchtask/batchAddCopyrightCompany';

  test('a NUL in the task description, sent as a field or inside the data JSON', async () => {
    const file = owners(['Owner|Stage|CTRL001|254711000001']);
    await refused(
      () => multipart(kenya, addOwners, file, { taskDesc: 'owners\u0000' }),
      'POST',
      '/sp/addbatchtask/{taskName}',
      'taskDesc',
    );
    await refused(
      () => multipart(kenya, addOwners, file, { data: '{"taskDesc": "x\\u001b[2J"}' }),
      'POST',
      '/sp/addbatchtask/{taskName}',
      'data.taskDesc',
      'U+001B',
    );
  });

  test('a control character in a line of a txt file refuses the file, naming the line (963001)', async () => {
    const before = await snapshot(s);
    const r = await multipart(
      kenya,
      addOwners,
      owners([
        '# officialName|stageName|idNumber|phoneNumber',
        'Owner|Stage|CTRL002|254711000002',
        'Own\u001b[31mer|Stage|CTRL003|254711000003',
      ]),
    );
    await expectDocumentedAnswer(s, r, 'POST', '/sp/addbatchtask/{taskName}', '963001');
    expect(r.body.returnMsg).toBe(
      'The batch file was refused. owners.txt, line 3: contains a control character (U+001B), which is not allowed.',
    );
    expect(await snapshot(s)).toEqual(before);
  });

  test('the Ais expiry batch (a JSON body) is held by the pipeline like every call', async () => {
    await refused(
      () =>
        ais.post('/sp/batchupdaterbtexpiredate', {
          toneCodes: `${DEMO.ais.account}0001\u0000`,
          toneValidDay: '2031-01-01',
        }),
      'POST',
      '/sp/batchupdaterbtexpiredate',
      'toneCodes',
    );
  });
});
