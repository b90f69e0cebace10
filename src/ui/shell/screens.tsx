// Which component renders a route. Shell and account screens have their own page (a frame around the shared
// renderers); any other definition is rendered by kind. Every route has a definition (the definitions linter
// refuses a route-map entry without one), so every route has a page to render. Every screen is a lazy chunk,
// so a page loads only what it shows.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { RouteEntry, ScreenProps } from './routeTable';

type Screen = LazyExoticComponent<ComponentType<ScreenProps>>;

/** Screens with a page of their own, by definition id. */
const pages: Record<string, Screen> = {
  dashboard: lazy(() => import('./pages/DashboardPage')),
  guide: lazy(() => import('./pages/HelpPage')),
  noPrivilege: lazy(() => import('./pages/NoPrivilegePage')),
  changePassword: lazy(() => import('../session/pages/ChangePasswordPage')),
  myAccount: lazy(() => import('../session/pages/MyAccountPage')),
};

/** Definitions without a page of their own, by kind (the shared renderers). */
const byKind: Partial<Record<NonNullable<RouteEntry['kind']>, Screen>> = {
  form: lazy(() => import('./pages/DefinitionPage')),
  list: lazy(() => import('./pages/DefinitionPage')),
  dialog: lazy(() => import('./pages/DefinitionPage')),
  tabs: lazy(() => import('./pages/DefinitionPage')),
};

export const NotFoundPage = lazy(() => import('./pages/NotFoundPage'));

export function screenFor(entry: RouteEntry): Screen {
  if (entry.screenId && pages[entry.screenId]) return pages[entry.screenId];
  if (entry.kind && byKind[entry.kind]) return byKind[entry.kind]!;
  return NotFoundPage;
}
