// Site-variant overlays are JSON Merge Patches (RFC 7396) of a screen definition. Fields, columns, actions,
// checks, calls, search fields and menu entries are keyed objects with an explicit `order`, so an overlay adds,
// changes or removes one of them by name. An overlay that names an entry the base does not have is an error
// unless it is a complete new entry (it has an `order`), so a typo cannot silently add a half-defined field.
import type { Overlay, ScreenDef } from './types';

export interface OverlayProblem {
  path: string;
  reason: string;
}

const KEYED_MAPS = ['fields', 'search', 'columns', 'summary', 'actions', 'checks', 'calls', 'menu', 'tabs'] as const;
const ORDERED_MAPS = new Set(['fields', 'search', 'columns', 'summary', 'actions', 'menu', 'children', 'tabs']);

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

function checkKeyed(
  base: Record<string, unknown> | undefined,
  patch: Record<string, unknown>,
  path: string,
  mapName: string,
  problems: OverlayProblem[],
) {
  for (const [name, value] of Object.entries(patch)) {
    const exists = base !== undefined && name in base;
    const where = `${path}.${name}`;
    if (!exists && value === null)
      problems.push({ path: where, reason: `removes "${name}", which the base definition does not have` });
    else if (!exists && isObject(value) && ORDERED_MAPS.has(mapName) && !('order' in value)) {
      problems.push({
        path: where,
        reason: `targets "${name}", which the base definition does not have (a new entry needs a full definition with "order")`,
      });
    } else if (exists && isObject(value) && isObject(base![name]) && isObject(value.children)) {
      checkKeyed((base![name] as any).children, value.children, `${where}.children`, 'children', problems);
    }
  }
}

/** Problems of an overlay against its base: entries it changes or removes that do not exist. */
export function checkOverlay(base: ScreenDef, overlay: Overlay): OverlayProblem[] {
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
    checkKeyed((base as any)[map], patch, `$.${map}`, map, problems);
  }
  return problems;
}

export function applyOverlay(base: ScreenDef, overlay: Overlay | undefined): ScreenDef {
  if (!overlay) return base;
  const { $schema: _ignored, ...patch } = overlay;
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
