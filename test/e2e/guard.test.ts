// The login guard of 000 §2, one test per rule, against the real server and the built portal.
import type { Page } from 'playwright-core';
import { demo, expectPath, login, openPage, pathOf, screenshot } from './support/browser';
import { useSuite } from './support/suite';

jest.setTimeout(90_000);

const suite = useSuite();
let page: Page;

beforeEach(async () => {
  page = suite.page = await openPage(suite.browser, suite.server.baseUrl);
});

/** Put values in session storage as a previous login would have, then open a path. */
async function withStorage(values: Record<string, string>, path: string) {
  await page.goto('/login');
  await page.evaluate((v) => {
    for (const [k, val] of Object.entries(v)) sessionStorage.setItem(k, val);
  }, values);
  await page.goto(path);
}

describe('login guard (000 §2)', () => {
  test('rule 1: without a stored token every path but /login and /forgetpassword goes to /login', async () => {
    for (const path of ['/', '/dashboard', '/rbtMaintenance', '/myaccount', '/changepassword', '/no/such/page']) {
      await page.goto(path);
      await expectPath(page, '/login');
    }
    await page.goto('/forgetpassword');
    await page.waitForSelector('[data-screen="forgetPassword"]');
    expect(pathOf(page)).toBe('/forgetpassword');
    await page.goto('/login');
    await page.waitForSelector('form[data-screen="login"]');
    expect(pathOf(page)).toBe('/login');
  });

  test('rule 2: a logged-in user opening /login is sent to / (and on to the dashboard)', async () => {
    await login(page, demo('Generic site'));
    await expectPath(page, '/dashboard');
    await page.goto('/login');
    await expectPath(page, '/dashboard');
  });

  test("rule 3: a stored user whose firstLogin is not '0' is sent from every gated route to /changepassword", async () => {
    await login(page, demo('First login'));
    await expectPath(page, '/changepassword');
    for (const path of ['/', '/dashboard', '/rbtUploading', '/myaccount', '/guide']) {
      await page.goto(path);
      await expectPath(page, '/changepassword');
    }
    // The same from storage alone: the rule reads the stored user, not the server.
    await page.context().clearCookies();
    await withStorage(
      { token: '1', user: JSON.stringify({ code: '8800099', firstLogin: '1' }), needChangePwd: '0' },
      '/musicBoxMaintenance',
    );
    await expectPath(page, '/changepassword');
  });

  test("rule 3: the session flag needChangePwd '1' sends every gated route to /changepassword", async () => {
    await withStorage(
      { token: '1', user: JSON.stringify({ code: '8800010', firstLogin: '0' }), needChangePwd: '1' },
      '/rbtMaintenance',
    );
    await expectPath(page, '/changepassword');
  });

  test("rule 3: a stored user value of length 1 counts as firstLogin '0'", async () => {
    await withStorage({ token: '1', user: '1', needChangePwd: '0' }, '/guide');
    // Not redirected to /changepassword (the server then says the session is gone, which is another rule).
    await page.waitForSelector('[data-screen="guide"]');
    expect(pathOf(page)).toBe('/guide');
  });

  test('/changepassword is not gated by the password-change rule: a normal user may open it', async () => {
    await login(page, demo('Generic site'));
    await page.goto('/changepassword');
    await page.waitForSelector('[data-screen="changePassword"]');
    expect(pathOf(page)).toBe('/changepassword');
  });

  test("'/' redirects to the dashboard ('Current Position')", async () => {
    await login(page, demo('Generic site'));
    await page.goto('/');
    await expectPath(page, '/dashboard');
    await expect(page.locator('.breadcrumb [aria-current="page"]').textContent()).resolves.toBe('Current Position');
  });

  test('an expired account opening a form or list by URL sees why, not the screen (both languages); its home links only to the screens that stay open, and its account pages open', async () => {
    for (const language of ['en', 'zh'] as const) {
      const p = await openPage(suite.browser, suite.server.baseUrl, { language });
      try {
        await login(p, demo('Expired'));
        // Its home offers only what its state leaves open (the capability gate): the user guide and its account
        // pages, no IVR help prompts, tone or box screens.
        await p.waitForSelector('[data-screen="dashboard"] [data-fact="status"]');
        const links = await p
          .locator('[data-screen="dashboard"] a[href]')
          .evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
        expect(links).toContain('/guide');
        expect(links.filter((l) => !['/guide', '/myaccount', '/changepassword'].includes(l))).toEqual([]);
        for (const path of ['/rbtUploading', '/rbtMaintenance', '/musicBoxUpload', '/copyrightMaintenance']) {
          await p.goto(path);
          await p.waitForSelector('[data-screen="unavailable"]');
          expect(await p.locator('form, .data-table').count()).toBe(0);
        }
        expect(await p.textContent('[data-screen="unavailable"] h2, [data-screen="unavailable"] h1')).toBe(
          language === 'en' ? 'Your account has expired' : '您的账号已过期',
        );
        await screenshot(p, `expired-by-url-${language}`);
        await p.goto('/myaccount');
        await p.waitForSelector('[data-screen="myAccount"]');
        expect(await p.locator('[data-screen="unavailable"]').count()).toBe(0);
      } finally {
        await p.context().close();
      }
    }
  });
});

