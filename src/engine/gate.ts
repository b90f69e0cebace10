// The capability gate: which screens a session may open and which calls it may make, decided from the definitions
// alone, so the browser's router and the server's routes close exactly what the menu hides. A screen is open when
// the menu (menu.json, userMenu.json) offers its route, or an open screen leads to it (an action that navigates or
// opens a dialog, a tab, a selection list a field opens, a menu entry's gate), and its own `visible` holds; a route
// also needs its group of routes.json. A call is open when an open screen declares it, unless only actions send it
// and none of those actions is present after overlays and conditions (an overlay that removes Export closes
// sp/exporttone). Conditions that read the form or a row cannot be known in advance and count as met; a screen is
// resolved in both modes. Nothing else is listed anywhere: a flag, a privilege or an overlay changes both at once.
import { holds, readsVar } from './logic';
import type { ContextInput, Engine } from './engine';
import type { Condition, Context, FieldDef, MenuEntryDef, ScreenDef } from './types';

/** Why a screen or call is closed, as the not-available page and the server's refusal word it. */
export type ClosedReason = 'expired' | 'site' | 'account' | 'privilege' | 'notOffered';
export type Access = { open: true } | { open: false; reason: ClosedReason; screen?: string };

export interface Gate {
  /** A route of the portal (any case; the query is ignored). Routes no definition renders are not the gate's. */
  route(path: string): Access;
  screen(id: string): Access;
  /** A call path as the definitions write it ('sp/addcopyright', a leading '/' allowed); a concrete path matches a template ('sp/querybatchtask/{taskTypeName}'). Calls no definition makes are open. */
  call(path: string): Access;
  /** The screens open to the session, sorted (tests and the CLI print them). */
  openScreens(): string[];
}

/** What the gate reads: every definition of the site, the context of the session, and the calls screens make. */
export interface GateInput {
  screens: Record<string, ScreenDef>;
  ctx: Context;
  /** Every call path the base definitions declare (before overlays); the site's screens' own when absent. */
  declaredCalls?: string[];
  /** The application whose screens are gated (the provider's portal unless said). */
  app?: AppShell;
}

/**
 * An application of the definitions: where a session starts (its home page, and its public login page, whose
 * links lead to the other public screens), the menus of its shell, and its map of route groups. The provider's
 * portal and the operator console (screen-definitions/operator/) are two.
 */
export interface AppShell {
  entries: string[];
  menus: string[];
  routeMap?: string;
}
export const PROVIDER_APP: AppShell = {
  entries: ['dashboard', 'login'],
  menus: ['menu', 'userMenu'],
  routeMap: 'routes',
};
export const OPERATOR_APP: AppShell = { entries: ['opQueue', 'opLogin'], menus: ['opMenu'] };
/** Call paths whose answer a gate keeps (call()); past it the kept answers are dropped and found again. */
const MAX_CALLS_KEPT = 512;
const lower = (path: string) => path.split('?')[0].toLowerCase();
const normalCall = (path: string) => path.replace(/^\/+/, '').split('?')[0];

