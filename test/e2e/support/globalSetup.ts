// Once per e2e run (Jest's globalSetup of the e2e project): the built portal (dist/, when missing) and the compiled
// server (build/, always: every e2e server runs it, as `npm start` does), then one Chromium that every test file of
// every worker connects to (browser.ts launch), each file in contexts of its own, and the directory of the run's
// seeded DATA_DIRs (server.ts). Launching a Chromium per file cost
// a second of CPU each; the server's build before every file's start cost more.
import { chromium } from 'playwright-core';
import { LAUNCH_OPTIONS } from './chromium';
import { buildServer, ensureBuilt } from './server';
import { makeSeedsDir } from '../../api/seedTemplate';
import { tmpdir } from 'node:os';

export default async function globalSetup(): Promise<void> {
  if (process.env.RBT_E2E_HOSTED) return; // all of it made once by the run's host (host.ts)
  ensureBuilt();
  buildServer();
  // Each site's demo data seeded once, every server's DATA_DIR a copy (server.ts).
  makeSeedsDir(tmpdir());
  if (process.env.E2E_BROWSER_WS) return; // an outer run's browser
  try {
    const server = await chromium.launchServer(LAUNCH_OPTIONS);
    process.env.E2E_BROWSER_WS = server.wsEndpoint();
    (globalThis as { e2eBrowserServer?: { close(): Promise<void> } }).e2eBrowserServer = server;
  } catch (e) {
    // Each file then launches its own, and says why it cannot (launch in browser.ts).
    console.warn(`e2e: no shared Chromium (${(e as Error).message.split('\n')[0]})`);
  }
}
