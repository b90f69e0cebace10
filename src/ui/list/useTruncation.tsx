// Long text in a table cell is cut with an ellipsis; its full text shows in a tooltip on hover and on keyboard
// focus (screen readers read the whole text anyway: the cut is visual). Only cells whose text is actually cut (measured after layout and on every resize) take focus, so the
// Tab order does not grow by a stop per cell. The tooltip is drawn in a portal, above the table's clipping box.
import { useCallback, useEffect, useState, type RefObject } from 'react';
import { createPortal } from 'react-dom';

export const TRUNCATABLE = 'cell-text';
const SELECTOR = `.${TRUNCATABLE}`;

interface Tip { text: string; left: number; top: number }

const isCut = (el: HTMLElement) => el.scrollWidth > el.clientWidth + 1;

/** Marks the cut cells of the container focusable and returns the tooltip element and its event handlers. */
export function useTruncation(container: RefObject<HTMLElement | null>, deps: unknown[]) {
  const [tip, setTip] = useState<Tip | null>(null);

  useEffect(() => {
    const root = container.current;
    if (!root) return;
    const mark = () => {
      for (const el of root.querySelectorAll<HTMLElement>(SELECTOR)) {
        if (isCut(el)) { el.tabIndex = 0; el.dataset.truncated = 'true'; }
        else { el.removeAttribute('tabindex'); delete el.dataset.truncated; }
      }
    };
    mark();
    const observer = new ResizeObserver(mark);
    observer.observe(root);
    return () => observer.disconnect();
    // The rows and columns shown decide which cells are cut.
  }, deps); // eslint-disable-line react-hooks/exhaustive-deps

  const show = useCallback((target: EventTarget | null) => {
    const el = target instanceof HTMLElement ? target.closest<HTMLElement>(SELECTOR) : null;
    if (!el || !isCut(el)) return setTip(null);
    const r = el.getBoundingClientRect();
    setTip({ text: el.textContent ?? '', left: r.left, top: r.bottom + 6 });
  }, []);
  const hide = useCallback(() => setTip(null), []);

  const handlers = {
    onMouseOver: (e: React.MouseEvent) => show(e.target),
    onMouseLeave: hide,
    onFocus: (e: React.FocusEvent) => show(e.target),
    onBlur: hide,
    onScroll: hide,
  };
  const tooltip = tip
    ? createPortal(
        // Screen readers already read the whole text (the cut is visual only), so the tooltip is for the eyes.
        <div className="cell-tooltip" aria-hidden="true" style={{ left: Math.max(8, Math.min(tip.left, window.innerWidth - 428)), top: tip.top }}>
          {tip.text}
        </div>,
        document.body,
      )
    : null;
  return { handlers, tooltip };
}