/** A call path as a pattern: a `{name}` segment (a template) matches any one segment. */
const pathPattern = (path: string) =>
  new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`, 'i');

/**
 * Whether a condition may hold for this session: a part that reads the form or a row might, whatever they hold;
 * the rest is decided now (a conjunction with a configuration switch that is off never holds).
 */
function mayHold(condition: Condition | undefined, ctx: Context): boolean {
  if (condition === undefined) return true;
  const and = (condition as { and?: unknown }).and;
  if (Array.isArray(and)) return and.every((c) => mayHold(c as Condition, ctx));
  const or = (condition as { or?: unknown }).or;
  if (Array.isArray(or)) return or.some((c) => mayHold(c as Condition, ctx));
  if (readsVar(condition, 'form') || readsVar(condition, 'row')) return true;
  return holds(condition, { ...ctx, mode: 'add' }, true) || holds(condition, { ...ctx, mode: 'edit' }, true);
}

/** Every string literal of a value (a `ui.list` may be a $logic choosing between screens). */
function strings(v: unknown, out: string[] = []): string[] {
  if (typeof v === 'string') out.push(v);
  else if (Array.isArray(v)) v.forEach((x) => strings(x, out));
  else if (v && typeof v === 'object') Object.values(v).forEach((x) => strings(x, out));
  return out;
}

/** The call paths a screen declares, each open unless only absent actions send it. */
function openCalls(def: ScreenDef, ctx: Context): string[] {
  const actions = Object.values(def.actions ?? {});
  return Object.entries(def.calls ?? {})
    .filter(([name]) => {
      const senders = actions.filter((a) => a.call === name);
      return senders.length === 0 || senders.some((a) => mayHold(a.visible, ctx));
    })
    .map(([, c]) => normalCall(c.path));
}

/** The screens a screen leads to: as a page (a route) or inside it (a dialog, a tab, a selection list). */
function edges(
  def: ScreenDef,
  ctx: Context,
  byRoute: Map<string, string>,
  screens: Record<string, ScreenDef>,
  whatever = false,
) {
  const may = (c: Condition | undefined) => whatever || mayHold(c, ctx);
  const pages: string[] = [];
  const inside: string[] = [];
  const page = (route: string | undefined) => {
    const id = route ? byRoute.get(lower(route)) : undefined;
    if (id) pages.push(id);
  };
  for (const a of Object.values(def.actions ?? {})) {
    if (!may(a.visible)) continue;
    page(a.navigate);
    // A batch results dialog that closes to a screen leads there too ('form' names no route).
    page(a.results?.closeTo);
    if (a.dialog) inside.push(a.dialog);
  }
  for (const t of Object.values(def.tabs ?? {})) if (may(t.visible)) inside.push(t.screen);
  const fields: Array<[string, FieldDef]> = [...Object.entries(def.fields ?? {}), ...Object.entries(def.search ?? {})];
  for (const [, f] of fields) if (may(f.visible)) inside.push(...strings(f.ui?.list).filter((s) => s in screens));
  if (def.gate) page(def.gate.otherwise);
  const menuGates = (entries: Record<string, MenuEntryDef> | undefined): void => {
    for (const e of Object.values(entries ?? {})) {
      if (e.gate) [e.gate.then, e.gate.otherwise].forEach(page);
      menuGates(e.children);
    }
  };
  menuGates(def.menu);
  return { pages, inside };
}

/** The routes a shell menu offers (its groups' and entries' conditions holding), hidden entries included. */
function menuRoutes(entries: Record<string, MenuEntryDef> | undefined, ctx: Context, out: string[] = []): string[] {
  for (const e of Object.values(entries ?? {})) {
    if (!mayHold(e.visible, ctx)) continue;
    if (e.route) out.push(e.route);
    if (e.gate) out.push(e.gate.then, e.gate.otherwise);
    menuRoutes(e.children, ctx, out);
  }
  return out;
}

/** The conditions between a shell menu's root and the entry of `route` (the group's, then the entry's). */
function conditionsOf(
  entries: Record<string, MenuEntryDef> | undefined,
  route: string,
  above: Condition[] = [],
): Condition[] | undefined {
  for (const e of Object.values(entries ?? {})) {
    const here = e.visible === undefined ? above : [...above, e.visible];
    if (e.route && lower(e.route) === lower(route)) return here;
    const below = conditionsOf(e.children, route, here);
    if (below) return below;
  }
  return undefined;
}

export function computeGate({ screens, ctx, declaredCalls, app = PROVIDER_APP }: GateInput): Gate {
  const byRoute = new Map<string, string>();
  for (const def of Object.values(screens)) {
    if (def.route) byRoute.set(lower(def.route), def.id);
    if (def.dialogRoute) byRoute.set(lower(def.dialogRoute.route), def.id);
  }
  const shell = app.menus.map((id) => screens[id]).filter((d): d is ScreenDef => Boolean(d));
  const routeMap = app.routeMap ? screens[app.routeMap] : undefined;

  // The closure from the home page and the shell menus.
  const asPage = new Set<string>();
  const reached = new Set<string>();
  const queue: string[] = [];
  const visit = (id: string | undefined, page: boolean) => {
    if (!id || !screens[id] || !mayHold(screens[id].visible, ctx)) return;
    if (page) asPage.add(id);
    if (!reached.has(id)) queue.push(id);
    reached.add(id);
  };
  app.entries.forEach((id) => visit(id, true));
  // A shell menu's own `visible` (the sidebar hidden on first login) hides the menu, not what its routes open:
  // routes.json's groups decide those (groupOpen).
  for (const menu of shell) for (const r of menuRoutes(menu.menu, ctx)) visit(byRoute.get(lower(r)), true);
  while (queue.length) {
    const id = queue.shift()!;
    const { pages, inside } = edges(screens[id], ctx, byRoute, screens);
    pages.forEach((p) => visit(p, true));
    inside.forEach((s) => visit(s, false));
  }

  // A route of routes.json opens only while its group's condition holds (an expired account's content screens).
  const groupOpen = (route: string) => {
    const conditions = conditionsOf(routeMap?.menu, route);
    return !conditions || conditions.every((c) => holds(c, ctx, true));
  };

  const open = new Map<string, RegExp>();
  for (const id of reached) for (const path of openCalls(screens[id], ctx)) open.set(path, pathPattern(path));
  const declared = new Map<string, RegExp>();
  const paths = declaredCalls ?? Object.values(screens).flatMap((d) => Object.values(d.calls ?? {}).map((c) => c.path));
  for (const path of paths.map(normalCall)) declared.set(path, pathPattern(path));

  // Who leads to whom, whatever the conditions: a screen closed only because what leads to it is closed takes its
  // reason (and its name) from there (Add Copyright, closed with Copyright Maintenance).
  const leadsTo = new Map<string, string[]>();
  const always = { ...ctx, user: {}, config: {} } as Context;
  for (const def of Object.values(screens)) {
    const { pages, inside } = edges(def, always, byRoute, screens, true);
    for (const child of [...pages, ...inside]) leadsTo.set(child, [...(leadsTo.get(child) ?? []), def.id]);
  }
  /** The parts of a failing condition that fail: a conjunction fails by its failing conjuncts only. */
  const failingParts = (c: Condition): Condition[] => {
    const and = (c as { and?: unknown }).and;
    return Array.isArray(and)
      ? and.filter((x) => !mayHold(x as Condition, ctx)).flatMap((x) => failingParts(x as Condition))
      : [c];
  };
  const classify = (conditions: Condition[]): ClosedReason | undefined => {
    const failing = conditions.flatMap(failingParts);
    if (!failing.length) return undefined;
    if (failing.some((c) => readsVar(c, 'user.nameTonePrivilege'))) return 'privilege';
    // A condition on the user (a radio account's code against radio_cp_code) is about the account, even where it
    // reads the configuration too; one on the configuration alone is about the site.
    if (failing.some((c) => readsVar(c, 'user'))) return 'account';
    if (failing.some((c) => readsVar(c, 'config'))) return 'site';
    return 'notOffered';
  };
  /** Why a screen the session cannot open is closed: its own failing conditions, its menu entry's, or its opener's. */
  const closed = (id: string, seen = new Set<string>()): Access & { open: false } => {
    if (ctx.user.expired === true) return { open: false, reason: 'expired', screen: id };
    seen.add(id);
    const def = screens[id];
    const failing: Condition[] = [];
    if (def?.visible !== undefined && !mayHold(def.visible, ctx)) failing.push(def.visible);
    for (const menu of [...shell, ...(routeMap ? [routeMap] : [])])
      for (const c of (def?.route && conditionsOf(menu.menu, def.route)) || []) if (!mayHold(c, ctx)) failing.push(c);
    const own = classify(failing);
    if (own) return { open: false, reason: own, screen: id };
    const opener = (leadsTo.get(id) ?? []).find((p) => !reached.has(p) && !seen.has(p));
    return opener ? closed(opener, seen) : { open: false, reason: 'notOffered', screen: id };
  };

  const screen = (id: string): Access => (reached.has(id) ? { open: true } : closed(id));
  const callAccess = (wanted: string): Access => {
    const matches = (re: RegExp) => re.test(wanted);
    if ([...open.values()].some(matches)) return { open: true };
    const owners = [...declared].filter(([, re]) => matches(re));
    if (owners.length === 0) return { open: true };
    const owner = Object.values(screens).find((d) =>
      Object.values(d.calls ?? {}).some((c) => owners.some(([p]) => p === normalCall(c.path))),
    );
    // No screen of the site makes it any more (an overlay removed the action that did): not offered here.
    if (!owner || reached.has(owner.id)) return { open: false, reason: 'notOffered', screen: owner?.id };
    return closed(owner.id);
  };
  // A gate answers the same for a call path as long as it lives (it is one session context's), and the server asks
  // it on every request: each path's answer is kept, instead of testing every open call's pattern again (about 30 µs
  // a request). Concrete paths of a template ('sp/querybatchtask/{taskTypeName}') are many: kept up to a bound.
  const calls = new Map<string, Access>();
  return {
    screen,
    route(path) {
      const id = byRoute.get(lower(path));
      if (!id) return { open: true };
      return asPage.has(id) && groupOpen(path) ? { open: true } : closed(id);
    },
    call(path) {
      const wanted = normalCall(path);
      let access = calls.get(wanted);
      if (!access) {
        if (calls.size >= MAX_CALLS_KEPT) calls.clear();
        calls.set(wanted, (access = Object.freeze(callAccess(wanted))));
      }
      return access;
    },
    openScreens: () => [...reached].sort(),
  };
}

/** The gate of a site's engine for one session's context (configuration and user). */
export function gateOf(
  engine: Pick<Engine, 'screenIds' | 'definition' | 'context' | 'set'>,
  input: ContextInput,
  app?: AppShell,
): Gate {
  const screens = Object.fromEntries(engine.screenIds().map((id) => [id, engine.definition(id)]));
  return computeGate({ screens, ctx: engine.context(input), declaredCalls: engine.set.declaredCalls, app });
}
