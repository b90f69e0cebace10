// The Persian portal (issue 29), as an Iranian provider uses it on a site with the Persian calendar: the login page
// right to left in Persian (its own catalogue alone, its typeface), the server answering in Persian, the mirrored
// shell, a tone uploaded with a date chosen in the Persian calendar and a price typed in Persian digits, the list
// and the tone's detail showing Persian dates and digits, and the export's headers in Persian, while every value
// on the wire stays in its wire format (ISO Gregorian dates, Latin digits). One provider, one story, in order.
import { format } from 'date-fns';
import { newDate } from 'date-fns-jalali';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { demo, expectPath, login, openPage, screenshot } from './support/browser';
import { rowAction, rows } from './support/maintenance';
import { ROOT } from './support/server';
import { submitTone, uploadToneFiles } from './support/toneForm';
import { useSuite } from './support/suite';

jest.setTimeout(180_000);

const fa = JSON.parse(readFileSync(join(ROOT, 'i18n', 'fa.json'), 'utf8')) as Record<string, string>;
const who = demo('Generic site');
const TONE = 'آوای بهار';
/** 15 Farvardin 1409 in the Persian calendar, and the ISO date every wire value carries for it. */
const PERSIAN = { year: 1409, month: 0, day: 15, shown: '۱۴۰۹-۰۱-۱۵' };
const ISO = format(newDate(PERSIAN.year, PERSIAN.month, PERSIAN.day), 'yyyy-MM-dd');
const persianDigits = (s: string) => s.replace(/[0-9]/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]);

const suite = useSuite();
let page: Page;

beforeAll(async () => {
  suite.server.db.setConfig('support_persian_calendar', '1');
  page = await openPage(suite.browser, suite.server.baseUrl, { language: 'fa' });
});
// One page for the whole story (the suite closes a test's page after it: this one is the file's).
afterAll(() =>
  page
    ?.context()
    .close()
    .catch(() => undefined),
);

test('the login page is Persian and right to left, with its catalogue alone and a Persian typeface', async () => {
  const catalogues: string[] = [];
  page.on('request', (r) => {
    if (/\/assets\/(core|rest)-[\w-]+\.js$/.test(r.url())) catalogues.push(r.url());
  });
  await page.goto('/login');
  await page.waitForSelector('form[data-screen="login"]');
  expect(await page.getAttribute('html', 'dir')).toBe('rtl');
  expect(await page.getAttribute('html', 'lang')).toBe('fa-IR');
  expect(await page.textContent('h1')).toBe(fa['Login.title']);
  expect(catalogues).toHaveLength(1);
  expect(await page.getAttribute('[data-language="fa"]', 'aria-pressed')).toBe('true');
  // Mirrored: the brand panel stands to the right of the form card, the switch at the start (the right).
  const card = (await page.locator('form[data-screen="login"]').boundingBox())!;
  const brand = (await page.locator('.auth__brand').boundingBox())!;
  expect(brand.x).toBeGreaterThan(card.x);
  await page.evaluate(() => document.fonts.ready);
  expect(
    await page.evaluate(() => [...document.fonts].some((f) => f.family === 'Vazirmatn' && f.status === 'loaded')),
  ).toBe(true);
  // The server answers a refused login in Persian, as the page would show it.
  const refused = await page.evaluate(async () => {
    const body = new URLSearchParams({ account: '8800010', pwd: 'not-the-password', language: 'fa' });
    return (await fetch('/sp/sploginhs', { method: 'POST', body, headers: { 'Accept-Language': 'fa' } })).json();
  });
  expect(refused).toMatchObject({ returnCode: '950003', returnMsg: fa['ReturnCode.950003'] });
  await screenshot(page, 'persian-login-fa');
});

test('signed in, the shell is mirrored: the sidebar on the right, the breadcrumb and the dashboard in Persian', async () => {
  await login(page, who);
  await expectPath(page, '/dashboard');
  await page.locator('[data-screen="dashboard"] [data-panel="toneStates"] :is(.count-grid, .panel-empty)').waitFor();
  expect(await page.textContent('.breadcrumb')).toContain(fa['Common.currentPosition']);
  expect(await page.textContent('[data-menu-group="rbt"] .sidebar__label')).toBe(fa['Menu.rbt']);
  const sidebar = (await page.locator('.sidebar').boundingBox())!;
  const main = (await page.locator('.app__main').boundingBox())!;
  expect(sidebar.x).toBeGreaterThan(main.x);
  // Today in the Persian calendar and Persian digits, as the site's flag asks.
  expect(await page.textContent('.dashboard .page-header, [data-screen="dashboard"]')).toMatch(/[۰-۹]{4}/);
  await screenshot(page, 'persian-dashboard-fa');
});

