// The tone selection list (001 §2.3) as the music box form opens it: a dialog of the provider's normal,
// non-jockey tones (the form asks for only those), 10 per page, searched by name, with the selection kept across
// pages and handed to the add form as it is ticked. On the jockey-flag site the list gains the jockey column and
// the singer search.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { demo, login, openPage, screenshot } from './support/browser';
import { useSuite } from './support/suite';

jest.setTimeout(180_000);

const suite = useSuite();
const who = demo('Generic site');
let page: Page;

const dialog = () => page.locator('[role="dialog"]');
const dialogRows = () => dialog().locator('[data-screen="toneSelection"] .data-table tbody tr[data-row-key]');
/** The tone names of the page (the name cell also holds the artist, as its second line). */
const names = () =>
  dialogRows().evaluateAll((trs) =>
    trs.map((tr) => tr.querySelector('td[data-column="toneName"] .cell-text')?.textContent?.trim() ?? ''),
  );

/** Twelve normal tones named 'Pick 01'..'Pick 12', one jockey tone and one still waiting for approval. */
beforeAll(() => {
  const db = new Database(join(suite.server.dataDir, 'rbt.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    const model = db
      .prepare(
        "SELECT t.* FROM tones t JOIN providers p ON p.id = t.provider_id WHERE p.code = ? AND t.status = '1' LIMIT 1",
      )
      .get(who.account) as Record<string, unknown>;
    let seq = (
      db.prepare('SELECT max(seq) AS s FROM tones WHERE provider_id = ?').get(model.provider_id) as { s: number }
    ).s;
    const columns = Object.keys(model).filter((c) => c !== 'id');
    const insert = db.prepare(
      `INSERT INTO tones (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`,
    );
    const add = (name: string, over: Record<string, unknown> = {}) => {
      seq += 1;
      insert.run({ ...model, seq, tone_code: `77${String(seq).padStart(8, '0')}`, tone_name: name, isrc: '', ...over });
    };
    for (let i = 1; i <= 12; i++)
      add(`Pick ${String(i).padStart(2, '0')}`, { singer_name: i % 2 ? 'Odd Singer' : 'Even Singer' });
    add('Pick jockey', { cut_flag: '1' });
    add('Pick pending', { status: '0', approve_type: '1' });
  } finally {
    db.close();
  }
});

async function openSelection() {
  page = suite.page = await openPage(suite.browser, suite.server.baseUrl, { language: 'en' });
  await login(page, who);
  await page.goto('/musicBoxUpload');
  await page.click('#root_tones');
  await dialogRows().first().waitFor();
  await dialog().locator('.search-bar [data-field="toneName"] input').fill('Pick');
  await dialog().locator('.search-bar button', { hasText: 'Search' }).click();
  await page.waitForFunction(() => {
    const cells = [
      ...document.querySelectorAll(
        '[role="dialog"] [data-screen="toneSelection"] .data-table tbody tr[data-row-key] td[data-column="toneName"] .cell-text:first-child',
      ),
    ];
    return cells.length === 10 && cells.every((c) => c.textContent?.startsWith('Pick '));
  });
}

test('only normal non-jockey tones are offered; ticks survive paging and reach the add form at once', async () => {
  await openSelection();
  const firstPage = await names();
  expect(firstPage).toHaveLength(10);
  await dialogRows().filter({ hasText: firstPage[0] }).locator('input[type="checkbox"]').check();
  await dialog().locator('button[aria-label="Next page"]').click();
  await page.waitForFunction((first) => {
    const cells = [
      ...document.querySelectorAll(
        '[role="dialog"] [data-screen="toneSelection"] .data-table tbody tr[data-row-key] td[data-column="toneName"] .cell-text:first-child',
      ),
    ];
    return cells.length > 0 && !cells.some((c) => c.textContent?.trim() === first);
  }, firstPage[0]);
  const secondPage = await names();
  // 12 normal tones: 10 + 2. Neither the jockey tone nor the one waiting for approval is offered.
  expect([...firstPage, ...secondPage].sort()).toEqual(
    Array.from({ length: 12 }, (_, i) => `Pick ${String(i + 1).padStart(2, '0')}`).sort(),
  );
  await dialogRows().filter({ hasText: secondPage[0] }).locator('input[type="checkbox"]').check();
  // Add mode: the form behind the dialog already holds both.
  await page.locator('.selected-rows__count', { hasText: '2 selected' }).waitFor();
  await dialog().locator('button[aria-label="Previous page"]').click();
  await dialogRows().filter({ hasText: firstPage[0] }).first().waitFor();
  expect(await dialogRows().filter({ hasText: firstPage[0] }).locator('input[type="checkbox"]').isChecked()).toBe(true);
  await screenshot(page, 'tone-selection-generic-en', { viewport: true });
  await dialog().locator('.dialog__footer .btn--primary').click();
  await dialog().waitFor({ state: 'detached' });
  const chosen = await page
    .locator('.selected-rows__table tbody tr')
    .evaluateAll((trs) => trs.map((tr) => tr.querySelectorAll('td')[1]?.textContent?.trim()));
  expect(chosen.sort()).toEqual([firstPage[0], secondPage[0]].sort());
});

test('the jockey-flag site adds the jockey column and the singer search', async () => {
  await openSelection();
  expect(await dialog().locator('th', { hasText: 'Song jockey' }).count()).toBe(0);
  expect(await dialog().locator('.search-bar [data-field="singerName"]').count()).toBe(0);
  await page.context().close();

  suite.server.db.setConfig('support_jockey_flag', '1');
  try {
    await openSelection();
    expect(await dialog().locator('th', { hasText: 'Song jockey' }).count()).toBe(1);
    await dialog().locator('.search-bar [data-field="singerName"] input').fill('Odd');
    await dialog().locator('.search-bar button', { hasText: 'Search' }).click();
    await page.waitForFunction(() => {
      const trs = [
        ...document.querySelectorAll(
          '[role="dialog"] [data-screen="toneSelection"] .data-table tbody tr[data-row-key]',
        ),
      ];
      return trs.length === 6 && trs.every((tr) => tr.textContent?.includes('Odd Singer'));
    });
    await screenshot(page, 'tone-selection-jockey-site-en', { viewport: true });
  } finally {
    suite.server.db.setConfig('support_jockey_flag', '0');
  }
});
