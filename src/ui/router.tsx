// The app's router: history-mode routing (000 §2) by react-router-dom in its declarative mode (BrowserRouter, no
// route objects, loaders or data APIs: every route of this app is a fixed path looked up in the route table,
// shell/routeTable.ts), behind the few names the screens use (useNavigate, useLocation, useSearchParams, Link,
// Navigate), so no screen depends on the router library.
import { useCallback, type AnchorHTMLAttributes } from 'react';
import {
  BrowserRouter,
  Navigate as RouterNavigate,
  useHref,
  useLinkClickHandler,
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

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'onClick'> & { to: string; replace?: boolean };

/**
 * A link inside the app: the router's own address and click handling (a plain click navigates in the app; a
 * modified click, a middle click or a target opens the browser's way). Made from the two hooks react-router
 * offers for custom links rather than its <Link>, which brings the framework mode's route discovery and
 * prefetching with it (about 2 KB gzip of the login page, issue 24) for a declarative router that has neither.
 */
export function Link({ to, replace, target, children, ...anchor }: LinkProps) {
  const href = useHref(to);
  const onClick = useLinkClickHandler<HTMLAnchorElement>(to, { replace, target });
  return (
    <a {...anchor} href={href} target={target} onClick={onClick}>
      {children}
    </a>
  );
}

export function Navigate({ to, replace }: { to: string; replace?: boolean }) {
  return <RouterNavigate to={to} replace={replace} />;
}
