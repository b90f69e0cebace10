// The width an element's box offers its content, kept up to date as the window or the layout around it changes
// (ResizeObserver). Rounded down to 8 px, so a scrollbar's coming and going or a sub-pixel change does not lay the
// table out again.
import { useEffect, useState, type RefObject } from 'react';

export function useBoxWidth(box: RefObject<HTMLElement | null>): number | undefined {
  const [width, setWidth] = useState<number>();
  useEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const measure = () => setWidth(Math.floor(el.clientWidth / 8) * 8);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [box]);
  return width;
}
