// The batch screens in a real Chromium against the real server: Batch Upload (001 §2.1, §5.3; every site) sends
// a zip of real wav files with its index in one request and shows each line's result in the results popup (a
// line naming a file the zip lacks fails alone, named); a refused zip (a zip-slip entry) names the entry and stores nothing; the template downloads. Batch Update
// Expiry Date (Ais) takes tones chosen in the selection list and a new date, and shows each tone's result.
// Screenshots in both languages.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { sineWav } from '../../src/server/files/wav';
import { zipBuffer } from '../api/zip';
import { demo, login, openPage, screenshot, toastShown } from './support/browser';
import { pickDate } from './support/toneForm';
import { useSuite } from './support/suite';

jest.setTimeout(180_000);

const suite = useSuite();
let page: Page;
let work: string;
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'rbt-batch-e2e-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

const gif = Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.from([0x5e, 0x01, 0x5e, 0x01]), Buffer.alloc(20)]);
const threeGp = (() => {
  const b = Buffer.alloc(64);
  b.writeUInt32BE(24, 0);
  b.write('ftyp3gp4', 4, 'latin1');
  return b;
})();

/** The files the site's template names, as real files (wav tones, a 3gp, a 350x350 gif). */
function filesFor(names: string[]): Array<[string, Buffer]> {
  return names.map((name, i) => {
    if (name.endsWith('.wav')) return [name, sineWav({ seconds: 1, frequency: 400 + 50 * i })];
    if (name.endsWith('.3gp')) return [name, threeGp];
    return [name, gif];
  });
}

function writeZip(name: string, entries: Array<[string, Buffer]>): string {
  const path = join(work, name);
  zipBuffer(entries, path);
  return path;
}

const dialog = () => page.locator('[role="dialog"]');
const resultRows = () => dialog().locator('.batch-results__table tbody tr');
const tonesOf = (account: string, name: string) => {
  const db = new Database(join(suite.server.dataDir, 'rbt.sqlite'), { readonly: true });
  try {
    return (
      db
        .prepare(
          'SELECT count(*) AS n FROM tones t JOIN providers p ON p.id = t.provider_id WHERE p.code = ? AND t.tone_name LIKE ?',
        )
        .get(account, name) as { n: number }
    ).n;
  } finally {
    db.close();
  }
};

async function choose(field: string, path: string, shown: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.click(`#root_${field}`);
  await (await chooser).setFiles(path);
  await page.locator(`[data-field="${field}"] .upload__file-name`, { hasText: shown }).waitFor();
}

