// Session behaviour an integrator relies on: login answers, the CSRF header and its enforcement, logout,
// timeouts, forced password change, expired accounts, throttling, the maintenance window, answer language.
import { startServer, DEMO, type TestServer } from './helpers';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(async () => {
  await s.close();
});

describe('login', () => {
  test('a demo account logs in: 000000, user info, HttpOnly cookie and a CSRF header', async () => {
    const c = s.client();
    const r = await c.post(
      '/sp/sploginhs',
      { account: DEMO.generic.account, pwd: DEMO.generic.password },
      { form: true },
    );
    expect(r.body.returnCode).toBe('000000');
    expect(r.body.record.userInfo).toMatchObject({
      code: DEMO.generic.account,
      firstLogin: '0',
      name: 'Generic Music Ltd',
    });
    expect(r.headers['x-csrf-token']).toMatch(/^[\w-]{30,}$/);
    expect(String(r.headers['set-cookie'])).toMatch(/^rbt_session=[^;]+;.*HttpOnly.*SameSite=Strict/);
    // Neither the password nor its hash nor the session token travel in the answer.
    expect(r.raw).not.toContain(DEMO.generic.password);
    expect(r.raw).not.toContain('scrypt');
    expect(r.raw).not.toContain(c.cookie.split('=')[1]);
  });

  test('JSON bodies work as well as form bodies', async () => {
    const r = await s.client().post('/sp/sploginhs', { account: DEMO.kenya.account, pwd: DEMO.kenya.password });
    expect(r.body.returnCode).toBe('000000');
    expect(r.body.record.userInfo.site).toBe('kenya');
  });

  test('wrong password and unknown account give the same refusal and no session', async () => {
    const a = await s.client().post('/sp/sploginhs', { account: DEMO.ais.account, pwd: 'Wrong!Pass1' });
    const b = await s.client().post('/sp/sploginhs', { account: '1234567', pwd: 'Wrong!Pass1' });
    expect(a.body.returnCode).toBe('950003');
    expect(b.body).toEqual(a.body);
    expect(a.headers['set-cookie']).toBeUndefined();
    expect(a.headers['x-csrf-token']).toBeUndefined();
  });

  test('missing password is bad input with a clear message', async () => {
    const r = await s.client().post('/sp/sploginhs', { account: DEMO.ais.account });
    expect(r.body.returnCode).toBe('950004');
    expect(r.body.returnMsg).toContain('pwd');
  });

  test('with login_picture_code 1 the picture code of the last image is required, once', async () => {
    await s.ctx.config.set('login_picture_code', '1');
    try {
      expect((await s.client().get('/common/queryloginconfig')).body.record.pictureCode).toBe('1');
      const { account, password } = DEMO.believe;
      const c = s.client();
      // The login screen's rules require the field; a wrong or missing image answers 900014.
      expect((await c.post('/sp/sploginhs', { account, pwd: password })).body.returnCode).toBe('950004');
      expect((await c.post('/sp/sploginhs', { account, pwd: password, pictureCode: 'AB12' })).body.returnCode).toBe(
        '900014',
      );
      const image = await fetch(`${s.base}/common/picturecode`);
      expect(image.headers.get('content-type')).toBe('image/svg+xml');
      c.cookie = image.headers.get('set-cookie')!.split(';')[0];
      const code = [...(await image.text()).matchAll(/>([A-Z0-9])<\/text>/g)].map((m) => m[1]).join('');
      expect(code).toMatch(/^[A-Z0-9]{4}$/);
      const picCookie = c.cookie;
      expect(
        (await c.post('/sp/sploginhs', { account, pwd: password, pictureCode: code.toLowerCase() })).body.returnCode,
      ).toBe('000000');
      c.cookie = picCookie;
      expect((await c.post('/sp/sploginhs', { account, pwd: password, pictureCode: code })).body.returnCode).toBe(
        '900014',
      );
    } finally {
      await s.ctx.config.set('login_picture_code', '0');
    }
  });

  test('logging in again from the same browser ends the previous session', async () => {
    const c = await s.login(DEMO.believe.account, DEMO.believe.password);
    const old = c.cookie;
    await c.post('/sp/sploginhs', { account: DEMO.believe.account, pwd: DEMO.believe.password });
    expect(c.cookie).not.toBe(old);
    const stale = s.client();
    stale.cookie = old;
    expect((await stale.get('/sp/checkcplogin')).body.returnCode).toBe('900000');
  });

  test('lastLoginTime shows the previous login', async () => {
    s.clock.now += 60_000;
    const first = await s.client().post('/sp/sploginhs', { account: DEMO.believe.account, pwd: DEMO.believe.password });
    s.clock.now += 60_000;
    const second = await s
      .client()
      .post('/sp/sploginhs', { account: DEMO.believe.account, pwd: DEMO.believe.password });
    expect(second.body.record.userInfo.lastLoginTime).not.toBe(first.body.record.userInfo.lastLoginTime);
    expect(Date.parse(second.body.record.userInfo.lastLoginTime)).toBeLessThan(s.clock.now);
  });
});

