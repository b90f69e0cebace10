// Stored text is shown as text (issue 15): a provider stores HTML and script payloads and spreadsheet formulas
// through the real forms (tone upload, Add Copyright), then opens every screen that shows them (maintenance
// list, detail dialog, edit form, tag editor, copyright list). Nothing runs: the window flags the payloads
// would set stay unset, no dialog opens, no element of theirs enters the page; and each value reads exactly
// as it was typed.
import type { Dialog, Page } from 'playwright-core';
import { demo, login, openPage, screenshot, toastShown } from './support/browser';
import { row, rowAction, rows, searchByName } from './support/maintenance';
import { useSuite } from './support/suite';
import { fillToneFields, submitTone, uploadToneFiles } from './support/toneForm';

jest.setTimeout(180_000);

const PAYLOADS = {
  toneName: '=1+2 Sunrise',
  artist: '@SUM(A1:A9)',
  description: '<img src=x onerror=window.__pwned=1>',
  mateInfo: '"><svg onload=alert(document.domain)>',
  tags: '<script>window.__pwned=3</script>~-2+3',
  copyrightDescription: '<img src=x onerror=window.__pwned=4>=cmd',
};

/** A page that records every dialog the payloads could open. */
async function watchedPage(
  suite: ReturnType<typeof useSuite>,
  who: ReturnType<typeof demo>,
): Promise<{ page: Page; dialogs: string[] }> {
  const page = (suite.page = await openPage(suite.browser, suite.server.baseUrl, { language: 'en' }));
  const dialogs: string[] = [];
  page.on('dialog', (d: Dialog) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await login(page, who);
  return { page, dialogs };
}

/** Nothing of the payloads ran or entered the document as markup. */
async function expectInert(page: Page, dialogs: string[]): Promise<void> {
  const state = await page.evaluate(() => ({
    flag: (window as unknown as { __pwned?: unknown }).__pwned,
    injected: document.querySelectorAll('img[src="x"], svg[onload], [onerror], [onload]').length,
    scripts: [...document.scripts].filter((s) => s.textContent?.includes('__pwned')).length,
  }));
  expect(state).toEqual({ flag: undefined, injected: 0, scripts: 0 });
  expect(dialogs).toEqual([]);
}

describe('tones (generic site)', () => {
  const suite = useSuite({ site: 'generic' });
  const who = demo('believeCP 1'); // trusted: the tone is normal at once, so it can be edited
  let toneID = '';

  test('the tone form stores the payloads as typed; the maintenance list shows them as text', async () => {
    const { page, dialogs } = await watchedPage(suite, who);
    await page.goto('/rbtUploading');
    await fillToneFields(page, 'generic', PAYLOADS.toneName);
    await page.fill('#root_artist', PAYLOADS.artist);
    await page.fill('#root_description', PAYLOADS.description);
    await page.fill('#root_mateInfo', PAYLOADS.mateInfo);
    await page.fill('#root_tags', PAYLOADS.tags);
    await uploadToneFiles(page);
    await submitTone(page);
    await toastShown(page, 'Saved successfully.');

    await page.goto('/rbtMaintenance');
    await rows(page).first().waitFor();
    await searchByName(page, PAYLOADS.toneName);
    const listed = rows(page).filter({ hasText: PAYLOADS.toneName }).first();
    await listed.waitFor();
    toneID = (await listed.getAttribute('data-row-key'))!;
    // The artist is the name cell's second line: each line of each cell as the provider reads it.
    const lines = (await row(page, toneID).locator('td').allInnerTexts()).flatMap((text) => text.split('\n'));
    expect(lines).toEqual(expect.arrayContaining([PAYLOADS.toneName, PAYLOADS.artist]));
    await screenshot(page, 'stored-text-maintenance-en');
    await expectInert(page, dialogs);
  });

  test('the detail dialog shows the description and mate info literally', async () => {
    expect(toneID).not.toBe('');
    const { page, dialogs } = await watchedPage(suite, who);
    await page.goto('/rbtMaintenance');
    await rows(page).first().waitFor();
    await searchByName(page, PAYLOADS.toneName);
    await rowAction(page, toneID, 'detail').click();
    const dialog = page.locator('[role="dialog"]');
    await dialog.getByText(PAYLOADS.description, { exact: true }).waitFor();
    const text = await dialog.textContent();
    for (const value of [PAYLOADS.toneName, PAYLOADS.artist, PAYLOADS.description, PAYLOADS.mateInfo])
      expect(text).toContain(value);
    await screenshot(page, 'stored-text-detail-en', { viewport: true });
    await expectInert(page, dialogs);
  });

  test('the edit form and the tag editor hold the values as typed', async () => {
    const { page, dialogs } = await watchedPage(suite, who);
    await page.goto('/rbtMaintenance');
    await rows(page).first().waitFor();
    await searchByName(page, PAYLOADS.toneName);
    await rowAction(page, toneID, 'edit').click();
    await page.waitForFunction(
      (n) => (document.querySelector('#root_toneName') as HTMLInputElement | null)?.value === n,
      PAYLOADS.toneName,
    );
    expect(await page.inputValue('#root_artist')).toBe(PAYLOADS.artist);
    expect(await page.inputValue('#root_description')).toBe(PAYLOADS.description);
    expect(await page.inputValue('#root_mateInfo')).toBe(PAYLOADS.mateInfo);
    expect((await page.inputValue('#root_tags')).split('~').sort()).toEqual(PAYLOADS.tags.split('~').sort());
    await screenshot(page, 'stored-text-edit-en');
    await expectInert(page, dialogs);

    await page.goto('/rbtMaintenance');
    await rows(page).first().waitFor();
    await searchByName(page, PAYLOADS.toneName);
    await rowAction(page, toneID, 'editTag').click();
    await page.waitForURL((u) => u.pathname === '/editTag');
    await page.waitForFunction(() =>
      ((document.querySelector('#root_tagNames, #root_tags') as HTMLInputElement | null)?.value ?? '').includes(
        'script',
      ),
    );
    expect((await page.locator('#root_tagNames, #root_tags').first().inputValue()).split('~').sort()).toEqual(
      PAYLOADS.tags.split('~').sort(),
    );
    await expectInert(page, dialogs);
  });
});

describe('copyright owners (Kenya site)', () => {
  const suite = useSuite({ site: 'kenya' });

  test('an owner added in the Add Copyright dialog is listed with its description as text', async () => {
    const { page, dialogs } = await watchedPage(suite, demo('kenya'));
    await page.goto('/copyrightMaintenance');
    const list = page.locator('[data-screen="copyrightMaintenance"] .data-table tbody tr[data-row-key]');
    await list.first().waitFor();
    await page.locator('[data-screen="copyrightMaintenance"] .list-toolbar .btn--primary').click();
    const dialog = page.locator('[role="dialog"]');
    await dialog.waitFor();
    await dialog.locator('#root_officialName').fill('Stored Text Owner');
    await dialog.locator('#root_idNumber').fill('KE20250015');
    await dialog.locator('#root_phoneNumber').fill('254711222333');
    await dialog.locator('#root_description').fill(PAYLOADS.copyrightDescription);
    await dialog.locator('.dialog-form__footer .btn--primary').click();
    await dialog.waitFor({ state: 'detached' });
    const added = list.filter({ hasText: 'Stored Text Owner' }).first();
    await added.waitFor();
    expect(await added.locator('td').allTextContents()).toContain(PAYLOADS.copyrightDescription);
    await screenshot(page, 'stored-text-copyright-en');
    await expectInert(page, dialogs);
  });
});

/**
 * Rows the server's checks would refuse today (markup in a music box or directory name, a task description,
 * the account's own name), as an older version or another system on the same database could have written
 * them: every screen that shows them still renders text.
 */
const WRITTEN = {
  boxName: '<img src=x onerror=window.__pwned=5>Box',
  directoryName: '<svg onload=window.__pwned=6>Dir',
  accountName: '=HYPERLINK("http://x","<b>Acme</b>")',
  accountDescription: '<script>window.__pwned=7</script>',
  taskDesc: '<img src=x onerror=window.__pwned=8>+1',
};
const own = (code: string) => `(SELECT id FROM providers WHERE code = '${code}')`;

describe('text written around the server (generic site)', () => {
  const suite = useSuite({ site: 'generic' });

  test('Music Box Maintenance, Directory and My Account show it as text', async () => {
    const who = demo('generic');
    const db = suite.server.db;
    db.run(
      `UPDATE tone_boxes SET name = ? WHERE id = (SELECT max(id) FROM tone_boxes WHERE provider_id = ${own(who.account)})`,
      WRITTEN.boxName,
    );
    db.run(
      `UPDATE ivr_directories SET name = ? WHERE id = (SELECT id FROM ivr_directories WHERE provider_id = ${own(who.account)} ORDER BY position LIMIT 1)`,
      WRITTEN.directoryName,
    );
    db.run(
      `UPDATE providers SET name = ?, description = ? WHERE code = ?`,
      WRITTEN.accountName,
      WRITTEN.accountDescription,
      who.account,
    );
    const { page, dialogs } = await watchedPage(suite, who);

    await page.goto('/musicBoxMaintenance');
    const boxes = page.locator('[data-screen="musicBoxMaintenance"] .data-table tbody tr[data-row-key]');
    await boxes.filter({ hasText: WRITTEN.boxName }).first().waitFor();
    await screenshot(page, 'stored-text-music-box-en');
    await expectInert(page, dialogs);

    await page.goto('/directory');
    const dirs = page.locator('[data-screen="directory"] .data-table tbody tr[data-row-key]');
    await dirs.filter({ hasText: WRITTEN.directoryName }).first().waitFor();
    await expectInert(page, dialogs);

    await page.goto('/myaccount');
    await page.getByText(WRITTEN.accountName, { exact: true }).first().waitFor();
    await page.waitForFunction(
      (v) => (document.querySelector('#root_description') as HTMLTextAreaElement | null)?.value === v,
      WRITTEN.accountDescription,
    );
    await screenshot(page, 'stored-text-account-en');
    await expectInert(page, dialogs);
  });
});

describe('text written around the server (Kenya site)', () => {
  const suite = useSuite({ site: 'kenya' });

  test("Batch Operation's task management tab (export tasks, its default type) shows a task description as text", async () => {
    const who = demo('kenya');
    suite.server.db.run(
      `UPDATE batch_tasks SET task_desc = ?, request_time = ? WHERE id = (SELECT max(id) FROM batch_tasks WHERE task_type = '1' AND provider_id = ${own(who.account)})`,
      WRITTEN.taskDesc,
      Date.now(),
    );
    const { page, dialogs } = await watchedPage(suite, who);
    await page.goto('/batchOperation?tab=management');
    const tasks = page.locator('[data-screen="batchOperation"] .data-table tbody tr[data-row-key]');
    await tasks.filter({ hasText: WRITTEN.taskDesc }).first().waitFor();
    await screenshot(page, 'stored-text-batch-task-en');
    await expectInert(page, dialogs);
  });
});
