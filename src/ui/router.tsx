// The app's router: history-mode routing (000 §2) by wouter, a small, well-kept router, behind the few names the
// app uses (the shapes it had with react-router, so screens did not change). Every route of this app is a fixed
// path looked up in the route table (shell/routeTable.ts), so route matching, loaders and the other data APIs of
// a larger router are not needed; react-router alone was about 15 KB gzip of the login page's 100 KB budget.
import { useCallback } from 'react';
import {
  Link as WouterLink,
  Redirect,
  Router,
  useLocation as useWouterLocation,
  useSearch,
  useSearchParams,
} from 'wouter';

export { useSearchParams };

/** Wraps the app: the browser's location (history mode). */
export const RouterProvider = Router;

export interface Location {
  pathname: string;
  search: string;
}

export function useLocation(): Location {
  const [pathname] = useWouterLocation();
  const search = useSearch();
  return { pathname, search: search ? `?${search}` : '' };
}

/** navigate('/path?query'), navigate(path, {replace}), navigate(-1) (history back). */
export function useNavigate(): (to: string | number, options?: { replace?: boolean }) => void {
  const [, setLocation] = useWouterLocation();
  return useCallback(
    (to, options) => {
      if (typeof to === 'number') history.go(to);
      else setLocation(to, { replace: options?.replace });
    },
    [setLocation],
  );
}

export const Link = WouterLink;

export function Navigate({ to, replace }: { to: string; replace?: boolean }) {
  return <Redirect to={to} replace={replace} />;
}
