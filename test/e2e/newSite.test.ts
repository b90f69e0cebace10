// The integrator guide's worked example, done for real: a fourth site and a fourth language built from the JSON
// blocks of docs/integrators.md (the one source of the example) in a temporary copy of the definition tree, then
// checked the way an integrator and an operator would: `definitions validate` and `resolve`, the operator CLI on
// the new site, the server started on the copy serving the site's config.json, one build of the portal from the
// copy and a Chromium login of a provider of the new site next to a generic provider. The language is one file and
// one list entry, no TypeScript: the login page offers it and loads only its catalogue, and a session in it reads
// the server's messages in it, English where its catalogue has no text. Last, the configuration layers live: an
// edited config.json applies at the next start unless the operator set the key.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { copyTree, runCli } from '../definitions/cli';
import { demo, expectPath, launch, login, openPage, screenshot, sessionStore } from './support/browser';
import { sidebarMenu } from './support/menu';
import { DIST_DIR, ensureBuilt, OPERATOR_CLI, ROOT, startServer, type TestServer } from './support/server';

jest.setTimeout(180_000);

const SITE = 'ghana';
const PROVIDER = { account: '8800090', password: 'Gha!Tone33k' };
const NEW_PASSWORD = 'Accra!Tone58m';

interface Block {
  kind: 'file' | 'merge';
  path: string;
  at?: string;
  json: Record<string, unknown>;
}

/** The example's blocks: ```json file=<path> creates a file, ```json merge=<path> [at=<key>] merges into one. */
function exampleBlocks(markdown: string): Block[] {
  return [...markdown.matchAll(/^```json (file|merge)=(\S+)(?: at=(\S+))?\n([\s\S]*?)^```$/gm)].map((m) => ({
    kind: m[1] as Block['kind'],
    path: m[2],
    at: m[3],
    json: JSON.parse(m[4]),
  }));
}

function applyExample(dir: string, blocks: Block[]): void {
  for (const b of blocks) {
    const file = join(dir, b.path);
    if (b.kind === 'file') {
      mkdirSync(join(file, '..'), { recursive: true });
      writeFileSync(file, JSON.stringify(b.json, null, 2));
      continue;
    }
    const target = JSON.parse(readFileSync(file, 'utf8'));
    Object.assign(b.at ? target[b.at] : target, b.json);
    writeFileSync(file, JSON.stringify(target, null, 2));
  }
}

let tree: ReturnType<typeof copyTree>;
let dataDir: string;
let server: TestServer | undefined;
let browser: Browser;
const dist = () => join(tree.dir, 'dist');

/** The operator CLI (its build, support/maintenance.ts) on the copy and the server's database. */
function operator(...args: string[]): { status: number | null; out: string } {
  const r = spawnSync(process.execPath, [OPERATOR_CLI, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, DEFINITIONS_ROOT: tree.dir, DATA_DIR: dataDir, SITE: 'generic' },
  });
  return { status: r.status, out: `${r.stdout}${r.stderr}`.trim() };
}

async function start(distDir = dist()): Promise<TestServer> {
  server = await startServer({ definitionsRoot: tree.dir, distDir, dataDir });
  return server;
}

async function restart(distDir?: string): Promise<TestServer> {
  await server?.stop();
  return start(distDir);
}

/** What the server gives a provider of the site after login (common/queryconfig), read as the portal does. */
async function providerConfig(
  s: TestServer,
  who: { account: string; password: string },
): Promise<Record<string, string>> {
  // A server that went away says why: its own output comes with the failure.
  const login = await fetch(`${s.baseUrl}/sp/sploginhs`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ account: who.account, pwd: who.password }),
  }).catch((e: Error) => {
    throw new Error(`${e.message} (${String(e.cause)}); the server printed:\n${s.printed()}`);
  });
  expect(['000000', '312022']).toContain((await login.json()).returnCode);
  const cookie = login.headers.get('set-cookie')!.split(';')[0];
  const answer = await (await fetch(`${s.baseUrl}/common/queryconfig?portalType=1`, { headers: { cookie } })).json();
  return answer.record;
}

