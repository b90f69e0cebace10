// Tone maintenance in the browser on each site variant with the demo tones: filter and page, an addition to
// be approved approved with the operator CLI, hide and resume, delete of a tone in use with the forced
// confirmation, export, edit tags. Screenshots per site and language.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { demo, login, openPage, screenshot } from './support/browser';
import { approveTone, confirmOk, row, rowButton, rows, searchByName } from './support/maintenance';
import { useSuite } from './support/suite';

jest.setTimeout(180_000);

const SITES = [['generic', 'Generic site'], ['kenya', 'Kenya site'], ['ais', 'Ais site']] as const;

describe.each(SITES)('%s', (site, label) => {
  const suite = useSuite({ site });
  const who = demo(label);
  let page: Page;

  async function open(language: 'en' | 'zh' = 'en') {
    page = suite.page = await openPage(suite.browser, suite.server.baseUrl, { language });
    await login(page, who);
    await page.goto('/rbtMaintenance');
    await rows(page).first().waitFor();
  }

  test('filter and page', async () => {
    await open();
    const firstPage = await rows(page).evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-row-key')));
    expect(firstPage.length).toBeGreaterThan(0);
    const name = (await rows(page).first().locator('td').nth(2).textContent())!.trim();
    await searchByName(page, name.slice(0, 4));
    await page.waitForFunction((prefix) => {
      const cells = [...document.querySelectorAll('[data-screen="rbtMaintenance"] .data-table tbody tr[data-row-key] td:nth-child(3)')];
      return cells.length > 0 && cells.every((c) => (c.textContent ?? '').startsWith(prefix));
    }, name.slice(0, 4));
    await searchByName(page, '');
    // The generic demo provider has 12 tones: two pages of 10, the second holding other tones.
    if (site === 'generic') {
      await page.locator('button[aria-label="Next page"]').click();
      await page.waitForFunction((first) => {
        const keys = [...document.querySelectorAll('[data-screen="rbtMaintenance"] .data-table tbody tr[data-row-key]')].map((tr) => tr.getAttribute('data-row-key'));
        return keys.length === 2 && !keys.includes(first);
      }, firstPage[0]);
    }
  });

  test('an addition to be approved, approved with the operator CLI, shows normal', async () => {
    await open();
    const pending = rows(page).filter({ hasText: 'Addition to be approved' }).first();
    await pending.waitFor();
    const toneID = (await pending.getAttribute('data-row-key'))!;
    approveTone(suite.server, who.account, toneID, 'add');
    await page.reload();
    await row(page, toneID).waitFor();
    expect(await row(page, toneID).textContent()).toContain('Normal');
    expect(await row(page, toneID).textContent()).not.toContain('Addition to be approved');
  });

  test('hide and resume', async () => {
    await open();
    const normal = rows(page).filter({ has: page.locator('.row-actions__button', { hasText: 'Hide' }) }).first();
    const toneID = (await normal.getAttribute('data-row-key'))!;
    await rowButton(page, toneID, 'Hide').click();
    await confirmOk(page, /Hide this tone/);
    await rowButton(page, toneID, 'Resume').waitFor();
    expect(await row(page, toneID).textContent()).toContain('Hidden');
    await rowButton(page, toneID, 'Resume').click();
    await confirmOk(page, /Resume this tone/);
    await rowButton(page, toneID, 'Hide').waitFor();
    expect(await row(page, toneID).textContent()).toContain('Normal');
  });

  test('delete a tone in use: the forced confirmation warns about subscribers, then the deletion waits for approval', async () => {
    await open();
    const candidate = rows(page).filter({ has: page.locator('.row-actions__button', { hasText: 'Delete' }) }).first();
    const toneID = (await candidate.getAttribute('data-row-key'))!;
    const db = new Database(join(suite.server.dataDir, 'rbt.sqlite'));
    db.pragma('busy_timeout = 5000');
    const providerId = (db.prepare('SELECT provider_id FROM tones WHERE id = ?').get(Number(toneID)) as { provider_id: number }).provider_id;
    const dir = db.prepare("INSERT INTO ivr_directories (provider_id, position, name, type, prompt_file, status, reject_reason, created_at) VALUES (?, 1, 'E2E', '1', '', '1', '', ?)").run(providerId, Date.now());
    db.prepare('INSERT INTO ivr_directory_items (directory_id, tone_id, position) VALUES (?, ?, 1)').run(dir.lastInsertRowid, Number(toneID));
    await rowButton(page, toneID, 'Delete').click();
    await confirmOk(page, /Delete this tone/);
    await confirmOk(page, /already in use\..*Subscribers/s);
    await page.waitForFunction((id) => document.querySelector(`tr[data-row-key="${id}"]`)?.textContent?.includes('Deletion to be approved'), toneID);
    expect(db.prepare('SELECT count(*) AS n FROM ivr_directory_items WHERE tone_id = ?').get(Number(toneID))).toEqual({ n: 0 });
    db.close();
    await screenshot(page, `tone-maintenance-${site}-en`);
  });

  test('export downloads the tones as CSV', async () => {
    await open();
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('button', { hasText: 'Export' }).first().click()]);
    const file = await download.path();
    const lines = readFileSync(file!, 'utf8').replace(/^\uFEFF/, '').trim().split('\n');
    expect(lines[0]).toMatch(/^toneCode,toneName,singerName,status/);
    expect(lines.length).toBeGreaterThan(1);
  });

  test('edit tags: the tilde rule in the browser, then saved and read back', async () => {
    await open();
    const toneID = (await rows(page).first().getAttribute('data-row-key'))!;
    await rowButton(page, toneID, 'Edit tags').click();
    await page.waitForURL((u) => u.pathname === '/editTag');
    const input = page.locator('#root_tagNames');
    await input.waitFor();
    await input.fill('rock~~pop');
    await input.blur();
    await page.locator('[data-field="tagNames"] .field__error').waitFor();
    expect(await page.locator('[data-field="tagNames"] .field__error').textContent()).toContain('A tag cannot be empty.');
    await input.fill('rock~pop');
    await page.locator('button', { hasText: 'Save' }).click();
    await page.locator('.toast--success').first().waitFor();
    await page.goto('/rbtMaintenance');
    await rowButton(page, toneID, 'Edit tags').click();
    await page.waitForFunction(() => (document.querySelector('#root_tagNames') as HTMLInputElement | null)?.value === 'rock~pop');
  });

  test('edit opens the upload form in edit mode with the tone of the row', async () => {
    await open();
    const normal = rows(page).filter({ has: page.locator('.row-actions__button', { hasText: /^Edit$/ }) }).first();
    const toneID = (await normal.getAttribute('data-row-key'))!;
    const name = (await normal.locator('td').nth(2).textContent())!.trim();
    await row(page, toneID).locator('.row-actions__button', { hasText: /^Edit$/ }).click();
    await page.waitForURL((u) => u.pathname === '/rbtUploading' && u.searchParams.get('type') === 'modify');
    await page.waitForFunction((n) => (document.querySelector('#root_toneName') as HTMLInputElement | null)?.value === n, name);
    expect(await page.locator('#root_modifyReason').count()).toBe(1);
  });

  test('screenshots in Chinese', async () => {
    await open('zh');
    expect(await page.locator('h1').first().textContent()).toContain('彩铃维护');
    await screenshot(page, `tone-maintenance-${site}-zh`);
  });
});
