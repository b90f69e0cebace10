// Copyright maintenance on the Kenya site (000 §2, §3, §5) against the real server: the shared owner list with
// '----' for empty values and phone numbers only on the provider's own records, search by official name, the
// 'Add Copyright' dialog refusing a bad national ID then adding a good owner that appears in the list; and the
// tariff detail dialog (001 §2.4) opened from the music box form, with the labels of 001 §9 (NA for -1).
// Screenshots in both languages.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { demo, login, openPage, screenshot } from './support/browser';
import { watchCalls } from './support/calls';
import { useSuite } from './support/suite';

jest.setTimeout(120_000);

const suite = useSuite({ site: 'kenya' });
let page: Page;

const rows = () => page.locator('[data-screen="copyrightMaintenance"] .data-table tbody tr[data-row-key]');
const cellTexts = async (row: number) =>
  page
    .locator('[data-screen="copyrightMaintenance"] .data-table tbody tr[data-row-key]')
    .nth(row)
    .locator('td')
    .allTextContents();

describe.each(['en', 'zh'] as const)('copyright maintenance (%s)', (language) => {
  test('list, search, add with a bad then a good national ID, see it in the list', async () => {
    page = suite.page = await openPage(suite.browser, suite.server.baseUrl, { language });
    await login(page, demo('kenya'));
    await page.goto('/copyrightMaintenance');
    await rows().first().waitFor();
    expect(await rows().count()).toBeGreaterThanOrEqual(4);
    // Seeded owners of this provider: own phone numbers shown, an empty stage name as ----.
    const owner = rows().filter({ hasText: 'Owner 8800020' });
    const ownerCells = await owner.locator('td').allTextContents();
    expect(ownerCells).toContain('25478000200');
    expect(ownerCells).toContain('----');
    await screenshot(page, `copyright-list-${language}`);

    await page.fill('#search-copyrightMaintenance #search_officialName', 'wanjiru');
    await page.locator('[data-screen="copyrightMaintenance"] .search-bar__buttons .btn--primary').click();
    await page.waitForFunction(
      () =>
        document.querySelectorAll('[data-screen="copyrightMaintenance"] .data-table tbody tr[data-row-key]').length ===
        1,
    );
    expect((await cellTexts(0)).join(' ')).toContain('Wanjiru Kamau 20');
    await page.locator('[data-screen="copyrightMaintenance"] .search-bar__buttons .btn--ghost').click();
    await page.waitForFunction(
      () =>
        document.querySelectorAll('[data-screen="copyrightMaintenance"] .data-table tbody tr[data-row-key]').length > 1,
    );

    await page.locator('[data-screen="copyrightMaintenance"] .list-toolbar .btn--primary').click();
    const dialog = page.locator('[role="dialog"]');
    await dialog.waitFor();
    expect(await dialog.locator('.dialog__title').textContent()).toBe(language === 'en' ? 'Add Copyright' : '新增版权');
    const name = language === 'en' ? 'Achieng Odhiambo' : 'Wambui Njeri';
    const idNumber = language === 'en' ? 'KE20240001' : 'KE20240002';
    await dialog.locator('#root_officialName').fill(name);
    await dialog.locator('#root_idNumber').fill('KE-2024');
    await dialog.locator('#root_phoneNumber').fill('254711222333');
    await dialog.locator('.dialog-form__footer .btn--primary').click();
    const idError = dialog.locator('[data-field="idNumber"] .field__error');
    await idError.waitFor();
    // The format failed: the message says letters and digits only, and the limit.
    expect(await idError.textContent()).toMatch(
      language === 'en' ? /letters and digits only.*at most 100/ : /只能使用字母和数字.*100/,
    );
    await screenshot(page, `copyright-add-invalid-${language}`);
    await dialog.locator('#root_idNumber').fill(idNumber);
    await dialog.locator('.dialog-form__footer .btn--primary').click();
    await dialog.waitFor({ state: 'detached' });
    await page.waitForFunction(
      (n) =>
        document
          .querySelector('[data-screen="copyrightMaintenance"] .data-table tbody tr[data-row-key]')
          ?.textContent?.includes(n),
      name,
    );
    const added = await cellTexts(0);
    expect(added).toEqual(expect.arrayContaining([name, idNumber, '254711222333']));
    await screenshot(page, `copyright-added-${language}`);
  });
});