describe.each([
  ['generic', 'Generic site', 'en'],
  ['ais', 'ais', 'zh'],
  ['kenya', 'kenya', 'en'],
] as const)('batch upload on the %s site', (site, account, language) => {
  test('the template downloads; a zip of wav files and its index give a result per line; a zip-slip zip is refused', async () => {
    const who = demo(account);
    page = suite.page = await openPage(suite.browser, suite.server.baseUrl, { language });
    await login(page, who);
    await page.locator('nav a[href="/rbtBatchUploading"]').click();
    await page.locator('[data-screen="rbtBatchUploading"] #root_zipFile').waitFor();

    // The site's index template, downloaded as the provider does.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('[data-screen="rbtBatchUploading"] .form-actions button').first().click(),
    ]);
    const templatePath = join(work, `${site}-template.txt`);
    await download.saveAs(templatePath);
    const template = readFileSync(templatePath, 'utf8').split('\n');
    const header = template.find((l) => l.trim() && !l.startsWith('#'))!;
    const columns = header.split('|');
    const examples = template.slice(template.indexOf(header) + 1).filter((l) => l.trim() && !l.startsWith('#'));
    expect(examples.length).toBeGreaterThanOrEqual(1);
    const fileColumns = ['webAuditon', 'aipPlay', 'hdPlay', 'mediaPlay', 'image', 'copyrightFile'];
    const named = new Set<string>();
    const tag = `${site} ${language}`;
    const lines = [examples[0], examples[1] ?? examples[0]].map((l, i) =>
      l
        .split('|')
        .map((v, c) => {
          if (fileColumns.includes(columns[c]) && v) named.add(v);
          return columns[c] === 'toneName' ? `Batch E2E ${tag} ${i + 1}` : v;
        })
        .join('|'),
    );
    // A third line naming a file the zip lacks: it fails alone, named in its result, and the others are applied.
    const missing = lines[0].split('|');
    missing[columns.indexOf('toneName')] = `Batch E2E ${tag} missing`;
    missing[columns.findIndex((c, i) => fileColumns.includes(c) && missing[i])] = 'missing.wav';
    const indexPath = join(work, `${site}-tones.txt`);
    writeFileSync(indexPath, [header, ...lines, missing.join('|')].join('\n') + '\n');

    // A zip with an entry escaping its folder: refused, named, nothing stored.
    const slip = writeZip(`${site}-slip.zip`, [...filesFor([...named]), ['../evil.wav', sineWav({ seconds: 1 })]]);
    await choose('zipFile', slip, `${site}-slip.zip`);
    await choose('indexFile', indexPath, `${site}-tones.txt`);
    await page.locator('[data-screen="rbtBatchUploading"] .form-actions .btn--primary').click();
    await toastShown(page, '../evil.wav');
    expect(tonesOf(who.account, `Batch E2E ${tag}%`)).toBe(0);

    const good = writeZip(`${site}-tones.zip`, filesFor([...named]));
    await choose('zipFile', good, `${site}-tones.zip`);
    await screenshot(page, `batch-upload-${site}-${language}`);
    await page.locator('[data-screen="rbtBatchUploading"] .form-actions .btn--primary').click();
    await dialog().locator('.batch-results[data-done="1"]').waitFor();
    // The batch accepted, the refusal of the zip before it is gone: it no longer says anything about the form.
    expect(await page.locator('.toast', { hasText: '../evil.wav' }).count()).toBe(0);
    expect(await resultRows().count()).toBe(3);
    const codes = await resultRows().locator('td:nth-child(3)').allTextContents();
    const messages = await resultRows().locator('td:nth-child(4)').allTextContents();
    expect(codes[2].trim()).not.toBe('000000');
    expect(messages[2]).toContain('missing.wav');
    expect(codes.every((c) => /^\d{6}$/.test(c.trim()))).toBe(true);
    expect(messages.every((m) => m.trim() !== '' && m !== '----')).toBe(true);
    const added = codes.filter((c) => c.trim() === '000000').length;
    expect(tonesOf(who.account, `Batch E2E ${tag}%`)).toBe(added);
    expect(await dialog().locator('[role="progressbar"]').getAttribute('aria-valuenow')).toBe('100');
    await screenshot(page, `batch-upload-results-${site}-${language}`);
    // 001 §2.1: closing the results popup goes back to the page the batch belongs to, the tone list, whatever page
    // the provider came from (here the home page), and the new tones are there, newest first.
    await dialog().locator('.dialog__footer .btn--primary').click();
    await dialog().waitFor({ state: 'detached' });
    await page.waitForURL((u) => u.pathname === '/rbtMaintenance');
    if (added > 0)
      await page.locator('[data-screen="rbtMaintenance"] tbody', { hasText: `Batch E2E ${tag}` }).waitFor();
  });
});

// Each of the two screens in one language, each language on one of them: the steps do not change with the language,
// and what it does change (messages, labels, dates) shows on either screen (issue 24: a run under 25 minutes).
describe('Ais batch update of expiry dates (zh)', () => {
  const language = 'zh';
  // The Ais demo account has two normal tones, one page: keeping a selection across pages is the shared selection
  // list's, tested across pages in toneSelection.test.ts.
  test('tones chosen in the selection list and a new date give each tone its result', async () => {
    page = suite.page = await openPage(suite.browser, suite.server.baseUrl, { language });
    await login(page, demo('ais'));
    await page.locator('nav a[href="/batchupdaterbtexpiredate"]').click();
    await page.locator('[data-screen="batchupdaterbtexpiredate"] #root_tones').waitFor();
    // Submitting with nothing chosen names what is missing.
    await page.locator('[data-screen="batchupdaterbtexpiredate"] .form-actions .btn--primary').click();
    await page.locator('[data-field="tones"] .field__error').waitFor();

    await page.click('#root_tones');
    const rows = dialog().locator('.data-table tbody tr[data-row-key]');
    await rows.first().waitFor();
    await rows.nth(0).locator('input[type="checkbox"]').check();
    await rows.nth(1).locator('input[type="checkbox"]').check();
    await dialog().locator('.dialog__footer .btn--primary').click();
    await dialog().waitFor({ state: 'detached' });
    const chosen = await page
      .locator('.selected-rows__table tbody tr')
      .evaluateAll((trs) => trs.map((tr) => tr.querySelectorAll('td')[0]?.textContent?.trim() ?? ''));
    expect(chosen).toHaveLength(2);
    // The chosen tones' columns are labelled in the provider's language (the artist too, a second line in the list).
    const headers = (await page.locator('.selected-rows__table thead th').allTextContents()).map((h) => h.trim());
    expect(headers).toContain('歌手');
    await pickDate(page, 'toneValidDay', language);
    await screenshot(page, `batch-expiry-ais-${language}`);
    await page.locator('[data-screen="batchupdaterbtexpiredate"] .form-actions .btn--primary').click();
    await dialog().locator('.batch-results[data-done="1"]').waitFor();
    const results = await resultRows().evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? '')),
    );
    // One row per chosen tone, named by its code, each with a code and a message.
    expect(results.map((r) => r[1]).sort()).toEqual([...chosen].sort());
    for (const r of results) {
      expect(r[2]).toMatch(/^\d{6}$/);
      expect(r[3]).not.toBe('----');
    }
    await screenshot(page, `batch-expiry-results-ais-${language}`);
    // 001 §2.1: closing the results popup goes back to the tone list the batch belongs to, not to the home page the
    // provider came from (issue 25).
    await dialog().locator('.dialog__footer .btn--primary').click();
    await dialog().waitFor({ state: 'detached' });
    await page.waitForURL((u) => u.pathname === '/rbtMaintenance');
  });
});

