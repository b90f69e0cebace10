// Long text in a table cell is cut with an ellipsis; its full text shows in a tooltip on hover and on keyboard
// focus (screen readers read the whole text anyway: the cut is visual). Only cells whose text is actually cut
// (measured after layout and on every resize) take focus, so the Tab order does not grow by a stop per cell.
// The tooltip is a component of its own with its own state, drawn in a portal above the table's clipping box:
// showing it never renders the table again.
import { useEffect, useState, type RefObject } from 'react';
import { createPortal } from 'react-dom';

export const TRUNCATABLE = 'cell-text';
const SELECTOR = `.${TRUNCATABLE}`;

/** Cut sideways (one line with an ellipsis) or below (a dialog's cells wrap to at most two lines). */
const isCut = (el: HTMLElement) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1;

/**
 * Marks the cut cells of the container (focusable, data-truncated) and the container itself focusable while it
 * scrolls, again whenever `deps` or its size change.
 */
export function useMarkTruncated(container: RefObject<HTMLElement | null>, deps: unknown[]) {
  useEffect(() => {
    const root = container.current;
    if (!root) return;
    const mark = () => {
      // Every measure first, then every change: a change between two measures would lay the table out again for
      // each cell. A cell already marked as it should be is left alone, so a pass that changes nothing costs no
      // layout after it.
      const cells = [...root.querySelectorAll<HTMLElement>(SELECTOR)];
      const scrolls = root.scrollWidth > root.clientWidth + 1 || root.scrollHeight > root.clientHeight + 1;
      const cut = cells.map(isCut);
      // A table box that scrolls takes focus itself, so the keyboard can scroll it (its cells may hold no control).
      if (scrolls !== root.hasAttribute('tabindex')) {
        if (scrolls) root.tabIndex = 0;
        else root.removeAttribute('tabindex');
      }
      cells.forEach((el, i) => {
        if (cut[i] === (el.dataset.truncated === 'true')) return;
        if (cut[i]) {
          el.tabIndex = 0;
          el.dataset.truncated = 'true';
        } else {
          el.removeAttribute('tabindex');
          delete el.dataset.truncated;
        }
      });
    };
    // A new observer reports the container once it is laid out (and then on every resize): measuring there reads a
    // layout the browser made anyway, where measuring in the effect forced one in the middle of React's commit (the
    // longest task of a list page's first load).
    const observer = new ResizeObserver(mark);
    observer.observe(root);
    return () => observer.disconnect();
    // The rows and columns shown decide which cells are cut.
  }, deps); // eslint-disable-line react-hooks/exhaustive-deps
}

interface Tip {
  text: string;
  /** The cell's start edge: its left, or its right right to left (then the tooltip grows leftwards). */
  start: number;
  rtl: boolean;
  top: number;
}

/** The full text of the cut cell under the pointer or with the keyboard focus, in the container. */
export function TruncationTooltip({ container }: { container: RefObject<HTMLElement | null> }) {
  const [tip, setTip] = useState<Tip | null>(null);
  useEffect(() => {
    const root = container.current;
    if (!root) return;
    const showFor = (target: EventTarget | null) => {
      const el = target instanceof HTMLElement ? target.closest<HTMLElement>(SELECTOR) : null;
      if (!el || !isCut(el)) return setTip(null);
      const r = el.getBoundingClientRect();
      const rtl = getComputedStyle(el).direction === 'rtl';
      setTip({ text: el.textContent ?? '', start: rtl ? window.innerWidth - r.right : r.left, rtl, top: r.bottom + 6 });
    };
    const show = (e: Event) => showFor(e.target);
    const hide = () => setTip(null);
    // Scrolling moves the cells: a focused cut cell keeps its tooltip (focus itself may scroll it into view).
    const follow = () => {
      const active = document.activeElement;
      if (active instanceof HTMLElement && root.contains(active) && active.matches(SELECTOR)) showFor(active);
      else hide();
    };
    const events: Array<[string, EventListener]> = [
      ['mouseover', show],
      ['focusin', show],
      ['mouseleave', hide],
      ['focusout', hide],
      ['scroll', follow],
    ];
    for (const [name, fn] of events) root.addEventListener(name, fn);
    return () => {
      for (const [name, fn] of events) root.removeEventListener(name, fn);
    };
  }, [container]);
  if (!tip) return null;
  return createPortal(
    // Screen readers already read the whole text (the cut is visual only), so the tooltip is for the eyes.
    <div
      className="cell-tooltip"
      aria-hidden="true"
      style={{ [tip.rtl ? 'right' : 'left']: Math.max(8, Math.min(tip.start, window.innerWidth - 428)), top: tip.top }}
    >
      {tip.text}
    </div>,
    document.body,
  );
}
