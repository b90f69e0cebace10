// What `npm start` runs: the server compiled into build/ by esbuild and started with plain node (the other e2e
// files run the sources under tsx). A provider signs in, sees the menu's tone maintenance with its tones, opens
// the upload form with its catalogues and languages, and downloads the export: the paths the compiled modules
// work out from __dirname (definitions, i18n, migrations, demo data, the built portal) all resolve.
import { readFileSync } from 'node:fs';
import { demo, login, openPage } from './support/browser';
import { buildServer } from './support/server';
import { useSuite } from './support/suite';

jest.setTimeout(180_000);

const suite = useSuite({ compiled: true, setup: buildServer });

test('the compiled server serves the portal, its screens and its calls', async () => {
  const page = (suite.page = await openPage(suite.browser, suite.server.baseUrl, { language: 'zh' }));
  await login(page, demo('Generic site'));
  await page.goto('/rbtMaintenance');
  await page.locator('[data-screen="rbtMaintenance"] .data-table tbody tr[data-row-key]').first().waitFor();
  expect(await page.locator('h1').first().textContent()).toContain('彩铃维护');
  await page.goto('/rbtUploading');
  await page.waitForFunction(() => document.querySelectorAll('#root_catalogID option').length > 1 && document.querySelectorAll('#root_language option').length > 1);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.evaluate(() => {
      const a = document.createElement('a');
      a.href = '/sp/exporttone?portalType=1';
      a.download = '';
      document.body.append(a);
      a.click();
    }),
  ]);
  // The readable export: the compiled server finds the catalogues and the definitions that word it.
  const csv = readFileSync((await download.path())!, 'utf8');
  expect(csv).toMatch(/^\uFEFF铃音编码,铃音名称,歌手,状态,/);
  expect(csv).toMatch(/,正常,/);
});
