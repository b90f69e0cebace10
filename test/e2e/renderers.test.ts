// The form and list renderers on real screens and real data: validation messages of the engine in both
// languages (my account, change password), a server-paged list with selection kept across pages, the search
// rules of the generic list page. Screenshots in English and Chinese, desktop and 480 px; axe on each screen.
import type { Page } from 'playwright-core';
import { demo, login, openPage, screenshot, axeViolations, toastShown } from './support/browser';
import { buildHarness, routeHarness } from './support/harness';
import { useSuite } from './support/suite';

jest.setTimeout(120_000);

const suite = useSuite({ setup: buildHarness });
let page: Page;

async function open(language: 'en' | 'zh', width = 1280) {
  page = suite.page = await openPage(suite.browser, suite.server.baseUrl, { language, width });
  await routeHarness(page.context());
  await login(page, demo('Generic site'));
}

const fieldError = (name: string) => page.locator(`[data-field="${name}"] .field__error`);

describe('form renderer', () => {
  test.each(['en', 'zh'] as const)('my account: messages after touch, in %s, from the engine', async (language) => {
    await open(language);
    await page.goto('/myaccount');
    const contact = page.locator('#root_contactName');
    await contact.waitFor();
    // The record is loaded (the phone number of the demo provider is filled in).
    await page.waitForFunction(() => (document.querySelector('#root_phoneNumber') as HTMLInputElement)?.value !== '');
    // Nothing is shown before the user has touched a field.
    expect(await page.locator('.field__error').count()).toBe(0);
    await contact.fill('');
    await contact.blur();
    await fieldError('contactName').waitFor();
    const required = language === 'en' ? /contact/i : /联系人/;
    expect(await fieldError('contactName').textContent()).toMatch(required);
    await page.fill('#root_email', 'not-an-email');
    await page.locator('#root_email').blur();
    expect(await fieldError('email').textContent()).toMatch(language === 'en' ? /valid email/i : /有效的邮箱/);
    await page.fill('#root_phoneNumber', '12ab');
    await page.locator('#root_phoneNumber').blur();
    await fieldError('phoneNumber').waitFor();
    expect(await page.locator('#root_phoneNumber').getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, `renderers-myaccount-invalid-${language}`);
    expect(await axeViolations(page, '[data-screen]')).toEqual([]);
    // Corrected, the message goes away as the user types.
    await contact.fill('Jane Provider');
    expect(await fieldError('contactName').count()).toBe(0);
  });

  test("my account: the server's field reasons are shown on their fields; a successful save re-enables after 2 s", async () => {
    await open('en');
    await page.goto('/myaccount');
    await page.waitForFunction(() => (document.querySelector('#root_phoneNumber') as HTMLInputElement)?.value !== '');
    await page.fill('#root_contactName', 'Jane Provider');
    // The server checks with the same definitions; here it refuses the address as if a rule differed.
    await page.route(
      '**/sp/updatecpinfo',
      (route) =>
        route.fulfill({
          json: {
            returnCode: '950004',
            returnMsg: 'Invalid input.',
            record: { errors: [{ field: 'address', message: 'CommonRes.addressLength', params: {} }] },
          },
        }),
      { times: 1 },
    );
    const save = page.locator('[data-screen="myAccount"] .form-actions .btn--primary');
    await save.click();
    await fieldError('address').waitFor();
    expect(await save.isDisabled()).toBe(true);
    await page.waitForTimeout(2300);
    expect(await save.isDisabled()).toBe(false);
    await page.fill('#root_address', 'Nairobi');
    expect(await fieldError('address').count()).toBe(0);
    // The real server now: saved, the button busy while in flight and for 2 s after the answer.
    const answer = page.waitForResponse((r) => r.url().endsWith('/sp/updatecpinfo'));
    await save.click();
    expect((await (await answer).json()).returnCode).toBe('000000');
    expect(await save.isDisabled()).toBe(true);
    await page.waitForFunction(
      () =>
        !(document.querySelector('[data-screen="myAccount"] .form-actions .btn--primary') as HTMLButtonElement)
          ?.disabled,
      undefined,
      { timeout: 4000 },
    );
  });

  test('change password: submit shows every message at once, focus on the first; cross-field check', async () => {
    await open('en', 480);
    await page.goto('/changepassword');
    await page.locator('#root_oldPwd').waitFor();
    await page.click('[data-screen="changePassword"] .form-actions .btn--primary');
    await fieldError('oldPwd').waitFor();
    expect(await fieldError('newPwd').count()).toBe(1);
    expect(await fieldError('confirmPwd').count()).toBe(1);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('root_oldPwd');
    await page.fill('#root_oldPwd', 'Gen!Tone57x');
    await page.fill('#root_newPwd', 'Abcdef1!x');
    await page.fill('#root_confirmPwd', 'Abcdef1!y');
    expect(await fieldError('oldPwd').count()).toBe(0);
    expect(await fieldError('confirmPwd').textContent()).toMatch(/match|same|equal/i);
    await screenshot(page, 'renderers-changepassword-480-en');
    expect(await axeViolations(page, '[data-screen]')).toEqual([]);
  });
});

