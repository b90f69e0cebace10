// Words, codes and the readable export as a provider meets them (issue 11, points 3 and 4): the menu, the page
// title and the breadcrumb say the same; the home page is Home under 'Current Position'; option lists from the
// server read in the portal's language; a deletion waiting for approval says so like an edit; dialog buttons sit
// where every dialog has them; the demo account saves as it opens; the music box prompt shows the provider's
// own file name; the export downloaded from the list is a spreadsheet file in the provider's language.
import type { Page } from 'playwright-core';
import { demo, downloaded, openPage, screenshot, type DemoAccount, signIn, toastShown } from './support/browser';
import { wavFile } from './support/files';
import { confirmOk, rowAction, rows } from './support/maintenance';
import { useSuite } from './support/suite';

jest.setTimeout(240_000);

const suite = useSuite();
let page: Page;
type Language = 'en' | 'zh';

async function open(who: DemoAccount, path: string, language: Language = 'en') {
  page = suite.page = await openPage(suite.browser, suite.server.baseUrl, { language });
  await signIn(page, who, path);
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
  // Each list comes with a query of its own: wait for both, not only the first.
  await page.waitForFunction(() =>
    ['#root_catalogID', '#root_language'].every((list) => document.querySelectorAll(`${list} option`).length > 1),
  );
  const categories = await page.locator('#root_catalogID option').allTextContents();
  expect(categories).toEqual(expect.arrayContaining(['流行', '传统']));
  const languages = await page.locator('#root_language option').allTextContents();
  expect(languages).toEqual(expect.arrayContaining(['英语', '法语']));
  await screenshot(page, 'words-tone-form-options-zh');
  await page.goto('/musicBoxUpload');
  // The group, not the busy placeholder shown while the languages load (its name cell holds only a spinner).
  const firstLanguage = page.locator('.language-files[role="group"] .language-file__name').first();
  await firstLanguage.waitFor();
  expect(await firstLanguage.textContent()).toBe('英语');
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
  await open(demo('Approval flow'), '/rbtMaintenance');
  const normal = rows(page)
    .filter({ has: page.locator('.badge[data-tint="green"]') })
    .first();
  await normal.waitFor();
  const toneID = (await normal.getAttribute('data-row-key'))!;
  await rowAction(page, toneID, 'delete').click();
  const ask = page.locator('[role="alertdialog"]');
  await ask.waitFor();
  // Titled by what it asks (never 'Prompt'), the action last among its buttons.
  expect(await ask.locator('.dialog__title').textContent()).toBe('Delete');
  expect(await ask.locator('.dialog__footer .btn').allTextContents()).toEqual(['Cancel', 'Delete']);
  await confirmDeletion('Submitted for approval.');
  await page.locator(`tr[data-row-key="${toneID}"] .badge`, { hasText: 'Deletion to be approved' }).waitFor();
  await page.context().close();

  await open(demo('believeCP 1'), '/rbtMaintenance');
  const trusted = rows(page)
    .filter({ has: page.locator('.badge[data-tint="green"]') })
    .first();
  await trusted.waitFor();
  const trustedID = (await trusted.getAttribute('data-row-key'))!;
  await rowAction(page, trustedID, 'delete').click();
  await confirmDeletion('Operation succeeded.');
});

/**
 * Confirms a tone deletion and waits for its message. A demo tone may sit in a music box: the server then asks
 * once more (961001, in use) and the second confirmation sends the deletion.
 */
async function confirmDeletion(message: string) {
  await confirmOk(page, /Delete this tone/);
  const done = toastShown(page, message);
  const inUse = page
    .locator('[role="alertdialog"]', { hasText: /Delete anyway/ })
    .waitFor()
    .then(
      () => 'in use',
      () => 'never asked',
    );
  const first = await Promise.race([done.then(() => 'done').catch(() => 'not yet'), inUse]);
  if (first === 'in use') await confirmOk(page, /Delete anyway/);
  await done;
}

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
  await toastShown(page, '', 'success');
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
    const bytes = await downloaded(download);
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
