// Account calls: password change rules, forgot password through the outbox notifier, own info, download,
// and how passwords are stored.
import { startServer, DEMO, type TestServer } from './helpers';
import { hashPassword, hashParameters, verifyPassword } from '../../src/server/security/passwords';

let s: TestServer;
beforeAll(async () => { s = await startServer(); });
afterAll(async () => { await s.close(); });

const outboxFor = async (code: string) => {
  const p = await s.ctx.db.selectFrom('providers').select('id').where('code', '=', code).executeTakeFirstOrThrow();
  return s.ctx.db.selectFrom('outbox').selectAll().where('provider_id', '=', p.id).orderBy('id', 'desc').execute();
};
const codeIn = (body: string) => /dynamic code is ([A-Z0-9]{6})/.exec(body)?.[1];

describe('password storage', () => {
  test('hashes use scrypt at the OWASP cost (N=2^17, r=8, p=1) and verify', async () => {
    const saved = process.env.RBT_SCRYPT_LOG2N;
    delete process.env.RBT_SCRYPT_LOG2N;
    try {
      const h = await hashPassword('Some!Pass123');
      expect(hashParameters(h)).toEqual({ N: 2 ** 17, r: 8, p: 1 });
      expect(await verifyPassword('Some!Pass123', h)).toBe(true);
      expect(await verifyPassword('Some!Pass124', h)).toBe(false);
      expect(h).not.toContain('Some!Pass123');
    } finally {
      process.env.RBT_SCRYPT_LOG2N = saved;
    }
  });

  test('the providers table holds no clear password', async () => {
    const rows = await s.ctx.db.selectFrom('providers').select(['code', 'password_hash']).execute();
    for (const r of rows) expect(r.password_hash).toMatch(/^scrypt\$\d+\$8\$1\$/);
  });
});

describe('sp/updatecppwd', () => {
  test('policy, old password, weak and same-password refusals, then success', async () => {
    const { account, password } = DEMO.believe;
    const c = await s.login(account, password);
    const change = (oldPwd: string, newPwd: string) => c.post('/sp/updatecppwd', { oldPwd, newPwd }, { form: true });
    expect((await change('Wrong!Old99', 'Fresh!Pass62')).body.returnCode).toBe('312011');
    const policy = await change(password, 'short');
    expect(policy.body.returnCode).toBe('950004');
    expect(policy.body.record.errors[0]).toMatchObject({ field: 'newPwd', message: 'CommonRes.pwdChangeLength' });
    expect((await change(password, 'alllowercase1!')).body.returnCode).toBe('950004');
    expect((await change(password, 'Abcdefg12~')).body.returnCode).toBe('950004'); // '~' is not an allowed special
    expect((await change(password, password)).body.returnCode).toBe('950004'); // the screen's rule: new differs from old
    expect((await change(password, 'Password!1')).body.returnCode).toBe('920013');
    expect((await change(password, 'Fresh!Pass62')).body.returnCode).toBe('000000');
    // The old password no longer logs in; the new one does.
    expect((await s.client().post('/sp/sploginhs', { account, pwd: password })).body.returnCode).toBe('950003');
    expect((await s.client().post('/sp/sploginhs', { account, pwd: 'Fresh!Pass62' })).body.returnCode).toBe('000000');
  });

  test('sp/checkweakpwd tells weak from acceptable', async () => {
    const c = await s.login(DEMO.kenya.account, DEMO.kenya.password);
    expect((await c.get('/sp/checkweakpwd', { pwd: 'Qwerty!234' })).body.returnCode).toBe('920013');
    expect((await c.get('/sp/checkweakpwd', { pwd: `Ab!${DEMO.kenya.account}` })).body.returnCode).toBe('920013');
    expect((await c.get('/sp/checkweakpwd', { pwd: 'Vx7!Lmq2Rt' })).body.returnCode).toBe('000000');
  });
});

