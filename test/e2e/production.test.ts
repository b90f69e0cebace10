// What `npm start` runs: the server compiled into build/ by esbuild and started with plain node (as every e2e
// server runs; this file checks what only such a start shows). A provider signs in, sees the menu's tone maintenance with its tones, opens
// the upload form with its catalogues and languages, and downloads the export: the paths the compiled modules
// work out from __dirname (definitions, i18n, migrations, demo data, the built portal) all resolve. And a first
// install (issue 11): no installed package asks for a newer Node than the README names, and what the started
// server prints stands on clean lines (URL, demo login, where the log goes, the write window), logs apart.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import semver from 'semver';
import { demo, downloaded, login, openPage } from './support/browser';
import { ROOT, startServer } from './support/server';
import { useSuite } from './support/suite';

jest.setTimeout(180_000);

const suite = useSuite({ compiled: true });

test('the compiled server serves the portal, its screens and its calls', async () => {
  const page = (suite.page = await openPage(suite.browser, suite.server.baseUrl, { language: 'zh' }));
  await login(page, demo('Generic site'));
  await page.goto('/rbtMaintenance');
  await page.locator('[data-screen="rbtMaintenance"] .data-table tbody tr[data-row-key]').first().waitFor();
  expect(await page.locator('h1').first().textContent()).toContain('彩铃维护');
  await page.goto('/rbtUploading');
  await page.waitForFunction(
    () =>
      document.querySelectorAll('#root_catalogID option').length > 1 &&
      document.querySelectorAll('#root_language option').length > 1,
  );
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
  const csv = (await downloaded(download)).toString('utf8');
  expect(csv).toMatch(/^\uFEFF铃音编码,铃音名称,歌手,状态,/);
  expect(csv).toMatch(/,正常,/);
});

test('every installed package runs on the Node the README names (npm ci prints no EBADENGINE)', () => {
  const { engines } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  const oldest = semver.minVersion(engines.node)!.version;
  expect(readFileSync(join(ROOT, 'README.md'), 'utf8')).toContain(
    `Node ${semver.major(oldest)} (>= ${semver.major(oldest)}.${semver.minor(oldest)}`,
  );
  const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { engines?: { node?: string } | string[] }>;
  };
  const wanting = Object.entries(lock.packages)
    // Installed here (platform packages of other systems are skipped by npm, and so here), with a Node range.
    .filter(
      ([path, p]) =>
        path !== '' && existsSync(join(ROOT, path)) && !Array.isArray(p.engines) && typeof p.engines?.node === 'string',
    )
    .filter(([, p]) => !semver.satisfies(oldest, (p.engines as { node: string }).node))
    .map(([path, p]) => `${path} wants node ${(p.engines as { node: string }).node}`);
  expect(wanting).toEqual([]);
});

describe('what the started server prints', () => {
  const hhmm = (d: Date) => `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;

  test('the URL, a demo login, where the request log goes and the write window, on clean lines; the JSON log only in its file', async () => {
    const server = await startServer({ compiled: true, fresh: true, env: { LOG_LEVEL: 'info' } });
    try {
      await (await fetch(`${server.baseUrl}/common/ping`)).text();
      const lines = server
        .printed()
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean);
      expect(lines[0]).toMatch(/^RBT provider portal is running: {2}http:\/\/127\.0\.0\.1:\d+\/$/);
      expect(lines[1]).toBe(
        `Demo login:  ${demo('Generic site').account} / ${demo('Generic site').password}   (all demo accounts: README.md, demo-accounts.json)`,
      );
      expect(lines).toContain(`Request log: ${join(server.dataDir, 'server.log')}`);
      expect(
        lines.some((l) =>
          /^Write window: writes are refused daily 00:00-05:00 server time \(maintenance_window\); open now\.$|^Write window: ACTIVE NOW/.test(
            l,
          ),
        ),
      ).toBe(true);
      // Nothing else: no JSON request log, no warning.
      expect(lines.filter((l) => l.startsWith('{') || /warn/i.test(l))).toEqual([]);
      // The request log is written asynchronously: on a loaded machine its line can take more than a moment.
      const log = () => readFileSync(join(server.dataDir, 'server.log'), 'utf8');
      for (let i = 0; i < 50 && !/"url":"\/common\/ping"/.test(log()); i++)
        await new Promise((r) => setTimeout(r, 100));
      expect(log()).toMatch(/"url":"\/common\/ping"/);
    } finally {
      await server.stop();
    }
  });

  test('while the write window is on, it says so and until when', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'rbt-e2e-window-'));
    try {
      const first = await startServer({ compiled: true, dataDir });
      const now = Date.now();
      const window = `${hhmm(new Date(now - 3_600_000))}-${hhmm(new Date(now + 3_600_000))}`;
      first.db.setConfig('maintenance_window', window);
      await first.stop();
      const again = await startServer({ compiled: true, dataDir });
      try {
        expect(again.printed()).toContain(
          `Write window: ACTIVE NOW. Uploads, edits and other writes are refused until ${window.split('-')[1]} server time (maintenance_window ${window}).`,
        );
      } finally {
        await again.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