const editSiteConfig = (values: Record<string, string>) => {
  const file = join(tree.dir, 'site-variants', SITE, 'config.json');
  const doc = JSON.parse(readFileSync(file, 'utf8'));
  Object.assign(doc.values, values);
  writeFileSync(file, JSON.stringify(doc, null, 2));
};

beforeAll(async () => {
  tree = copyTree();
  const blocks = exampleBlocks(readFileSync(join(ROOT, 'docs', 'integrators.md'), 'utf8'));
  expect(blocks.map((b) => `${b.kind} ${b.path}`)).toEqual([
    `file site-variants/${SITE}/config.json`,
    'merge schemas/config.schema.json',
    `file site-variants/${SITE}/rbtUploading.json`,
    'merge i18n/en.json',
    'merge i18n/zh.json',
    'merge i18n/fa.json',
    'merge i18n/languages.json',
    'file i18n/fr.json',
  ]);
  applyExample(tree.dir, blocks);
  dataDir = mkdtempSync(join(tmpdir(), 'rbt-newsite-'));
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  tree?.remove();
});

test('definitions validate passes and counts the fourth site and language, which add no warning of their own', () => {
  const r = runCli(['validate'], tree.dir);
  expect(r.stdout).toMatch(
    /^definitions valid: \d+ screens, 4 site variants \(generic, ais, ghana, kenya\), 4 languages \(en, zh, fa, fr\)(, \d+ warning\(s\))?\n/,
  );
  // The partial French catalogue is information, not a failure.
  expect(r.stdout).toMatch(/^i18n\/fr\.json: 27 of \d+ messages translated; the rest fall back to en$/m);
  expect(r.status).toBe(0);
  // The copy's warnings, if any, are the repository's own (calls marked pending), listed apart: none is Ghana's.
  const [errors, warnings = ''] = r.stderr.split(/^\d+ warning\(s\), listed apart.*\n/m);
  expect(errors).toBe('');
  expect(warnings).not.toContain(SITE);
  expect(warnings).not.toContain('fr.json');
});

test('resolve shows the overlay and the site configuration; the other sites are unchanged', () => {
  const resolved = (site: string) => {
    const r = runCli(['resolve', 'rbtUploading', '--site', site], tree.dir);
    expect(r.status).toBe(0);
    return JSON.parse(r.stdout) as {
      fields: Array<{ name: string; label?: string; help?: string; placeholder?: string; ui?: any }>;
      required: string[];
    };
  };
  const field = (screen: ReturnType<typeof resolved>, name: string) => screen.fields.find((f) => f.name === name);
  const ghana = resolved(SITE);
  expect(field(ghana, 'artist')).toMatchObject({
    label: 'ToneForm.artistOrBand',
    help: 'ToneForm.artistOrBandHelp',
    placeholder: 'ToneForm.artistOrBandPlaceholder',
  });
  expect(field(ghana, 'mateInfo')).toBeUndefined(); // the product's support_mate_info, '0' in its config.json
  expect(ghana.required).toContain('description'); // its own key, tone_description_required
  expect(field(ghana, 'price')!.ui.tipParams).toEqual({ min: '0.00', max: '20.00' });
  expect(field(ghana, 'lyricCompany')).toBeDefined(); // copyright maintenance on
  for (const site of ['generic', 'ais']) {
    const other = resolved(site);
    expect(field(other, 'artist')).toMatchObject({ label: 'ToneForm.artist' });
    expect(field(other, 'mateInfo')).toBeDefined(); // support_mate_info defaults to '1'
    expect(other.required).not.toContain('description'); // tone_description_required defaults to '0'
    expect(field(other, 'price')!.ui.tipParams.max).toBe('10.00');
  }
  expect(runCli(['resolve', 'rbtUploading', '--site', 'ghanaa'], tree.dir).stderr).toContain(
    'unknown site "ghanaa": no folder site-variants/ghanaa/',
  );
});

