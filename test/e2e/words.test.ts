// Words, codes and the readable export as a provider meets them (issue 11, points 3 and 4): the menu, the page
// title and the breadcrumb say the same; the home page is Home under 'Current Position'; option lists from the
// server read in the portal's language; a deletion waiting for approval says so like an edit; dialog buttons sit
// where every dialog has them; the demo account saves as it opens; the music box prompt shows the provider's
// own file name; the export downloaded from the list is a spreadsheet file in the provider's language.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { demo, login, openPage, screenshot, type DemoAccount } from './support/browser';
import { wavFile } from './support/files';
import { confirmOk, rowAction, rows } from './support/maintenance';
import { OperatorDb } from './support/operatorDb';
import { useSuite } from './support/suite';

jest.setTimeout(240_000);

const suite = useSuite();
let page: Page;
type Language = 'en' | 'zh';

async function open(who: DemoAccount, path: string, language: Language = 'en') {
  page = suite.page = await openPage(suite.browser, suite.server.baseUrl, { language });
  await login(page, who);
  await page.goto(path);
}

/** The first normal tone of the list, and whether a music box or directory holds it (then deleting it asks a
 * second, forced confirmation before the deletion is sent). */
async function firstNormalTone(who: DemoAccount): Promise<{ toneID: string; held: boolean }> {
  const normal = rows(page)
    .filter({ has: page.locator('.badge--green') })
    .first();
  await normal.waitFor();
  const toneID = (await normal.getAttribute('data-row-key'))!;
  const operator = new OperatorDb(join(suite.server.dataDir, 'rbt.sqlite'));
  const held = operator.tonesInUse(who.account).has(toneID);
  operator.close();
  return { toneID, held };
}

/** Confirms the deletion of a tone, and the forced confirmation too when the tone is held. */
async function confirmDeletion(held: boolean) {
  await confirmOk(page, /Delete this tone/);
  if (held) await confirmOk(page, /already in use/);
}

describe.each(['en', 'zh'] as const)('one word per screen (%s)', (language) => {
  test.each([['Generic site'], ['kenya']])(
    '%s: every menu entry of a screen reads like its title and the last step of the breadcrumb',
    async (who) => {
      await open(demo(who), '/dashboard', language);
      const entries = page.locator('nav.sidebar .sidebar__link');
      await entries.first().waitFor();
      // The home page: Home in the menu, 'Current Position' leading the breadcrumb (000 §1).
      expect(await page.locator('.sidebar__home .sidebar__label').textContent()).toBe(
        language === 'en' ? 'Home' : '首页',
      );
      expect(await page.locator('.breadcrumb li').first().textContent()).toBe(
        language === 'en' ? 'Current Position' : '当前位置',
      );
      const checked: string[] = [];
      for (const route of ['/rbtUploading', '/rbtMaintenance', '/copyrightMaintenance', '/musicBoxUpload']) {
        const entry = page.locator(`nav.sidebar .sidebar__link[href="${route}"]`);
        if ((await entry.count()) === 0) continue;
        const label = (await entry.textContent())!.trim();
        await entry.click();
        await page.locator('main h1').waitFor();
        await page.locator('.breadcrumb [aria-current="page"]', { hasText: label }).waitFor();
        expect((await page.locator('main h1').first().textContent())!.trim()).toBe(label);
        checked.push(label);
      }
      expect(checked.length).toBeGreaterThanOrEqual(3);
    },
  );
});

test('option lists from the server read in Chinese: categories, content languages, the prompt languages', async () => {
  await open(demo('Generic site'), '/rbtUploading', 'zh');
  await page.waitForFunction(() => document.querySelectorAll('#root_catalogID option').length > 1);
  const categories = await page.locator('#root_catalogID option').allTextContents();
  expect(categories).toEqual(expect.arrayContaining(['流行', '传统']));
  const languages = await page.locator('#root_language option').allTextContents();
  expect(languages).toEqual(expect.arrayContaining(['英语', '法语']));
  await screenshot(page, 'words-tone-form-options-zh');
  await page.goto('/musicBoxUpload');
  await page.locator('.language-file__name').first().waitFor();
  expect(await page.locator('.language-file__name').first().textContent()).toBe('英语');
});