test('every demo account that reaches My Account can save it as it opens (the seed fills every required field)', async () => {
  for (const who of [DEMO.generic, DEMO.kenya, DEMO.ais, DEMO.radio, DEMO.superSP, DEMO.believe, DEMO.approval]) {
    const c = await s.login(who.account, who.password);
    const { contactName, phoneNumber, email, address, description } = (await c.get('/sp/qrycpselfInfo')).body.record;
    expect([contactName, phoneNumber, email]).not.toContain('');
    const saved = await c.post(
      '/sp/updatecpinfo',
      { contactName, phoneNumber, email, address, description },
      { form: true },
    );
    expect([who.account, saved.body.returnCode]).toEqual([who.account, '000000']);
  }
});

describe('CSRF and logout', () => {
  test('a write without the token is refused with 950001 / HTTP 403 and changes nothing', async () => {
    const c = await s.login(DEMO.generic.account, DEMO.generic.password);
    const refused = await c.post('/sp/updatecpinfo', { contactName: 'Mallory' }, { csrf: false });
    expect(refused.status).toBe(403);
    expect(refused.body.returnCode).toBe('950001');
    const wrong = await c.post(
      '/sp/updatecpinfo',
      { contactName: 'Mallory' },
      { headers: { 'x-csrf-token': 'forged' }, csrf: false },
    );
    expect(wrong.body.returnCode).toBe('950001');
    expect((await c.get('/sp/qrycpselfInfo')).body.record.contactName).not.toBe('Mallory');
    const ok = await c.post(
      '/sp/updatecpinfo',
      { contactName: 'Alice', phoneNumber: '254700000010', email: 'cp8800010@example.com' },
      { form: true },
    );
    expect(ok.body.returnCode).toBe('000000');
    expect((await c.get('/sp/qrycpselfInfo')).body.record.contactName).toBe('Alice');
  });

  test('the token of one session does not work for another', async () => {
    const a = await s.login(DEMO.generic.account, DEMO.generic.password);
    const b = await s.login(DEMO.generic.account, DEMO.generic.password);
    expect(a.csrf).not.toBe(b.csrf);
    const r = await a.post(
      '/sp/updatecpinfo',
      { contactName: 'X' },
      { headers: { 'x-csrf-token': b.csrf }, csrf: false },
    );
    expect(r.body.returnCode).toBe('950001');
  });

  test('a reloaded page recovers the token from checkLoginInfo', async () => {
    const c = await s.login(DEMO.generic.account, DEMO.generic.password);
    const token = c.csrf;
    c.csrf = '';
    const r = await c.get('/checkLoginInfo');
    expect(r.body.returnCode).toBe('000000');
    expect(r.headers['x-csrf-token']).toBe(token);
  });

  test('logout needs the token, then ends the session', async () => {
    const c = await s.login(DEMO.generic.account, DEMO.generic.password);
    expect((await c.post('/common/logout', {}, { csrf: false })).body.returnCode).toBe('950001');
    expect((await c.get('/sp/checkcplogin')).body.returnCode).toBe('000000');
    // A bare POST with the token and no body at all, as curl -X POST sends it.
    const out = await c.request('POST', '/common/logout');
    expect(out.body.returnCode).toBe('000000');
    expect(String(out.headers['set-cookie'])).toContain('Max-Age=0');
    // Even a client that keeps the old cookie is logged out.
    c.cookie = c.cookie || 'x';
    expect((await c.get('/sp/checkcplogin')).body.returnCode).toBe('900000');
    expect((await c.get('/sp/qrytone')).body.returnCode).toBe('900000');
  });

  test('no cookie means 900000 on every session call', async () => {
    for (const url of ['/checkLoginInfo', '/sp/qrytone', '/common/queryconfig', '/sp/qrycpselfInfo']) {
      expect((await s.client().get(url)).body.returnCode).toBe('900000');
    }
    expect((await s.client().post('/sp/updatecpinfo', { name: 'x' })).body.returnCode).toBe('900000');
  });
});