test('one build of the portal from the copy bundles the new site', () => {
  const r = spawnSync(
    join(ROOT, 'node_modules', '.bin', 'vite'),
    ['build', '--logLevel', 'error', '--outDir', dist(), '--emptyOutDir'],
    {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, DEFINITIONS_ROOT: tree.dir },
    },
  );
  expect(r.stderr.replace(/^.*(configLoader|ESM syntax|VITE_CONFIG_NATIVE).*\n?/gm, '')).toBe('');
  expect(r.status).toBe(0);
});

test('the operator CLI accepts the site, and the server serves its config.json without operator action', async () => {
  const s = await start();
  const created = operator(
    'provider',
    'create',
    PROVIDER.account,
    '--name',
    'Accra Tones',
    '--site',
    SITE,
    '--password',
    PROVIDER.password,
  );
  expect(created).toEqual({
    status: 0,
    out: `created ${PROVIDER.account} (${SITE}); it must be changed at first login`,
  });
  expect(operator('config', 'get', 'max_tone_price', '--site', SITE).out).toBe(
    `max_tone_price=20\t(from site-variants/${SITE}/config.json)`,
  );
  expect(operator('config', 'get', 'support_mate_info', '--site', SITE).out).toBe(
    `support_mate_info=0\t(from site-variants/${SITE}/config.json)`,
  );
  expect(operator('config', 'get', 'support_mate_info', '--site', 'kenya').out).toBe(
    'support_mate_info=1\t(from schemas/config.schema.json (default))',
  );
  expect(operator('config', 'get', 'tone_description_required', '--site', SITE).out).toBe(
    `tone_description_required=1\t(from site-variants/${SITE}/config.json)`,
  );
  expect(operator('provider', 'list').out).toContain(`${PROVIDER.account}\t${SITE}\tactive`);
  expect(await providerConfig(s, PROVIDER)).toMatchObject({
    max_tone_price: '20',
    support_copyright_maintenance: '1',
    support_mate_info: '0',
    radio_cp_code: '8800001',
  });
  expect(await providerConfig(s, demo('Generic site'))).toMatchObject({
    max_tone_price: '10',
    support_copyright_maintenance: '0',
    support_mate_info: '1',
  });
});

/** The tone upload form as the user sees it: label, placeholder and help of the artist, the price tip, mate info. */
async function toneForm(page: Page) {
  await page.goto('/rbtUploading');
  await page.locator('#root_toneName').waitFor();
  const artist = page.locator('[data-field="artist"]');
  return {
    artistLabel: (await artist.locator('.field__label').textContent())?.replace('*', '').trim(),
    artistPlaceholder: await page.locator('#root_artist').getAttribute('placeholder'),
    artistHelp: (await artist.locator('.field__help').count())
      ? await artist.locator('.field__help').textContent()
      : null,
    priceTip: await page.locator('[data-field="price"] .field__help').textContent(),
    mateInfo: await page.locator('[data-field="mateInfo"]').count(),
  };
}

test('a provider of the new site signs in to a working portal that shows the site', async () => {
  const errors: string[] = [];
  for (const language of ['en', 'zh'] as const) {
    const page = await openPage(browser, server!.baseUrl, { language });
    page.on('pageerror', (e) => errors.push(e.message));
    if (language === 'en') {
      // An account the operator created must set its own password first.
      await login(page, PROVIDER);
      await expectPath(page, '/changepassword');
      await page.fill('[data-field="oldPwd"] input', PROVIDER.password);
      await page.fill('[data-field="newPwd"] input', NEW_PASSWORD);
      await page.fill('[data-field="confirmPwd"] input', NEW_PASSWORD);
      await page.click('[data-screen="changePassword"] .form-actions .btn--primary');
    } else {
      await login(page, { account: PROVIDER.account, password: NEW_PASSWORD });
    }
    await expectPath(page, '/dashboard');
    await page.locator('[data-screen="dashboard"] [data-panel="toneStates"] :is(.count-grid, .panel-empty)').waitFor();
    expect((await sidebarMenu(page)).entries.rbt).toContain('copyrightMaintenance');
    await screenshot(page, `new-site-${SITE}-dashboard-${language}`);
    const form = await toneForm(page);
    if (language === 'en') {
      expect(form).toEqual({
        artistLabel: 'Artist or band',
        artistPlaceholder: 'e.g. Ebo Taylor',
        artistHelp: 'As printed on the release.',
        priceTip: 'From 0.00 to 20.00',
        mateInfo: 0,
      });
    } else {
      expect(form).toMatchObject({
        artistLabel: '艺人或乐队',
        artistPlaceholder: '例如：Ebo Taylor',
        artistHelp: '与发行物上的署名一致。',
        mateInfo: 0,
      });
    }
    await screenshot(page, `new-site-${SITE}-tone-upload-${language}`);
    await page.context().close();
  }
  expect(errors).toEqual([]);
});

