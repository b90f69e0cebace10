// Reading the sidebar and the user dropdown as data: group names and entry names as the definitions name them.
import type { Page } from 'playwright-core';

export interface MenuSnapshot {
  groups: string[];
  entries: Record<string, string[]>;
}

export async function sidebarMenu(page: Page): Promise<MenuSnapshot> {
  await page.waitForSelector('nav.sidebar');
  return page.evaluate(() => {
    const groups = Array.from(document.querySelectorAll<HTMLElement>('nav.sidebar [data-menu-group]'));
    return {
      groups: groups.map((g) => g.dataset.menuGroup!),
      entries: Object.fromEntries(
        groups.map((g) => [
          g.dataset.menuGroup!,
          Array.from(g.querySelectorAll<HTMLElement>('[data-menu]')).map((a) => a.dataset.menu!),
        ]),
      ),
    };
  });
}

export async function openUserMenu(page: Page): Promise<string[]> {
  await page.click('.user-menu__button');
  await page.waitForSelector('[role="menu"]');
  return page.$$eval('[role="menu"] [role="menuitem"]', (items) => items.map((i) => (i as HTMLElement).dataset.menu!));
}