describe('list renderer (harness tone list over sp/qrytone)', () => {
  const rows = () => page.locator('.data-table tbody tr[data-row-key]');
  const keys = () => rows().evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-row-key')));

  test('server paging: pager over 10, page sizes, selection kept across pages', async () => {
    await open('en');
    await page.goto('/__harness/?screen=harnessTones&kind=list');
    await rows().first().waitFor();
    expect(await rows().count()).toBe(10);
    const firstPage = await keys();
    await page.locator('.pager').waitFor();
    expect(await page.locator('.list-footer__total').textContent()).toMatch(/Total \d+ records/);

    await rows().nth(0).locator('input[type="checkbox"]').check();
    await rows().nth(2).locator('input[type="checkbox"]').check();
    await page.click('.pager [aria-label="Page 2"]');
    await page.waitForFunction(
      (first) => document.querySelector('.data-table tbody tr[data-row-key]')?.getAttribute('data-row-key') !== first,
      firstPage[0],
    );
    const secondPage = await keys();
    expect(secondPage.some((k) => firstPage.includes(k))).toBe(false);
    await rows().nth(1).locator('input[type="checkbox"]').check();
    expect(await page.locator('.list-toolbar__selection').textContent()).toContain('3 selected');

    await page.click('.pager [aria-label="Page 1"]');
    await page.waitForFunction(
      (first) => document.querySelector('.data-table tbody tr[data-row-key]')?.getAttribute('data-row-key') === first,
      firstPage[0],
    );
    expect(await rows().nth(0).locator('input[type="checkbox"]').isChecked()).toBe(true);
    expect(await rows().nth(1).locator('input[type="checkbox"]').isChecked()).toBe(false);
    expect(await rows().nth(2).locator('input[type="checkbox"]').isChecked()).toBe(true);
    await screenshot(page, 'renderers-list-selection-en');
    expect(await axeViolations(page, '[data-screen]')).toEqual([]);

    const total = Number(/\d+/.exec((await page.locator('.list-footer__total').textContent()) ?? '')![0]);
    await page.selectOption('.pager__size select', '20');
    await page.waitForFunction(
      (n) => document.querySelectorAll('.data-table tbody tr[data-row-key]').length === n,
      Math.min(total, 20),
    );
    expect(await page.locator('.pager [aria-current="page"]').textContent()).toBe('1');
  });

  test('search: digits-only code input, status filter mapping (above 10 -> any, below 0 -> 2), empty state', async () => {
    await open('zh');
    await page.goto('/__harness/?screen=harnessTones&kind=list');
    await rows().first().waitFor();
    const total = await page.locator('.list-footer__total').textContent();

    await page.locator('#search-harnessTones #search_toneCode').pressSequentially('12ab3');
    expect(await page.inputValue('#search-harnessTones #search_toneCode')).toBe('123');
    await page.fill('#search-harnessTones #search_toneCode', '');

    await page.fill('#search-harnessTones #search_status', '-5');
    const answer = page.waitForResponse(
      (r) => r.url().endsWith('/sp/qrytone') && (r.request().postData() ?? '').includes('status=2'),
    );
    await page.click('.search-bar .btn--primary');
    await answer;
    expect(await page.inputValue('#search-harnessTones #search_status')).toBe('2');
    await page.waitForFunction(() =>
      [...document.querySelectorAll('.data-table tbody .badge')].every((b) => b.textContent === '隐藏'),
    );
    expect(await rows().count()).toBeGreaterThan(0);
    await screenshot(page, 'renderers-list-hidden-zh');

    await page.fill('#search-harnessTones #search_status', '99');
    await page.click('.search-bar .btn--primary');
    expect(await page.inputValue('#search-harnessTones #search_status')).toBe('');
    await page.waitForFunction((t) => document.querySelector('.list-footer__total')?.textContent === t, total);

    await page.fill('#search-harnessTones #search_toneName', 'zzz-no-such-tone');
    await page.click('.search-bar .btn--primary');
    await page.locator('.list-state--empty').waitFor();
    expect(await page.locator('.pager').count()).toBe(0);
    expect(await page.locator('.list-state--empty').textContent()).toContain('暂无数据');
    await page.setViewportSize({ width: 480, height: 860 });
    await page.click('.search-bar .btn--ghost');
    await rows().first().waitFor();
    await screenshot(page, 'renderers-list-480-zh');
    expect(await axeViolations(page, '[data-screen]')).toEqual([]);
  });

  test('error state with retry when the list call fails', async () => {
    await open('en');
    await page.route('**/sp/qrytone', (route) => route.fulfill({ status: 500, body: 'boom' }));
    await page.goto('/__harness/?screen=harnessTones&kind=list');
    await page.locator('.list-state--error').waitFor();
    await page.unroute('**/sp/qrytone');
    await page.click('.list-state--error button');
    await rows().first().waitFor();
    expect(await rows().count()).toBe(10);
  });

  test('selection dialog: emits to the parent, keeps rows across pages, refuses more than the limit; Submit hands them over', async () => {
    await open('en');
    await page.goto('/__harness/?screen=harnessTones&kind=selection');
    await page.click('text=Open');
    const dialog = page.locator('[role="dialog"]');
    await dialog.locator('.data-table tbody tr[data-row-key]').first().waitFor();
    const dialogRows = dialog.locator('.data-table tbody tr[data-row-key]');
    const first = await dialogRows.nth(0).getAttribute('data-row-key');
    await dialogRows.nth(0).locator('input[type="checkbox"]').check();
    await dialogRows.nth(1).locator('input[type="checkbox"]').check();
    expect(JSON.parse((await page.locator('#live').textContent())!)).toHaveLength(2);
    await dialog.locator('.pager [aria-label="Page 2"]').click();
    await page.waitForFunction(
      (k) =>
        document.querySelector('[role="dialog"] .data-table tbody tr[data-row-key]')?.getAttribute('data-row-key') !==
        k,
      first,
    );
    await dialogRows.nth(0).locator('input[type="checkbox"]').check();
    // A fourth row is over the limit of 3: refused with a message.
    await dialogRows.nth(1).locator('input[type="checkbox"]').click();
    await toastShown(page, 'At most 3 records can be selected.');
    expect(await dialogRows.nth(1).locator('input[type="checkbox"]').isChecked()).toBe(false);
    await screenshot(page, 'renderers-selection-dialog-en', { viewport: true });
    expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
    await dialog.locator('.dialog__footer .btn--primary').click();
    const chosen = JSON.parse((await page.locator('#chosen').textContent())!);
    expect(chosen).toHaveLength(3);
    expect(chosen[0]).toBe(first);
  });

  test('a destructive row action asks first; cancelling does nothing', async () => {
    await open('en');
    await page.goto('/__harness/?screen=harnessTones&kind=list');
    await rows().first().waitFor();
    await rows().nth(0).locator('.row-actions__button.is-danger').click();
    const confirm = page.locator('[role="alertdialog"]');
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain('Are you sure?');
    await confirm.locator('.btn--ghost').click();
    await confirm.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/__harness/');
    await rows().nth(0).locator('.row-actions__button.is-danger').click();
    await confirm.locator('.btn--danger').click();
    await page.waitForURL((u) => u.pathname === '/dashboard');
  });
});
