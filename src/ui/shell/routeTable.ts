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
  /** The screen definition rendering this route (the linter makes sure every route of the map has one). */
  screenId?: string;
  kind?: ScreenDef['kind'];
  /** Public: reachable without a login (000 §2). */
  public: boolean;
  /** Edit mode (the definition's editWhen): when the query says so, its title and the menu route it belongs to. */
  edit?: { query?: string; equals?: string; parent?: string; title?: string };
  /** The menu route the screen is opened from, in every mode (the box detail under Music Box Maintenance). */
  parent?: string;
  /** The form shown in a dialog over the page of `over` (a definition's dialogRoute: musicBoxUploadNew). */
  dialog?: { over: string; size?: 'small' | 'medium' | 'large' };
}

/** What a screen component of the route table receives (src/ui/shell/screens.tsx picks the component). */
export interface ScreenProps {
  entry: RouteEntry;
}

const PUBLIC_PATHS = ['/login', '/forgetpassword'] as const;
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
  for (const { id, route, kind, title, edit, parent, dialog } of routeIndex) {
    if (!route || kind === 'menu') continue;
    const known = table.get(lower(route));
    table.set(lower(route), {
      path: known?.path ?? route,
      // A dialog route is named by its own entry of routes.json (Upload Music Box), else by the form's title.
      title: (dialog ? known?.title : undefined) ?? title ?? known?.title ?? id,
      group: known?.group,
      screenId: id,
      kind,
      public: (PUBLIC_PATHS as readonly string[]).includes(route),
      ...(edit ? { edit } : {}),
      ...(parent ? { parent } : {}),
      ...(dialog ? { dialog: { over: dialog.over, ...(dialog.size ? { size: dialog.size } : {}) } } : {}),
    });
  }
  return [...table.values()];
}

const routeTable: RouteEntry[] = buildTable();

/** The entry of a path (route names are matched case-insensitively, as the spec mixes cases). */
export function routeFor(pathname: string): RouteEntry | undefined {
  const p = lower(pathname.replace(/\/+$/, '') || '/');
  return routeTable.find((r) => lower(r.path) === p);
}

export interface Place {
  entry?: RouteEntry;
  /** The page's title key (the edit title in edit mode). */
  title?: string;
  /** The menu entry the page belongs to: itself, its definition's parent, or in edit mode editWhen.parent. */
  menuPath?: string;
  /** The entry of the screen's parent (edit mode's, or its own): shown in the breadcrumb before the page. */
  parent?: RouteEntry;
}

/** Where a location is, as the breadcrumb and the sidebar show it: the tone edit form sits under RBT Maintenance. */
export function placeOf(pathname: string, search: string): Place {
  const entry = routeFor(pathname);
  if (!entry) return {};
  const editing =
    Boolean(entry.edit?.query) && new URLSearchParams(search).get(entry.edit!.query!) === entry.edit!.equals;
  const parentPath = editing && entry.edit?.parent ? entry.edit.parent : entry.parent;
  const parent = parentPath ? routeFor(parentPath) : undefined;
  return { entry, title: (editing && entry.edit?.title) || entry.title, menuPath: parent?.path ?? entry.path, parent };
}