test('the generic site offers no expiry batch, and Batch Operation is not offered until it is built', async () => {
  page = suite.page = await openPage(suite.browser, suite.server.baseUrl, { language: 'en' });
  await login(page, demo('Generic site'));
  await page.locator('nav a[href="/rbtBatchUploading"]').waitFor();
  expect(await page.locator('nav a[href="/batchupdaterbtexpiredate"]').count()).toBe(0);
  expect(await page.locator('nav a[href="/batchOperation"]').count()).toBe(0);
});

describe('Kenya batch operation (en)', () => {
  const language = 'en';
  const list = () => page.locator('[data-screen="batchOperation"] .data-table tbody tr[data-row-key]');
  const search = () => page.locator('[data-screen="batchOperation"] .search-bar__buttons .btn--primary').click();
  const actionOf = (taskId: string, action: string) =>
    page.locator(
      `[data-screen="batchOperation"] tr[data-row-key="${taskId}"] .row-actions__button[data-action="${action}"]`,
    );
  /** The row actions a task offers: its buttons and the items of its More menu. */
  async function offered(taskId: string): Promise<string[]> {
    const row = page.locator(`[data-screen="batchOperation"] tr[data-row-key="${taskId}"]`);
    const names = await row
      .locator('.row-actions__button[data-action]')
      .evaluateAll((b) => b.map((x) => x.getAttribute('data-action') ?? ''));
    if (await row.locator('.row-actions__more').count()) {
      await row.locator('.row-actions__more').click();
      await page.locator('.row-menu').waitFor();
      names.push(
        ...(await page
          .locator('.row-menu [data-action]')
          .evaluateAll((b) => b.map((x) => x.getAttribute('data-action') ?? ''))),
      );
      await page.keyboard.press('Escape');
      await page.locator('.row-menu').waitFor({ state: 'detached' });
    }
    return names.sort();
  }
  const tab = (name: string) => page.locator(`[data-screen="batchOperation"] [role="tab"][data-tab="${name}"]`);
  const panel = () => page.locator('[data-screen="batchOperation"] [role="tabpanel"]');

  test('two tabs by keyboard; the date range checked before sending; tasks by type with download and delete by 000 §4; a new export and a copyright file switch to management, which follows them without a click', async () => {
    page = suite.page = await openPage(suite.browser, suite.server.baseUrl, { language });
    await login(page, demo('kenya'));
    await page.locator('nav a[href="/batchOperation"]').click();
    // 000 §2: two tabs, batch upload first; the tab list is one stop of Tab and the arrow keys move along it.
    await tab('operation').waitFor();
    expect(await tab('operation').getAttribute('aria-selected')).toBe('true');
    expect(await tab('management').getAttribute('tabindex')).toBe('-1');
    // The template notes follow the task type: the export's names the yearly limit (max_export_num, 12 by default).
    const notes = panel().locator('.notes-panel');
    await notes.waitFor();
    expect(await notes.count()).toBe(1);
    expect(await notes.innerText()).toContain('12');
    await panel().locator('#root_taskType-1').check();
    await notes.filter({ hasText: 'toneCode|toneName|singerName' }).waitFor();
    await panel().locator('#root_taskType').check();
    await screenshot(page, `batch-operation-upload-tab-kenya-${language}`);
    await tab('operation').focus();
    await page.keyboard.press('ArrowRight');
    await page.waitForURL((u) => u.searchParams.get('tab') === 'management');
    // The router renders the new location in a transition: the tab is selected a frame after the address changes.
    await page
      .locator('[data-screen="batchOperation"] [role="tab"][data-tab="management"][aria-selected="true"]')
      .waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-tab'))).toBe('management');
    await list().first().waitFor();

    // The task type filter offers the three types and shows the first; the range starts as this month to today.
    const typeSelect = page.locator('.search-bar [data-field="taskType"] select');
    expect(await typeSelect.locator('option').count()).toBe(3);
    expect(await typeSelect.evaluate((s: HTMLSelectElement) => s.selectedIndex)).toBe(0);
    const today = new Date();
    const iso = (d: Date) =>
      `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    expect(await page.locator('#search_end').inputValue()).toBe(iso(today));

    // A range of more than a year is refused in the browser with the server's message key; nothing is sent.
    const sent: string[] = [];
    const count = (r: { url(): string }) => {
      if (r.url().includes('/sp/browsebatchtask/')) sent.push(r.url());
    };
    page.on('request', count);
    const year = today.getFullYear() - 2;
    await page.click('#search_begin');
    await page.locator('.date-picker__panel').waitFor();
    await page.click('.date-picker__title-button >> nth=1');
    await page.click(`.choice-grid__item:text-is("${year}")`);
    await page.click('.choice-grid__item:text-is("Jan")');
    await page.click(`.day-grid__day[data-iso="${year}-01-15"]`);
    await page.locator('.date-picker__panel').waitFor({ state: 'detached' });
    await search();
    await page
      .locator('[data-field="begin"] .field__error', {
        hasText: 'The date range can span at most one year.',
      })
      .waitFor();
    expect(sent).toEqual([]);
    page.off('request', count);
    await page.locator('[data-screen="batchOperation"] .search-bar__buttons .btn--ghost').click();
    expect(await page.locator('[data-field="begin"] .field__error').count()).toBe(0);
    await list().first().waitFor();

    // Export tasks (type 1): a succeeded export offers its file and delete, nothing else.
    const exports = await list().evaluateAll((trs) =>
      trs.map((tr) => [
        tr.getAttribute('data-row-key') ?? '',
        tr.querySelector('td[data-column="status"]')?.textContent ?? '',
      ]),
    );
    expect(exports.length).toBeGreaterThan(0);
    const succeeded = exports.find(([, s]) => /Success|成功/.test(s));
    expect(succeeded).toBeDefined();
    expect(await offered(succeeded![0])).toEqual(['deleteExport', 'downloadExport']);
    await screenshot(page, `batch-operation-kenya-${language}`);

    // A new export from the batch upload tab: the description rule first, then the task in management.
    await tab('operation').click();
    await panel().locator('#root_taskDesc').waitFor();
    await panel().locator('#root_taskDesc').fill('monthly <export>');
    await panel().locator('.form-actions .btn--primary').click();
    await panel().locator('[data-field="taskDesc"] .field__error').waitFor();
    await panel().locator('#root_taskDesc').fill(`E2E export ${language}`);
    await panel().locator('.form-actions .btn--primary').click();
    await page.waitForURL((u) => u.searchParams.get('tab') === 'management');
    const exportRow = list().filter({ hasText: `E2E export ${language}` });
    await exportRow.waitFor();
    const exportId = (await exportRow.getAttribute('data-row-key'))!;
    // While it is pending the list asks again by itself: the download appears without a click.
    await actionOf(exportId, 'downloadExport').waitFor({ timeout: 30_000 });
    const [download] = await Promise.all([page.waitForEvent('download'), actionOf(exportId, 'downloadExport').click()]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);

    // Type 3: a copyright file with a good and a bad line; management then lists copyright tasks.
    const txtPath = join(work, `copyright-${language}.txt`);
    writeFileSync(txtPath, [`Wafula Chebet ${language}|Wafula|KE556601|254700000111`, 'Bad Line|x'].join('\n') + '\n');
    await tab('operation').click();
    await panel().locator('#root_taskType-2').check();
    await choose('copyrightFile', txtPath, `copyright-${language}.txt`);
    await panel().locator('#root_taskDesc').fill(`E2E owners ${language}`);
    await screenshot(page, `batch-operation-new-task-kenya-${language}`);
    await panel().locator('.form-actions .btn--primary').click();
    await page.waitForURL((u) => u.searchParams.get('tab') === 'management');
    expect(await typeSelect.evaluate((s: HTMLSelectElement) => s.selectedIndex)).toBe(2);
    const ownersRow = list().filter({ hasText: `E2E owners ${language}` });
    await ownersRow.waitFor();
    const ownersId = (await ownersRow.getAttribute('data-row-key'))!;
    await ownersRow.locator('[role="progressbar"][aria-valuenow="100"]').waitFor({ timeout: 30_000 });
    await actionOf(ownersId, 'result').click();
    const lines = dialog().locator('[data-screen="batchTaskResult"] .data-table tbody tr[data-row-key]');
    await lines.nth(1).waitFor();
    const codes = (await lines.locator('td[data-column="returnCode"]').allTextContents()).map((c) => c.trim());
    expect(codes[0]).toBe('000000');
    expect(codes[1]).not.toBe('000000');
    await screenshot(page, `batch-operation-result-kenya-${language}`);
  });
});
