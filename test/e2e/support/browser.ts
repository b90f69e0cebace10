// Debian's Chromium driven by playwright-core, with the few steps every e2e file repeats: open a page in a
// language, log in, read where the guard sent us, take a named screenshot, run axe-core.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Download, type Page } from 'playwright-core';
import { CHROMIUM, LAUNCH_OPTIONS } from './chromium';
import { ROOT } from './server';

export { CHROMIUM };
export const SCREENSHOTS = join(ROOT, 'test-results', 'screenshots');
/**
 * The pictures are for people to look at (README, "Testing"), so they are written only when asked for with
 * E2E_SCREENSHOTS=1: encoding about 350 full-page PNGs was some 90 s of Chromium's CPU in every `npm test`, CI's
 * included, where no one opens them. The checks that go with each picture (axe-core, below) run either way.
 */
const WRITE_SCREENSHOTS = process.env.E2E_SCREENSHOTS === '1';

export interface DemoAccount {
  account: string;
  password: string;
  site: string;
  note: string;
}
const accounts: DemoAccount[] = JSON.parse(readFileSync(join(ROOT, 'demo-accounts.json'), 'utf8'));

/** A demo account by its account, the first words of its note or its site (e.g. 'First login', 'Radio', 'kenya'). */
export function demo(match: string): DemoAccount {
  const found =
    accounts.find((a) => a.account === match) ??
    accounts.find((a) => a.note.toLowerCase().startsWith(match.toLowerCase())) ??
    accounts.find((a) => a.site === match);
  if (!found) throw new Error(`no demo account matching "${match}"`);
  return found;
}

/**
 * The e2e run's Chromium (support/globalSetup.ts), connected: closing it closes this file's contexts and leaves the
 * browser to the other files. Without one (a run that could not start it) a Chromium of the file's own.
 */
