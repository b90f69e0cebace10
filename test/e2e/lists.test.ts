// Lists that show their data (issue 11, point 1 and the first "Must show"), in Chromium against the real server:
// at 1280 px every column of RBT Maintenance is visible or reachable by scrolling and never under the Operation
// column, badges are not cut; columns keep their widths from page to page and beside a 300-character name,
// whose full text shows on hover and on focus; row actions are buttons plus a keyboard-usable More menu; the
// total always shows; checkboxes only where a bulk action exists; after a write the list shows what the server
// has, without a reload. Screenshots of every list at 1280 and 1920 px in both languages (and per site).
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Locator, Page } from 'playwright-core';
import { layoutProblems } from './support/layout';
import {
  axeViolations,
  demo,
  login,
  openPage,
  screenshot,
  settled,
  type DemoAccount,
  signIn,
  toastShown,
} from './support/browser';
import { confirmOk, row, rowAction, rows } from './support/maintenance';
import { useSuite } from './support/suite';

jest.setTimeout(300_000);

const suite = useSuite();
let page: Page;
const generic = () => demo('Generic site');
type Language = 'en' | 'zh';

async function open(who: DemoAccount, path: string, o: { language?: Language; width?: number } = {}) {
  page = suite.page = await openPage(suite.browser, suite.server.baseUrl, {
    language: o.language ?? 'en',
    width: o.width ?? 1280,
    height: 900,
  });
  await signIn(page, who, path);
}

async function openMaintenance(who: DemoAccount, o: { language?: Language; width?: number } = {}) {
  await open(who, '/rbtMaintenance', o);
  await rows(page).first().waitFor();
}

/**
 * What a user can see of each column of a list: scrolled (as far as the table scrolls) to bring the column in,
 * is it inside the table's box and clear of the Operation column? Also whether the table needs to scroll at all.
 */
function columnProblems(p: Page, screen: string) {
  return p.evaluate((id) => {
    const box = document.querySelector<HTMLElement>(`[data-screen="${id}"] .data-table`)!;
    const op = box.querySelector<HTMLElement>('thead th[data-column="__operation"]');
    const problems: string[] = [];
    for (const th of box.querySelectorAll<HTMLElement>('thead th')) {
      box.scrollLeft = Math.max(0, th.offsetLeft + th.offsetWidth - box.clientWidth);
      const r = th.getBoundingClientRect();
      const b = box.getBoundingClientRect();
      if (r.left < b.left - 1 || r.right > b.right + 1) problems.push(`${th.dataset.column} is out of view`);
      if (op && th !== op) {
        const o = op.getBoundingClientRect();
        if (r.right > o.left + 1 && r.left < o.right - 1)
          problems.push(`${th.dataset.column} is under the Operation column`);
      }
    }
    box.scrollLeft = 0;
    return { problems, scrolls: box.scrollWidth > box.clientWidth + 1 };
  }, screen);
}

/** Badges whose text is cut or that stick out of their cell. */
function cutBadges(p: Page) {
  return p.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.data-table tbody .badge')]
      .filter((b) => {
        const cell = b.closest('td')!.getBoundingClientRect();
        const r = b.getBoundingClientRect();
        return b.scrollWidth > b.clientWidth + 1 || r.right > cell.right + 1 || r.left < cell.left - 1;
      })
      .map((b) => b.textContent),
  );
}

/**
 * Badges whose text runs over more than one line (a status column too narrow for "Modification to be approved"),
 * and date-time cells whose time went under the date (an upload time's column too narrow for it).
 */
function wrappedBadges(p: Page) {
  return p.evaluate(() => {
    const badges = [...document.querySelectorAll<HTMLElement>('.data-table tbody .badge')]
      .filter((b) => b.getBoundingClientRect().height > 1.5 * parseFloat(getComputedStyle(b).lineHeight))
      .map((b) => b.textContent);
    const range = document.createRange();
    const times = [...document.querySelectorAll<HTMLElement>('.data-table tbody td[data-format="datetime"]')]
      .filter((td) => {
        range.selectNodeContents(td);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1;
      })
      .map((td) => `${td.dataset.column}: ${td.textContent}`);
    return [...badges, ...times];
  });
}

/** A badge's text and fill colours, and the palette's (tokens.css) for the status colour it should show (000 §4). */
const tint = (badge: Locator, colour: string) =>
  badge.evaluate((b, c) => {
    const probe = document.body.appendChild(document.createElement('span'));
    probe.style.color = `var(--${c}-700)`;
    probe.style.backgroundColor = `var(--${c}-100)`;
    const [got, want] = [getComputedStyle(b), getComputedStyle(probe)];
    const colours = { shown: [got.color, got.backgroundColor], palette: [want.color, want.backgroundColor] };
    probe.remove();
    return colours;
  }, colour);

