// The sidebar menu rules of 000 §2 (one test per rule), the top-bar dropdown and the sidebar cookie, with site
// variants from the demo providers (one per site) and flags set in the server's configuration.
import type { Page } from 'playwright-core';
import {
  demo,
  endTabSession,
  expectPath,
  login,
  openPage,
  pathOf,
  screenshot,
  type DemoAccount,
} from './support/browser';
import { openUserMenu, sidebarMenu } from './support/menu';
import { useSuite } from './support/suite';
import { createEngine } from '../../src/engine';
import { loadDefinitionSetFromDisk, loadSourcesFromDisk } from '../../src/engine/fsLoader';
import { APP_FOLDERS, screenFileOf } from '../../src/engine/sources';
import { gateOf } from '../../src/engine/gate';

jest.setTimeout(120_000);

const suite = useSuite();
let page: Page;
const changed: Array<[string, string | undefined, string]> = [];

/** A fresh page (empty storage) on the suite's server; useSuite closes the last one after the test. */
async function open() {
  page = suite.page = await openPage(suite.browser, suite.server.baseUrl);
}

beforeEach(open);
// Runs after useSuite's afterEach has closed the test's page.
afterEach(async () => {
  // Put every flag a test changed back, so tests do not depend on their order.
  for (const [key, value, site] of changed.splice(0).reverse()) {
    if (value === undefined) suite.server.db.unsetConfig(key, site);
    else suite.server.db.setConfig(key, value, site);
  }
});

/** Set operator flags (restored after the test); the server sees them at its next request. */
async function flags(values: Record<string, string>, site = '*') {
  for (const [key, value] of Object.entries(values)) {
    changed.push([key, suite.server.db.getConfig(key, site), site]);
    suite.server.db.setConfig(key, value, site);
  }
}

async function menuAs(who: DemoAccount) {
  await login(page, who);
  return sidebarMenu(page);
}

const generic = () => demo('Generic site');