test('a generic provider on the same build sees the generic screens', async () => {
  const page = await openPage(browser, server!.baseUrl);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await login(page, demo('Generic site'));
  await expectPath(page, '/dashboard');
  expect((await sidebarMenu(page)).entries.rbt).not.toContain('copyrightMaintenance');
  const form = await toneForm(page);
  expect(form).toEqual({
    artistLabel: 'Artist',
    artistPlaceholder: null,
    artistHelp: null,
    priceTip: 'From 0.00 to 10.00',
    mateInfo: 1,
  });
  await screenshot(page, `new-site-generic-tone-upload-en`);
  await page.context().close();
  expect(errors).toEqual([]);
});

test('the new language is offered at login, loads only its catalogue, and its session reads the server in it, English where it has no text', async () => {
  const en = JSON.parse(readFileSync(join(ROOT, 'i18n', 'en.json'), 'utf8')) as Record<string, string>;
  const page = await openPage(browser, server!.baseUrl);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/login');
  await page.waitForSelector('form[data-screen="login"]');
  const offered = await page.$$eval('.lang-switch [data-language]', (b) =>
    b.map((e) => [e.getAttribute('data-language'), e.textContent]),
  );
  expect(offered).toEqual([
    ['en', 'English'],
    ['zh', '中文'],
    ['fa', 'فارسی'],
    ['fr', 'Français'],
  ]);
  await page.click('[data-language="fr"]');
  await page.waitForFunction(
    () => document.querySelector('h1')?.textContent === 'Connexion au portail des fournisseurs',
  );
  expect(await page.getAttribute('html', 'lang')).toBe('fr-CI');
  // Reloaded in French, the page fetches one catalogue: French, resolved with English for the keys it lacks.
  const catalogues: string[] = [];
  page.on('request', (r) => {
    if (/\/assets\/(core|rest)-[\w-]+\.js$/.test(r.url())) catalogues.push(r.url());
  });
  await page.reload();
  await page.waitForSelector('form[data-screen="login"]');
  expect(await page.textContent('label[for="login-password"]')).toContain('Mot de passe');
  expect(catalogues).toHaveLength(1);
  await screenshot(page, 'new-language-fr-login');

  // The server speaks French where the catalogue has the text...
  const refused = await page.evaluate(async () => {
    const body = new URLSearchParams({ account: '8800010', pwd: 'not-the-password', language: 'fr' });
    return (await fetch('/sp/sploginhs', { method: 'POST', body, headers: { 'Accept-Language': 'fr' } })).json();
  });
  expect(refused).toMatchObject({ returnCode: '950003', returnMsg: 'Compte ou mot de passe incorrect.' });
  await login(page, demo('Generic site'));
  await expectPath(page, '/dashboard');
  expect((await sessionStore(page)).language).toBe('fr');
  expect(await page.textContent('[data-menu-group="musicBox"] .sidebar__label')).toBe('Boîte musicale');
  // ...and English, key by key, where it has none: in the browser,
  expect(await page.textContent('[data-menu-group="rbt"] .sidebar__label')).toBe(en['Menu.rbt']);
  expect(await page.textContent('.breadcrumb')).toContain(en['Common.currentPosition']);
  // in the server's messages (a write without its CSRF token),
  const expired = await page.evaluate(async () => (await fetch('/sp/updatecppwd', { method: 'POST' })).json());
  expect(expired.returnMsg).toBe(en[`ReturnCode.${expired.returnCode}`]);
  // and in reference data names (no French names in the translations table: the English ones).
  const languages = await page.evaluate(async () => (await fetch('/common/querylanguagelist?portalType=1')).json());
  expect(languages.record.find((l: { languageCode: string }) => l.languageCode === 'fr').languageDesc).toBe('French');
  // common/switchlanguage takes the new language as it takes the others.
  const switched = await page.evaluate(async () => {
    const token = sessionStorage.getItem('csrfToken') ?? '';
    const body = new URLSearchParams({ portalType: '1', language: 'fr' });
    return (await fetch('/common/switchlanguage', { method: 'POST', body, headers: { 'X-CSRF-Token': token } })).json();
  });
  expect(switched).toMatchObject({ returnCode: '000000', record: { language: 'fr' } });
  await screenshot(page, 'new-language-fr-dashboard');
  await page.context().close();
  expect(errors).toEqual([]);
});