const columnWidths = (p: Page) =>
  p.$$eval('[data-screen="rbtMaintenance"] .data-table thead th', (ths) =>
    ths.map((th) => [(th as HTMLElement).dataset.column, Math.round(th.getBoundingClientRect().width)]),
  );

describe('RBT Maintenance at 1280 px', () => {
  const cases = (['generic', 'kenya', 'ais'] as const).flatMap((site) =>
    (['en', 'zh'] as const).map((language) => [site, language] as const),
  );
  test.each(cases)(
    '%s, %s: every column in view and clear of the Operation column; badges whole',
    async (site, language) => {
      await openMaintenance(site === 'generic' ? generic() : demo(site), { language });
      const { problems, scrolls } = await columnProblems(page, 'rbtMaintenance');
      expect(problems).toEqual([]);
      // It even fits: nothing to scroll to at 1280 px with the sidebar open.
      expect(scrolls).toBe(false);
      expect(await cutBadges(page)).toEqual([]);
    },
  );
});

test('columns keep their widths from page to page and beside a 300-character name, whose full text shows on hover and on focus', async () => {
  await openMaintenance(generic());
  const before = await columnWidths(page);
  await page.locator('button[aria-label="Next page"]').click();
  await page.waitForFunction(
    () => document.querySelectorAll('[data-screen="rbtMaintenance"] .data-table tbody tr[data-row-key]').length === 2,
  );
  expect(await columnWidths(page)).toEqual(before);

  // A newest tone with a 300-character name and artist lands on page 1.
  const long = `A very long tone name ${'that keeps going '.repeat(17)}`.slice(0, 300);
  const db = new Database(join(suite.server.dataDir, 'rbt.sqlite'));
  let toneID: number;
  try {
    db.pragma('busy_timeout = 5000');
    const model = db
      .prepare(
        "SELECT t.* FROM tones t JOIN providers p ON p.id = t.provider_id WHERE p.code = ? AND t.status = '1' LIMIT 1",
      )
      .get(generic().account) as Record<string, unknown>;
    const seq =
      (db.prepare('SELECT max(seq) AS s FROM tones WHERE provider_id = ?').get(model.provider_id) as { s: number }).s +
      1;
    const columns = Object.keys(model).filter((c) => c !== 'id');
    const r = db
      .prepare(`INSERT INTO tones (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`)
      .run({
        ...model,
        seq,
        tone_code: `77${String(seq).padStart(9, '0')}`,
        tone_name: long,
        singer_name: long,
        isrc: '',
        created_at: Date.now(),
      });
    toneID = Number(r.lastInsertRowid);
  } finally {
    db.close();
  }
  await page.reload();
  const cell = row(page, String(toneID)).locator('td[data-column="toneName"] .cell-text').first();
  await cell.waitFor();
  expect(await columnWidths(page)).toEqual(before);
  expect(await cell.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  // Hover and keyboard focus both show the whole name; the cut cell takes focus, an uncut one does not.
  await cell.hover();
  await page.locator('.cell-tooltip', { hasText: long.trim() }).waitFor();
  await page.mouse.move(5, 5);
  await page.locator('.cell-tooltip').waitFor({ state: 'detached' });
  expect(await cell.getAttribute('tabindex')).toBe('0');
  await cell.focus();
  await page.locator('.cell-tooltip', { hasText: long.trim() }).waitFor();
  await screenshot(page, 'list-long-name-tooltip-en', { viewport: true });
  const short = rows(page).nth(1).locator('td[data-column="toneName"] .cell-text').first();
  expect(await short.getAttribute('tabindex')).toBeNull();
  expect(await cutBadges(page)).toEqual([]);
});

test('row actions: the primary ones as buttons, the rest in a More menu used with the keyboard', async () => {
  await openMaintenance(generic());
  const normal = rows(page)
    .filter({ has: page.locator('.badge[data-tint="green"]') })
    .first();
  const toneID = (await normal.getAttribute('data-row-key'))!;
  // Edit and Detail are the definition's primary actions; Hide, Edit tags, Tariff price and Delete are in More.
  expect(
    await normal
      .locator('.row-actions__button[data-action]')
      .evaluateAll((b) => b.map((x) => (x as HTMLElement).dataset.action)),
  ).toEqual(['edit', 'detail']);
  const more = normal.locator('.row-actions__more');
  expect(await more.getAttribute('aria-haspopup')).toBe('menu');
  await more.focus();
  await page.keyboard.press('Enter');
  const menu = page.locator('.row-menu[role="menu"]');
  await menu.waitFor();
  expect(await more.getAttribute('aria-expanded')).toBe('true');
  const focused = () =>
    page.evaluate(
      () => (document.activeElement as HTMLElement | null)?.dataset.action ?? document.activeElement?.className,
    );
  expect(await focused()).toBe('hide');
  await page.keyboard.press('ArrowDown');
  expect(await focused()).toBe('editTag');
  await page.keyboard.press('End');
  expect(await focused()).toBe('delete');
  await page.keyboard.press('ArrowDown');
  expect(await focused()).toBe('hide');
  await screenshot(page, 'list-more-menu-en', { viewport: true });
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'detached' });
  expect(await page.evaluate(() => document.activeElement?.classList.contains('row-actions__more'))).toBe(true);
  // Opened with the arrow key, an item chosen with Enter runs its action.
  await page.keyboard.press('ArrowDown');
  await menu.waitFor();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.waitForURL((u) => u.pathname === '/editTag');
  await page.locator('.breadcrumb [aria-current="page"]', { hasText: 'Edit Tags' }).waitFor();
  expect(await page.locator('.breadcrumb li').allTextContents()).toEqual([
    'Current Position',
    'RBT',
    'RBT Maintenance',
    'Edit Tags',
  ]);
  expect(await page.locator('.sidebar__link[aria-current="page"]').textContent()).toBe('RBT Maintenance');
  expect(toneID).not.toBe('');
});

