// The operator CLI: accounts, configuration and the approval flow, checked through what the portal then sees.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { startServer, DEMO, type TestServer } from './helpers';
import { runOperator } from '../../src/server/cli/commands';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(async () => {
  await s.close();
});

async function op(...args: string[]): Promise<{ code: number; out: string }> {
  const lines: string[] = [];
  const code = await runOperator(args, s.ctx, (l) => lines.push(l));
  return { code, out: lines.join('\n') };
}

const toneRow = async (c: Awaited<ReturnType<TestServer['login']>>, toneID: number) => {
  const r = await c.get('/sp/qrytone', { startRecordNum: 1, endRecordNum: 100 });
  return r.body.record.find((t: { toneID: string }) => t.toneID === String(toneID));
};

test('npm run operator -- help prints the commands', () => {
  const r = spawnSync('npx', ['tsx', 'src/server/cli/operator.ts', 'help'], {
    cwd: join(__dirname, '..', '..'),
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: join(s.dataDir, 'cli'), RBT_SCRYPT_LOG2N: '12' },
    encoding: 'utf8',
  });
  expect(r.status).toBe(0);
  expect(r.stdout).toContain('changes approve <id>');
  expect(r.stdout).toContain('provider create <code>');
}, 60_000);

describe('approval flow', () => {
  test('approve an addition, a modification and a deletion; reject with a reason', async () => {
    const c = await s.login(DEMO.approval.account, DEMO.approval.password);
    const { out } = await op('changes', 'list', '--provider', DEMO.approval.account, '--type', 'tone');
    const pending = [...out.matchAll(/^#(\d+)\t\d+\t(\w+)\ttone (\d+)/gm)].map((m) => ({
      id: m[1],
      kind: m[2],
      tone: Number(m[3]),
    }));
    expect(pending.map((p) => p.kind).sort()).toEqual(['add', 'add', 'delete', 'modify']);
    const [add, add2] = pending.filter((p) => p.kind === 'add');
    const modify = pending.find((p) => p.kind === 'modify')!;
    const del = pending.find((p) => p.kind === 'delete')!;

    expect(await toneRow(c, add.tone)).toMatchObject({ approveType: '1', tableType: '1', askType: '1' });
    expect((await op('changes', 'approve', add.id)).code).toBe(0);
    expect(await toneRow(c, add.tone)).toMatchObject({ status: '1', askType: '', tableType: '' });

    const before = await toneRow(c, modify.tone);
    expect(before.askType).toBe('3');
    await op('changes', 'approve', modify.id);
    expect((await toneRow(c, modify.tone)).toneName).toBe(`${before.toneName} (new mix)`);

    await op('changes', 'approve', del.id);
    expect((await toneRow(c, del.tone)).status).toBe('6');

    expect((await op('changes', 'reject', add2.id)).code).toBe(1); // a reason is required
    expect((await op('changes', 'reject', add2.id, '--reason', 'Cover art missing')).code).toBe(0);
    expect(await toneRow(c, add2.tone)).toMatchObject({
      approveType: '3',
      tableType: '1',
      refuseReason: 'Cover art missing',
    });

    expect((await op('changes', 'approve', add.id)).out).toContain('not-pending');
    expect((await op('changes', 'list', '--provider', DEMO.approval.account, '--type', 'tone')).out).toBe(
      'no pending change requests',
    );
  });
});