describe('forgot password', () => {
  test('the dynamic code goes to the outbox, never into an answer; it resets once', async () => {
    const { account } = DEMO.ais;
    const sent = await s.client().post('/sp/senddynamicpassword', { account }, { form: true });
    expect(sent.body.returnCode).toBe('000000');
    const [msg] = await outboxFor(account);
    const code = codeIn(msg.body)!;
    expect(code).toMatch(/^[A-Z0-9]{6}$/);
    expect(sent.raw).not.toContain(code);
    // A second request within the resend delay is refused.
    expect((await s.client().post('/sp/senddynamicpassword', { account })).body.returnCode).toBe('950012');

    const reset = (dynamicCode: string, newPwd = 'Reset!Ais73') => s.client().post('/sp/restpassword', { account, dynamicCode, newPwd, confirmPwd: newPwd });
    expect((await reset('ZZZZZZ')).body.returnCode).toBe('900014');
    expect((await reset(code, 'weak')).body.returnCode).toBe('950004');
    expect((await reset(code)).body.returnCode).toBe('000000');
    expect((await reset(code, 'Other!Ais84')).body.returnCode).toBe('900014'); // single use
    expect((await s.client().post('/sp/sploginhs', { account, pwd: 'Reset!Ais73' })).body.returnCode).toBe('000000');
  });

  test('a code expires, and five wrong tries burn it', async () => {
    const { account } = DEMO.radio;
    await s.client().post('/sp/senddynamicpassword', { account });
    const code = codeIn((await outboxFor(account))[0].body)!;
    s.clock.now += 11 * 60_000;
    expect((await s.client().post('/sp/restpassword', { account, dynamicCode: code, newPwd: 'Radio!New58' })).body.returnCode).toBe('900014');

    await s.client().post('/sp/senddynamicpassword', { account });
    const code2 = codeIn((await outboxFor(account))[0].body)!;
    for (let i = 0; i < 5; i++) await s.client().post('/sp/restpassword', { account, dynamicCode: 'AAAAAA', newPwd: 'Radio!New58' });
    expect((await s.client().post('/sp/restpassword', { account, dynamicCode: code2, newPwd: 'Radio!New58' })).body.returnCode).toBe('900014');
  });

  test('an unknown account gets the same answer and nothing is sent', async () => {
    const before = await s.ctx.db.selectFrom('outbox').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect((await s.client().post('/sp/senddynamicpassword', { account: '1234567890' })).body.returnCode).toBe('000000');
    const after = await s.ctx.db.selectFrom('outbox').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});

describe('own information', () => {
  test('qrycpselfInfo, updatecpinfo with validation, accountdownload', async () => {
    const c = await s.login(DEMO.generic.account, DEMO.generic.password);
    const info = (await c.get('/sp/qrycpselfInfo')).body.record;
    expect(info).toMatchObject({ spCode: DEMO.generic.account, spName: 'Generic Music Ltd', email: 'cp8800010@example.com' });
    const bad = await c.post('/sp/updatecpinfo', { contactName: 'Ann', phoneNumber: '12ab', email: 'not-an-email' });
    expect(bad.body.returnCode).toBe('950004');
    expect(bad.body.record.errors.map((e: { field: string }) => e.field).sort()).toEqual(['email', 'phoneNumber']);
    // Refused: nothing changed (the seeded contact person is still there).
    expect((await c.get('/sp/qrycpselfInfo')).body.record.contactName).toBe(info.contactName);
    expect(info.contactName).not.toBe('');
    const ok = await c.post('/sp/updatecpinfo', { contactName: 'Ann Moraa', phoneNumber: '254711222333', email: 'a@example.com,b@example.com', address: 'Nairobi' });
    expect(ok.body.returnCode).toBe('000000');
    expect(ok.body.record).toMatchObject({ contactName: 'Ann Moraa', phoneNumber: '254711222333', address: 'Nairobi', spName: 'Generic Music Ltd' });
    const file = await c.get('/sp/accountdownload');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="account_${DEMO.generic.account}.csv"`);
    expect(file.raw).toContain('contactName,Ann Moraa');
    expect(file.raw).not.toContain('scrypt');
  });
});
