// Which component renders a route. Shell and account screens have their own page (a frame around the shared
// renderers); any other definition is rendered by kind. Every route has a definition (the definitions linter
// refuses a route-map entry without one), so every route has a page to render. Every screen is a chunk of its
// own, so a page loads only what it shows, and preloadScreen loads all a route needs at once, before it renders.
import { preloadable, type Preloadable } from '../runtime/preloadable';
import { loadValidator } from '../validator';
import { preloadRenderers } from './pages/renderers';
import type { RouteEntry, ScreenProps } from './routeTable';

type Screen = Preloadable<ScreenProps>;

/** Screens with a page of their own, by definition id. */
const pages: Record<string, Screen> = {
  dashboard: preloadable(() => import('./pages/DashboardPage').then((m) => m.default)),
  guide: preloadable(() => import('./pages/HelpPage').then((m) => m.default)),
  noPrivilege: preloadable(() => import('./pages/NoPrivilegePage').then((m) => m.default)),
  // Forms: they render once the validator is in (DefinitionForm).
  changePassword: preloadable(
    () => import('../session/pages/ChangePasswordPage').then((m) => m.default),
    loadValidator,
  ),
  myAccount: preloadable(() => import('../session/pages/MyAccountPage').then((m) => m.default), loadValidator),
};

/** Any definition of these kinds without a page of its own: drawn by the shared renderer of its kind. */
const DefinitionPage: Screen = preloadable(() => import('./pages/DefinitionPage').then((m) => m.default));
const RENDERED_KINDS: ReadonlySet<RouteEntry['kind']> = new Set(['form', 'list', 'dialog', 'tabs']);

/** A path of no route, or of a public page (rendered by App, never here). */
const NotFoundPage: Screen = preloadable<ScreenProps>(() => import('./pages/NotFoundPage').then((m) => m.default));

export function screenFor(entry: RouteEntry | undefined): Screen {
  if (!entry || entry.public) return NotFoundPage;
  if (entry.screenId && pages[entry.screenId]) return pages[entry.screenId];
  return RENDERED_KINDS.has(entry.kind) ? DefinitionPage : NotFoundPage;
}

/** Loads the route's page and, for a definition's page, its renderer and validator, side by side. */
export function preloadScreen(entry: RouteEntry | undefined): Promise<unknown> {
  const screen = screenFor(entry);
  return Promise.all([screen.preload(), screen === DefinitionPage && entry ? preloadRenderers(entry) : undefined]);
}