test('the total shows even when everything fits one page; row checkboxes only where the list has a bulk action', async () => {
  await open(demo('kenya'), '/copyrightMaintenance');
  const owners = page.locator('[data-screen="copyrightMaintenance"] .data-table tbody tr[data-row-key]');
  await owners.first().waitFor();
  const count = await owners.count();
  expect(count).toBeLessThanOrEqual(10);
  expect(await page.locator('[data-screen="copyrightMaintenance"] .list-footer__total').textContent()).toBe(
    `Total ${count} records`,
  );
  expect(await page.locator('[data-screen="copyrightMaintenance"] .pager').count()).toBe(0);
  expect(await page.locator('[data-screen="copyrightMaintenance"] .data-table input[type="checkbox"]').count()).toBe(0);
  await page.context().close();

  // RBT Maintenance has its bulk delete: checkboxes, and the confirmation counts in the right number.
  await openMaintenance(generic());
  const deletable = rows(page).filter({ has: page.locator('.badge[data-tint="green"]') });
  await deletable.nth(0).locator('input[type="checkbox"]').check();
  await page.locator('.list-toolbar .btn--danger').click();
  const ask = page.locator('[role="alertdialog"]');
  await ask.waitFor();
  expect(await ask.locator('.dialog__title').textContent()).toBe('Delete selected');
  expect(await ask.locator('.confirm__message').textContent()).toBe('Delete the selected tone?');
  await ask.locator('.btn--ghost').click();
  await deletable.nth(1).locator('input[type="checkbox"]').check();
  await page.locator('.list-toolbar .btn--danger').click();
  expect(await ask.locator('.confirm__message').textContent()).toBe('Delete the 2 selected tones?');
  // The dialog's buttons sit like every dialog's: right-aligned, the action last.
  const buttons = await ask.locator('.dialog__footer .btn').allTextContents();
  expect(buttons).toEqual(['Cancel', 'Delete selected']);
  await ask.locator('.btn--ghost').click();
});