describe('sidebar menu (000 §2)', () => {
  test('1-1 to 1-3: RBT upload, batch upload and maintenance', async () => {
    const menu = await menuAs(generic());
    expect(menu.entries.rbt).toEqual(['upload', 'batchUpload', 'maintenance']);
  });

  test('1-4 on the Ais site: batch update of the expiry date, never copyright maintenance', async () => {
    await flags({ support_copyright_maintenance: '1' }, 'ais');
    const menu = await menuAs(demo('ais'));
    expect(menu.entries.rbt).toContain('batchUpdateExpireDate');
    expect(menu.entries.rbt).not.toContain('copyrightMaintenance');
  });

  test('1-4 elsewhere: copyright maintenance when enabled', async () => {
    let menu = await menuAs(generic());
    expect(menu.entries.rbt).not.toContain('copyrightMaintenance');
    expect(menu.entries.rbt).not.toContain('batchUpdateExpireDate');
    await endTabSession(page);
    await flags({ support_copyright_maintenance: '1' });
    menu = await menuAs(generic());
    expect(menu.entries.rbt).toContain('copyrightMaintenance');
  });

  test('1-5: batch operation when the Kenya flag is on', async () => {
    expect((await menuAs(generic())).entries.rbt).not.toContain('batchOperation');
    await page.context().close();
    await open();
    const kenya = await menuAs(demo('kenya'));
    expect(kenya.entries.rbt).toEqual(expect.arrayContaining(['copyrightMaintenance', 'batchOperation']));
  });

  test("2: music box shown when the musicbox flag is '1' and disc and package are not both '0'", async () => {
    expect((await menuAs(generic())).entries.musicBox).toEqual(['upload', 'maintenance']);
    await page.context().close();
    await flags({ support_music_disc: '0', support_music_package: '1' });
    await open();
    expect((await menuAs(generic())).groups).toContain('musicBox');
    await page.context().close();
    await flags({ support_music_package: '0' });
    await open();
    expect((await menuAs(generic())).groups).not.toContain('musicBox');
    await page.context().close();
    await flags({ support_music_disc: '1', support_musicbox: '0' });
    await open();
    expect((await menuAs(generic())).groups).not.toContain('musicBox');
  });

  test("2-1: with sp_add_music_box_dialog '1' the upload entry opens the dialog variant (musicBoxUploadNew)", async () => {
    await flags({ sp_add_music_box_dialog: '1' });
    const menu = await menuAs(generic());
    expect(menu.entries.musicBox).toEqual(['uploadDialog', 'maintenance']);
    await page.click('[data-menu-group="musicBox"] [data-menu="uploadDialog"]');
    await expectPath(page, '/musicBoxUploadNew');
    await page.locator('[role="dialog"] #root_name').waitFor();
  });

  test('3: IVR for non-radio accounts when its flags are on, with a hidden help entry', async () => {
    const menu = await menuAs(generic());
    expect(menu.entries.ivr).toEqual(['salutatory', 'directory']);
    await page.context().close();
    await open();
    expect((await menuAs(demo('Radio'))).groups).not.toContain('ivr');
    await page.context().close();
    await flags({ support_ivr_function: '0' });
    await open();
    expect((await menuAs(generic())).groups).not.toContain('ivr');
    await page.context().close();
    await flags({ support_ivr_function: '1', ivr_portal_enabled: '0' });
    await open();
    expect((await menuAs(generic())).groups).not.toContain('ivr');
  });

  test("4: Name-RBT (info and upload) when support_namerbt_feature is '1'", async () => {
    // The demo deployment switches name tones on for every site (site-variants/generic/config.json).
    expect((await menuAs(generic())).entries.nameRbt).toEqual(['info', 'upload']);
    await page.context().close();
    await flags({ support_namerbt_feature: '0' });
    await open();
    expect((await menuAs(generic())).groups).not.toContain('nameRbt');
  });

  test('the menu is hidden while the account is expired', async () => {
    const menu = await menuAs(demo('Expired'));
    expect(menu.groups).toEqual([]);
    await page.waitForSelector('.sidebar__note');
  });

  test('the menu is hidden on first login (password change required)', async () => {
    await login(page, demo('First login'));
    await expectPath(page, '/changepassword');
    expect((await sidebarMenu(page)).groups).toEqual([]);
  });

  test('the collapsed state of the sidebar is kept in a cookie', async () => {
    await login(page, generic());
    await page.click('.topbar__toggle');
    await page.waitForSelector('nav.sidebar.is-collapsed');
    const cookie = (await page.context().cookies()).find((c) => c.name === 'sidebarStatus');
    expect(cookie?.value).toBe('1');
    await page.reload();
    await page.waitForSelector('nav.sidebar.is-collapsed');
    await page.click('.topbar__toggle');
    await page.waitForSelector('nav.sidebar:not(.is-collapsed)');
    expect((await page.context().cookies()).find((c) => c.name === 'sidebarStatus')?.value).toBe('0');
  });
});

describe('top-bar dropdown (000 §2)', () => {
  test('my account, change password, my activity, help and log out; last login time when whether_record_admin_login is 1', async () => {
    await login(page, generic());
    expect(await openUserMenu(page)).toEqual(['myAccount', 'changePassword', 'activity', 'help', 'logout']);
    await page.waitForSelector('[data-info="lastLoginTime"]');
    await page.context().close();
    await flags({ whether_record_admin_login: '0' });
    await open();
    await login(page, generic());
    await openUserMenu(page);
    expect(await page.$('[data-info="lastLoginTime"]')).toBeNull();
  });

  test('my account and change password are hidden for an OSS login user', async () => {
    // The reference server has no OSS single sign-on: its session answer is given the OSS flag here.
    await page.route(/\/(sp\/sploginhs|checkLoginInfo)/, async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      if (body.record) body.record.ossLoginUser = '1';
      await route.fulfill({ response, json: body });
    });
    await login(page, generic());
    expect(await openUserMenu(page)).toEqual(['help', 'logout']);
  });

  test('the user guide opens in a new window', async () => {
    await login(page, generic());
    await openUserMenu(page);
    const [popup] = await Promise.all([
      page.context().waitForEvent('page'),
      page.click('[role="menu"] [data-menu="help"]'),
    ]);
    await popup.waitForSelector('[data-screen="guide"]');
    expect(pathOf(popup)).toBe('/guide');
  });

  test('breadcrumb starts with Current Position, then the group and the screen', async () => {
    await login(page, generic());
    await page.click('[data-menu-group="rbt"] [data-menu="maintenance"]');
    await expectPath(page, '/rbtMaintenance');
    const crumbs = await page.$$eval('.breadcrumb li', (li) => li.map((l) => l.textContent));
    expect(crumbs).toEqual(['Current Position', 'RBT', 'RBT Maintenance']);
  });
});

