// The route table the definitions linter reads without a server is the one the server registers, and the answer
// shapes it declares hold for real answers: otherwise `definitions validate` would pass a screen that calls a
// missing path or reads a field the answer does not have.
import Ajv from 'ajv';
import { apiRouteTable } from '../../src/server/routeTable';
import type { ApiRoute } from '../../src/server/http/route';
import { startServer, DEMO, type TestServer, type Client } from './helpers';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(async () => {
  await s.close();
});

const declared = (r: ApiRoute) =>
  JSON.stringify({
    method: r.method,
    url: r.url,
    params: r.params,
    record: r.record,
    multipart: r.multipart,
    screen: r.screen,
  });

test('the static route table is the table the running server registered', () => {
  expect(apiRouteTable().map(declared)).toEqual(s.app.apiRoutes.map(declared));
  expect(apiRouteTable().length).toBeGreaterThan(30);
});

describe('declared answer shapes hold for real answers', () => {
  const ajv = new Ajv({ strict: false, allErrors: true });
  const route = (url: string) => s.app.apiRoutes.find((r) => r.url === url)!;
  /** The record of the answer, checked against the route's declared record shape (no undeclared field). */
  async function answer(c: Client, url: string, params: Record<string, unknown> = {}) {
    const r = await c.post(url, params, { form: true });
    expect(r.body.returnCode).toBe('000000');
    const validate = ajv.compile(route(url).record!);
    expect({ url, errors: validate(r.body.record) ? null : validate.errors }).toEqual({ url, errors: null });
    return r.body.record;
  }

  test('tone list rows and the detail of every listed tone (authors, tags, owners, files)', async () => {
    for (const demo of [DEMO.generic, DEMO.kenya]) {
      const c = await s.login(demo.account, demo.password);
      const rows = await answer(c, '/sp/qrytone', { startRecordNum: 1, endRecordNum: 20 });
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows.slice(0, 8)) {
        const detail = await answer(c, '/sp/qrytonedetail', { toneID: row.toneID });
        expect(detail.toneID).toBe(row.toneID);
      }
    }
  });

  test('own account info and the login answer', async () => {
    const c = await s.login(DEMO.generic.account, DEMO.generic.password);
    expect((await answer(c, '/sp/qrycpselfInfo')).spCode).toBe(DEMO.generic.account);
    expect((await answer(c, '/checkLoginInfo')).userInfo.code).toBe(DEMO.generic.account);
  });
});
