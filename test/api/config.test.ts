// Configuration and reference data, the OpenAPI document, and the built portal served with history fallback.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startServer, DEMO, type TestServer } from './helpers';

let s: TestServer;
beforeAll(async () => {
  const dist = join(require('node:os').tmpdir(), `rbt-dist-${process.pid}`);
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
  s = await startServer({ distDir: dist });
});
afterAll(async () => {
  await s.close();
});

test("queryconfig: the deployment values with the provider's site on top", async () => {
  const generic = (await (await s.login(DEMO.generic.account, DEMO.generic.password)).get('/common/queryconfig')).body
    .record;
  const kenya = (await (await s.login(DEMO.kenya.account, DEMO.kenya.password)).get('/common/queryconfig')).body.record;
  const ais = (await (await s.login(DEMO.ais.account, DEMO.ais.password)).get('/common/queryconfig')).body.record;
  expect(generic).toMatchObject({
    max_tone_price: '10',
    support_kenya_batch_operation: '0',
    thailand_ais_office_flag: '0',
    radio_cp_code: DEMO.radio.account,
  });
  expect(kenya).toMatchObject({
    max_tone_price: '5',
    support_kenya_batch_operation: '1',
    support_copyright_maintenance: '1',
  });
  expect(ais).toMatchObject({ thailand_ais_office_flag: '1', max_tone_price: '10' });
  // Every key the server itself reads has a value.
  for (const k of [
    'maintenance_window',
    'session_idle_timeout_minutes',
    'session_absolute_timeout_hours',
    'login_max_failures',
    'uploadfile_max_size',
  ])
    expect(generic[k]).toBeDefined();
});

test('queryloginconfig needs no session and carries what the login page needs', async () => {
  const r = await s.client().get('/common/queryloginconfig');
  expect(r.body.returnCode).toBe('000000');
  expect(r.body.record).toMatchObject({
    pictureCode: '0',
    allowedPasswordSpecialChar: '!@#$%^&*_-+=?.',
    site: 'generic',
    maxErrorTimes: '5',
  });
  expect(
    r.body.record.dictionaries
      .filter((d: { dictType: string }) => d.dictType === 'accessType')
      .map((d: { itemValue: string }) => d.itemValue),
  ).toEqual(['1', '2', '3', '4', '5', '14', '-1']);
});

test('languages: the eight of 001 §3, highest priority first; dictionaries by type', async () => {
  const c = await s.login(DEMO.generic.account, DEMO.generic.password);
  const langs = (await c.get('/common/querylanguagelist')).body.record;
  expect(langs.map((l: { languageDesc: string }) => l.languageDesc).sort()).toEqual([
    'Amharic',
    'Arabic',
    'English',
    'Farsi',
    'French',
    'Oromoo',
    'Somali',
    'Tigrigna',
  ]);
  const priorities = langs.map((l: { priority: string }) => Number(l.priority));
  expect(priorities).toEqual([...priorities].sort((x: number, y: number) => y - x));
  const orderType = await c.post('/common/queryAllDataDictItem', { dictType: 'orderType' }, { form: true });
  expect(orderType.body.record.map((d: { itemLabelValue: string }) => d.itemLabelValue)).toEqual([
    'Download',
    'Present',
    'Renew',
    'Copy',
  ]);
});

test('getcategoryid: the category with the name-tone privilege, 956012 without', async () => {
  const withPrivilege = await (await s.login(DEMO.generic.account, DEMO.generic.password)).get('/sp/getcategoryid');
  expect(withPrivilege.body.returnCode).toBe('000000');
  expect(withPrivilege.body.record).toMatchObject({ catName: 'Name tones' });
  // The trusted demo provider has no name-tone privilege (every site provider of the demo has it).
  const without = await (await s.login(DEMO.believe.account, DEMO.believe.password)).get('/sp/getcategoryid');
  expect(without.body.returnCode).toBe('956012');
  expect(without.body.record).toBeUndefined();
});