describe('the capability gate in the browser: what the menu hides is closed by URL', () => {
  /** Every route the gate (src/engine/gate.ts, the server's too) closes for the session now signed in. */
  async function closedRoutes(site: string) {
    const { userInfo, config } = await page.evaluate(async () => {
      const r = await fetch('/checkLoginInfo?portalType=1');
      return (await r.json()).record;
    });
    const engine = createEngine(loadDefinitionSetFromDisk(site));
    const gate = gateOf(engine, { config, user: { ...userInfo, expired: false, needChangePwd: '0', ossLogin: false } });
    // The provider's portal: the screens of another application (the operator console's folder) are not its own.
    const sources = loadSourcesFromDisk();
    const ofAnotherApp = (id: string) =>
      APP_FOLDERS.some((f) => screenFileOf(sources, id).startsWith(`screen-definitions/${f}/`));
    const routes = engine
      .screenIds()
      .filter((id) => !ofAnotherApp(id))
      .map((id) => engine.definition(id).route)
      .filter((r): r is string => Boolean(r) && !['/login', '/forgetpassword'].includes(r!));
    return routes.filter((r) => !gate.route(r).open);
  }

  test.each(['generic', 'kenya', 'ais'])(
    '%s: every route the menu does not offer shows why, not the screen',
    async (site) => {
      await login(page, demo(site));
      const closed = await closedRoutes(site);
      expect(closed.length).toBeGreaterThan(0);
      for (const route of closed) {
        await page.goto(route);
        await page.waitForSelector('[data-screen="unavailable"]');
        expect([
          route,
          await page.textContent('[data-screen="unavailable"] h2, [data-screen="unavailable"] h1'),
        ]).toEqual([route, 'Not available for your account']);
      }
    },
  );

  test('as the Ais provider, Copyright Maintenance and Batch Operation name the screen and the reason', async () => {
    await login(page, demo('ais'));
    for (const [route, name] of [
      ['/copyrightMaintenance', 'Copyright Maintenance'],
      ['/batchOperation', 'Batch Operation'],
    ]) {
      await page.goto(route);
      await page.waitForSelector('[data-screen="unavailable"][data-reason="site"]');
      expect(await page.textContent('[data-screen="unavailable"] p')).toBe(
        `${name} is not available for your account: it is not switched on for your site. If you need it, please contact the administrator.`,
      );
      expect(await page.$('[data-screen="copyrightMaintenance"], [data-screen="batchOperation"]')).toBeNull();
    }
    await screenshot(page, 'gate-ais-batch-operation');
  });

  test('music boxes switched off for a site: its providers cannot open the box screens', async () => {
    await flags({ support_musicbox: '0' }, 'generic');
    await login(page, generic());
    expect((await sidebarMenu(page)).entries.musicBox).toBeUndefined();
    await page.goto('/musicBoxUpload');
    await page.waitForSelector('[data-screen="unavailable"][data-reason="site"]');
    expect(await page.textContent('[data-screen="unavailable"] p')).toContain('Upload Music Box is not available');
  });

  test('tags switched off (support_additional_tag 0): Edit Tags is closed by its address', async () => {
    await flags({ support_additional_tag: '0' }, 'generic');
    await login(page, generic());
    await page.goto('/editTag?type=modify');
    await page.waitForSelector('[data-screen="unavailable"][data-reason="site"]');
    expect(await page.textContent('[data-screen="unavailable"] p')).toContain('it is not switched on for your site.');
  });
});
