// Account calls: password change rules, forgot password through the outbox notifier, own info, download,
// and how passwords are stored.
import { startServer, DEMO, type TestServer } from './helpers';
import { hashPassword, hashParameters, verifyPassword } from '../../src/server/security/passwords';
import { createProvider } from '../../src/server/services/providers';
import { HISTORY_MAX, rememberPassword } from '../../src/server/services/passwordHistory';
import { runOperator } from '../../src/server/cli/commands';
import { expectDocumentedAnswer } from './contract';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(async () => {
  await s.close();
});

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
    // The screen's rule (new differs from old) answers the code the OpenAPI document gives for it.
    const same = await change(password, password);
    expect(same.body.returnCode).toBe('950011');
    expect(same.body.returnMsg).toBe('The new password must differ from the old password.');
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

describe('password history (000 §8: password recently used)', () => {
  /** A fresh account and a client that changes its password, keeping track of the current one. */
  async function account(code: string, first: string) {
    await createProvider(s.ctx.db, { code, name: `History ${code}`, password: first, site: 'generic' }, s.clock.now);
    const c = await s.login(code, first);
    let current = first;
    return {
      code,
      get current() {
        return current;
      },
      async change(to: string) {
        const r = await c.post('/sp/updatecppwd', { oldPwd: current, newPwd: to }, { form: true });
        if (r.body.returnCode === '000000') current = to;
        return r;
      },
    };
  }
  const history = async (code: string) => {
    const p = await s.ctx.db.selectFrom('providers').select('id').where('code', '=', code).executeTakeFirstOrThrow();
    return s.ctx.db
      .selectFrom('password_history')
      .select('password_hash')
      .where('provider_id', '=', p.id)
      .orderBy('id', 'desc')
      .execute();
  };

  test('the last 5 passwords (the current one included) are refused with 920013, the one before them is allowed again', async () => {
    const a = await account('8800091', 'Start!Tone11');
    for (const next of ['Second!Tone22', 'Third!Tone33', 'Fourth!Tone44', 'Fifth!Tone55'])
      expect((await a.change(next)).body.returnCode).toBe('000000');
    // The same as the current one: the documented 950011.
    await expectDocumentedAnswer(s, await a.change('Fifth!Tone55'), 'POST', '/sp/updatecppwd', '950011');
    // The four before it: 920013, 'password recently used', with the catalogue's message.
    for (const old of ['Fourth!Tone44', 'Third!Tone33', 'Second!Tone22', 'Start!Tone11']) {
      const r = await a.change(old);
      await expectDocumentedAnswer(s, r, 'POST', '/sp/updatecppwd', '920013');
      expect(r.body.returnMsg).toBe('The password is too weak or was used recently. Please choose another one.');
    }
    expect(a.current).toBe('Fifth!Tone55');
    // One more change pushes the first password out of the last five.
    expect((await a.change('Sixth!Tone66')).body.returnCode).toBe('000000');
    expect((await a.change('Start!Tone11')).body.returnCode).toBe('000000');
    // The history holds scrypt hashes, never a password.
    const rows = await history(a.code);
    expect(rows).toHaveLength(6);
    for (const r of rows) expect(r.password_hash).toMatch(/^scrypt\$\d+\$8\$1\$/);
    expect(await verifyPassword('Sixth!Tone66', rows[0].password_hash)).toBe(true);
  });

  test('password_history_count sets how many: 1 checks only the current password', async () => {
    const a = await account('8800092', 'Start!Tone11');
    expect((await a.change('Second!Tone22')).body.returnCode).toBe('000000');
    await s.ctx.config.set('password_history_count', '1');
    try {
      expect((await a.change('Second!Tone22')).body.returnCode).toBe('950011');
      expect((await a.change('Start!Tone11')).body.returnCode).toBe('000000');
      await s.ctx.config.set('password_history_count', '3');
      expect((await a.change('Second!Tone22')).body.returnCode).toBe('920013');
    } finally {
      await s.ctx.config.set('password_history_count', '5');
    }
  });

  test("the forgot-password reset and the operator's reset keep the history too", async () => {
    const a = await account('8800093', 'Start!Tone11');
    expect((await a.change('Second!Tone22')).body.returnCode).toBe('000000');
    // The operator's reset: the outgoing password joins the history.
    expect(await runOperator(['provider', 'reset', a.code, '--password', 'Temp!Reset77'], s.ctx, () => undefined)).toBe(
      0,
    );
    expect((await history(a.code)).length).toBe(2);
    // The forgot-password reset refuses a recent password with 920013.
    await s.client().post('/sp/senddynamicpassword', { account: a.code }, { form: true });
    const code = codeIn((await outboxFor(a.code))[0].body)!;
    const reset = (newPwd: string) =>
      s.client().post('/sp/restpassword', { account: a.code, dynamicCode: code, newPwd, confirmPwd: newPwd });
    await expectDocumentedAnswer(s, await reset('Second!Tone22'), 'POST', '/sp/restpassword', '920013');
    await expectDocumentedAnswer(s, await reset('Temp!Reset77'), 'POST', '/sp/restpassword', '950011');
    expect((await reset('Third!Tone33')).body.returnCode).toBe('000000');
  });

  test(`at most ${HISTORY_MAX} hashes are kept per account`, async () => {
    const p = await s.ctx.db
      .selectFrom('providers')
      .select(['id', 'password_hash'])
      .where('code', '=', DEMO.superSP.account)
      .executeTakeFirstOrThrow();
    for (let i = 0; i < HISTORY_MAX + 6; i++) await rememberPassword(s.ctx.db, p.id, p.password_hash, s.clock.now);
    expect((await history(DEMO.superSP.account)).length).toBe(HISTORY_MAX);
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

    const reset = (dynamicCode: string, newPwd = 'Reset!Ais73') =>
      s.client().post('/sp/restpassword', { account, dynamicCode, newPwd, confirmPwd: newPwd });
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
    expect(
      (await s.client().post('/sp/restpassword', { account, dynamicCode: code, newPwd: 'Radio!New58' })).body
        .returnCode,
    ).toBe('900014');

    await s.client().post('/sp/senddynamicpassword', { account });
    const code2 = codeIn((await outboxFor(account))[0].body)!;
    for (let i = 0; i < 5; i++)
      await s.client().post('/sp/restpassword', { account, dynamicCode: 'AAAAAA', newPwd: 'Radio!New58' });
    expect(
      (await s.client().post('/sp/restpassword', { account, dynamicCode: code2, newPwd: 'Radio!New58' })).body
        .returnCode,
    ).toBe('900014');
  });

  test('an unknown account gets the same answer and nothing is sent', async () => {
    const before = await s.ctx.db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect((await s.client().post('/sp/senddynamicpassword', { account: '1234567890' })).body.returnCode).toBe(
      '000000',
    );
    const after = await s.ctx.db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});

describe('own information', () => {
  test('qrycpselfInfo, updatecpinfo with validation, accountdownload', async () => {
    const c = await s.login(DEMO.generic.account, DEMO.generic.password);
    const info = (await c.get('/sp/qrycpselfInfo')).body.record;
    expect(info).toMatchObject({
      spCode: DEMO.generic.account,
      spName: 'Generic Music Ltd',
      email: 'cp8800010@example.com',
    });
    const bad = await c.post('/sp/updatecpinfo', { contactName: 'Ann', phoneNumber: '12ab', email: 'not-an-email' });
    expect(bad.body.returnCode).toBe('950004');
    expect(bad.body.record.errors.map((e: { field: string }) => e.field).sort()).toEqual(['email', 'phoneNumber']);
    // Refused: nothing changed (the seeded contact person is still there).
    expect((await c.get('/sp/qrycpselfInfo')).body.record.contactName).toBe(info.contactName);
    expect(info.contactName).not.toBe('');
    const ok = await c.post('/sp/updatecpinfo', {
      contactName: 'Ann Moraa',
      phoneNumber: '254711222333',
      email: 'a@example.com,b@example.com',
      address: 'Nairobi',
    });
    expect(ok.body.returnCode).toBe('000000');
    expect(ok.body.record).toMatchObject({
      contactName: 'Ann Moraa',
      phoneNumber: '254711222333',
      address: 'Nairobi',
      spName: 'Generic Music Ltd',
    });
    const file = await c.get('/sp/accountdownload');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="account_${DEMO.generic.account}.csv"`);
    expect(file.raw).toContain('contactName,Ann Moraa');
    expect(file.raw).not.toContain('scrypt');
  });

  test('the account download neutralises cells a spreadsheet would run as formulas', async () => {
    const c = await s.login(DEMO.kenya.account, DEMO.kenya.password);
    const stored = {
      contactName: '@SUM(A1:A9)',
      address: '=HYPERLINK("http://x.example","open")',
      description: '-2+3 and =cmd',
      phoneNumber: '254711222333',
      email: 'k@example.com',
    };
    expect((await c.post('/sp/updatecpinfo', stored)).body.returnCode).toBe('000000');
    const lines = (await c.get('/sp/accountdownload')).raw.replace(/^\uFEFF/, '').split('\n');
    expect(lines).toContain(`address,"'=HYPERLINK(""http://x.example"",""open"")"`);
    expect(lines).toContain("contactName,'@SUM(A1:A9)");
    expect(lines).toContain("description,'-2+3 and =cmd");
    // A plain number is not a formula and stays a number.
    expect(lines).toContain('phoneNumber,254711222333');
    // The portal still shows what was stored.
    expect((await c.get('/sp/qrycpselfInfo')).body.record).toMatchObject({
      contactName: stored.contactName,
      address: stored.address,
    });
  });
});
