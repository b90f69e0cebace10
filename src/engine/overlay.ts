// Site-variant overlays are JSON Merge Patches (RFC 7396) of a screen definition. Fields, columns, actions,
// checks, calls, search fields and menu entries are keyed objects with an explicit `order`, so an overlay adds,
// changes or removes one of them by name. An entry the base does not have is added only when the overlay says so
// (`"add": true` in it): a misspelt name is an error naming the nearest entry the base has, never a new field.
import { closestName } from './names';
import type { Overlay, ScreenDef } from './types';

export interface OverlayProblem {
  path: string;
  reason: string;
}

const KEYED_MAPS = [
  'fields',
  'search',
  'columns',
  'summary',
  'actions',
  'checks',
  'calls',
  'menu',
  'tabs',
  'panels',
] as const;
const ORDERED_MAPS = new Set([
  'fields',
  'search',
  'columns',
  'summary',
  'actions',
  'menu',
  'children',
  'tabs',
  'panels',
]);

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Properties holding one expression or value list: an overlay replaces them whole. Merging two JSON Logic
 * expressions key by key would build an object with two operations, which means nothing.
 */
const ATOMIC = new Set([
  'visible',
  'required',
  'disabled',
  'default',
  'when',
  'valid',
  'value',
  'options',
  'gate',
  'rules',
  'enum',
]);
/** Maps whose every entry is one expression (payload key -> expression). */
const EXPRESSION_MAPS = new Set(['payload', 'recover', 'form']);

/** A value under this key (in a map under parentKey) is one expression or list: a patch replaces it whole. */
const replacedWhole = (key: string, parentKey: string) => ATOMIC.has(key) || EXPRESSION_MAPS.has(parentKey);

/** RFC 7396: objects merge recursively, null removes, anything else replaces; expressions replace whole. */
export function mergePatch(target: unknown, patch: unknown, key = '', parentKey = ''): unknown {
  if (!isObject(patch) || replacedWhole(key, parentKey)) return patch;
  const out: Record<string, unknown> = isObject(target) ? { ...target } : {};
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else out[k] = mergePatch(out[k], v, k, key);
  }
  return out;
}

/**
 * RFC 7396 patches composed: applying the result equals applying `first`, then `second`. Unlike a merge, a null of
 * `second` stays a null (it must still remove what `first` inherits from elsewhere). Overlays use it on a call that
 * extends another, whose own text is itself a patch of its parent.
 */
function composePatches(first: unknown, second: unknown, key = '', parentKey = ''): unknown {
  if (!isObject(second) || !isObject(first) || replacedWhole(key, parentKey)) return second;
  const out: Record<string, unknown> = { ...first };
  for (const [k, v] of Object.entries(second))
    out[k] = v === null ? null : k in first ? composePatches(first[k], v, k, key) : v;
  return out;
}

/** The marker of an overlay entry that adds what the base lacks; applyOverlay takes it out. */
export const ADD = 'add';

/** ` (did you mean "x"?)` for a name the base lacks, naming its nearest entry. */
const nearest = (name: string, base: Record<string, unknown> | undefined) => {
  const like = closestName(name, Object.keys(base ?? {}));
  return like ? ` (did you mean "${like}"?)` : '';
};

function checkKeyed(
  base: Record<string, unknown> | undefined,
  patch: Record<string, unknown>,
  path: string,
  mapName: string,
  problems: OverlayProblem[],
  written?: Record<string, unknown>,
) {
  for (const [name, value] of Object.entries(patch)) {
    const exists = base !== undefined && name in base;
    const where = `${path}.${name}`;
    // An entry a fragment brought in (`"$use"` beside the entries) was asked for by name in that fragment.
    const fromFragment = written !== undefined && !(name in written);
    const adds = isObject(value) && value[ADD] === true;
    if (!exists && value === null)
      problems.push({
        path: where,
        reason: `removes "${name}", which the base definition does not have${nearest(name, base)}`,
      });
    else if (exists && adds)
      problems.push({
        path: `${where}.${ADD}`,
        reason: `adds "${name}", which the base definition already has: leave "add" out to change it`,
      });
    else if (!exists && isObject(value) && !adds && !fromFragment) {
      problems.push({
        path: where,
        reason: `targets "${name}", which the base definition does not have${nearest(name, base)}; a new entry says so with "add": true${ORDERED_MAPS.has(mapName) ? ' and is complete (with its "order")' : ''}`,
      });
    } else if (exists && isObject(value) && isObject(base![name]) && isObject(value.children)) {
      const writtenEntry = written?.[name];
      checkKeyed(
        (base![name] as any).children,
        value.children,
        `${where}.children`,
        'children',
        problems,
        isObject(writtenEntry) && isObject(writtenEntry.children) ? writtenEntry.children : undefined,
      );
    }
  }
}

