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
