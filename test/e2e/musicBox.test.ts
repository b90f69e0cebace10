// Music boxes in Chromium against the real server with the demo boxes (README: demo accounts): the maintenance
// list with its states, a box opened in edit mode from its row (the form reads the box through
// sp/querytoneboxdetail), and a deletion with its reason, which leaves the box waiting for approval.
import type { Page } from 'playwright-core';
import { demo, login, openPage, screenshot } from './support/browser';
import { useSuite } from './support/suite';

jest.setTimeout(180_000);

const suite = useSuite();
let page: Page;
const list = '[data-screen="musicBoxMaintenance"] .data-table tbody';
const rowNamed = (name: string) => page.locator(`${list} tr[data-row-key]`, { hasText: name });

for (const language of ['en', 'zh'] as const) {
  test(`the box list, the upload form and a box in edit mode (${language})`, async () => {
    page = suite.page = await openPage(suite.browser, suite.server.baseUrl, { language });
    await login(page, demo('Generic site'));
    await page.goto('/musicBoxUpload');
    await page.locator('#root_name').waitFor();
    await screenshot(page, `box-upload-${language}`);
    await page.goto('/musicBoxMaintenance');
    await rowNamed('Top Hits Package').waitFor();
    // A box waiting for approval offers no edit.
    await expect(rowNamed('Weekend Disc').locator('[data-action="edit"]').count()).resolves.toBe(0);
    await screenshot(page, `box-maintenance-${language}`);
    await rowNamed('Top Hits Package').locator('[data-action="edit"]').click();
    await page.waitForURL((u) => u.pathname === '/musicBoxUpload' && u.search.includes('type=edit'));
    await page.waitForFunction(
      () => (document.querySelector('#root_name') as HTMLInputElement | null)?.value === 'Top Hits Package',
    );
    await screenshot(page, `box-edit-${language}`);
  });
}

test('deleting a box asks for a reason and leaves it waiting for approval', async () => {
  page = suite.page = await openPage(suite.browser, suite.server.baseUrl, { language: 'en' });
  await login(page, demo('Generic site'));
  await page.goto('/musicBoxMaintenance');
  const row = rowNamed('Top Hits Package');
  await row.waitFor();
  const more = row.locator('.row-actions__more');
  if (await row.locator('[data-action="delete"]').count()) await row.locator('[data-action="delete"]').click();
  else {
    await more.click();
    await page.locator('.row-menu [data-action="delete"]').click();
  }
  const dialog = page.locator('[role="dialog"]');
  await dialog.locator('#root_reason').waitFor();
  await dialog.locator('.btn--danger, .btn--primary').first().click();
  await dialog
    .locator('text=reason', { hasText: /reason/i })
    .first()
    .waitFor();
  await screenshot(page, 'box-delete-reason-en');
  await dialog.locator('#root_reason').fill('Replaced by a new package');
  await dialog.locator('.btn--danger, .btn--primary').first().click();
  await dialog.waitFor({ state: 'detached' });
  await row.locator('td[data-column="status"]', { hasText: /approv/i }).waitFor();
  await expect(row.locator('[data-action="edit"]').count()).resolves.toBe(0);
});