export async function launch(): Promise<Browser> {
  const shared = process.env.E2E_BROWSER_WS;
  if (shared) return chromium.connect(shared);
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM} (apt-get install -y chromium)`);
  return chromium.launch(LAUNCH_OPTIONS);
}

export interface OpenOptions {
  /** A language code of i18n/languages.json. */
  language?: string;
  width?: number;
  height?: number;
}

/** A fresh context (empty storage) with the language chosen before the first page loads. */
export async function openPage(browser: Browser, baseUrl: string, o: OpenOptions = {}): Promise<Page> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: o.width ?? 1280, height: o.height ?? 860 },
  });
  await context.addInitScript((lang) => {
    if (!localStorage.getItem('portal.language')) localStorage.setItem('portal.language', lang);
  }, o.language ?? 'en');
  await context.addInitScript(recordToasts);
  const page = await context.newPage();
  page.on('pageerror', (e) => console.warn(`[page error] ${e.message}`));
  trackRequests(page);
  return page;
}

/**
 * In the page: every toast's text as it appears, kept after the toast has gone. A success toast shows for 2 s (the
 * spec's length); on a loaded machine the test's next round trip to the browser can take longer than that, and a
 * wait on `.toast` then hangs for a message the page did show.
 */
function recordToasts() {
  const shown: string[] = [];
  Object.assign(window, { __toasts: shown });
  const seen = new WeakSet<Element>();
  new MutationObserver(() => {
    for (const el of document.querySelectorAll('.toast'))
      if (!seen.has(el) && el.textContent) {
        seen.add(el);
        shown.push(`${el.className}\u0000${el.textContent}`);
      }
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

/**
 * Resolves once the page has shown a toast holding `text` (as `hasText` matches; of `kind`: success, error...), whether or not it is
 * still on screen (openPage's init script records them). Each toast answers one wait: the entry is taken from the
 * record, so a second wait for the same words needs a second toast.
 */
export async function toastShown(page: Page, text: string, kind?: string): Promise<void> {
  await page.waitForFunction(
    ([want, cls]) => {
      const shown = (window as unknown as { __toasts?: string[] }).__toasts ?? [];
      // As Playwright's hasText reads a string: case and runs of white space aside.
      const plain = (t: string) => t.replace(/\s+/g, ' ').trim().toLowerCase();
      const at = shown.findIndex((entry) => {
        const [className, said] = entry.split('\u0000');
        return plain(said).includes(plain(want)) && (!cls || className.split(' ').includes(`toast--${cls}`));
      });
      if (at >= 0) shown.splice(at, 1);
      return at >= 0;
    },
    [text, kind ?? ''] as const,
  );
}

/** Requests of a page still waiting for their answer, and when that last changed (settled below). */
const traffic = new WeakMap<Page, { open: number; since: number }>();

function trackRequests(page: Page): void {
  const t = { open: 0, since: Date.now() };
  traffic.set(page, t);
  const change = (by: number) => () => Object.assign(t, { open: t.open + by, since: Date.now() });
  page.on('request', change(1));
  page.on('requestfinished', change(-1));
  page.on('requestfailed', change(-1));
}

/**
 * Resolves once the page has had no request open for `quietMs`: the screen has its data. Playwright's
 * 'networkidle' asks for 500 ms of quiet, which cost every screenshot half a second; a request the portal makes
 * in answer to another goes out within a frame or two of it. A page not opened by openPage waits for networkidle.
 */
export async function settled(page: Page, quietMs = 150): Promise<void> {
  const t = traffic.get(page);
  if (!t) return page.waitForLoadState('networkidle').catch(() => undefined);
  for (const end = Date.now() + 15_000; Date.now() < end;) {
    if (t.open <= 0 && Date.now() - t.since >= quietMs) return;
    await new Promise((wait) => setTimeout(wait, 25));
  }
}

/**
 * Ends the tab's session as a visitor without one finds it: no cookie, empty session storage. The portal is left
 * first, for a page of the same origin that runs none of its code (/healthz): while the portal runs, an answer
 * still on its way stores the session again after the storage is cleared, and the next visit of /login then
 * shows the dashboard (seen in loaded full runs).
 */
export async function endTabSession(page: Page): Promise<void> {
  await page.goto('/healthz');
  await page.context().clearCookies();
  await page.evaluate(() => sessionStorage.clear());
}

/** Log in through the login page; resolves once the app has navigated away from /login. */
export async function login(page: Page, who: DemoAccount | { account: string; password: string }): Promise<void> {
  if (!page.url().endsWith('/login')) await page.goto('/login');
  // A login form missing 15 s after the load is reported with what the tab showed instead (this found the
  // dashboard of a session a test had ended while the portal still ran: see endTabSession), and the page is
  // loaded once more: a second miss fails the test.
  const form = page.locator('#login-account');
  if (
    !(await form.waitFor({ timeout: 15_000 }).then(
      () => true,
      () => false,
    ))
  ) {
    const shown = await page.evaluate(() => document.body.innerText.slice(0, 300)).catch((e: Error) => e.message);
    console.warn(`[login] no login form 15 s after loading ${page.url()}; it showed: ${JSON.stringify(shown)}`);
    await page.goto('/login');
  }
  await page.fill('#login-account', who.account);
  await page.fill('#login-password', who.password);
  await page.click('form[data-screen="login"] button[type="submit"]');
  await page.waitForURL((u) => !u.pathname.endsWith('/login'), { timeout: 15_000 });
}

/** What a sign-in left in a tab: the context's cookies and the tab's session storage. */
interface SignedIn {
  cookies: Awaited<ReturnType<BrowserContext['cookies']>>;
  session: Record<string, string>;
}
// Per test file (Jest gives each its own modules) and so per server: base URL, account and language.
const signIns = new Map<string, SignedIn>();

/**
 * Opens `path` signed in as `who`. The first time in a file for an account and language it signs in through the
 * login page (login above); later it gives a fresh tab that sign-in's cookie and session storage, once the server
 * confirms the session is still live (a test may have ended it), as a second tab of the same browser would be.
 * For tests about something else than signing in: each login page, submit and redirect cost over half a second
 * of CPU, which made up minutes of the run. The page then loads `path` itself, re-reading the session from the
 * server as every reload does.
 */
export async function signIn(page: Page, who: DemoAccount, path: string): Promise<void> {
  // A same-origin page that loads no script: the language is set and session storage can be written.
  await page.goto('/healthz');
  const language = await page.evaluate(() => localStorage.getItem('portal.language'));
  const key = `${new URL(page.url()).origin} ${who.account} ${language}`;
  const saved = signIns.get(key);
  if (saved) {
    await page.context().addCookies(saved.cookies);
    const live = await page.request.get('/sp/checkcplogin?portalType=1');
    if ((await live.json()).returnCode === '000000') {
      await page.evaluate((entries) => {
        for (const [k, v] of Object.entries(entries)) sessionStorage.setItem(k, v);
      }, saved.session);
      await page.goto(path);
      return;
    }
    signIns.delete(key);
    await page.context().clearCookies();
  }
  await login(page, who);
  signIns.set(key, { cookies: await page.context().cookies(), session: await sessionStore(page) });
  await page.goto(path);
}

export const pathOf = (page: Page) => new URL(page.url()).pathname;

/**
 * Wait for the guard to settle on a path, and for the page to show it: a navigation inside the app is a transition,
 * so the address changes at once and the layout's content (its `data-route`) once the next page's chunks are in.
 */
export async function expectPath(page: Page, path: string): Promise<void> {
  await page.waitForURL((u) => u.pathname.toLowerCase() === path.toLowerCase(), { timeout: 10_000 });
  await page.waitForFunction(
    (p) => (document.querySelector('main[data-route]')?.getAttribute('data-route') ?? p).toLowerCase() === p,
    path.toLowerCase(),
    { timeout: 10_000, polling: 'raf' },
  );
}

/**
 * A named screenshot of the whole page, written with E2E_SCREENSHOTS=1; `viewport` keeps to the window, as a user
 * sees an open dialog. Every screen the suite photographs is also checked by axe-core: a serious or critical
 * violation fails the test that took the screenshot (so every visited screen, in every language a test visits it
 * in, is covered once).
 */
const checkedDocuments = new Set<string>();

export async function screenshot(page: Page, name: string, o: { viewport?: boolean } = {}): Promise<void> {
  await settled(page);
  // A region still saying it is busy (a list whose answer is being drawn: its rows dimmed) is waited for: the
  // network can be quiet a frame before the page has drawn what came. Up to 10 s; then it is judged as it is.
  await page
    .waitForFunction(() => !document.querySelector('[aria-busy="true"]'), undefined, { timeout: 10_000 })
    .catch(() => undefined);
  // Finite animations (a dialog's fade, a toast sliding in) are run to their end: the picture shows, and axe-core
  // judges, the settled screen (a dialog caught mid-fade would fail on contrast).
  if (WRITE_SCREENSHOTS) {
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: !o.viewport, animations: 'disabled' });
  } else {
    await page.evaluate(() => {
      for (const a of document.getAnimations()) {
        if (a.effect?.getComputedTiming().endTime !== Infinity) a.finish();
      }
    });
  }
  // The same document already checked in this file at a desktop width (the same screen photographed at 1280 and
  // 1920 px, say) is not checked again: axe-core judges the document, and each run costs about half a second of
  // CPU. The mobile layout (480 px and below) is always checked on its own.
  const shown: string = await page.evaluate(() => {
    const text = document.documentElement.outerHTML;
    let hash = 0x811c9dc5;
    for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
    return `${innerWidth <= 480 ? 'mobile' : 'desktop'} ${text.length}:${hash >>> 0}`;
  });
  if (checkedDocuments.has(shown)) return;
  checkedDocuments.add(shown);
  const violations = await axeViolations(page);
  if (violations.length > 0) {
    const lines = violations.map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} (${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')})`,
    );
    throw new Error(`axe-core on screenshot "${name}" (${new URL(page.url()).pathname}):\n${lines.join('\n')}`);
  }
}

