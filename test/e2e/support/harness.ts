// The renderer test page (test/e2e/harness) on the real server's origin: built once per test file into a
// temporary directory and served under /__harness/ by routing the browser context, so it runs with the session of a real login
// and makes real calls, without adding a route to the shipped app.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { ROOT } from './server';

/** One build per test process (e2e files may run in parallel workers). */
const OUT = mkdtempSync(join(tmpdir(), 'rbt-harness-'));
const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
};

export function buildHarness(): void {
  const r = spawnSync(
    join(ROOT, 'node_modules', '.bin', 'vite'),
    ['build', '--config', 'test/e2e/harness/vite.config.mts'],
    { cwd: ROOT, stdio: 'inherit', env: { ...process.env, HARNESS_OUT: OUT } },
  );
  if (r.status !== 0) throw new Error('harness build failed');
}

export async function routeHarness(context: BrowserContext): Promise<void> {
  await context.route('**/__harness/**', async (route) => {
    const path = new URL(route.request().url()).pathname.replace(/^\/__harness\/?/, '');
    const file = join(
      OUT,
      path && existsSync(join(OUT, path)) && statSync(join(OUT, path)).isFile() ? path : 'index.html',
    );
    await route.fulfill({
      status: 200,
      contentType: TYPES[extname(file)] ?? 'application/octet-stream',
      body: readFileSync(file),
    });
  });
}