test('pages of 10, 20 or 50 owners; no row checkboxes on the maintenance page, which has no bulk action', async () => {
  // Owners of another Kenya-site provider (as an operator would bulk load them), so the list has three pages of 10.
  const db = new Database(join(suite.server.dataDir, 'rbt.sqlite'));
  const provider = db.prepare("SELECT id FROM providers WHERE code = '8800020'").get() as { id: number };
  const insert = db.prepare(
    "INSERT INTO copyright_companies (provider_id, copyright_type, company_name, official_name, phone_number, email, stage_name, id_number, description, created_at) VALUES (?, '2', ?, ?, ?, '', '', ?, '', ?)",
  );
  for (let i = 1; i <= 20; i++)
    insert.run(
      provider.id,
      `Paged Owner ${i}`,
      `Paged Owner ${i}`,
      `2547000000${String(i).padStart(2, '0')}`,
      `PAGED${i}`,
      Date.now(),
    );
  db.close();

  page = suite.page = await openPage(suite.browser, suite.server.baseUrl, { language: 'en' });
  await login(page, demo('kenya'));
  await page.goto('/copyrightMaintenance');
  await rows().first().waitFor();
  expect(await rows().count()).toBe(10);
  expect(await page.locator('[data-screen="copyrightMaintenance"] .data-table input[type="checkbox"]').count()).toBe(0);
  const size = page.locator('[data-screen="copyrightMaintenance"] .pager__size select');
  expect(await size.locator('option').allTextContents()).toEqual(['10 / page', '20 / page', '50 / page']);
  await size.selectOption('50');
  await page.waitForFunction(
    () =>
      document.querySelectorAll('[data-screen="copyrightMaintenance"] .data-table tbody tr[data-row-key]').length > 20,
  );
  expect(await page.locator('[data-screen="copyrightMaintenance"] .list-footer__total').textContent()).toMatch(
    /^Total 2\d records$/,
  );
});

test("the tone form's owner dialog keeps its selection across pages by companyID, from one call for the whole list", async () => {
  // The generic site with copyright maintenance on: the tone form asks for up to 10 tune companies from the
  // site's owners (seven generic providers with four owners each: three pages of 10).
  suite.server.db.setConfig('support_copyright_maintenance', '1', 'generic');
  try {
    page = suite.page = await openPage(suite.browser, suite.server.baseUrl, { language: 'en' });
    await login(page, demo('Generic site'));
    await page.goto('/rbtUploading');
    // 001 §7: the picker asks sp/querycopyright once, for the whole list, and pages it itself.
    const sent = await watchCalls(page, /^\/sp\/(querycopyright|querytariff)$/);
    const calls = (path: string) => sent.filter((c) => c.path === path).map((c) => c.params);
    await page.click('#root_tuneCompany');
    const dialog = page.locator('[role="dialog"]');
    const owners = dialog.locator('[data-screen="copyrightMaintenance"] .data-table tbody tr[data-row-key]');
    await owners.first().waitFor();
    const firstKey = await owners.nth(0).getAttribute('data-row-key');
    await owners.nth(0).locator('input[type="checkbox"]').check();
    await dialog.locator('.pager__button[aria-label="Page 2"]').click();
    await page.waitForFunction((key) => !document.querySelector(`[role="dialog"] tr[data-row-key="${key}"]`), firstKey);
    await owners.nth(1).locator('input[type="checkbox"]').check();
    expect(await dialog.locator('.list-toolbar__selection').textContent()).toContain('2 selected');
    await dialog.locator('.pager__button[aria-label="Page 1"]').click();
    await dialog.locator(`tr[data-row-key="${firstKey}"]`).waitFor();
    expect(await dialog.locator(`tr[data-row-key="${firstKey}"] input[type="checkbox"]`).isChecked()).toBe(true);
    await screenshot(page, 'copyright-selection-dialog-en', { viewport: true });
    expect(calls('/sp/querycopyright')).toEqual([
      expect.objectContaining({ startRecordNum: '1', endRecordNum: '-1', queryType: '2', copyRightType: '2' }),
    ]);
    await dialog.locator('.dialog__footer .btn--primary').click();
    await dialog.waitFor({ state: 'detached' });
    await page.locator('[data-field="tuneCompany"] .selected-rows__count', { hasText: '2 selected' }).waitFor();
    // The tariff table of the same form (001 §7 sp/querytariff): orderType 2 and queryType 2, tone tariffs only.
    await page.check('#root_priceGroupChoice-1');
    const tariffs = page.locator('[data-screen="tariffSelection"] tbody tr[data-row-key]');
    await tariffs.first().waitFor();
    const [tariffCall] = calls('/sp/querytariff');
    expect(tariffCall).toMatchObject({
      orderType: '2',
      queryType: '2',
      startRecordNum: '1',
      endRecordNum: '5',
    });
    expect(tariffCall).not.toHaveProperty('priceGroupType');
    expect(await page.locator('[data-screen="tariffSelection"] .list-footer__total').getAttribute('data-total')).toBe(
      '7',
    );
  } finally {
    suite.server.db.setConfig('support_copyright_maintenance', '0', 'generic');
  }
});