describe('accounts', () => {
  test('create: the new account logs in and must change its password', async () => {
    const r = await op('provider', 'create', '123456789', '--name', 'Fresh Label', '--site', 'kenya');
    expect(r.code).toBe(0);
    const password = /password: (\S+);/.exec(r.out)![1];
    const login = await s.client().post('/sp/sploginhs', { account: '123456789', pwd: password });
    expect(login.body.returnCode).toBe('312022');
    expect(login.body.record.userInfo).toMatchObject({ site: 'kenya', name: 'Fresh Label' });
    expect((await op('provider', 'create', '123456789', '--name', 'Again')).code).toBe(1);
    expect((await op('provider', 'create', '12ab', '--name', 'Bad')).code).toBe(1);
  });

  test('site moves an account to another site of site-variants/', async () => {
    expect(
      (await op('provider', 'create', '123456781', '--name', 'Mover', '--site', 'ais', '--password', 'Mov!Tone55q'))
        .code,
    ).toBe(0);
    expect(await op('provider', 'site', '123456781', 'kenya')).toEqual({
      code: 0,
      out: '123456781 moved to site kenya',
    });
    const login = await s.client().post('/sp/sploginhs', { account: '123456781', pwd: 'Mov!Tone55q' });
    expect(login.body.record.userInfo.site).toBe('kenya');
    expect((await op('provider', 'site', '123456781', 'atlantis')).code).toBe(1);
    expect((await op('provider', 'site', '999999999', 'kenya')).out).toBe('no account 999999999');
  });

  test('disable ends sessions and refuses logins; enable restores', async () => {
    const c = await s.login(DEMO.ais.account, DEMO.ais.password);
    await op('provider', 'disable', DEMO.ais.account);
    expect((await c.get('/sp/checkcplogin')).body.returnCode).toBe('900000');
    expect(
      (await s.client().post('/sp/sploginhs', { account: DEMO.ais.account, pwd: DEMO.ais.password })).body.returnCode,
    ).toBe('201002');
    await op('provider', 'enable', DEMO.ais.account);
    expect(
      (await s.client().post('/sp/sploginhs', { account: DEMO.ais.account, pwd: DEMO.ais.password })).body.returnCode,
    ).toBe('000000');
  });

  test('reset: old password refused, new one must be changed', async () => {
    const r = await op('provider', 'reset', DEMO.radio.account, '--password', 'Temp!Reset42');
    expect(r.code).toBe(0);
    expect(
      (await s.client().post('/sp/sploginhs', { account: DEMO.radio.account, pwd: DEMO.radio.password })).body
        .returnCode,
    ).toBe('950003');
    expect(
      (await s.client().post('/sp/sploginhs', { account: DEMO.radio.account, pwd: 'Temp!Reset42' })).body.returnCode,
    ).toBe('312022');
  });
});

