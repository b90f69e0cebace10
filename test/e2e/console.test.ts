// The operator console in Chromium (issue 26), on two sites (Kenya with its reviewer; the generic site with the
// administrator, while the Kenya reviewer sees nothing of it), as a provider and its reviewer live one change: the
// provider uploads a tone with real wav files; the reviewer finds it in the queue, opens it, plays its audio
// (the browser's own player loads the provider's file through op/file) and rejects it with a reason; the
// provider reads the reason on the tone and in the top bar's notifications, corrects and resubmits; the
// reviewer approves and the tone is live. Then a bulk decision from the queue, and every console screen an
// administrator opens, in English, Chinese and Persian (right to left), screenshotted.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { demo, openPage, screenshot, signIn, type DemoAccount, toastShown } from './support/browser';
import { layoutProblems } from './support/layout';
import { row, rowAction, rows, searchByName } from './support/maintenance';
import { ROOT } from './support/server';
import { useSuite } from './support/suite';
import { fillToneFields, submitTone, uploadToneFiles, type Site } from './support/toneForm';

jest.setTimeout(240_000);

const suite = useSuite({ site: 'kenya' });
const reviewer = demo('review.kenya');
const admin = demo('op.admin');
const reason = 'The artist name is missing its second word.';
const routes: string[] = JSON.stringify(
  JSON.parse(readFileSync(join(ROOT, 'screen-definitions/operator/opMenu.json'), 'utf8')),
)
  .match(/"route":"[^"]+"/g)!
  .map((m) => m.slice(9, -1));

/** Signs an operator in to the console; false when the console refuses the account. */
async function consoleLogin(page: Page, who: { account: string; password: string }): Promise<boolean> {
  await page.goto('/console/login');
  await page.fill('#root_account', who.account);
  await page.fill('#root_pwd', who.password);
  await page.keyboard.press('Enter');
  const signedIn = page.waitForURL((u) => u.pathname === '/console/queue').then(() => true);
  const refused = page
    .locator('.toast--error')
    .first()
    .waitFor()
    .then(() => false);
  return Promise.race([signedIn, refused]);
}

/** The whole cycle on two sites: each deployment's provider and the operator who reviews that site. */
const CYCLES: Array<{
  site: Site;
  provider: DemoAccount;
  reviewer: DemoAccount;
  /** An operator of another site, who must see nothing of the change. */
  stranger?: DemoAccount;
}> = [
  { site: 'kenya', provider: demo('Kenya site'), reviewer },
  { site: 'generic', provider: demo('Generic site'), reviewer: admin, stranger: reviewer },
];

