// The tone maintenance list as a provider works it (rows by tone id, row buttons, confirmations) and the
// operator's side of approval, through the real operator CLI on the test server's data: its compiled build (the
// one the e2e servers run, built once per run), as `npm run operator` runs its sources under tsx for a second more.
import { spawnSync } from 'node:child_process';
import type { Page } from 'playwright-core';
import { OPERATOR_CLI, ROOT, type TestServer } from './server';

export function operator(server: TestServer, ...args: string[]): string {
  const r = spawnSync(process.execPath, [OPERATOR_CLI, ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: server.dataDir },
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`operator ${args.join(' ')}: ${r.stderr}${r.stdout}`);
  return r.stdout;
}

/** The pending change request of a kind (add, modify, delete) for one tone, as the operator lists it. */
function toneRequest(server: TestServer, account: string, toneID: string, kind: 'add' | 'modify' | 'delete'): string {
  const line = operator(server, 'changes', 'list', '--provider', account)
    .split('\n')
    .find((l) => l.includes(`\t${kind}\t`) && l.includes(`tone ${toneID}\t`));
  if (!line) throw new Error(`no pending ${kind} request for tone ${toneID}`);
  return /^#(\d+)/.exec(line)![1];
}

/** Approves the pending change request of a kind for one tone, as the operator does. */
export function approveTone(
  server: TestServer,
  account: string,
  toneID: string,
  kind: 'add' | 'modify' | 'delete',
): void {
  operator(server, 'changes', 'approve', toneRequest(server, account, toneID, kind));
}

/** Rejects it with a reason, as the operator does. */
export function rejectTone(
  server: TestServer,
  account: string,
  toneID: string,
  kind: 'add' | 'modify' | 'delete',
  reason: string,
): void {
  operator(server, 'changes', 'reject', toneRequest(server, account, toneID, kind), '--reason', reason);
}

export const rows = (page: Page) => page.locator('[data-screen="rbtMaintenance"] .data-table tbody tr[data-row-key]');
export const row = (page: Page, toneID: string) =>
  page.locator(`[data-screen="rbtMaintenance"] .data-table tbody tr[data-row-key="${toneID}"]`);

/**
 * A row action by its name in the definition (hide, resume, edit, editTag, detail, tariff, delete): its button
 * on the row, or its item in the row's "More" menu, opened as a user does.
 */
export function rowAction(page: Page, toneID: string, action: string) {
  const inline = row(page, toneID).locator(`.row-actions__button[data-action="${action}"]`);
  const item = page.locator(`.row-menu [data-action="${action}"]`);
  // Clicked again when no menu opens within 5 s, as a person would: the list's answer to a write can redraw the row
  // under the click (once in a loaded full run the menu never opened, and the wait ran out at 30 s).
  const openMore = async () => {
    for (let attempt = 1; attempt <= 3; attempt++) {
      if (await page.locator('.row-menu').count()) return;
      await row(page, toneID).locator('.row-actions__more').click();
      try {
        return await page.locator('.row-menu').waitFor({ timeout: 5_000 });
      } catch (e) {
        if (attempt === 3) throw e;
      }
    }
  };
  /** Whether the row offers the action now (the More menu is closed again after looking). */
  const offered = async () => {
    if (await inline.count()) return true;
    if (!(await row(page, toneID).locator('.row-actions__more').count())) return false;
    await openMore();
    const found = (await item.count()) > 0;
    await page.keyboard.press('Escape');
    await page.locator('.row-menu').waitFor({ state: 'detached' });
    return found;
  };
  return {
    async click() {
      if (await inline.count()) return inline.click();
      await openMore();
      await item.click();
    },
    /** Waits until the row offers the action (after a write the list reloads with the row's new state). */
    async waitFor(timeout = 10_000) {
      const until = Date.now() + timeout;
      while (!(await offered())) {
        if (Date.now() > until) throw new Error(`row ${toneID} does not offer ${action}`);
        await page.waitForTimeout(200);
      }
    },
    offered,
  };
}

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