describe('configuration', () => {
  test('set for the deployment and for one site; providers see it', async () => {
    const generic = await s.login(DEMO.generic.account, DEMO.generic.password);
    const kenya = await s.login(DEMO.kenya.account, DEMO.kenya.password);
    expect((await op('config', 'set', 'max_export_num', '7')).code).toBe(0);
    expect((await op('config', 'set', 'support_persian_calendar', '1', '--site', 'kenya')).code).toBe(0);
    // The very next request sees the change (the config table's generation is read with the session).
    const g = (await generic.get('/common/queryconfig')).body.record;
    const k = (await kenya.get('/common/queryconfig')).body.record;
    expect(g.max_export_num).toBe('7');
    expect(k.max_export_num).toBe('7');
    expect(g.support_persian_calendar).toBe('0');
    expect(k.support_persian_calendar).toBe('1');
    expect((await op('config', 'get', 'support_persian_calendar', '--site', 'kenya')).out).toBe(
      'support_persian_calendar=1\t(from operator, site kenya (config set --site kenya))',
    );
    expect((await op('config', 'get', 'support_persian_calendar')).out).toBe(
      'support_persian_calendar=0\t(from schemas/config.schema.json (default))',
    );
  });

  test('get names the layer of every value; unset lets the files apply again', async () => {
    const get = async (key: string, site?: string) =>
      (await op('config', 'get', key, ...(site ? ['--site', site] : []))).out;
    expect(await get('max_tone_price', 'kenya')).toBe('max_tone_price=5\t(from site-variants/kenya/config.json)');
    expect(await get('max_tone_price', 'ais')).toBe('max_tone_price=10\t(from schemas/config.schema.json (default))');
    expect(await get('radio_cp_code', 'ais')).toBe(
      `radio_cp_code=${DEMO.radio.account}\t(from site-variants/generic/config.json)`,
    );
    // The operator's deployment value is above every site's file; its value for one site is above that.
    await op('config', 'set', 'max_tone_price', '8');
    expect(await get('max_tone_price', 'kenya')).toBe(
      'max_tone_price=8\t(from operator, deployment (config set without --site))',
    );
    await op('config', 'set', 'max_tone_price', '6', '--site', 'kenya');
    expect(await get('max_tone_price', 'kenya')).toBe(
      'max_tone_price=6\t(from operator, site kenya (config set --site kenya))',
    );
    expect(await get('max_tone_price', 'ais')).toBe(
      'max_tone_price=8\t(from operator, deployment (config set without --site))',
    );
    const unset = await op('config', 'unset', 'max_tone_price', '--site', 'kenya');
    expect(unset).toEqual({
      code: 0,
      out: 'max_tone_price unset (site kenya); now max_tone_price=8 (from operator, deployment (config set without --site))',
    });
    expect((await op('config', 'unset', 'max_tone_price')).code).toBe(0);
    expect(await get('max_tone_price', 'kenya')).toBe('max_tone_price=5\t(from site-variants/kenya/config.json)');
    expect((await op('config', 'unset', 'max_tone_price')).out).toBe(
      'the operator has no value for max_tone_price for the deployment',
    );
    // Every key, each with its layer.
    const all = (await op('config', 'get', '--site', 'kenya')).out.split('\n');
    expect(all).toContain('support_kenya_batch_operation=1\t(from site-variants/kenya/config.json)');
    expect(all.every((line) => /^[a-z0-9_]+=.*\t\(from .+\)$/.test(line))).toBe(true);
  });

  test('set refuses what the configuration schema does not allow, and unknown sites', async () => {
    expect(await op('config', 'set', 'no_such_key', '1')).toEqual({
      code: 1,
      out: 'unknown key no_such_key: a key must be declared in schemas/config.schema.json first',
    });
    const bad = await op('config', 'set', 'login_max_failures', 'five');
    expect(bad.code).toBe(1);
    expect(bad.out).toContain('login_max_failures must match ^\\d+$');
    expect((await op('config', 'get', 'login_max_failures')).out).toBe(
      'login_max_failures=5\t(from schemas/config.schema.json (default))',
    );
    const site = await op('config', 'get', 'max_tone_price', '--site', 'ghana');
    expect(site).toEqual({
      code: 1,
      out: 'unknown site "ghana": no folder site-variants/ghana/ (sites: generic, ais, kenya)',
    });
    expect((await op('provider', 'create', '123456780', '--name', 'Nowhere', '--site', 'ghana')).code).toBe(1);
  });

  test('outbox shows the dynamic code sent by forgot password', async () => {
    await s.client().post('/sp/senddynamicpassword', { account: DEMO.kenya.account });
    expect((await op('outbox', '--account', DEMO.kenya.account)).out).toMatch(/dynamic code is [A-Z0-9]{6}/);
  });
});

describe('stored text is printed as text', () => {
  test('terminal escapes, carriage returns and bidirectional overrides in stored values are shown escaped', async () => {
    // Rows written before the server refused control characters, or by another system on the same database.
    await s.ctx.db
      .updateTable('providers')
      .set({ name: 'Evil\u001b[2J\u001b]0;owned\u0007 Ltd\rX' })
      .where('code', '=', DEMO.ais.account)
      .execute();
    const p = await s.ctx.db
      .selectFrom('providers')
      .select('id')
      .where('code', '=', DEMO.ais.account)
      .executeTakeFirstOrThrow();
    await s.ctx.db
      .insertInto('outbox')
      .values({
        provider_id: p.id,
        channel: 'sms',
        recipient: '2547\u202e00',
        subject: 's',
        body: 'line one\nline two \u009b31m',
        created_at: s.clock.now,
      })
      .execute();

    const lines: string[] = [];
    await runOperator(['provider', 'list'], s.ctx, (l) => lines.push(l));
    await runOperator(['outbox', '--account', DEMO.ais.account, '--limit', '1'], s.ctx, (l) => lines.push(l));
    const printed = lines.join('\n');
    // Nothing a terminal would act on: only the CLI's own tabs and line breaks remain.
    expect(printed).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e]/);
    const ais = lines.find((l) => l.startsWith(`${DEMO.ais.account}\t`))!;
    expect(ais.endsWith('Evil\\x1b[2J\\x1b]0;owned\\x07 Ltd\\rX')).toBe(true);
    const sms = lines.find((l) => l.includes('sms:'))!;
    expect(sms).toContain('sms:2547\\u202e00\tline one\\nline two \\x9b31m');
  });
});
