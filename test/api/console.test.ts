// The operator console's calls (issue 26) on the real server and database: operator sessions kept apart from
// providers' (over every call of the route table), a reviewer scoped to its sites, the review queue with a
// change's values and files before and after, decisions (one, bulk, racing) that notify the provider, and the
// administrator's providers, configuration layers, audit log and outbox.
import { startServer, DEMO, type TestServer, type Client } from './helpers';
import { apiRouteTable } from '../../src/server/routeTable';
import { runOperator } from '../../src/server/cli/commands';
import { goodTone } from './tonePayload';

let s: TestServer;
let admin: Client;
let reviewer: Client; // Kenya only
let generic: Client; // a provider of the generic site, in the approval flow
let kenya: Client; // a provider of Kenya

async function operatorLogin(account: string, password: string, language?: string): Promise<Client> {
  const c = s.client();
  const r = await c.post('/op/login', { account, pwd: password, ...(language ? { language } : {}) });
  expect([account, r.body.returnCode]).toEqual([account, '000000']);
  return c;
}

beforeAll(async () => {
  s = await startServer();
  admin = await operatorLogin(DEMO.opAdmin.account, DEMO.opAdmin.password);
  reviewer = await operatorLogin(DEMO.reviewerKenya.account, DEMO.reviewerKenya.password);
  generic = await s.login(DEMO.generic.account, DEMO.generic.password);
  kenya = await s.login(DEMO.kenya.account, DEMO.kenya.password);
});
afterAll(async () => {
  await s.close();
});

const concrete = (url: string) => url.replace(/:[^/]+/g, '1');
const call = (c: Client, r: { method: string; url: string }) =>
  r.method === 'GET' ? c.get(concrete(r.url)) : c.post(concrete(r.url), {});
const queue = async (c: Client, filters: Record<string, unknown> = {}) =>
  (await c.get('/op/changes', { startRecordNum: 1, endRecordNum: 500, ...filters })).body;

test('the OpenAPI document lists the console calls under their own tag', async () => {
  const doc = (await s.client().get('/docs/openapi.json')).body;
  expect(doc.tags.map((t: { name: string }) => t.name)).toContain('operator');
  const tagged = Object.entries(doc.paths as Record<string, Record<string, { tags?: string[] }>>)
    .filter(([, item]) => Object.values(item).some((op) => op.tags?.includes('operator')))
    .map(([path]) => path);
  for (const path of [
    '/op/login',
    '/op/changes',
    '/op/change',
    '/op/decide',
    '/op/providers',
    '/op/config',
    '/op/audit',
  ])
    expect(tagged).toContain(path);
  expect(tagged.every((p) => p.startsWith('/op/'))).toBe(true);
});

describe('sessions', () => {
  test("a provider's session never opens an operator call, nor an operator's a provider call (every call)", async () => {
    const routes = apiRouteTable();
    const operatorCalls = routes.filter((r) => r.auth === 'operator');
    const providerCalls = routes.filter((r) => r.auth === 'session');
    expect(operatorCalls.length).toBeGreaterThan(15);
    for (const r of operatorCalls) expect([r.url, (await call(generic, r)).body.returnCode]).toEqual([r.url, '900000']);
    for (const r of providerCalls) expect([r.url, (await call(admin, r)).body.returnCode]).toEqual([r.url, '900000']);
  });

  test('wrong passwords are counted and lock the operator as they lock a provider', async () => {
    const c = s.client();
    expect((await c.post('/op/login', { account: DEMO.opAdmin.account, pwd: 'Wrong!Pass1' })).body.returnCode).toBe(
      '950003',
    );
    expect((await c.post('/op/login', { account: 'nobody.here', pwd: 'Wrong!Pass1' })).body.returnCode).toBe('950003');
    const audit = (await admin.get('/op/audit', { action: 'operator.login.failed' })).body.record;
    expect(audit[0]).toMatchObject({ actor: DEMO.opAdmin.account, action: 'operator.login.failed' });
  });

  test('a new operator must set its own password before anything else; writes need the CSRF token', async () => {
    const out: string[] = [];
    expect(
      await runOperator(
        [
          'operator',
          'create',
          'new.reviewer',
          '--name',
          'New Reviewer',
          '--role',
          'reviewer',
          '--sites',
          'ais',
          '--password',
          'Fir!stPass27',
        ],
        s.ctx,
        (l) => out.push(l),
      ),
    ).toBe(0);
    const c = s.client();
    expect((await c.post('/op/login', { account: 'new.reviewer', pwd: 'Fir!stPass27' })).body.returnCode).toBe(
      '312022',
    );
    expect((await c.get('/op/changes')).body.returnCode).toBe('312022');
    expect(
      (await c.post('/op/changepassword', { oldPwd: 'Fir!stPass27', newPwd: 'Sec!ondPass38' }, { csrf: false })).body
        .returnCode,
    ).toBe('950001');
    expect(
      (await c.post('/op/changepassword', { oldPwd: 'Fir!stPass27', newPwd: 'Fir!stPass27' })).body.returnCode,
    ).toBe('950011');
    expect(
      (await c.post('/op/changepassword', { oldPwd: 'Fir!stPass27', newPwd: 'Sec!ondPass38' })).body.returnCode,
    ).toBe('000000');
    expect((await c.get('/op/changes')).body.returnCode).toBe('000000');
  });
});

