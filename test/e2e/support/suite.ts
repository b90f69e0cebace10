// The lifecycle every e2e file shares: one Chromium per file, one real server per file (or per describe block,
// e.g. per site), each page's context closed after its test. Call inside describe (or at the top level).
import type { Browser, Page } from 'playwright-core';
import { launch } from './browser';
import { startServer, type ServerOptions, type TestServer } from './server';

export interface SuiteOptions extends ServerOptions {
  /** Runs once before the server and the browser start (e.g. buildHarness); they start only if it succeeds. */
  setup?: () => void | Promise<void>;
}

export interface Suite {
  readonly browser: Browser;
  readonly server: TestServer;
  /** The page the current test opened; its context is closed after the test. */
  page: Page;
}

export function useSuite({ setup, ...options }: SuiteOptions = {}): Suite {
  const suite = {} as { browser: Browser; server: TestServer; page: Page };
  beforeAll(async () => {
    await setup?.();
    [suite.browser, suite.server] = await Promise.all([launch(), startServer(options)]);
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.stop();
  });
  afterEach(async () => {
    await suite.page?.context().close();
  });
  return suite;
}