/**
 * Problems of an overlay against its base: entries it changes or removes that do not exist, entries it adds without
 * saying so, and "add" on entries the base has. `written` is the overlay as written, before its fragments were
 * expanded (entries a map's `"$use"` brings are added by that fragment's name).
 */
export function checkOverlay(base: ScreenDef, overlay: Overlay, written?: Overlay): OverlayProblem[] {
  const problems: OverlayProblem[] = [];
  if ('id' in overlay && overlay.id !== base.id)
    problems.push({ path: '$.id', reason: `an overlay cannot rename screen "${base.id}"` });
  for (const map of KEYED_MAPS) {
    const patch = overlay[map];
    if (patch === undefined || patch === null) continue;
    if (!isObject(patch)) {
      problems.push({ path: `$.${map}`, reason: 'must be an object keyed by name' });
      continue;
    }
    const writtenMap = written?.[map];
    checkKeyed((base as any)[map], patch, `$.${map}`, map, problems, isObject(writtenMap) ? writtenMap : undefined);
  }
  return problems;
}

/** The overlay without its "add" markers (in keyed maps and menu children): they say what it does, not what it sets. */
function withoutMarkers(patch: Record<string, unknown>): Record<string, unknown> {
  const strip = (map: unknown): unknown => {
    if (!isObject(map)) return map;
    return Object.fromEntries(
      Object.entries(map).map(([name, entry]) => {
        if (!isObject(entry)) return [name, entry];
        const { [ADD]: _marker, ...rest } = entry;
        return [name, isObject(rest.children) ? { ...rest, children: strip(rest.children) } : rest];
      }),
    );
  };
  const out = { ...patch };
  for (const map of KEYED_MAPS) if (isObject(out[map])) out[map] = strip(out[map]);
  return out;
}

export function applyOverlay(base: ScreenDef, overlay: Overlay | undefined): ScreenDef {
  if (!overlay) return base;
  const { $schema: _ignored, ...marked } = overlay;
  const patch = withoutMarkers(marked);
  // A call that extends another is written as its differences, itself a patch: the overlay's patch of it is
  // composed with them (its nulls kept), so it can also remove what the call inherits.
  const extending = isObject(patch.calls)
    ? Object.keys(patch.calls).filter(
        (name) => isObject(base.calls?.[name]) && 'extends' in (base.calls![name] as object),
      )
    : [];
  if (extending.length === 0) return mergePatch(base, patch) as ScreenDef;
  const calls = { ...(patch.calls as Record<string, unknown>) };
  const composed = Object.fromEntries(
    extending.map((name) => [
      name,
      calls[name] === null ? null : composePatches(base.calls![name], calls[name], name, 'calls'),
    ]),
  );
  for (const name of extending) delete calls[name];
  const merged = mergePatch(base, { ...patch, calls }) as ScreenDef;
  const out = { ...(merged.calls ?? {}) } as Record<string, unknown>;
  for (const [name, call] of Object.entries(composed))
    if (call === null) delete out[name];
    else out[name] = call;
  return { ...merged, calls: out as ScreenDef['calls'] };
}

function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => sameJson(v, b[i]));
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => k in b && sameJson(a[k], b[k]));
  }
  return false;
}

/** Values an overlay sets to what the base already has: harmless, but they hide what the site really changes. */
export function redundantPatches(base: ScreenDef, overlay: Overlay): OverlayProblem[] {
  const out: OverlayProblem[] = [];
  const visit = (target: unknown, patch: Record<string, unknown>, path: string, parentKey: string) => {
    for (const [k, v] of Object.entries(patch)) {
      if (v === null || (path === '$' && (k === '$schema' || k === 'description'))) continue;
      const b = isObject(target) ? target[k] : undefined;
      if (b === undefined) continue;
      if (isObject(v) && isObject(b) && !ATOMIC.has(k) && !EXPRESSION_MAPS.has(parentKey))
        visit(b, v, `${path}.${k}`, k);
      else if (sameJson(v, b))
        out.push({
          path: `${path}.${k}`,
          reason: `sets "${k}" to the value the base definition already has, so it changes nothing`,
        });
    }
  };
  visit(base, overlay, '$', '');
  return out;
}
