// Language switch (English / Chinese): the whole page follows, the choice is remembered across reloads and
// logins, and the server is told so its messages follow too.
import type { Page } from 'playwright-core';
import { demo, expectPath, login, openPage, sessionStore } from './support/browser';
import { useSuite } from './support/suite';

jest.setTimeout(90_000);

const suite = useSuite();
let page: Page;

beforeEach(async () => {
  page = suite.page = await openPage(suite.browser, suite.server.baseUrl);
});

describe('language switch', () => {
  test('switches the login page to Chinese and remembers it after a reload', async () => {
    await page.goto('/login');
    expect(await page.textContent('h1')).toBe('Provider Portal Login');
    await page.click('[data-language="zh"]');
    await page.waitForFunction(() => document.querySelector('h1')?.textContent !== 'Provider Portal Login');
    expect(await page.getAttribute('html', 'lang')).toBe('zh-CN');
    const zhTitle = await page.textContent('h1');
    expect(zhTitle).toMatch(/[\u4e00-\u9fff]/);
    await page.reload();
    await page.waitForSelector('form[data-screen="login"]');
    expect(await page.textContent('h1')).toBe(zhTitle);
    expect(await page.getAttribute('[data-language="zh"]', 'aria-pressed')).toBe('true');
  });

  test('the choice carries into the portal, is stored in the session, and server messages follow it', async () => {
    await page.goto('/login');
    // A slow line: the Chinese catalogue arrives after the provider has already signed in. The session must
    // still be the chosen language, not the one the page was showing while it loaded.
    await page.route(/\/assets\/(core|rest)-[\w-]+\.js$/, async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await page.click('[data-language="zh"]');
    await login(page, demo('Generic site'));
    await expectPath(page, '/dashboard');
    expect(await page.textContent('.breadcrumb [aria-current="page"]')).toBe('当前位置');
    expect((await sessionStore(page)).language).toBe('zh');
    // The server answers in the session language: a refused write shows its Chinese message.
    const answer = await page.evaluate(async () => (await fetch('/sp/updatecppwd', { method: 'POST' })).json());
    expect(answer.returnMsg).toMatch(/[\u4e00-\u9fff]/);
  });

  test('switching back to English in the top bar changes the menu and the dashboard at once', async () => {
    await page.goto('/login');
    await page.click('[data-language="zh"]');
    await login(page, demo('Generic site'));
    await page.waitForSelector('[data-menu-group="rbt"]');
    expect(await page.textContent('[data-menu-group="rbt"] .sidebar__label')).toBe('彩铃');
    await page.click('.topbar [data-language="en"]');
    await page.waitForFunction(
      () => document.querySelector('[data-menu-group="rbt"] .sidebar__label')?.textContent === 'RBT',
    );
    expect(await page.textContent('[data-fact="accountType"] dt')).toBe('Account type');
    await page.reload();
    await page.waitForSelector('[data-menu-group="rbt"]');
    expect(await page.textContent('[data-menu-group="rbt"] .sidebar__label')).toBe('RBT');
  });
});