test('after a write the list shows what the server has, without a reload: hide, then an edit waiting for approval', async () => {
  await openMaintenance(generic());
  // A normal demo tone (complete enough for its edit form to be submitted as it loads).
  const normal = rows(page)
    .filter({ hasText: 'Heartbeat' })
    .filter({ has: page.locator('.badge[data-tint="green"]') });
  const toneID = (await normal.getAttribute('data-row-key'))!;
  await rowAction(page, toneID, 'hide').click();
  await confirmOk(page, /Hide this tone/);
  await row(page, toneID).locator('.badge[data-tint="grey"]').waitFor();
  // Hidden is grey, normal green (000 §4): the definition's colour reaches the badge as the palette's pair.
  const hidden = await tint(row(page, toneID).locator('.badge'), 'grey');
  expect(hidden.shown).toEqual(hidden.palette);
  await rowAction(page, toneID, 'resume').waitFor();
  expect(await rowAction(page, toneID, 'hide').offered()).toBe(false);
  await rowAction(page, toneID, 'resume').click();
  await confirmOk(page, /Resume this tone/);
  await row(page, toneID).locator('.badge[data-tint="green"]').waitFor();
  const normalTint = await tint(row(page, toneID).locator('.badge'), 'green');
  expect(normalTint.shown).toEqual(normalTint.palette);
  expect(normalTint.shown).not.toEqual(hidden.shown);

  // An edit goes to approval: back on the list (cached a moment ago) the row says so at once and offers no Edit.
  await rowAction(page, toneID, 'edit').click();
  await page.waitForURL((u) => u.pathname === '/rbtUploading');
  await page.locator('.breadcrumb [aria-current="page"]', { hasText: 'Edit RBT' }).waitFor();
  expect(await page.locator('.breadcrumb li').allTextContents()).toEqual([
    'Current Position',
    'RBT',
    'RBT Maintenance',
    'Edit RBT',
  ]);
  expect(await page.locator('.sidebar__link[aria-current="page"]').textContent()).toBe('RBT Maintenance');
  // The form starts from the loaded tone (filling it earlier would be undone when the record arrives).
  await page.waitForFunction(
    () => ((document.querySelector('#root_toneName') as HTMLInputElement | null)?.value ?? '') !== '',
  );
  await page.fill('#root_modifyReason', 'New mix');
  await page.click('.form-actions .btn--primary');
  await toastShown(page, 'Submitted for approval.');
  await page.waitForURL((u) => u.pathname === '/rbtMaintenance', { timeout: 15_000 });
  await row(page, toneID).locator('.badge', { hasText: 'Modification to be approved' }).waitFor();
  const pending = await tint(row(page, toneID).locator('.badge'), 'yellow');
  expect(pending.shown).toEqual(pending.palette);
  expect(await row(page, toneID).locator('.row-actions__button[data-action="edit"]').count()).toBe(0);
});

test('a list page loads neither the form renderer nor the validator; a refused filter is named under its field and nothing is sent', async () => {
  page = suite.page = await openPage(suite.browser, suite.server.baseUrl, { language: 'en', width: 1280, height: 900 });
  await login(page, generic());
  // Every script the maintenance page runs (opened afresh, as from a bookmark), by what it carries: rjsf (the
  // form renderer) and Ajv (the engine's validator; the login page loads it for its own form).
  const scripts: Array<Promise<string>> = [];
  page.on('response', (r) => {
    if (new URL(r.url()).pathname.endsWith('.js')) scripts.push(r.text().catch(() => ''));
  });
  const carries = async () => {
    const texts = await Promise.all(scripts);
    return { rjsf: texts.some((t) => t.includes('rjsf')), ajv: texts.some((t) => t.includes('strictTuples')) };
  };
  await page.goto('/rbtMaintenance');
  await rows(page).first().waitFor();
  await settled(page);
  expect(await carries()).toEqual({ rjsf: false, ajv: false });

  // 23 digits: more than a tone code has. The engine refuses it with the definition's message; no list call goes out.
  let listCalls = 0;
  page.on('request', (r) => {
    if (r.url().includes('/sp/qrytone')) listCalls += 1;
  });
  await page.fill('#search-rbtMaintenance #search_toneCode', '1'.repeat(23));
  await page.locator('[data-screen="rbtMaintenance"] .search-bar__buttons .btn--primary').click();
  const error = page.locator('#search-rbtMaintenance [data-field="toneCode"] .field__error');
  await error.waitFor();
  expect(await error.textContent()).toContain('A tone code has at most 22 digits.');
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('search_toneCode');
  expect(listCalls).toBe(0);
  expect((await carries()).ajv).toBe(true);
  await screenshot(page, 'list-search-refused-en', { viewport: true });
  // Corrected, the message goes and the search runs.
  await page.fill('#search-rbtMaintenance #search_toneCode', '10000000001');
  await error.waitFor({ state: 'detached' });
  await page.locator('[data-screen="rbtMaintenance"] .search-bar__buttons .btn--primary').click();
  await rows(page).first().waitFor();
  await page.waitForFunction(
    () => document.querySelectorAll('[data-screen="rbtMaintenance"] tbody tr[data-row-key]').length === 1,
  );
  expect(listCalls).toBeGreaterThan(0);
  expect((await carries()).rjsf).toBe(false);
});

