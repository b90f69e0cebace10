// What the server log holds: requests without secrets, and the outbox notifier's messages (the documented
// way to read a dynamic code when no SMS or mail gateway is configured).
import { startServer, DEMO, type TestServer } from './helpers';
import { serverLogger } from '../../src/server/http/logRedact';

let s: TestServer;
const lines: string[] = [];
beforeAll(async () => {
  s = await startServer({ logger: serverLogger('info', { write: (l) => void lines.push(l) }) });
});
afterAll(async () => {
  await s.close();
});

test('passwords never reach the log; the dynamic code does, through the outbox notifier', async () => {
  const c = await s.login(DEMO.generic.account, DEMO.generic.password);
  await c.request('GET', `/sp/checkweakpwd?portalType=1&pwd=${encodeURIComponent('Hidden!Pw77')}`);
  await c.post('/sp/updatecppwd', { oldPwd: DEMO.generic.password, newPwd: 'Other!Pw842' });
  await s.client().post('/sp/senddynamicpassword', { account: DEMO.kenya.account });
  const log = lines.join('');
  expect(log).toContain('/sp/checkweakpwd?portalType=1&pwd=***');
  for (const secret of [DEMO.generic.password, 'Hidden!Pw77', 'Hidden%21Pw77', 'Other!Pw842', 'scrypt$'])
    expect(log).not.toContain(secret);
  expect(log).toMatch(/outbox: sms to \d+: Dynamic code for account 8800020: Your dynamic code is [A-Z0-9]{6}/);
});