describe.each(['en', 'zh'] as const)('tariff detail dialog from the music box form (%s)', (language) => {
  test('tariff ID and name, access type, operation and user type labels, NA for -1', async () => {
    page = suite.page = await openPage(suite.browser, suite.server.baseUrl, { language });
    await login(page, demo('Generic site'));
    await page.goto('/musicBoxUpload');
    // The second choice in add mode: 'Change tariff' (000 §4 choice '2').
    const change = page.locator('#root_priceGroupChoice-1');
    await change.waitFor();
    await change.check();
    const tariffs = page.locator('[data-screen="tariffSelection"] .data-table tbody tr[data-row-key]');
    await tariffs.first().waitFor();
    const monthly = tariffs.filter({ hasText: language === 'en' ? 'Package monthly' : '音乐包包月' });
    await monthly.locator('input[type="radio"]').check();
    await page.locator('.form-actions .btn', { hasText: language === 'en' ? 'Tariff details' : '资费详情' }).click();
    const dialog = page.locator('[role="dialog"]');
    await dialog.locator('[data-screen="tariffDetail"] .data-table tbody tr[data-row-key]').first().waitFor();
    expect(await dialog.locator('[data-summary="priceGroupName"] dd').textContent()).toBe(
      language === 'en' ? 'Package monthly' : '音乐包包月',
    );
    expect(await dialog.locator('[data-summary="priceGroupID"] dd').textContent()).toMatch(/^\d+$/);
    const detail = dialog.locator('[data-screen="tariffDetail"] .data-table tbody tr[data-row-key]');
    expect(await detail.count()).toBe(2);
    const first = await detail.nth(0).locator('td').allTextContents();
    const second = await detail.nth(1).locator('td').allTextContents();
    if (language === 'en') {
      expect(first).toEqual([
        'All',
        'Download',
        '10.00',
        '2024-01-01',
        '2030-12-31',
        'NA',
        'NA',
        'All',
        'Package monthly 10.00',
      ]);
      expect(second.slice(0, 2)).toEqual(['Express copy', 'Copy']);
      expect(await dialog.locator('thead th').allTextContents()).toEqual([
        'Access type',
        'Operation',
        'Price',
        'Start date',
        'End date',
        'Promotion ID',
        'Service code',
        'User type',
        'Description',
      ]);
    } else {
      // The tariff's own names come from the server in the provider's language too.
      expect(first).toEqual([
        '全部',
        '下载',
        '10.00',
        '2024-01-01',
        '2030-12-31',
        '不适用',
        '不适用',
        '全部',
        '音乐包包月 10.00',
      ]);
      expect(second.slice(0, 2)).toEqual(['快速复制', '复制']);
    }
    await screenshot(page, `tariff-detail-${language}`, { viewport: true });
    await dialog.locator('.dialog__footer .btn', { hasText: language === 'en' ? 'Back' : '返回' }).click();
    await dialog.waitFor({ state: 'detached' });
    // The same dialog from a row of the tariff table (its Details action), for that row's tariff.
    await tariffs
      .filter({ hasText: language === 'en' ? 'Package weekly' : '音乐包包周' })
      .locator('.row-actions button, button')
      .last()
      .click();
    await dialog
      .locator('[data-summary="priceGroupName"] dd', { hasText: language === 'en' ? 'Package weekly' : '音乐包包周' })
      .waitFor();
    const weekly = await dialog
      .locator('[data-screen="tariffDetail"] .data-table tbody tr[data-row-key]')
      .nth(0)
      .locator('td')
      .allTextContents();
    expect(weekly.slice(0, 3).concat(weekly.slice(5, 8))).toEqual(
      language === 'en'
        ? ['WAP', 'Renew', '3.00', 'NA', '831', 'Prepaid']
        : ['WAP', '续订', '3.00', '不适用', '831', '预付费'],
    );
  });
});
