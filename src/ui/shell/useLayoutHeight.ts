// 000 §9: the layout height is the body height minus 146 px (top bar, breadcrumb and footer). Kept in the CSS
// variable --layout-height, which the content area uses as its minimum height.
import { useEffect } from 'react';

export const CHROME_HEIGHT = 146;

export function useLayoutHeight(): void {
  useEffect(() => {
    const apply = () =>
      document.documentElement.style.setProperty(
        '--layout-height',
        `${Math.max(0, document.body.clientHeight - CHROME_HEIGHT)}px`,
      );
    apply();
    window.addEventListener('resize', apply);
    return () => window.removeEventListener('resize', apply);
  }, []);
}
