// 000 §2: every route change scrolls to the top (the window and the layout's scrolling content area).
import { useEffect } from 'react';
import { useLocation } from '../router';

export function ScrollToTop() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
    document.getElementById('main')?.scrollTo?.(0, 0);
  }, [pathname, search]);
  return null;
}
