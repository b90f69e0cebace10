// Every shell and account screen in both languages, at desktop width and at 480 px: a screenshot each (under
// test-results/screenshots) and axe-core with no serious or critical violation (checked by screenshot()); at 1280 px
// nothing scrolls sideways.
import type { Page } from 'playwright-core';
import { demo, openPage, screenshot, signIn, type DemoAccount } from './support/browser';
import { layoutProblems } from './support/layout';
import { useSuite } from './support/suite';

jest.setTimeout(240_000);

const suite = useSuite();

interface Shot {
  name: string;
  path: string;
  /** Who is logged in (none: a public page). */
  as?: () => DemoAccount;
  /** Wait for this before the picture. */
  ready: string;
  /** Bring the page into the state to show. */
  act?(page: Page): Promise<void>;
  /** The act ends the session: each width signs in again, in a tab of its own. */
  endsSession?: boolean;
}

const generic = () => demo('Generic site');

const SHOTS: Shot[] = [
  { name: 'login', path: '/login', ready: 'form[data-screen="login"]' },
  {
    name: 'login-errors',
    path: '/login',
    ready: 'form[data-screen="login"]',
    act: async (p) => {
      await p.click('form[data-screen="login"] button[type="submit"]');
      await p.waitForSelector('.field__error');
    },
  },
  { name: 'forgetpassword', path: '/forgetpassword', ready: '[data-screen="forgetPassword"]' },
  { name: 'dashboard', path: '/dashboard', as: generic, ready: '[data-panel="toneStates"] .count-grid' },
  {
    name: 'user-menu',
    path: '/dashboard',
    as: generic,
    ready: '[data-fact="code"]',
    act: async (p) => {
      await p.click('.user-menu__button');
      await p.waitForSelector('[role="menu"]');
    },
  },
  { name: 'changepassword', path: '/changepassword', as: generic, ready: '[data-screen="changePassword"] input' },
  {
    name: 'changepassword-first-login',
    path: '/changepassword',
    as: () => demo('First login'),
    ready: '[data-notice="firstLogin"]',
  },
  { name: 'myaccount', path: '/myaccount', as: generic, ready: '[data-screen="myAccount"] [data-field="email"] input' },
  { name: 'guide', path: '/guide', as: generic, ready: '[data-screen="guide"]' },
  {
    name: 'directory',
    path: '/directory',
    as: generic,
    ready: '[data-screen="directory"] .list-footer__total[data-total]',
  },
  {
    name: 'salutatory',
    path: '/salutatory',
    as: generic,
    ready: '[data-screen="salutatory"] .list-footer__total[data-total]',
  },
  { name: 'help-prompts', path: '/help', as: generic, ready: '[data-screen="help"] .list-footer__total[data-total]' },
  { name: 'noprivilege', path: '/noPrivilege', as: generic, ready: '[data-screen="noPrivilege"]' },
  {
    name: 'namerbt-info',
    path: '/namerbtInfo',
    as: generic,
    ready: '[data-screen="namerbtInfo"] .list-footer__total[data-total]',
  },
  { name: 'not-found', path: '/no-such-page', as: generic, ready: '[data-screen="notFound"]' },
  { name: 'expired-account', path: '/dashboard', as: () => demo('Expired'), ready: '[data-fact="status"]' },
  {
    name: 'session-expired',
    path: '/dashboard',
    as: () => demo('Approval flow'),
    ready: '[data-fact="code"]',
    endsSession: true,
    act: async (p) => {
      suite.server.db.endSessions(demo('Approval flow').account);
      await p.goto('/myaccount');
      await p.waitForSelector('[role="alertdialog"]');
    },
  },
];

const LANGUAGES = ['en', 'zh'] as const;
const WIDTHS = [1280, 480] as const;

describe.each(LANGUAGES)('screens in %s', (language) => {
  test.each(SHOTS.map((s) => [s.name, s] as const))(
    '%s: screenshot and no serious accessibility violation',
    async (_name, shot) => {
      // One tab for both widths, signed in once (the narrower one reloads the page at its size); a shot that ends
      // the session starts each width in a fresh tab. An account's sign-in is reused across shots (signIn), since
      // the login page has shots of its own.
      let page: Page | undefined;
      for (const width of WIDTHS) {
        if (!page || shot.endsSession) {
          await page?.context().close();
          page = suite.page = await openPage(suite.browser, suite.server.baseUrl, { language, width });
          if (shot.as) await signIn(page, shot.as(), shot.path);
          else await page.goto(shot.path);
        } else {
          await page.setViewportSize({ width, height: 860 });
          await page.goto(shot.path);
        }
        await page.waitForSelector(shot.ready);
        await shot.act?.(page);
        await screenshot(page, `${shot.name}-${language}-${width}`);
        // At 1280 px nothing scrolls sideways and no list scrolls in a box of its own (issue 25).
        if (width === 1280) expect(await layoutProblems(page)).toEqual([]);
      }
    },
  );
});
