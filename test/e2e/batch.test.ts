// The batch screens in a real Chromium against the real server: Batch Upload (001 §2.1, §5.3; every site) sends
// a zip of real wav files with its index in one request and shows each line's result in the results popup; a
// refused zip (a zip-slip entry) names the entry and stores nothing; the template downloads. Batch Update
// Expiry Date (Ais) takes tones chosen in the selection list and a new date, and shows each tone's result.
// Screenshots in both languages.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { sineWav } from '../../src/server/files/wav';
import { zipBuffer } from '../api/zip';
import { demo, login, openPage, screenshot } from './support/browser';
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
    const indexPath = join(work, `${site}-tones.txt`);
    writeFileSync(indexPath, [header, ...lines].join('\n') + '\n');

    // A zip with an entry escaping its folder: refused, named, nothing stored.
    const slip = writeZip(`${site}-slip.zip`, [...filesFor([...named]), ['../evil.wav', sineWav({ seconds: 1 })]]);
    await choose('zipFile', slip, `${site}-slip.zip`);
    await choose('indexFile', indexPath, `${site}-tones.txt`);
    await page.locator('[data-screen="rbtBatchUploading"] .form-actions .btn--primary').click();
    await page.locator('.toast', { hasText: '../evil.wav' }).waitFor();
    expect(tonesOf(who.account, `Batch E2E ${tag}%`)).toBe(0);

    const good = writeZip(`${site}-tones.zip`, filesFor([...named]));
    await choose('zipFile', good, `${site}-tones.zip`);
    await screenshot(page, `batch-upload-${site}-${language}`);
    await page.locator('[data-screen="rbtBatchUploading"] .form-actions .btn--primary').click();
    await dialog().locator('.batch-results[data-done="1"]').waitFor();
    expect(await resultRows().count()).toBe(2);
    const codes = await resultRows().locator('td:nth-child(3)').allTextContents();
    const messages = await resultRows().locator('td:nth-child(4)').allTextContents();
    expect(codes.every((c) => /^\d{6}$/.test(c.trim()))).toBe(true);
    expect(messages.every((m) => m.trim() !== '' && m !== '----')).toBe(true);
    const added = codes.filter((c) => c.trim() === '000000').length;
    expect(tonesOf(who.account, `Batch E2E ${tag}%`)).toBe(added);
    expect(await dialog().locator('[role="progressbar"]').getAttribute('aria-valuenow')).toBe('100');
    await screenshot(page, `batch-upload-results-${site}-${language}`);
    // The form starts afresh for the next batch.
    await dialog().locator('.dialog__footer .btn--primary').click();
    await dialog().waitFor({ state: 'detached' });
    expect(await page.locator('[data-field="zipFile"] .upload__file-name').count()).toBe(0);
  });
});

describe.each(['en', 'zh'] as const)('Ais batch update of expiry dates (%s)', (language) => {
  test('tones chosen across pages and a new date give each tone its result', async () => {
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
  });
});

test('the generic site offers no expiry batch, and Batch Operation is not offered until it is built', async () => {
  page = suite.page = await openPage(suite.browser, suite.server.baseUrl, { language: 'en' });
  await login(page, demo('Generic site'));
  await page.locator('nav a[href="/rbtBatchUploading"]').waitFor();
  expect(await page.locator('nav a[href="/batchupdaterbtexpiredate"]').count()).toBe(0);
  expect(await page.locator('nav a[href="/batchOperation"]').count()).toBe(0);
});