describe('the review queue', () => {
  test("a reviewer sees only its sites' changes; an administrator every site's, oldest first with their age", async () => {
    const all = await queue(admin);
    const sites = new Set(all.record.map((r: { site: string }) => r.site));
    expect(sites).toEqual(new Set(['generic', 'kenya', 'ais']));
    const ids = all.record.map((r: { requestID: string }) => Number(r.requestID));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const mine = await queue(reviewer);
    expect(mine.recordSum).toBeGreaterThan(0);
    expect(mine.record.every((r: { site: string }) => r.site === 'kenya')).toBe(true);
    expect((await queue(reviewer, { site: 'generic' })).recordSum).toBe(0);
    expect(
      (await queue(admin, { entityType: 'nameTone', kind: 'modify' })).record.every(
        (r: { entityType: string; kind: string }) => r.entityType === 'nameTone' && r.kind === 'modify',
      ),
    ).toBe(true);
    expect(Number(all.record[0].ageMinutes)).toBeGreaterThanOrEqual(0);
    // Another site's change is not there for the reviewer, whatever id it tries.
    const theirs = all.record.find((r: { site: string }) => r.site === 'generic');
    expect((await reviewer.get('/op/change', { requestID: theirs.requestID })).body.returnCode).toBe('950005');
    expect(
      (await reviewer.post('/op/decide', { requestIDs: theirs.requestID, decision: 'approve' })).body.record.results,
    ).toEqual([{ requestID: theirs.requestID, result: 'not-yours' }]);
  });

  test('a tone modification shows its values and files before and after; the reviewer plays the new file; rejected, the provider reads why', async () => {
    const tone = await s.ctx.db
      .selectFrom('tones as t')
      .innerJoin('providers as p', 'p.id', 't.provider_id')
      .select(['t.id', 't.tone_code', 't.tone_name', 't.catalog_id', 't.language_id', 't.singer_sex', 't.created_at'])
      .where('t.catalog_id', 'is not', null)
      .where('p.code', '=', DEMO.generic.account)
      .where('t.status', '=', '1')
      .where('t.approve_type', '=', '2')
      .orderBy('t.id')
      .executeTakeFirstOrThrow();
    // Another catalogue and another content language than the tone's: the review names both sides.
    const catalogue = await s.ctx.db
      .selectFrom('catalogues')
      .select(['id', 'name'])
      .where('resource_type', '=', 1)
      .where('id', '!=', tone.catalog_id ?? -1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const languages = await s.ctx.db.selectFrom('languages').select(['id', 'language_desc']).orderBy('id').execute();
    const language = languages.find((l) => l.id !== tone.language_id)!;
    const { catalogID: _catalogID, ...form } = await goodTone(s, generic, {
      toneName: 'Console Review',
      contentLanguage: String(language.id),
    });
    const sent = await generic.post('/sp/edittone', {
      ...form,
      toneID: tone.id,
      toneCode: tone.tone_code,
      newCatalogId: String(catalogue.id),
      oldCatalogId: String(tone.catalog_id),
      reason: 'New master',
      needApproved: 1,
      approveType: 2,
      tableType: 1,
      resourceServiceType: 1,
    });
    expect(sent.body.returnCode).toBe('000000');
    const row = (
      await queue(admin, { provider: DEMO.generic.account, entityType: 'tone', kind: 'modify' })
    ).record.find((r: { entityID: string }) => r.entityID === String(tone.id));
    const change = (await admin.get('/op/change', { requestID: row.requestID })).body.record;
    expect(change).toMatchObject({
      kind: 'modify',
      provider: DEMO.generic.account,
      site: 'generic',
      status: 'pending',
    });
    expect(change.fields).toContainEqual({
      name: 'toneName',
      label: 'Tone.toneName',
      old: tone.tone_name,
      new: 'Console Review',
      changed: true,
    });
    const oldCatalogue = await s.ctx.db
      .selectFrom('catalogues')
      .select('name')
      .where('id', '=', tone.catalog_id!)
      .executeTakeFirstOrThrow();
    const oldLanguage = languages.find((l) => l.id === tone.language_id)!;
    const byName = (fields: Array<{ name: string }>, name: string) => fields.find((f) => f.name === name);
    const named: Array<[string, string, string, string]> = [
      [
        'catalogID',
        'ToneForm.catalog',
        `${oldCatalogue.name} (${tone.catalog_id})`,
        `${catalogue.name} (${catalogue.id})`,
      ],
      [
        'language',
        'Common.language',
        `${oldLanguage.language_desc} (${tone.language_id})`,
        `${language.language_desc} (${language.id})`,
      ],
    ];
    for (const [name, label, old, now] of named)
      expect(byName(change.fields, name)).toEqual({ name, label, old, new: now, changed: true });
    // Codes come with the words of the form's options (the record's readAs), moments marked as such: the review
    // reads "Group" and the upload time in the operator's zone, not "-1" and an ISO string.
    expect(byName(change.fields, 'singerSex')).toMatchObject({
      old: String(tone.singer_sex),
      labels: { '1': 'ToneForm.male', '2': 'ToneForm.female', '-1': 'ToneForm.group' },
    });
    expect(byName(change.fields, 'uploadTime')).toMatchObject({
      old: new Date(Number(tone.created_at)).toISOString(),
      format: 'datetime',
      changed: false,
    });
    expect(byName(change.fields, 'toneName')).not.toHaveProperty('labels');
    // In the operator's language (chosen at sign-in): the reference data's Chinese names where it has them.
    const adminZh = await operatorLogin(DEMO.opAdmin.account, DEMO.opAdmin.password, 'zh');
    const zh = (await adminZh.get('/op/change', { requestID: row.requestID })).body.record;
    const zhNames = await s.ctx.db
      .selectFrom('translations')
      .select(['entity', 'entity_id', 'text'])
      .where('lang', '=', 'zh')
      .where('field', '=', 'name')
      .execute();
    const zhName = (entity: string, id: number, english: string) =>
      zhNames.find((t) => t.entity === entity && t.entity_id === id)?.text ?? english;
    expect(byName(zh.fields, 'catalogID')).toMatchObject({
      new: `${zhName('catalogue', catalogue.id, catalogue.name)} (${catalogue.id})`,
    });
    expect(byName(zh.fields, 'language')).toMatchObject({
      new: `${zhName('language', language.id, language.language_desc)} (${language.id})`,
    });
    expect(zhNames.some((t) => t.entity === 'catalogue' && t.entity_id === catalogue.id)).toBe(true);
    const web = change.files.find((f: { name: string }) => f.name === 'webAuditon');
    expect(web).toMatchObject({ changed: true, new: JSON.parse(form.toneFile).webAuditon });
    const played = await admin.get(`/op/file/${web.new}`);
    expect(played.status).toBe(200);
    expect(played.headers['content-type']).toBe('audio/wav');
    // The Kenya reviewer cannot play a generic provider's file.
    expect((await reviewer.get(`/op/file/${web.new}`)).body.returnCode).toBe('950005');

    const refused = await admin.post('/op/decide', { requestIDs: row.requestID, decision: 'reject' });
    expect(refused.body.returnCode).toBe('950004');
    const r = await admin.post('/op/decide', {
      requestIDs: row.requestID,
      decision: 'reject',
      reason: 'The master clips at 0:42',
    });
    expect(r.body.record.results).toEqual([{ requestID: row.requestID, result: 'ok' }]);
    const listed = (await generic.get('/sp/qrytone', { toneCode: tone.tone_code })).body.record[0];
    expect(listed).toMatchObject({ toneName: tone.tone_name, refuseReason: 'The master clips at 0:42' });
    const notes = (await generic.get('/sp/notifications')).body.record;
    expect(Number(notes.unread)).toBeGreaterThan(0);
    expect(notes.items[0]).toMatchObject({
      entityID: String(tone.id),
      decision: 'rejected',
      kind: 'modify',
      reason: 'The master clips at 0:42',
      read: '0',
    });
    expect((await generic.post('/sp/notifications/read', { all: '1' })).body.returnCode).toBe('000000');
    expect((await generic.get('/sp/notifications')).body.record.unread).toBe('0');
    // The decision reached the provider through the notifier too, and is in its activity.
    const outbox = (await admin.get('/op/outbox', { provider: DEMO.generic.account })).body.record;
    expect(outbox[0].body).toContain('The master clips at 0:42');
    const activity = (await generic.get('/sp/activity', { startRecordNum: 1, endRecordNum: 50 })).body.record;
    expect(activity.map((a: { action: string }) => a.action)).toContain('change.reject');
  });

  test('a bulk decision approves a selection; two operators racing on one change apply it once', async () => {
    const kenyaWaiting = (await queue(reviewer)).record.slice(0, 2).map((r: { requestID: string }) => r.requestID);
    expect(kenyaWaiting).toHaveLength(2);
    const bulk = await reviewer.post('/op/decide', { requestIDs: kenyaWaiting.join(','), decision: 'approve' });
    expect(bulk.body).toMatchObject({ returnCode: '000000' });
    expect(bulk.body.record.results.map((r: { result: string }) => r.result)).toEqual(['ok', 'ok']);
    const next = (await queue(reviewer)).record[0].requestID;
    const [a, b] = await Promise.all([
      reviewer.post('/op/decide', { requestIDs: next, decision: 'approve' }),
      admin.post('/op/decide', { requestIDs: next, decision: 'reject', reason: 'No' }),
    ]);
    const results = [a.body.record.results[0].result, b.body.record.results[0].result].sort();
    expect(results).toEqual(['not-pending', 'ok']);
    expect([a.body.returnCode, b.body.returnCode].sort()).toEqual(['000000', '000001']);
  });
});

describe('administration', () => {
  test("a reviewer's calls of the administrator's screens are refused, naming why", async () => {
    for (const url of ['/op/providers', '/op/config', '/op/operators', '/op/outbox'])
      expect([url, (await reviewer.get(url)).body]).toMatchObject([url, { returnCode: '950016' }]);
    expect(
      (await reviewer.post('/op/config/set', { site: '*', key: 'max_tone_price', value: '9' })).body.returnCode,
    ).toBe('950016');
  });

  test('providers with their usage; create, change and reset one, each audited; the passwords go to the provider', async () => {
    const list = (await admin.get('/op/providers', { site: 'kenya' })).body;
    expect(list.record.every((p: { site: string }) => p.site === 'kenya')).toBe(true);
    expect(list.record.find((p: { code: string }) => p.code === DEMO.kenya.account)).toMatchObject({
      name: 'Nairobi Sounds',
      status: '1',
      tonesNormal: expect.stringMatching(/^[1-9]\d*$/),
      storageMb: expect.stringMatching(/^\d+\.\d$/),
    });
    const created = await admin.post('/op/provider/create', {
      code: '8800123',
      name: 'Console Label',
      site: 'ais',
      believeCP: '0',
      email: 'label@example.com',
    });
    expect(created.body.returnCode).toBe('000000');
    expect(
      (await admin.post('/op/provider/create', { code: '8800123', name: 'Again', site: 'ais', email: 'x@example.com' }))
        .body.returnCode,
    ).toBe('302031');
    expect(
      (await admin.post('/op/provider/create', { code: 'abc', name: 'Bad', site: 'ais', email: 'x@example.com' })).body
        .returnCode,
    ).toBe('950004');
    const mail = (await admin.get('/op/outbox', { provider: '8800123' })).body.record[0];
    expect(mail).toMatchObject({ channel: 'email', recipient: 'label@example.com' });
    const password = /First password: (\S+) /.exec(mail.body)![1];
    expect((await s.client().post('/sp/sploginhs', { account: '8800123', pwd: password })).body.returnCode).toBe(
      '312022',
    );

    expect(
      (
        await admin.post('/op/provider/update', {
          code: '8800123',
          believeCP: '1',
          nameTonePrivilege: '1',
          quotaMb: '50',
        })
      ).body.returnCode,
    ).toBe('000000');
    const row = await s.ctx.db
      .selectFrom('providers')
      .selectAll()
      .where('code', '=', '8800123')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ believe_cp: '1', namerbt_privilege: '1', quota_mb: 50 });
    const audited = (await admin.get('/op/audit', { provider: '8800123', action: 'provider.update' })).body.record[0];
    expect(JSON.parse(audited.detail)).toMatchObject({ before: { believe_cp: '0' }, after: { believe_cp: '1' } });
    expect((await admin.post('/op/provider/resetpassword', { code: '8800123' })).body.record).toEqual({
      sentTo: 'email',
    });
    expect((await admin.get('/op/outbox', { provider: '8800123' })).body.record[0].body).toMatch(/New password: \S+/);
    expect((await admin.post('/op/provider/update', { code: '9999999', status: '2' })).body.returnCode).toBe('950005');
  });

  test('configuration: every key with its layer; a value set is validated, applies to the site, and can be unset', async () => {
    const keys = (await admin.get('/op/config', { site: 'kenya', startRecordNum: 1, endRecordNum: -1 })).body.record;
    expect(keys.find((k: { key: string }) => k.key === 'max_tone_price')).toMatchObject({
      value: '5',
      source: 'site-variants/kenya/config.json',
    });
    const bad = await admin.post('/op/config/set', {
      site: 'kenya',
      key: 'session_idle_timeout_minutes',
      value: 'soon',
    });
    expect(bad.body).toMatchObject({
      returnCode: '950004',
      record: { errors: [{ field: 'value', message: 'Operator.configRefused' }] },
    });
    expect(
      (await admin.post('/op/config/set', { site: 'kenya', key: 'max_tone_price', value: '7' })).body.returnCode,
    ).toBe('000000');
    expect((await kenya.get('/common/queryconfig')).body.record.max_tone_price).toBe('7');
    const now = (await admin.get('/op/config', { site: 'kenya', key: 'max_tone_price' })).body.record[0];
    expect(now).toMatchObject({ value: '7', source: expect.stringContaining('operator, site kenya') });
    expect((await admin.post('/op/config/unset', { site: 'kenya', key: 'max_tone_price' })).body.record).toEqual({
      removed: '1',
    });
    expect((await kenya.get('/common/queryconfig')).body.record.max_tone_price).toBe('5');
  });

  test('the audit log exports as CSV; operators are listed and created', async () => {
    const csv = await admin.get('/op/audit/export', { action: 'config.' });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.raw).toContain('config.set');
    expect(
      (
        await admin.post('/op/operator/create', {
          code: 'ais.review',
          name: 'Ais Reviewer',
          role: 'reviewer',
          sites: 'ais',
        })
      ).body.returnCode,
    ).toBe('000000');
    expect(
      (await admin.post('/op/operator/create', { code: 'bad.sites', name: 'X', role: 'reviewer', sites: 'mars' })).body
        .returnCode,
    ).toBe('950004');
    const operators = (await admin.get('/op/operators')).body.record.map((o: { code: string }) => o.code);
    expect(operators).toEqual(expect.arrayContaining(['ais.review', DEMO.opAdmin.account, DEMO.reviewerKenya.account]));
  });
});