describe('timeouts', () => {
  test('inactivity ends a session (session_idle_timeout_minutes)', async () => {
    const c = await s.login(DEMO.ais.account, DEMO.ais.password);
    s.clock.now += 29 * 60_000;
    expect((await c.get('/sp/checkcplogin')).body.returnCode).toBe('000000');
    s.clock.now += 29 * 60_000; // active 29 minutes ago: still alive
    expect((await c.get('/sp/checkcplogin')).body.returnCode).toBe('000000');
    s.clock.now += 31 * 60_000;
    expect((await c.get('/sp/checkcplogin')).body.returnCode).toBe('900000');
  });

  test('a busy session still ends at the absolute timeout', async () => {
    const c = await s.login(DEMO.ais.account, DEMO.ais.password);
    for (let h = 0; h < 12 * 4 - 1; h++) {
      s.clock.now += 15 * 60_000;
      expect((await c.get('/sp/checkcplogin')).body.returnCode).toBe('000000');
    }
    s.clock.now += 15 * 60_000;
    expect((await c.get('/sp/checkcplogin')).body.returnCode).toBe('900000');
  });
});

describe('first login and expired accounts', () => {
  test('first login answers 312022; only the password change is open until it is done', async () => {
    const c = s.client();
    const r = await c.post('/sp/sploginhs', { account: DEMO.firstLogin.account, pwd: DEMO.firstLogin.password });
    expect(r.body.returnCode).toBe('312022');
    expect(r.body.record.needChangePwd).toBe('1');
    expect((await c.get('/sp/qrytone')).body.returnCode).toBe('312022');
    expect((await c.get('/checkLoginInfo')).body.returnCode).toBe('000000');
    const changed = await c.post('/sp/updatecppwd', { oldPwd: DEMO.firstLogin.password, newPwd: 'Nw!Secret842' });
    expect(changed.body.returnCode).toBe('000000');
    expect((await c.get('/sp/qrytone')).body.returnCode).toBe('000000');
    const again = await s.client().post('/sp/sploginhs', { account: DEMO.firstLogin.account, pwd: 'Nw!Secret842' });
    expect(again.body.returnCode).toBe('000000');
    expect(again.body.record.userInfo.firstLogin).toBe('0');
  });

  test('an expired account logs in, user info answers 909090 and data calls are refused', async () => {
    const c = s.client();
    expect(
      (
        await c.post(
          '/sp/sploginhs',
          DEMO.expired.account ? { account: DEMO.expired.account, pwd: DEMO.expired.password } : {},
        )
      ).body.returnCode,
    ).toBe('000000');
    const info = await c.get('/checkLoginInfo');
    expect(info.body.returnCode).toBe('909090');
    expect(info.body.record.userInfo.code).toBe(DEMO.expired.account);
    expect((await c.get('/sp/qrytone')).body.returnCode).toBe('909090');
  });
});

describe('throttling', () => {
  test('five wrong passwords lock the account; checkModifyErrorTimes tells; the lock ends after its time', async () => {
    const { account, password } = DEMO.superSP;
    for (let i = 1; i <= 4; i++) {
      expect((await s.client().post('/sp/sploginhs', { account, pwd: 'Nope!1234x' })).body.returnCode).toBe('950003');
    }
    const info = await s.client().post('/common/checkModifyErrorTimes', { account });
    expect(info.body.record).toMatchObject({ errorTimes: 4, maxErrorTimes: 5, remainingTimes: 1, locked: '0' });
    const fifth = await s.client().post('/sp/sploginhs', { account, pwd: 'Nope!1234x' });
    expect(fifth.body.returnCode).toBe('942201');
    expect(fifth.body.returnMsg).toContain('15 minutes');
    // Locked: even the right password is refused.
    expect((await s.client().post('/sp/sploginhs', { account, pwd: password })).body.returnCode).toBe('942201');
    expect((await s.client().post('/common/checkModifyErrorTimes', { account })).body.record).toMatchObject({
      locked: '1',
      lockMinutes: 15,
    });
    s.clock.now += 16 * 60_000;
    expect((await s.client().post('/sp/sploginhs', { account, pwd: password })).body.returnCode).toBe('000000');
    expect((await s.client().post('/common/checkModifyErrorTimes', { account })).body.record.errorTimes).toBe(0);
  });

  test('one address trying many accounts is blocked (942202)', async () => {
    await s.ctx.config.set('address_max_failures', '3');
    const headers = { 'x-forwarded-for': 'ignored' }; // no proxy trust: the socket address counts
    try {
      for (let i = 0; i < 3; i++)
        await s.client().post('/sp/sploginhs', { account: `99900${i}1`, pwd: 'Nope!1234x' }, { headers });
      const r = await s.client().post('/sp/sploginhs', { account: DEMO.radio.account, pwd: DEMO.radio.password });
      expect(r.body.returnCode).toBe('942202');
      expect(
        (await s.client().get('/common/checkModifyErrorTimes', { account: DEMO.radio.account })).body.record,
      ).toMatchObject({ addressLocked: '1', addressErrorTimes: 3, errorTimes: 0 });
    } finally {
      await s.ctx.config.set('address_max_failures', '20');
      s.clock.now += 16 * 60_000;
    }
    expect(
      (await s.client().post('/sp/sploginhs', { account: DEMO.radio.account, pwd: DEMO.radio.password })).body
        .returnCode,
    ).toBe('000000');
  });
});

