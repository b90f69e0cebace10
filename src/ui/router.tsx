// The app's router: history-mode routing (000 §2) by react-router-dom in its declarative mode (BrowserRouter, no
// route objects, loaders or data APIs: every route of this app is a fixed path looked up in the route table,
// shell/routeTable.ts), behind the few names the screens use (useNavigate, useLocation, useSearchParams, Link,
// Navigate), so no screen depends on the router library.
import { useCallback } from 'react';
import {
  BrowserRouter,
  Link as RouterLink,
  Navigate as RouterNavigate,
  useLocation as useRouterLocation,
  useNavigate as useRouterNavigate,
  useSearchParams,
} from 'react-router-dom';

export { useSearchParams };

/** Wraps the app: the browser's location (history mode). */
export const RouterProvider = BrowserRouter;

export interface Location {
  pathname: string;
  search: string;
  /** What the entry was pushed with (navigate's `state`): kept by the browser's history, also over a reload. */
  state: unknown;
}

export function useLocation(): Location {
  const { pathname, search, state } = useRouterLocation();
  return { pathname, search, state: state as unknown };
}

/** navigate('/path?query'), navigate(path, {replace, state}), navigate(-1) (history back). */
export function useNavigate(): (to: string | number, options?: { replace?: boolean; state?: unknown }) => void {
  const navigate = useRouterNavigate();
  return useCallback(
    (to, options) => {
      if (typeof to === 'number') navigate(to);
      else navigate(to, { replace: options?.replace, state: options?.state });
    },
    [navigate],
  );
}

export const Link = RouterLink;

export function Navigate({ to, replace }: { to: string; replace?: boolean }) {
  return <RouterNavigate to={to} replace={replace} />;
}