describe('write window (000 §8, maintenance_window)', () => {
  test('while writes are refused a banner says until when, on every page, and goes once the window is off', async () => {
    suite.server.db.setConfig('maintenance_window', '00:00-24:00');
    // The window's call answers late: the banner must not wait for it, or it pushes the page down under the pointer.
    const held = '**/common/querywritewindow*';
    await page.route(held, async (route) => {
      await new Promise((r) => setTimeout(r, 2500));
      await route.continue().catch(() => undefined);
    });
    try {
      await login(page, demo('Generic site'));
      const banner = page.locator('[data-notice="writeWindow"]');
      // The first page after the login: the login asked for the window before opening it.
      await page.locator('[data-fact="code"]').waitFor();
      expect(await banner.count()).toBe(1);
      // Any page after: the last answer is shown from the first paint, while the page's own call is still held.
      await page.goto('/myaccount');
      await page.locator('[data-screen="myAccount"]').first().waitFor();
      expect(await banner.count()).toBe(1);
      await page.unroute(held);
      await banner.waitFor();
      expect(await banner.textContent()).toContain('Changes are paused until 24:00 (server time)');
      await page.locator('[data-screen="myAccount"] [data-field="email"] input').waitFor();
      await screenshot(page, 'write-window-banner-en');
      await page.goto('/rbtMaintenance');
      await banner.waitFor();
    } finally {
      suite.server.db.setConfig('maintenance_window', '');
    }
    await page.goto('/dashboard');
    await page.waitForSelector('[data-fact="code"]');
    // The banner asks again on every page: gone once the window is off.
    await page.waitForFunction(() => !document.querySelector('[data-notice="writeWindow"]'));
  });
});

describe('downloads (001 §8)', () => {
  test('an export answered with a status other than 200 asks to log in again, in a dialog that cannot be closed', async () => {
    await login(page, demo('Generic site'));
    await page.goto('/rbtMaintenance');
    await page.locator('[data-screen="rbtMaintenance"] tbody tr[data-row-key]').first().waitFor();
    // The server failing the export (HTTP 500): the same confirmation as a lost session, not a 'Server error' toast.
    await page.route('**/sp/exporttone', (r) => r.fulfill({ status: 500, body: 'Internal Server Error' }));
    await page.locator('[data-screen="rbtMaintenance"] button[data-action="export"]').click();
    const dialog = page.locator('[role="alertdialog"]', { hasText: 'You have been logged out. Log in again?' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    expect(await dialog.isVisible()).toBe(true);
    expect(await dialog.locator('button').allTextContents()).toEqual(['Log in again']);
    await screenshot(page, 'download-refused-en', { viewport: true });
    await dialog.locator('button').click();
    await expectPath(page, '/login');
  });
});