test('a status filter starts on its own "All" entry, not "Please select"; Normal leaves the hidden tones out, All brings them back', async () => {
  await openMaintenance(generic());
  const status = page.locator('#search-rbtMaintenance #search_status');
  // Every state the status column can show, from its expression (sortFilter.test.ts filters by each).
  const offered = await status.locator('option').allTextContents();
  expect(offered[0]).toBe('All');
  for (const label of [
    'Addition to be approved',
    'Modification to be approved',
    'Deletion to be approved',
    'Rejected',
    'Normal',
    'Hidden',
    'Hidden and unavailable',
    'Deleted',
  ])
    expect(offered).toContain(label);
  const shown = () => status.evaluate((s: HTMLSelectElement) => s.options[s.selectedIndex].text);
  await expect(shown()).resolves.toBe('All');
  // With Normal chosen no hidden tone is listed; with All
  // chosen again the hidden ones are back, as on the first page the list opened with.
  const hiddenRows = `[data-screen="rbtMaintenance"] tbody tr[data-row-key]:has(.badge:text-is("Hidden"))`;
  const search = () => page.locator('[data-screen="rbtMaintenance"] .search-bar__buttons .btn--primary').click();
  await page.locator(hiddenRows).first().waitFor();
  await status.selectOption({ label: 'Normal' });
  await search();
  await page.locator(hiddenRows).first().waitFor({ state: 'detached' });
  await rows(page).first().waitFor();
  await status.selectOption({ label: 'All' });
  await expect(shown()).resolves.toBe('All');
  await search();
  await page.locator(hiddenRows).first().waitFor();
});

test('the tone selection dialog shows all its columns at 1280 px', async () => {
  await open(generic(), '/musicBoxUpload');
  await page.click('#root_tones');
  const dialog = page.locator('[role="dialog"]');
  await dialog.locator('[data-screen="toneSelection"] .data-table tbody tr[data-row-key]').first().waitFor();
  const { problems, scrolls } = await columnProblems(page, 'toneSelection');
  expect(problems).toEqual([]);
  expect(scrolls).toBe(false);
  // The last column ends inside the dialog.
  const [last, panel] = await Promise.all([dialog.locator('thead th').last().boundingBox(), dialog.boundingBox()]);
  expect(last!.x + last!.width).toBeLessThanOrEqual(panel!.x + panel!.width);
  // Its text (header and cells) keeps a gutter from the table's edge, as the first column's checkbox does, instead
  // of running flush against it: the least room left by any of its cells, in px.
  const gutter = await dialog.evaluate((d) => {
    const table = d.querySelector('.data-table')!.getBoundingClientRect();
    const range = document.createRange();
    const gaps = [...d.querySelectorAll('tr')].map((tr) => {
      range.selectNodeContents(tr.lastElementChild!);
      return table.right - range.getBoundingClientRect().right;
    });
    return Math.min(...gaps);
  });
  expect(gutter).toBeGreaterThanOrEqual(12);
});