test('an edited config.json applies at the next start, unless the operator set the key', async () => {
  editSiteConfig({ max_tone_price: '25' });
  let s = await restart();
  expect((await providerConfig(s, { account: PROVIDER.account, password: NEW_PASSWORD })).max_tone_price).toBe('25');
  expect(operator('config', 'get', 'max_tone_price', '--site', SITE).out).toBe(
    `max_tone_price=25\t(from site-variants/${SITE}/config.json)`,
  );

  expect(operator('config', 'set', 'max_tone_price', '12', '--site', SITE).status).toBe(0);
  editSiteConfig({ max_tone_price: '30' });
  s = await restart();
  expect((await providerConfig(s, { account: PROVIDER.account, password: NEW_PASSWORD })).max_tone_price).toBe('12');
  expect(operator('config', 'get', 'max_tone_price', '--site', SITE).out).toBe(
    `max_tone_price=12\t(from operator, site ${SITE} (config set --site ${SITE}))`,
  );
  expect(operator('config', 'unset', 'max_tone_price', '--site', SITE).out).toBe(
    `max_tone_price unset (site ${SITE}); now max_tone_price=30 (from site-variants/${SITE}/config.json)`,
  );
});

test('a portal built before the folder existed shows its providers a clear page, not a broken screen', async () => {
  // The server knows the site (its folder is there); the repository's own build of the portal does not.
  ensureBuilt();
  await restart(DIST_DIR);
  for (const language of ['en', 'zh'] as const) {
    const page = await openPage(browser, server!.baseUrl, { language });
    const errors: string[] = [];
    const logged: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') logged.push(m.text());
    });
    await login(page, { account: PROVIDER.account, password: NEW_PASSWORD });
    const notice = page.locator('[data-screen="unknownSite"]');
    await notice.waitFor();
    expect(await notice.textContent()).toContain(
      language === 'en'
        ? `Your account belongs to the site variant "${SITE}", which this portal was not built with.`
        : `您的账号属于站点变体“${SITE}”，而本门户构建时未包含该站点。`,
    );
    expect(logged.join('\n')).toContain(`belongs to site "${SITE}", which this build of the portal does not contain`);
    expect(errors).toEqual([]);
    await screenshot(page, `new-site-unknown-to-build-${language}`);
    if (language === 'en') {
      await page.click('[data-screen="unknownSite"] .btn--primary');
      await expectPath(page, '/login');
    }
    await page.context().close();
  }
  // Providers of the sites the build has are not affected.
  const page = await openPage(browser, server!.baseUrl);
  await login(page, demo('Kenya site'));
  await page.locator('[data-screen="dashboard"] [data-panel="toneStates"] :is(.count-grid, .panel-empty)').waitFor();
  await page.context().close();
});
