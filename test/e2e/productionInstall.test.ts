// A production install (issue 28, Deliver 5 and 6): `npm run build`, `npm run release` into a clean folder,
// `npm ci --omit=dev` there (runtime dependencies only: no Vite, no tsx, no esbuild, no test tools), then the
// documented start, `node build/server/main.js`, on the current Node LTS installed from the npm registry's `node`
// package (the machine's Node stays the default). A short API smoke and a provider in Chromium use it; the
// Dockerfile is held to the same steps, since no container engine runs here.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { demo, launch, login, openPage, screenshot } from './support/browser';
import { ensureBuilt, ROOT, startServer, type TestServer } from './support/server';
import { installNodeLts, NODE_LTS, type NodeInstall } from './support/nodeLts';
import { sineWav } from '../../src/server/files/wav';

jest.setTimeout(600_000);

const install = mkdtempSync(join(tmpdir(), 'rbt-release-'));
let lts: NodeInstall;
let server: TestServer;
let browser: Browser;

function run(cmd: string, args: string[], cwd: string, env: Record<string, string> = {}) {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', env: { ...process.env, ...env } });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status}):\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

beforeAll(async () => {
  lts = installNodeLts();
  // build/ is the run's (globalSetup.ts compiles it once): building again here would pull it from under the
  // servers of the other e2e files running beside this one.
  ensureBuilt();
  run('npm', ['run', '--silent', 'release', '--', install], ROOT);
  // npm and node-gyp on the LTS: better-sqlite3 is compiled for it, against its own headers. CFLAGS=-O0 compiles
  // SQLite's C without optimisation (gyp appends CFLAGS after its own -O3): what this test checks is that the
  // release installs and runs on the LTS, not how fast its SQLite is, and the compile drops from 84 to 34 CPU
  // seconds, which the other e2e files running beside it get back. The Dockerfile builds with the defaults.
  run('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--loglevel=error'], install, {
    PATH: `${lts.bin}:${process.env.PATH}`,
    npm_config_nodedir: lts.nodedir,
    CFLAGS: '-O0',
  });
  [server, browser] = await Promise.all([startServer({ install: { dir: install, node: lts.node } }), launch()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(install, { recursive: true, force: true });
});

test('the install holds the runtime dependencies only, and the server runs on the Node LTS', async () => {
  for (const dev of ['vite', 'tsx', 'esbuild', 'jest', 'typescript', 'playwright-core', 's3rver'])
    expect([dev, existsSync(join(install, 'node_modules', dev))]).toEqual([dev, false]);
  expect(existsSync(join(install, 'src', 'server', 'main.ts'))).toBe(false);
  const metrics = await (await fetch(`${server.baseUrl}/metrics`)).text();
  expect(metrics).toMatch(new RegExp(`^nodejs_version_info\\{version="v${NODE_LTS}\\.`, 'm'));
  expect(await (await fetch(`${server.baseUrl}/readyz`)).json()).toEqual({
    status: 'ready',
    checks: { database: 'ok', storage: 'ok', queue: 'ok', transcoding: 'ok' },
  });
});

test('API smoke: sign in, list tones, upload a file and play part of it back, sign out', async () => {
  const base = server.baseUrl;
  const who = demo('Generic site');
  let cookie = '';
  let csrf = '';
  const call = async (path: string, init: RequestInit = {}) => {
    const r = await fetch(base + path, {
      ...init,
      headers: { cookie, ...(csrf ? { 'x-csrf-token': csrf } : {}), ...(init.headers as Record<string, string>) },
    });
    cookie = r.headers.get('set-cookie')?.split(';')[0] ?? cookie;
    csrf = r.headers.get('x-csrf-token') ?? csrf;
    return r;
  };
  const signIn = await call('/sp/sploginhs', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ account: who.account, pwd: who.password }).toString(),
  });
  expect(((await signIn.json()) as { returnCode: string }).returnCode).toBe('000000');
  const list = (await (await call('/sp/qrytone?portalType=1&startRecordNum=1&endRecordNum=10')).json()) as {
    returnCode: string;
    recordSum: string | number;
    records?: unknown[];
  };
  expect(list.returnCode).toBe('000000');
  expect(Number(list.recordSum)).toBeGreaterThan(0);
  const wav = sineWav({ seconds: 1, frequency: 660 });
  const form = new FormData();
  form.append('multipartFiles', new Blob([new Uint8Array(wav)]), 'smoke.wav');
  const up = (await (await call('/sp/uploadfile', { method: 'POST', body: form })).json()) as {
    returnCode: string;
    record: Record<string, { url: string }>;
  };
  expect(up.returnCode).toBe('000000');
  const part = await call(up.record['smoke.wav'].url, { headers: { range: 'bytes=0-43' } });
  expect(part.status).toBe(206);
  expect(Buffer.from(await part.arrayBuffer()).equals(wav.subarray(0, 44))).toBe(true);
  const out = (await (await call('/common/logout', { method: 'POST' })).json()) as { returnCode: string };
  expect(out.returnCode).toBe('000000');
});

test('a provider signs in to the portal it serves and sees the tone list', async () => {
  const page = await openPage(browser, server.baseUrl);
  try {
    await login(page, demo('Generic site'));
    await page.goto('/rbtMaintenance');
    await page.locator('[data-screen="rbtMaintenance"] .data-table tbody tr[data-row-key]').first().waitFor();
    await screenshot(page, 'production-install-rbtMaintenance');
  } finally {
    await page.context().close();
  }
});

test('the Dockerfile makes the same production install on the same Node line, unprivileged, with a health check', () => {
  const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
  expect(dockerfile).toContain(`ARG NODE_VERSION=${NODE_LTS}\n`);
  expect(dockerfile.match(/^FROM node:\$\{NODE_VERSION\}-slim/gm)).toHaveLength(2);
  const steps = dockerfile.match(/^RUN .*$/gm)!.join('\n');
  expect(steps).toContain('npm run build && npm run release -- /app');
  expect(steps).toContain('npm ci --omit=dev');
  expect(dockerfile).toMatch(/^USER node$/m);
  expect(dockerfile).toMatch(/^HEALTHCHECK .*\n.*\/healthz/m);
  expect(dockerfile).toMatch(/^CMD \["node", "build\/server\/main\.js"\]$/m);
  // What a container may write: DATA_DIR only.
  expect(dockerfile).toMatch(/DATA_DIR=\/data/);
  const compose = readFileSync(join(ROOT, 'compose.yaml'), 'utf8');
  expect(compose).toMatch(/read_only: true/);
});