/** Every list of the portal, as a provider opens it; a dialog's screenshot keeps to the window. */
const LISTS: Array<{
  name: string;
  /** The list's screen definition (its data-screen). */
  screen: string;
  who: () => DemoAccount;
  path: string;
  ready: string;
  dialog?: boolean;
  act?(p: Page): Promise<void>;
}> = [
  ...(['generic', 'kenya', 'ais'] as const).map((site) => ({
    name: `rbt-maintenance-${site}`,
    screen: 'rbtMaintenance',
    who: () => (site === 'generic' ? generic() : demo(site)),
    path: '/rbtMaintenance',
    ready: '[data-screen="rbtMaintenance"] tbody tr[data-row-key]',
  })),
  {
    name: 'copyright-maintenance-kenya',
    screen: 'copyrightMaintenance',
    who: () => demo('kenya'),
    path: '/copyrightMaintenance',
    ready: '[data-screen="copyrightMaintenance"] tbody tr[data-row-key]',
  },
  {
    name: 'tone-selection',
    screen: 'toneSelection',
    who: generic,
    path: '/musicBoxUpload',
    ready: '#root_tones',
    dialog: true,
    act: async (p) => {
      await p.click('#root_tones');
      await p.locator('[data-screen="toneSelection"] tbody tr[data-row-key]').first().waitFor();
    },
  },
  {
    name: 'tariff-selection',
    screen: 'tariffSelection',
    who: generic,
    path: '/musicBoxUpload',
    ready: '#root_priceGroupChoice-1',
    act: async (p) => {
      await p.check('#root_priceGroupChoice-1');
      await p.locator('[data-screen="tariffSelection"] tbody tr[data-row-key]').first().waitFor();
      await p.locator('[data-screen="tariffSelection"]').scrollIntoViewIfNeeded();
    },
  },
  {
    name: 'tone-detail',
    screen: 'toneDetail',
    // Kenya: copyright maintenance is on, so the detail lists the tone's owners (a site without it shows none).
    who: () => demo('kenya'),
    path: '/rbtMaintenance',
    ready: '[data-screen="rbtMaintenance"] tbody tr[data-row-key]',
    dialog: true,
    act: async (p) => {
      // A demo tone, which has copyright owners to list.
      await p
        .locator('[data-screen="rbtMaintenance"] tbody tr[data-row-key]')
        .filter({ hasText: 'Sunrise Prayer 2' })
        .locator('.row-actions__button[data-action="detail"]')
        .click();
      await p.locator('[role="dialog"] [data-screen="toneDetail"] tbody tr[data-row-key]').first().waitFor();
    },
  },
  {
    name: 'music-box-maintenance',
    screen: 'musicBoxMaintenance',
    who: generic,
    path: '/musicBoxMaintenance',
    ready: '[data-screen="musicBoxMaintenance"] tbody tr[data-row-key]',
  },
  {
    name: 'music-box-detail',
    screen: 'musicBoxDetail',
    who: generic,
    path: '/musicBoxMaintenance',
    ready: '[data-screen="musicBoxMaintenance"] tbody tr[data-row-key]',
    act: async (p) => {
      await p
        .locator('[data-screen="musicBoxMaintenance"] tbody tr[data-row-key] [data-action="detail"]')
        .first()
        .click();
      await p.locator('[data-screen="musicBoxDetail"] tbody tr[data-row-key]').first().waitFor();
    },
  },
  {
    name: 'disc-tone-selection',
    screen: 'discToneSelection',
    who: () => demo('Super SP'),
    path: '/musicBoxUpload',
    ready: '#root_toneBoxType-1',
    dialog: true,
    act: async (p) => {
      await p.check('#root_toneBoxType-1');
      await p.click('#root_tones');
      await p.locator('[data-screen="discToneSelection"] tbody tr[data-row-key]').first().waitFor();
    },
  },
  {
    name: 'tariff-detail',
    screen: 'tariffDetail',
    who: generic,
    path: '/rbtMaintenance',
    ready: '[data-screen="rbtMaintenance"] tbody tr[data-row-key]',
    dialog: true,
    act: async (p) => {
      await p.locator('.row-actions__more').first().click();
      await p.locator('.row-menu [data-action="tariff"]').click();
      await p.locator('[role="dialog"] [data-screen="tariffDetail"] tbody tr[data-row-key]').first().waitFor();
    },
  },
];

describe.each(['en', 'zh'] as const)('every list at 1280 and 1920 px, with screenshots (%s)', (language) => {
  test.each(LISTS.map((l) => [l.name, l] as const))('%s: columns in view, badges whole', async (_name, list) => {
    for (const width of [1280, 1920]) {
      // Opened once, at 1280 px; then the person widens the window to 1920 px: the same page, dialog and all, must
      // take the room (the widths follow the window: CSS, and the table measures its box with a ResizeObserver).
      if (width === 1280) {
        await open(list.who(), list.path, { language, width });
        await page.waitForSelector(list.ready);
        await list.act?.(page);
      } else await page.setViewportSize({ width, height: 900 });
      await screenshot(page, `list-${list.name}-${language}-${width}`, { viewport: list.dialog });
      // Nothing a provider reads is cut or hidden: every badge whole, at both widths, and every column in view
      // (scrolled to, where the table scrolls) and clear of the Operation column.
      expect(await cutBadges(page)).toEqual([]);
      expect((await columnProblems(page, list.screen)).problems).toEqual([]);
      // At 1280 px nothing scrolls sideways and no page's list scrolls in a box of its own (issue 25; a dialog's list
      // scrolls inside the dialog, under its own sticky header). The lists this file does not open are checked in
      // sortFilter.test.ts and screens.test.ts.
      if (width === 1280 && !list.dialog) expect(await layoutProblems(page)).toEqual([]);
      // At 1920 px the wider window's room reaches the status and date-time columns first: every badge and every
      // date with its time keeps to one line.
      if (width === 1920 && !list.dialog) expect(await wrappedBadges(page)).toEqual([]);
    }
  });
});