let axeScript: string | undefined;
const axeSource = () => (axeScript ??= readFileSync(join(ROOT, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8'));

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

/** axe-core's serious and critical violations on the current page, or inside the elements a selector names. */
export async function axeViolations(page: Page, selector?: string): Promise<AxeViolation[]> {
  // Once per document: the portal is a single page, so one load serves every screen a test visits after it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource() });
  const result = await page.evaluate(async (sel) => {
    const axe = (
      window as unknown as { axe: { run(ctx: unknown, o: object): Promise<{ violations: AxeViolation[] }> } }
    ).axe;
    return axe.run(sel ? { include: [[sel]] } : document, { resultTypes: ['violations'] });
  }, selector);
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }));
}

/** The session storage of the page, as the guard reads it. */
export async function sessionStore(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => Object.fromEntries(Object.entries(sessionStorage)));
}

/**
 * The bytes of a download. The files share one Chromium (globalSetup.ts), to which Playwright is connected
 * remotely: download.path() is not available then, so the file is saved through the connection.
 */
export async function downloaded(download: Download): Promise<Buffer> {
  const dir = mkdtempSync(join(tmpdir(), 'rbt-download-'));
  try {
    const file = join(dir, download.suggestedFilename() || 'download');
    await download.saveAs(file);
    return readFileSync(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
