// 000 §2: every route change scrolls to the top (the window and the layout's scrolling content area).
import { useEffect } from 'react';
import { useLocation } from '../router';
import { searchWithoutDialog } from '../runtime/dialogRoute';

export function ScrollToTop() {
  const location = useLocation();
  const pathname = location.pathname;
  // A list's dialog opening or closing (?dialog=...) is no route change: the list stays where it was scrolled.
  const search = searchWithoutDialog(location.search);
  useEffect(() => {
    window.scrollTo(0, 0);
    document.getElementById('main')?.scrollTo?.(0, 0);
  }, [pathname, search]);
  return null;
}