test('the OpenAPI document lists every registered call with its parameters', async () => {
  const doc = (await s.client().get('/docs/openapi.json')).body;
  expect(doc.openapi).toBe('3.1.0');
  for (const r of s.app.apiRoutes) {
    const path = r.url.replace(/:(\w+)/g, '{$1}');
    expect(doc.paths[path]).toBeDefined();
    if (r.method !== 'GET') expect(doc.paths[path].post).toBeDefined();
  }
  const login = doc.paths['/sp/sploginhs'].post;
  expect(login.requestBody.content['application/x-www-form-urlencoded'].schema.required).toEqual(['account', 'pwd']);
  expect(doc.paths['/sp/updatecpinfo'].post.security).toEqual([{ session: [], csrf: [] }]);
  expect(doc.paths['/common/queryconfig'].get.parameters.map((p: { name: string }) => p.name)).toContain('portalType');
  expect(doc.components['x-return-codes']['950007'].en).toBe(
    'Upload file failed. File name contain some special character!',
  );
});

test('the portal is served with history fallback; unknown API paths answer the envelope', async () => {
  const page = await fetch(`${s.base}/rbtMaintenance?x=1`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('<div id="root">');
  const asset = await fetch(`${s.base}/assets/app-1234.js`);
  expect(asset.headers.get('cache-control')).toContain('immutable');
  expect(asset.headers.get('content-type')).toContain('javascript');
  const traversal = await fetch(`${s.base}/..%2f..%2fetc%2fpasswd`);
  expect(await traversal.text()).toContain('<div id="root">');
  const api = await s.client().get('/sp/nosuchcall');
  expect(api.body.returnCode).toBe('950005');
  expect(api.body.returnMsg).toBe('The resource does not exist.');
});

test("an entry page opened by its file name goes to its application's address (each application routes by it)", async () => {
  for (const [file, address] of [
    ['/operator.html', '/console'],
    ['/index.html', '/'],
  ]) {
    const r = await fetch(`${s.base}${file}`, { redirect: 'manual' });
    expect({ file, status: r.status, location: r.headers.get('location') }).toEqual({
      file,
      status: 302,
      location: address,
    });
  }
});

test('SITE=kenya: the deployment defaults to Kenya, other sites keep their own values', async () => {
  const k = await startServer({ site: 'kenya' });
  try {
    expect((await k.client().get('/common/queryloginconfig')).body.record.site).toBe('kenya');
    const generic = (await (await k.login(DEMO.generic.account, DEMO.generic.password)).get('/common/queryconfig')).body
      .record;
    const kenya = (await (await k.login(DEMO.kenya.account, DEMO.kenya.password)).get('/common/queryconfig')).body
      .record;
    expect(kenya).toMatchObject({ max_tone_price: '5', support_kenya_batch_operation: '1' });
    expect(generic).toMatchObject({ max_tone_price: '10', support_kenya_batch_operation: '0' });
  } finally {
    await k.close();
  }
});

test('every call validated by a screen definition names a screen and call that exist on every site', async () => {
  const { engineFor } = await import('../../src/server/validation');
  const validated = s.app.apiRoutes.filter((r) => r.screen);
  expect(validated.map((r) => r.url)).toEqual(
    expect.arrayContaining(['/sp/sploginhs', '/sp/updatecppwd', '/sp/restpassword', '/sp/updatecpinfo']),
  );
  for (const site of ['generic', 'kenya', 'ais']) {
    const engine = engineFor(site);
    for (const r of validated)
      for (const screen of [r.screen!].flat())
        expect([site, r.url, Boolean(engine.definition(screen.id).calls?.[screen.call])]).toEqual([site, r.url, true]);
  }
});

test('querywritewindow: public, says whether writes are refused now and until when (site by parameter)', async () => {
  const { runOperator } = require('../../src/server/cli/commands') as typeof import('../../src/server/cli/commands');
  const set = (v: string, site?: string) =>
    runOperator(['config', 'set', 'maintenance_window', v, ...(site ? ['--site', site] : [])], s.ctx, () => undefined);
  try {
    await set('00:00-24:00');
    const on = await s.client().get('/common/querywritewindow');
    expect(on.body).toMatchObject({
      returnCode: '000000',
      record: { window: '00:00-24:00', active: '1', until: '24:00' },
    });
    // A write during the window is refused with the window's code, as the banner says.
    const c = await s.login(DEMO.generic.account, DEMO.generic.password);
    expect((await c.post('/sp/updatecpinfo', { email: 'a@b.cd' })).body.returnCode).toBe('950002');
    await set('');
    expect((await s.client().get('/common/querywritewindow')).body.record).toEqual({
      window: '',
      active: '0',
      until: '',
    });
    expect((await s.client().get('/common/querywritewindow', { site: 'nowhere' })).body.returnCode).toBe('000000');
  } finally {
    await set('');
  }
});
