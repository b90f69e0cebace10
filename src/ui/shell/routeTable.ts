// The route table, generated from the screen definitions: routes.json (every route name of 000 §2, grouped)
// plus every definition that declares a `route`. Only the few top-level keys the router needs are imported
// (virtual:route-index, see vite.config.mts), so the first page load does not carry the definitions themselves.
import routeIndex from 'virtual:route-index';
import type { MenuEntryDef, ScreenDef } from '../../engine/types';
import routeMap from '../../../screen-definitions/routes.json';

export interface RouteEntry {
  path: string;
  /** i18n key of the page title (breadcrumb's last entry). */
  title: string;
  /** i18n key of the group (breadcrumb's middle entry), when the route belongs to one. */
  group?: string;
  /** The screen definition rendering this route; none yet means "not available yet". */
  screenId?: string;
  kind?: ScreenDef['kind'];
  /** Public: reachable without a login (000 §2). */
  public: boolean;
  /** Edit mode (the definition's editWhen): when the query says so, its title and the menu route it belongs to. */
  edit?: { query?: string; equals?: string; parent?: string; title?: string };
}

export const PUBLIC_PATHS = ['/login', '/forgetpassword'] as const;
export const HOME_PATH = '/dashboard';

const lower = (path: string) => path.toLowerCase();

function buildTable(): RouteEntry[] {
  const table = new Map<string, RouteEntry>();
  const groups = (routeMap as unknown as { menu: Record<string, MenuEntryDef> }).menu;
  for (const group of Object.values(groups)) {
    // A top-level entry with a route (the dashboard) belongs to no group.
    if (group.route) table.set(lower(group.route), { path: group.route, title: group.label, public: false });
    for (const entry of Object.values(group.children ?? {})) {
      if (!entry.route) continue;
      table.set(lower(entry.route), { path: entry.route, title: entry.label, group: group.label, public: false });
    }
  }
  for (const { id, route, kind, title, edit } of routeIndex) {
    if (!route || kind === 'menu') continue;
    const known = table.get(lower(route));
    table.set(lower(route), {
      path: known?.path ?? route,
      title: title ?? known?.title ?? id,
      group: known?.group,
      screenId: id,
      kind,
      public: (PUBLIC_PATHS as readonly string[]).includes(route),
      ...(edit ? { edit } : {}),
    });
  }
  return [...table.values()];
}

export const routeTable: RouteEntry[] = buildTable();

/** The entry of a path (route names are matched case-insensitively, as the spec mixes cases). */
export function routeFor(pathname: string): RouteEntry | undefined {
  const p = lower(pathname.replace(/\/+$/, '') || '/');
  return routeTable.find((r) => lower(r.path) === p);
}

export interface Place {
  entry?: RouteEntry;
  /** The page's title key (the edit title in edit mode). */
  title?: string;
  /** The menu entry the page belongs to: itself, or in edit mode its definition's editWhen.parent. */
  menuPath?: string;
  /** In edit mode, the entry of that parent (shown in the breadcrumb before the page). */
  parent?: RouteEntry;
}

/** Where a location is, as the breadcrumb and the sidebar show it: the tone edit form sits under RBT Maintenance. */
export function placeOf(pathname: string, search: string): Place {
  const entry = routeFor(pathname);
  if (!entry) return {};
  const editing =
    Boolean(entry.edit?.query) && new URLSearchParams(search).get(entry.edit!.query!) === entry.edit!.equals;
  const parent = editing && entry.edit?.parent ? routeFor(entry.edit.parent) : undefined;
  return { entry, title: (editing && entry.edit?.title) || entry.title, menuPath: parent?.path ?? entry.path, parent };
}
