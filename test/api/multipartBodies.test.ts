// Every call that takes a multipart body refuses one it cannot read (a body "x", no boundary, a wrong
// boundary, a body cut before its closing boundary) with 962001 as the OpenAPI document says, below HTTP 500,
// and keeps nothing (no row, no file, nothing left in tmp). The calls come from the route table, so a new
// multipart call fails here until it is given a provider that may use it below.
import { apiRouteTable } from '../../src/server/routeTable';
import { startServer, DEMO, type TestServer, type Client } from './helpers';
import { expectDocumentedAnswer, snapshot } from './contract';

/** Each multipart call: the path to send to and the demo account that may use it. */
const CALLS: Record<string, { path: string; account: keyof typeof DEMO }> = {
  '/sp/uploadfile': { path: '/sp/uploadfile', account: 'generic' },
  '/sp/batchaddtone': { path: '/sp/batchaddtone', account: 'generic' },
  '/sp/addbatchtask/:taskName': { path: '/sp/addbatchtask/batchAddCopyrightCompany', account: 'kenya' },
};

const part = (name: string, file: string, data: string) =>
  `--B0undary\r\nContent-Disposition: form-data; name="${name}"; filename="${file}"\r\nContent-Type: text/plain\r\n\r\n${data}\r\n`;
const whole = part('multipartFiles', 'owners.txt', 'Owner|Stage|MP001|254711000001\n') + '--B0undary--\r\n';
const BODIES: Array<[what: string, body: string, contentType: string]> = [
  ['a body "x"', 'x', 'multipart/form-data; boundary=B0undary'],
  ['no boundary', whole, 'multipart/form-data'],
  ['a wrong boundary', whole, 'multipart/form-data; boundary=Other'],
  [
    'a body cut before its closing boundary',
    part('multipartFiles', 'owners.txt', 'Owner|Stage|MP001|254711000001\n'.repeat(50)).slice(0, -40),
    'multipart/form-data; boundary=B0undary',
  ],
];

let s: TestServer;
const clients = new Map<string, Client>();
beforeAll(async () => {
  s = await startServer();
  for (const account of new Set(Object.values(CALLS).map((c) => c.account)))
    clients.set(account, await s.login(DEMO[account].account, DEMO[account].password));
});
afterAll(async () => {
  await s.close();
});

test('every multipart call of the route table is listed here', () => {
  expect(
    apiRouteTable()
      .filter((r) => r.multipart)
      .map((r) => r.url)
      .sort(),
  ).toEqual(Object.keys(CALLS).sort());
});

describe.each(Object.entries(CALLS))('%s', (url, call) => {
  test.each(BODIES)('%s: 962001, nothing kept', async (_what, body, contentType) => {
    const before = await snapshot(s);
    const r = await clients
      .get(call.account)!
      .request('POST', call.path, { payload: body, headers: { 'content-type': contentType } });
    await expectDocumentedAnswer(s, r, 'POST', url.replace(/:(\w+)/g, '{$1}'), '962001');
    expect(await snapshot(s)).toEqual(before);
  });
});

type Parts = Array<[string, string | undefined, string]>;

/** A well-formed multipart body of the given parts: [part name, file name or undefined for a text field, content]. */
const body = (parts: Parts) =>
  parts
    .map(
      ([name, file, data]) =>
        `--B0undary\r\nContent-Disposition: form-data; name="${name}"${file === undefined ? '' : `; filename="${file}"\r\nContent-Type: application/octet-stream`}\r\n\r\n${data}\r\n`,
    )
    .join('') + '--B0undary--\r\n';

/**
 * Each call's refusals of the issue's other examples: the same file name twice (one of them used to be kept as an
 * orphan), the same part twice, and a path ('../../etc') in a parameter: the query, a text part, a file name.
 */
type Abuse = [what: string, query: string, parts: Parts, code: string];

/** A batch call's abuses, by the names of its file part and its text part. */
const batchAbuses = (file: string, text: string, query: string): Abuse[] => [
  [
    'the same file name twice',
    '',
    [
      [file, 'same.txt', 'one'],
      ['other', 'same.txt', 'two'],
    ],
    '962004',
  ],
  [
    'the same part twice',
    '',
    [
      [file, 'a.txt', 'one'],
      [file, 'b.txt', 'two'],
    ],
    '950004',
  ],
  [
    'the same text part twice',
    '',
    [
      [text, undefined, 'one'],
      [text, undefined, 'two'],
    ],
    '950004',
  ],
  ['a path in the query', query, [[file, 'a.txt', 'one']], '950004'],
  [
    'a path in a text part',
    '',
    [
      [text, undefined, 'owners/../../etc'],
      [file, 'a.txt', 'one'],
    ],
    '950004',
  ],
  [
    'a path in a text part (backslashes)',
    '',
    [
      [text, undefined, '..\\..\\etc'],
      [file, 'a.txt', 'one'],
    ],
    '950004',
  ],
  ['a path as the file name', '', [[file, '../../etc/a.txt', 'one']], '950007'],
];

const ABUSES: Record<string, Abuse[]> = {
  '/sp/uploadfile': [
    [
      'the same file name twice',
      '',
      [
        ['multipartFiles', 'same.txt', 'one'],
        ['multipartFiles', 'same.txt', 'two'],
      ],
      '962004',
    ],
    ['a path in the query', '?dir=..%2F..%2Fetc', [['multipartFiles', 'a.txt', 'one']], '950004'],
    ['a path as fileType', '?fileType=../../etc', [['multipartFiles', 'a.txt', 'one']], '950004'],
    ['an unknown fileType', '?fileType=exe', [['multipartFiles', 'a.txt', 'one']], '950004'],
    [
      'a path in a text part',
      '',
      [
        ['multipartFiles', 'a.txt', 'one'],
        ['dir', undefined, '../../etc'],
      ],
      '950004',
    ],
    ['a path as the file name', '', [['multipartFiles', '..\\..\\etc\\a.txt', 'one']], '950007'],
  ],
  '/sp/batchaddtone': batchAbuses('indexFile', 'taskDesc', '?dir=..%2F..%2Fetc'),
  '/sp/addbatchtask/:taskName': batchAbuses('file', 'taskDesc', '?taskDesc=../../etc'),
};

test('every multipart call has its abuses listed', () => {
  expect(Object.keys(ABUSES).sort()).toEqual(Object.keys(CALLS).sort());
});

describe.each(Object.entries(CALLS))('%s', (url, call) => {
  test.each(ABUSES[url])('%s: refused, nothing kept', async (_what, query, parts, code) => {
    const before = await snapshot(s);
    const r = await clients.get(call.account)!.request('POST', call.path + query, {
      payload: body(parts),
      headers: { 'content-type': 'multipart/form-data; boundary=B0undary' },
    });
    await expectDocumentedAnswer(s, r, 'POST', url.replace(/:(\w+)/g, '{$1}'), code);
    expect(await snapshot(s)).toEqual(before);
  });
});

test('a path as the task name of sp/addbatchtask names no task type: 950005, nothing kept', async () => {
  const before = await snapshot(s);
  const r = await clients.get('kenya')!.request('POST', '/sp/addbatchtask/..%2F..%2Fetc', {
    payload: body([['file', 'a.txt', 'one']]),
    headers: { 'content-type': 'multipart/form-data; boundary=B0undary' },
  });
  await expectDocumentedAnswer(s, r, 'POST', '/sp/addbatchtask/{taskName}', '950005');
  expect(await snapshot(s)).toEqual(before);
});