test("the music box prompt shows the name of the provider's file, not the server's", async () => {
  await open(demo('Generic site'), '/musicBoxUpload');
  const chooser = page.waitForEvent('filechooser');
  await page.click('#root_toneFile');
  await (await chooser).setFiles(wavFile('Welcome prompt.wav'));
  const chip = page.locator('[data-field="toneFile"] .upload__file-name');
  await chip.waitFor();
  expect(await chip.textContent()).toBe('Welcome prompt.wav');
});

test('a deletion in the approval flow says "Submitted for approval." like an edit; a trusted provider\'s says it is done', async () => {
  const who = demo('Approval flow');
  await open(who, '/rbtMaintenance');
  const { toneID, held } = await firstNormalTone(who);
  await rowAction(page, toneID, 'delete').click();
  const ask = page.locator('[role="alertdialog"]');
  await ask.waitFor();
  // Titled by what it asks (never 'Prompt'), the action last among its buttons.
  expect(await ask.locator('.dialog__title').textContent()).toBe('Delete');
  expect(await ask.locator('.dialog__footer .btn').allTextContents()).toEqual(['Cancel', 'Delete']);
  await confirmDeletion(held);
  await page.locator('.toast', { hasText: 'Submitted for approval.' }).waitFor();
  await page.locator(`tr[data-row-key="${toneID}"] .badge`, { hasText: 'Deletion to be approved' }).waitFor();
  await page.context().close();

  const trustedProvider = demo('believeCP 1');
  await open(trustedProvider, '/rbtMaintenance');
  const { toneID: trustedID, held: trustedHeld } = await firstNormalTone(trustedProvider);
  await rowAction(page, trustedID, 'delete').click();
  await confirmDeletion(trustedHeld);
  await page.locator('.toast', { hasText: 'Operation succeeded.' }).waitFor();
});

test('a form in a dialog ends like every dialog: buttons right-aligned, Back before the action', async () => {
  await open(demo('kenya'), '/copyrightMaintenance');
  await page.locator('[data-screen="copyrightMaintenance"] .list-toolbar .btn--primary').click();
  const dialog = page.locator('[role="dialog"]');
  await dialog.waitFor();
  const buttons = dialog.locator('.dialog-form__footer .btn');
  expect(await buttons.allTextContents()).toEqual(['Back', 'Submit']);
  const [submit, panel] = await Promise.all([buttons.last().boundingBox(), dialog.boundingBox()]);
  // The action sits at the right edge (inside the panel's padding), as in the confirmation dialogs.
  expect(panel!.x + panel!.width - (submit!.x + submit!.width)).toBeLessThan(40);
  await screenshot(page, 'words-dialog-buttons-en', { viewport: true });
});

test('My Account of a demo account saves as it opens', async () => {
  await open(demo('Generic site'), '/myaccount');
  await page.waitForFunction(
    () =>
      ((document.querySelector('[data-screen="myAccount"] #root_contactName') as HTMLInputElement | null)?.value ??
        '') !== '',
  );
  await page.locator('[data-screen="myAccount"] .form-actions .btn--primary').click();
  await page.locator('.toast--success').waitFor();
  expect(await page.locator('[data-screen="myAccount"] .field__error').count()).toBe(0);
});

test.each(['en', 'zh'] as const)(
  'the export downloaded from the list (%s): BOM, headers and statuses in the language, local times',
  async (language) => {
    await open(demo('Generic site'), '/rbtMaintenance', language);
    await rows(page).first().waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('.list-toolbar .btn--primary').first().click(),
    ]);
    const bytes = readFileSync((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, first] = bytes
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .split('\n');
    expect(header.split(',').slice(0, 4)).toEqual(
      language === 'en' ? ['Tone code', 'Tone name', 'Artist', 'Status'] : ['铃音编码', '铃音名称', '歌手', '状态'],
    );
    const cells = first.split(',');
    expect(cells[3]).not.toMatch(/^\d+$/);
    // The upload time as the list shows it (the browser's zone, YYYY-MM-DD HH:mm:ss).
    expect(cells[cells.length - 1]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const shown = (await rows(page).first().locator('td[data-column="uploadTime"]').textContent())!
      .replace(/\s+/g, ' ')
      .trim();
    const toneCode = (await rows(page).first().locator('td[data-column="toneCode"]').textContent())!.trim();
    const line = bytes
      .toString('utf8')
      .split('\n')
      .find((l) => l.startsWith(`${toneCode},`))!;
    expect(line.split(',').pop()).toBe(shown);
  },
);