test('a tone is uploaded with a date chosen in the Persian calendar and a price typed in Persian digits', async () => {
  await page.goto('/rbtUploading');
  await page.locator('#root_toneName').waitFor();
  await page.fill('#root_toneName', TONE);
  await page.fill('#root_artist', 'شجریان');
  await page.fill('#root_lyricAuthor', 'حافظ');
  await page.fill('#root_melodyComposer', 'مشکاتیان');
  await page.fill('#root_musicArranger', 'لطفی');
  await page.waitForFunction(() => document.querySelectorAll('#root_catalogID option').length > 1);
  await page.locator('#root_catalogID').selectOption({ index: 1 });
  // A Persian keyboard types Persian digits: the form keeps the price in Latin ones, its wire format.
  await page.fill('#root_price', '۵.۰۰');
  expect(await page.inputValue('#root_price')).toBe('5.00');
  await page.fill('#root_callerPrice', '3.33');
  await page.fill('#root_tags', 'بهار~آرام');

  // The picker opens in the Persian calendar: Persian month and weekday names, the week from Saturday, Persian
  // digits; the year and month are chosen by their Persian names and numbers.
  await page.click('#root_toneValidDay');
  const panel = page.locator('.date-picker__panel');
  await panel.waitFor();
  expect(await panel.getAttribute('data-calendar')).toBe('persian');
  expect(await page.locator('.day-grid th').first().textContent()).toBe(fa['DatePicker.weekday6']);
  await page.click('.date-picker__title-button >> nth=1');
  await page.click(`.choice-grid__item:text-is("${persianDigits(String(PERSIAN.year))}")`);
  await page.click(`.choice-grid__item:text-is("${fa['DatePicker.persianMonth1']}")`);
  await page.locator(`.day-grid__day[data-iso="${ISO}"]`).waitFor();
  expect(await page.textContent(`.day-grid__day[data-iso="${ISO}"]`)).toBe(persianDigits(String(PERSIAN.day)));
  await screenshot(page, 'persian-date-picker-fa', { viewport: true });
  await page.click(`.day-grid__day[data-iso="${ISO}"]`);
  await panel.waitFor({ state: 'detached' });
  expect(await page.inputValue('#root_toneValidDay')).toBe(PERSIAN.shown);
  expect(await page.getAttribute('#root_toneValidDay', 'data-value')).toBe(ISO);

  await uploadToneFiles(page);
  await screenshot(page, 'persian-tone-upload-fa');
  await submitTone(page);
  await page.locator('.toast', { hasText: fa['ToneForm.submittedForApproval'] }).waitFor();
});

test('the list and the detail show it in Persian dates and digits; the server holds the ISO date', async () => {
  await page.goto('/rbtMaintenance');
  await rows(page).first().waitFor();
  await page.locator('.search-bar [data-field="toneName"] input').fill(TONE);
  await page.locator('.search-bar button', { hasText: fa['Common.search'] }).click();
  await page.waitForFunction((n) => {
    const trs = [...document.querySelectorAll('[data-screen="rbtMaintenance"] .data-table tbody tr[data-row-key]')];
    return trs.length === 1 && trs[0].textContent?.includes(n);
  }, TONE);
  const listed = rows(page).first();
  const text = (await listed.textContent())!;
  expect(text).toContain(PERSIAN.shown);
  expect(text).toContain('۵.۰۰');
  expect(text).toContain(fa['ToneStatus.addPending']);
  // Tone codes stay in Latin digits, as they are typed and searched.
  expect(text).toMatch(/\b1\d{10}\b/);
  await screenshot(page, 'persian-tone-list-fa');

  const toneID = (await listed.getAttribute('data-row-key'))!;
  const answer = await page.evaluate(
    async (name) =>
      (
        await fetch(`/sp/qrytone?portalType=1&isQuerySelf=1&resourceServiceType=1&toneName=${encodeURIComponent(name)}`)
      ).json(),
    TONE,
  );
  expect(answer.record[0].toneValidDay.slice(0, 10)).toBe(ISO);

  await rowAction(page, toneID, 'detail').click();
  const detail = page.locator('[role="dialog"] [data-screen="toneDetail"]');
  await detail.waitFor();
  await page.waitForFunction(
    () =>
      !!document.querySelector(
        '[role="dialog"] [data-screen="toneDetail"] .list-summary, [role="dialog"] [data-screen="toneDetail"] tbody tr',
      ),
  );
  expect(await page.textContent('[role="dialog"]')).toContain(fa['ToneDetail.title']);
  await screenshot(page, 'persian-tone-detail-fa', { viewport: true });
  await page.keyboard.press('Escape');

  // The export a provider opens in a spreadsheet has Persian headers and status words.
  const csv = await page.evaluate(async () => (await fetch('/sp/exporttone?portalType=1')).text());
  expect(csv.split('\n')[0]).toContain(fa['Tone.toneName']);
  expect(csv).toContain(fa['ToneStatus.addPending']);
});
