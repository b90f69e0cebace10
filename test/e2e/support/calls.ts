// The calls a page makes, as the server receives them: path and form parameters of each request whose path
// matches. Chromium does not hand a test the body of a fetch sent as a stream (the portal's client), so the page's
// fetch is watched from inside (installed in the current document and every later one).
import type { Page } from 'playwright-core';

export interface SentCall {
  path: string;
  params: Record<string, string>;
}

export async function watchCalls(page: Page, path: RegExp): Promise<SentCall[]> {
  const sent: SentCall[] = [];
  await page.exposeFunction('__sentCall', (url: string, body: string) => {
    const p = new URL(url).pathname;
    if (path.test(p)) sent.push({ path: p, params: Object.fromEntries(new URLSearchParams(body)) });
  });
  const install = () => {
    const w = window as unknown as { __sentCall(url: string, body: string): void; __watching?: boolean };
    if (w.__watching) return;
    w.__watching = true;
    const original = window.fetch.bind(window);
    window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input.clone() : new Request(input, init);
      const body = request.method === 'GET' ? new URL(request.url).search.slice(1) : await request.text();
      w.__sentCall(request.url, body);
      return original(input, init);
    };
  };
  await page.addInitScript(install);
  await page.evaluate(install);
  return sent;
}
