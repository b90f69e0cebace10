// The e2e Chromium's launch (support/chromium.ts): it turns off the address bar's WebUI popups, which cost each
// browser context more CPU than the page under test, and keeps every feature Playwright turns off. Chromium keeps
// only the last --disable-features, so ours repeats Playwright's list: when an upgrade of playwright-core changes
// that list, this test names the difference.
import { readFileSync } from 'node:fs';
import { chromium, type BrowserServer } from 'playwright-core';
import {
  BROWSER_ARGS,
  CHROMIUM,
  LAUNCH_OPTIONS,
  OUR_DISABLED_FEATURES,
  PLAYWRIGHT_DISABLED_FEATURES,
} from './support/chromium';

jest.setTimeout(60_000);

/** The --disable-features values the browser process was started with. */
function disabledFeatures(server: BrowserServer): string[][] {
  const args = readFileSync(`/proc/${server.process().pid}/cmdline`, 'utf8').split('\0');
  return args.filter((a) => a.startsWith('--disable-features=')).map((a) => a.split('=')[1].split(','));
}

test("Playwright's own disabled features are the ones support/chromium.ts repeats", async () => {
  const server = await chromium.launchServer({ executablePath: CHROMIUM, args: BROWSER_ARGS });
  try {
    expect(disabledFeatures(server)).toEqual([PLAYWRIGHT_DISABLED_FEATURES]);
  } finally {
    await server.close();
  }
});

test("the e2e browser starts with one --disable-features, Playwright's and ours, and opens no omnibox popup", async () => {
  const server = await chromium.launchServer(LAUNCH_OPTIONS);
  try {
    expect(disabledFeatures(server)).toEqual([[...PLAYWRIGHT_DISABLED_FEATURES, ...OUR_DISABLED_FEATURES]]);
    const browser = await chromium.connect(server.wsEndpoint());
    const context = await browser.newContext();
    await (await context.newPage()).goto('about:blank');
    const cdp = await browser.newBrowserCDPSession();
    const { targetInfos } = (await cdp.send('Target.getTargets', { filter: [{}] })) as {
      targetInfos: Array<{ type: string; url: string }>;
    };
    expect(targetInfos.map((t) => t.url)).toContain('about:blank');
    expect(targetInfos.filter((t) => t.url.startsWith('chrome://omnibox-popup'))).toEqual([]);
    await browser.close();
  } finally {
    await server.close();
  }
});
