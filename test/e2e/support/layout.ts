// What would make a user scroll sideways at the window's width: the page wider than the window, a list wider than
// its card (a column cut at the card's edge), or a list in a scroll box of its own instead of scrolling with the page.
import type { Page } from 'playwright-core';

/** The problems found, each naming the page or the list's screen; [] when there are none. */
export const layoutProblems = (p: Page) =>
  p.evaluate(() => {
    const problems: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > doc.clientWidth + 1) problems.push(`page ${doc.scrollWidth} > ${doc.clientWidth}`);
    for (const box of document.querySelectorAll<HTMLElement>('.data-table')) {
      if (box.scrollWidth > box.clientWidth + 1)
        problems.push(
          `${box.closest('[data-screen]')?.getAttribute('data-screen')} ${box.scrollWidth} > ${box.clientWidth}`,
        );
      const style = getComputedStyle(box);
      if (['auto', 'scroll'].includes(style.overflowY) || style.maxHeight !== 'none') problems.push('inner scroll box');
    }
    return problems;
  });