describe('maintenance window', () => {
  afterEach(async () => {
    await s.ctx.config.set('maintenance_window', '');
  });

  test('writes are refused inside the configured window and allowed outside; reads always work', async () => {
    const c = await s.login(DEMO.generic.account, DEMO.generic.password);
    const at = new Date(s.clock.now);
    const hh = (h: number) => String((h + 24) % 24).padStart(2, '0');
    // A window around the (test) clock's current hour, then one that ended an hour ago.
    await s.ctx.config.set('maintenance_window', `${hh(at.getHours())}:00-${hh(at.getHours() + 1)}:00`);
    const refused = await c.post('/sp/updatecpinfo', {
      contactName: 'Night',
      phoneNumber: '254700000010',
      email: 'cp8800010@example.com',
    });
    expect(refused.body.returnCode).toBe('950002');
    // The refusal names the configured hours (not the default 0:00 to 5:00), in the language of the session.
    const from = `${(at.getHours() + 24) % 24}:00`;
    const to = `${(at.getHours() + 25) % 24}:00`;
    expect(refused.body.returnMsg).toBe(
      `Operations are prohibited from ${from} to ${to} because of the system background data run`,
    );
    const write = { contactName: 'Night', phoneNumber: '254700000010', email: 'cp8800010@example.com' };
    const zh = await s.login(DEMO.generic.account, DEMO.generic.password, { 'accept-language': 'zh' });
    expect((await zh.post('/sp/updatecpinfo', write)).body.returnMsg).toBe(
      `${from}至${to}系统后台数据处理期间禁止操作`,
    );
    const fa = await s.login(DEMO.generic.account, DEMO.generic.password, { 'accept-language': 'fa' });
    const persian = (t: string) => t.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]);
    expect((await fa.post('/sp/updatecpinfo', write)).body.returnMsg).toBe(
      `از ساعت ${persian(from)} تا ${persian(to)} به دلیل پردازش داده‌های پس‌زمینهٔ سامانه، هیچ عملیاتی مجاز نیست`,
    );
    expect((await c.get('/sp/qrycpselfInfo')).body.record.contactName).not.toBe('Night');
    expect((await c.get('/sp/qrytone')).body.returnCode).toBe('000000');
    await s.ctx.config.set('maintenance_window', `${hh(at.getHours() - 2)}:00-${hh(at.getHours() - 1)}:00`);
    expect(
      (
        await c.post('/sp/updatecpinfo', {
          contactName: 'Day',
          phoneNumber: '254700000010',
          email: 'cp8800010@example.com',
        })
      ).body.returnCode,
    ).toBe('000000');
  });

  test('a window wrapping midnight covers both sides', async () => {
    const { inMaintenanceWindow } = await import('../../src/server/services/maintenanceWindow');
    const at = (h: number, m = 0) => new Date(2026, 0, 1, h, m);
    expect(inMaintenanceWindow('00:00-05:00', at(0))).toBe(true);
    expect(inMaintenanceWindow('00:00-05:00', at(4, 59))).toBe(true);
    expect(inMaintenanceWindow('00:00-05:00', at(5))).toBe(false);
    expect(inMaintenanceWindow('22:00-02:00', at(23))).toBe(true);
    expect(inMaintenanceWindow('22:00-02:00', at(1))).toBe(true);
    expect(inMaintenanceWindow('22:00-02:00', at(12))).toBe(false);
    expect(inMaintenanceWindow('', at(1))).toBe(false);
  });
});

describe('answer language', () => {
  test('Accept-Language zh before login, then the session language', async () => {
    const r = await s
      .client()
      .post(
        '/sp/sploginhs',
        { account: '1234567', pwd: 'Wrong!Pass1' },
        { headers: { 'accept-language': 'zh-CN,zh;q=0.9' } },
      );
    expect(r.body.returnMsg).toBe('账号或密码错误。');
    const c = await s.login(DEMO.kenya.account, DEMO.kenya.password, { 'accept-language': 'zh-CN' });
    expect((await c.post('/sp/updatecpinfo', {}, { csrf: false })).body.returnMsg).toBe('页面已过期，请刷新页面。');
    await c.post('/common/switchlanguage', { language: 'en' });
    expect((await c.post('/sp/updatecpinfo', {}, { csrf: false })).body.returnMsg).toBe(
      'The page has expired. Please refresh the page.',
    );
  });
});
