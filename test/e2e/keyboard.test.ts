// Everything from the keyboard: log in without a mouse, reach the content with the skip link, walk the sidebar,
// open and use the user menu with the arrow keys, and answer a dialog.
import type { Page } from 'playwright-core';
import { demo, expectPath, login, openPage } from './support/browser';
import { useSuite } from './support/suite';

jest.setTimeout(90_000);

const suite = useSuite();
let page: Page;

beforeEach(async () => {
  page = suite.page = await openPage(suite.browser, suite.server.baseUrl);
});

const focused = () =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return el
      ? `${el.tagName.toLowerCase()}#${el.id}|${el.dataset.menu ?? ''}|${(el.textContent ?? '').trim().slice(0, 30)}`
      : '';
  });

describe('keyboard', () => {
  test('logs in with the keyboard alone: the account field has focus, Tab moves on, Enter submits', async () => {
    const who = demo('Generic site');
    await page.goto('/login');
    await page.waitForSelector('form[data-screen="login"]');
    expect(await focused()).toContain('input#login-account');
    await page.keyboard.type(who.account);
    await page.keyboard.press('Tab');
    expect(await focused()).toContain('input#login-password');
    await page.keyboard.type(who.password);
    await page.keyboard.press('Enter');
    await expectPath(page, '/dashboard');
  });

  test('the skip link leads to the content; sidebar entries are links reached with Tab and opened with Enter', async () => {
    await login(page, demo('Generic site'));
    await page.waitForSelector('[data-fact="code"]');
    await page.keyboard.press('Tab');
    expect(await focused()).toContain('Skip to main content');
    await page.keyboard.press('Enter');
    expect(await focused()).toContain('main#main');
    // Find the RBT maintenance link by tabbing from the top.
    await page.focus('body');
    for (let i = 0; i < 40 && !(await focused()).includes('|maintenance|RBT'); i++) await page.keyboard.press('Tab');
    expect(await focused()).toContain('|maintenance|');
    await page.keyboard.press('Enter');
    await expectPath(page, '/rbtMaintenance');
  });

  test('the user menu opens with the keyboard, moves with the arrow keys and closes with Escape', async () => {
    await login(page, demo('Generic site'));
    await page.focus('.user-menu__button');
    await page.keyboard.press('Enter');
    await page.waitForSelector('[role="menu"]');
    expect(await focused()).toContain('|myAccount|');
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toContain('|changePassword|');
    await page.keyboard.press('End');
    expect(await focused()).toContain('|logout|');
    await page.keyboard.press('Escape');
    expect(await page.$('[role="menu"]')).toBeNull();
    expect(await page.evaluate(() => document.activeElement?.classList.contains('user-menu__button'))).toBe(true);
    await page.keyboard.press('ArrowDown');
    await page.waitForSelector('[role="menu"]');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expectPath(page, '/changepassword');
  });

  test('a dialog takes the focus and keeps it inside until answered', async () => {
    const who = demo('Approval flow');
    await login(page, who);
    suite.server.db.endSessions(who.account);
    await page.goto('/myaccount');
    await page.waitForSelector('[role="alertdialog"]');
    expect(await focused()).toContain('Log in again');
    await page.keyboard.press('Tab');
    expect(await focused()).toContain('Log in again');
    await page.keyboard.press('Enter');
    await expectPath(page, '/login');
  });
});
