// The tone maintenance list as a provider works it (rows by tone id, row buttons, confirmations) and the
// operator's side of approval, through the real operator CLI (`npm run operator`) on the test server's data.
import { spawnSync } from 'node:child_process';
import type { Page } from 'playwright-core';
import { ROOT, type TestServer } from './server';

export function operator(server: TestServer, ...args: string[]): string {
  const r = spawnSync('npm', ['run', '--silent', 'operator', '--', ...args], { cwd: ROOT, env: { ...process.env, DATA_DIR: server.dataDir }, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`operator ${args.join(' ')}: ${r.stderr}${r.stdout}`);
  return r.stdout;
}

/** Approves the pending change request of a kind (add, modify, delete) for one tone, as the operator does. */
export function approveTone(server: TestServer, account: string, toneID: string, kind: 'add' | 'modify' | 'delete'): void {
  const line = operator(server, 'changes', 'list', '--provider', account).split('\n').find((l) => l.includes(`\t${kind}\t`) && l.includes(`tone ${toneID}\t`));
  if (!line) throw new Error(`no pending ${kind} request for tone ${toneID}`);
  operator(server, 'changes', 'approve', /^#(\d+)/.exec(line)![1]);
}

export const rows = (page: Page) => page.locator('[data-screen="rbtMaintenance"] .data-table tbody tr[data-row-key]');
export const row = (page: Page, toneID: string) => page.locator(`[data-screen="rbtMaintenance"] .data-table tbody tr[data-row-key="${toneID}"]`);
export const rowButton = (page: Page, toneID: string, label: string | RegExp) => row(page, toneID).locator('.row-actions__button', { hasText: label });

/** Accepts the confirmation whose text matches (a second confirmation may open as soon as the first closes). */
export async function confirmOk(page: Page, text: RegExp): Promise<void> {
  const dialog = page.locator('[role="alertdialog"]').filter({ hasText: text });
  await dialog.waitFor();
  await dialog.locator('.btn--danger, .btn--primary').last().click();
  await dialog.waitFor({ state: 'detached' });
}

/** Searches the maintenance list by tone name. */
export async function searchByName(page: Page, name: string): Promise<void> {
  await page.locator('.search-bar [data-field="toneName"] input').fill(name);
  await page.locator('.search-bar button', { hasText: 'Search' }).click();
}
