// What the server keeps per configuration and user context (src/server/http/userScope.ts): the capability gate and
// the outcomes of a provider's reads checked against their screens' rules (keptContracts.ts). Kept outcomes must
// never cross into another account's context, outlive a configuration change or the day their date rules read,
// or be shared with a handler that changes its parameters.
import type { SessionContext } from '../../src/server/context';
import { KeptOutcomes } from '../../src/server/http/keptContracts';
import { userScope } from '../../src/server/http/userScope';
import { DEMO, startServer, type TestServer } from './helpers';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(async () => {
  await s?.close();
});

/** A session as the guard builds one for each request: the provider's row and its site's configuration as read now. */
async function requestOf(code: string): Promise<SessionContext> {
  const provider = await s.ctx.db
    .selectFrom('providers')
    .selectAll()
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  const config = await s.ctx.config.forSite(provider.site as never);
  return { id: 1, provider, csrfToken: '', language: 'en', config };
}

test("one account's requests share a scope; another account, a changed account or configuration get their own", async () => {
  const now = Date.now();
  const first = userScope(await requestOf(DEMO.generic.account), now);
  expect(userScope(await requestOf(DEMO.generic.account), now)).toBe(first);
  expect(first.user).toMatchObject({ code: DEMO.generic.account, site: 'generic' });
  expect(userScope(await requestOf(DEMO.kenya.account), now)).not.toBe(first);

  // The account's believe flag is read by the tone screens' rules: a new value is a new context.
  const believed = await requestOf(DEMO.generic.account);
  believed.provider = { ...believed.provider, believe_cp: believed.provider.believe_cp === '1' ? '0' : '1' };
  expect(userScope(believed, now)).not.toBe(first);

  await s.ctx.config.set('additional_tag_num', '2');
  try {
    const changed = userScope(await requestOf(DEMO.generic.account), now);
    expect(changed).not.toBe(first);
    expect(changed.contracts).not.toBe(first.contracts);
  } finally {
    await s.ctx.config.unset('additional_tag_num');
  }
});

test('an outcome is worked out once a day, and each caller gets its own copy of the parameters', () => {
  const kept = new KeptOutcomes();
  let computed = 0;
  const compute = () => ({ params: { toneName: 'a', n: ++computed }, violations: [] });
  const clock = jest.spyOn(Date, 'now').mockReturnValue(new Date(2026, 10, 29, 23, 58).getTime());
  try {
    const one = kept.get('/sp/qrytone|{"toneName":"a"}', compute);
    one.params.toneName = 'changed by a handler';
    expect(kept.get('/sp/qrytone|{"toneName":"a"}', compute).params).toEqual({ toneName: 'a', n: 1 });
    expect(kept.get('/sp/qrytone|{"toneName":"b"}', compute).params.n).toBe(2);
    // After midnight a date rule's "today" is another day.
    clock.mockReturnValue(new Date(2026, 10, 30, 0, 1).getTime());
    expect(kept.get('/sp/qrytone|{"toneName":"a"}', compute).params.n).toBe(3);
  } finally {
    clock.mockRestore();
  }
});