describe.each(CYCLES)('the review cycle on the $site site', ({ site, provider, reviewer: decider, stranger }) => {
  const cycle = site === 'kenya' ? suite : useSuite({ site });
  const toneName = `Console cycle tone ${site}`;
  let toneID = '';

  /** The queue narrowed to the provider; the row of the tone named. */
  async function queueRow(page: Page, name: string) {
    await page.fill('#search_provider', provider.account);
    await page.getByRole('button', { name: 'Search' }).click();
    const found = page.locator('.data-table tbody tr[data-row-key]', { hasText: name });
    await found.first().waitFor();
    return found.first();
  }

  async function providerPage(path: string) {
    const page = (cycle.page = await openPage(cycle.browser, cycle.server.baseUrl, { language: 'en' }));
    await signIn(page, provider, path);
    return page;
  }

  async function operatorPage(who: DemoAccount) {
    const page = (cycle.page = await openPage(cycle.browser, cycle.server.baseUrl, { language: 'en' }));
    return { page, signedIn: await consoleLogin(page, who) };
  }

  async function maintenanceRow(page: Page) {
    await rows(page).first().waitFor();
    await searchByName(page, toneName);
    const found = rows(page).filter({ hasText: toneName }).first();
    await found.waitFor();
    return found;
  }

  test('the provider uploads a tone with real wav files: it waits as an addition', async () => {
    const page = await providerPage('/rbtUploading');
    await fillToneFields(page, site, toneName);
    await uploadToneFiles(page);
    await submitTone(page);
    await toastShown(page, 'Submitted for approval.');
    await page.goto('/rbtMaintenance');
    const listed = await maintenanceRow(page);
    toneID = (await listed.getAttribute('data-row-key'))!;
    expect(await listed.textContent()).toContain('Addition to be approved');
  });

  if (stranger)
    test('an operator of another site sees nothing of it', async () => {
      const { page, signedIn } = await operatorPage(stranger);
      // Refused at the door (a reviewer of no site this deployment serves), or let in to an empty view of it.
      if (!signedIn) {
        expect(new URL(page.url()).pathname).toBe('/console/login');
        return;
      }
      await page.fill('#search_provider', provider.account);
      await page.getByRole('button', { name: 'Search' }).click();
      await page.locator('.list-footer__total[data-total]').first().waitFor();
      expect(await page.locator('.data-table tbody tr[data-row-key]', { hasText: toneName }).count()).toBe(0);
      const answer = await page.evaluate(async () => (await fetch('/op/changes?portalType=1')).json());
      expect(JSON.stringify(answer)).not.toContain(toneName);
    });

  test('the reviewer plays the tone before deciding, and rejects it with a reason', async () => {
    const { page } = await operatorPage(decider);
    const queued = await queueRow(page, toneName);
    expect(await queued.textContent()).toContain('Addition');
    await queued.getByText('Review', { exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('td[data-side="new"]', { hasText: toneName }).waitFor();
    // The values it would make live, and its files: each one the browser's player can load and play.
    const players = dialog.locator('[data-side="new"] audio');
    expect(await players.count()).toBeGreaterThan(0);
    expect(await dialog.locator('.change-file__format').first().textContent()).toMatch(/channel\(s\), \d+ Hz, \d+ bit/);
    const played = await players.first().evaluate(async (el) => {
      const audio = el as HTMLAudioElement;
      audio.muted = true;
      await audio.play();
      // Playing, the position moves; on a loaded machine the media pipeline may take a while to start, so the test
      // waits for the first move (up to 10 s) rather than a fixed time.
      await new Promise((resolve) => {
        audio.addEventListener('timeupdate', () => audio.currentTime > 0 && resolve(undefined));
        setTimeout(resolve, 10_000);
      });
      return { duration: audio.duration, position: audio.currentTime, error: audio.error?.code ?? 0 };
    });
    expect(played.error).toBe(0);
    expect(played.duration).toBeGreaterThan(0);
    expect(played.position).toBeGreaterThan(0);
    await screenshot(page, `console-review-${site}-en`);

    // Rejecting needs a reason; the message stays at the field until one is written.
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await dialog.locator('#root_reason__error').waitFor();
    await dialog.locator('#root_reason').fill(reason);
    await dialog.getByRole('button', { name: 'Reject' }).click();
    const confirm = page.getByRole('alertdialog');
    if (await confirm.count()) await confirm.getByRole('button', { name: 'Reject' }).click();
    await toastShown(page, 'rejected');
    await page.waitForFunction(
      (n) =>
        ![...document.querySelectorAll('.data-table tbody tr[data-row-key]')].some((tr) => tr.textContent?.includes(n)),
      toneName,
    );
  });

  test('the provider reads the reason on the tone and in the notifications, and resubmits', async () => {
    const page = await providerPage('/rbtMaintenance');
    const bell = page.locator('.notices__button');
    await page.waitForFunction(
      () => Number(document.querySelector('.notices__button')?.getAttribute('data-unread')) > 0,
    );
    const unread = Number(await bell.getAttribute('data-unread'));
    await bell.click();
    const notice = page.locator('.notices__item.is-unread', { hasText: toneName });
    expect(await notice.textContent()).toContain(`Rejected: your addition of`);
    expect(await notice.textContent()).toContain(reason);
    await screenshot(page, `console-notification-${site}-en`);
    // Opened, it leads to the tone list and counts as read.
    await notice.click();
    await page.waitForURL((u) => u.pathname === '/rbtMaintenance');
    await page.waitForFunction(
      (n) => Number(document.querySelector('.notices__button')?.getAttribute('data-unread')) === n,
      unread - 1,
    );
    const listed = await maintenanceRow(page);
    expect(await listed.textContent()).toContain('Rejected');

    await rowAction(page, toneID, 'edit').click();
    await page.waitForURL((u) => u.pathname === '/rbtUploading');
    await page.waitForFunction(
      (n) => (document.querySelector('#root_toneName') as HTMLInputElement | null)?.value === n,
      toneName,
    );
    await page.fill('#root_artist', 'Amani Otieno Junior');
    const modifyReason = page.locator('#root_modifyReason');
    if (await modifyReason.count()) await modifyReason.fill('Artist name completed');
    await page.click('.form-actions .btn--primary');
    await toastShown(page, 'Submitted for approval.');
    await page.waitForURL((u) => u.pathname === '/rbtMaintenance');
    await rows(page).filter({ hasText: 'to be approved' }).first().waitFor();
    expect(await row(page, toneID).textContent()).toContain('to be approved');
  });

  test('the reviewer approves the resubmission: the tone is live', async () => {
    const { page } = await operatorPage(decider);
    const queued = await queueRow(page, toneName);
    await queued.getByText('Review', { exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('td[data-side="new"]', { hasText: 'Amani Otieno Junior' }).waitFor();
    // Codes read as the upload form's words, the upload time as the dialog's other times: not "-1", not ISO.
    const side = (field: string) => dialog.locator(`tr[data-field="${field}"] td[data-side="new"]`).textContent();
    expect(['Male', 'Female', 'Group']).toContain((await side('singerSex'))!.trim());
    const uploaded = (await side('uploadTime'))!.trim();
    expect(uploaded).toMatch(/\b20\d\d\b/);
    expect(uploaded).not.toMatch(/T\d{2}:\d{2}:\d{2}/);
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await toastShown(page, 'approved');

    const mine = await providerPage('/rbtMaintenance');
    const listed = await maintenanceRow(mine);
    expect(await listed.textContent()).toContain('Normal');
    expect(await listed.textContent()).toContain('Amani Otieno Junior');
  });
});

test('a selection approved at once leaves the queue; an administrator sees the decisions in the audit log', async () => {
  const page = (suite.page = await openPage(suite.browser, suite.server.baseUrl, { language: 'en' }));
  await consoleLogin(page, reviewer);
  const table = page.locator('.data-table tbody tr[data-row-key]');
  await table.first().waitFor();
  const before = await table.count();
  const picked = [await table.nth(0).getAttribute('data-row-key'), await table.nth(1).getAttribute('data-row-key')];
  await table.nth(0).locator('input[type="checkbox"]').check();
  await table.nth(1).locator('input[type="checkbox"]').check();
  await page.getByRole('button', { name: 'Decide selected' }).click();
  const dialog = page.getByRole('dialog');
  await dialog
    .getByRole('button', { name: /Save|Submit|OK|Decide/ })
    .last()
    .click();
  await page.locator('.toast').first().waitFor();
  await page.waitForFunction(
    ([a, b]) =>
      !document.querySelector(`tr[data-row-key="${a}"]`) && !document.querySelector(`tr[data-row-key="${b}"]`),
    picked,
  );
  expect(await table.count()).toBe(before - 2);

  const audit = (suite.page = await openPage(suite.browser, suite.server.baseUrl, { language: 'en' }));
  await consoleLogin(audit, admin);
  await audit.goto('/console/audit');
  await audit.locator('.data-table tbody tr', { hasText: reviewer.account }).first().waitFor();
});

test.each(['en', 'zh', 'fa'])('every console screen of an administrator (%s)', async (language) => {
  const page = (suite.page = await openPage(suite.browser, suite.server.baseUrl, { language }));
  await consoleLogin(page, admin);
  // The console's menu definition lists its screens: an administrator opens each.
  expect(routes.length).toBeGreaterThanOrEqual(6);
  for (const route of routes) {
    await page.goto(route);
    await page.locator('main .card').first().waitFor();
    expect(await page.locator('[data-screen="unavailable"]').count()).toBe(0);
    // At 1280 px every list fits its card: no column cut at the card's edge, no sideways scroll.
    await page
      .locator('.list-footer__total[data-total]')
      .first()
      .waitFor({ timeout: 2000 })
      .catch(() => undefined);
    expect({ route, problems: await layoutProblems(page) }).toEqual({ route, problems: [] });
    await screenshot(page, `${route.slice(1).replace(/\//g, '-')}-${language}`);
  }
});

test('an address that is no console screen says so, in the console, with the way back to the queue', async () => {
  const page = (suite.page = await openPage(suite.browser, suite.server.baseUrl, { language: 'zh' }));
  await consoleLogin(page, admin);
  await page.goto('/console/no-such-screen');
  const notice = page.locator('[data-screen="notFound"]');
  await notice.waitFor();
  expect(await notice.innerText()).toContain('您打开的地址不是运营控制台中的页面。');
  expect(await notice.innerText()).toContain('/console/no-such-screen');
  await notice.locator('a', { hasText: '返回审核队列' }).click();
  await page.waitForURL(/\/console\/queue$/);
  // The console's page by its file name is the console, not a page missing from it.
  await page.goto('/operator.html');
  await page.waitForURL(/\/console\/queue$/);
});

test('a reviewer is closed out of the administrator screens, in the browser and on the server', async () => {
  const page = (suite.page = await openPage(suite.browser, suite.server.baseUrl, { language: 'en' }));
  await consoleLogin(page, reviewer);
  await page.goto('/console/providers');
  await page.locator('[data-screen="unavailable"]').waitFor();
  // The screen by name and the gate's reason: a whole sentence, no empty placeholder.
  expect(await page.locator('[data-screen="unavailable"] p').first().innerText()).toMatch(
    /^Providers is not available for your account: [a-z].+\. If you need it/,
  );
  const answer = await page.evaluate(async () => (await fetch('/op/providers?portalType=1')).json());
  expect(answer.returnCode).not.toBe('000000');
});
