// Resolved screens, reused. Resolution is a pure function of the definition and of the context values its
// conditions and placeholders read (a few configuration keys and user flags, the mode, the form values a
// condition looks at, today's date for the date operations), so a resolution is kept with exactly the values it
// read and is reused while all of them are unchanged: a keystroke in a field no condition reads, or the next
// request of a list, resolves nothing. Which values a resolution reads is learnt by running it once over a
// recording context (an input that makes it take another branch reads other values: each such "shape" is kept
// too). A configuration change therefore invalidates exactly the screens that read a changed key.
// Kept screens are frozen (their lists and entries): whoever changes a resolved screen in place gets an error
// instead of changing it for every later caller.
import { readsClock } from './logic';
import { todayIso } from './dates';
import type { Context, ResolvedScreen } from './types';

/** Kept resolutions per screen (beyond this the oldest go): bounds free-text values read by a condition. */
const MAX_ENTRIES = 256;
/** Root names of the context whose values are read key by key; site and mode are part of every key. */
const RECORDED = ['config', 'user', 'form', 'row'] as const;
const CLOCK = '$today';

/** A value as part of a key, or undefined when it cannot be compared by its text (a File, a Date...). */
function encode(v: unknown): string | undefined {
  if (v === undefined) return 'u';
  if (v === null || typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v !== 'object') return undefined;
  const proto = Object.getPrototypeOf(v);
  if (Array.isArray(v)) {
    const parts = v.map(encode);
    return parts.includes(undefined) ? undefined : `[${parts.join(',')}]`;
  }
  if (proto !== Object.prototype && proto !== null) return undefined;
  const parts: string[] = [];
  for (const k of Object.keys(v).sort()) {
    const e = encode((v as Record<string, unknown>)[k]);
    if (e === undefined) return undefined;
    parts.push(`${JSON.stringify(k)}:${e}`);
  }
  return `{${parts.join(',')}}`;
}

/** A path read: 'form.price', 'config.max_tone_price', 'form.*' (the whole form), '$today'. */
function valueAt(ctx: Context, path: string): unknown {
  if (path === CLOCK) return todayIso();
  const dot = path.indexOf('.');
  const root = (ctx as unknown as Record<string, Record<string, unknown> | undefined>)[path.slice(0, dot)];
  const key = path.slice(dot + 1);
  return key === '*' ? root : root?.[key];
}

/**
 * The context with its recorded parts wrapped, so every value read is noted with its path. A whole part read
 * at once (its keys listed, `{"var": "form"}` handed to an operation) is noted as `<part>.*`.
 */
function recording(ctx: Context, reads: Set<string>): Context {
  const out: Record<string, unknown> = { ...ctx };
  for (const name of RECORDED) {
    const part = ctx[name];
    if (!part) continue;
    out[name] = new Proxy(part, {
      get(target, key, receiver) {
        if (typeof key === 'string') reads.add(`${name}.${key}`);
        return Reflect.get(target, key, receiver);
      },
      has(target, key) {
        reads.add(`${name}.*`);
        return Reflect.has(target, key);
      },
      ownKeys(target) {
        reads.add(`${name}.*`);
        return Reflect.ownKeys(target);
      },
    });
  }
  return out as unknown as Context;
}

/**
 * Freezes a kept screen, its lists and their entries (a field, a column, an action) and its form schema: the parts
 * a caller could be tempted to change. Values deeper down may come from the caller's context (a default read from
 * the form) and are left alone.
 */
function freeze(screen: ResolvedScreen): ResolvedScreen {
  for (const value of Object.values(screen))
    if (Array.isArray(value)) {
      for (const entry of value) Object.freeze(entry);
      Object.freeze(value);
    }
  Object.freeze(screen.jsonSchema.properties);
  Object.freeze(screen.jsonSchema);
  return Object.freeze(screen);
}

interface Shape {
  /** The configuration keys read, apart: a configuration object is the same for many requests (one a site and
   *  generation on the server, one a session in the browser), so their part of the key is computed once for it. */
  config: string[];
  /** Every other path read (user, form, row, today). */
  other: string[];
  /** The configuration part of the key, by configuration object. */
  configKeys: WeakMap<object, string | null>;
}

interface Kept {
  /** Each distinct list of paths a resolution of this screen has read. */
  shapes: Shape[];
  signatures: string[];
  entries: Map<string, ResolvedScreen>;
}

function shapeOf(paths: string[]): Shape {
  return {
    config: paths.filter((p) => p.startsWith('config.')),
    other: paths.filter((p) => !p.startsWith('config.')),
    configKeys: new WeakMap(),
  };
}

/** The values of `paths` as one key part; null when a value cannot be compared by its text. */
function part(paths: string[], ctx: Context): string | null {
  let key = '';
  for (const p of paths) {
    const e = encode(valueAt(ctx, p));
    if (e === undefined) return null;
    key += `|${e}`;
  }
  return key;
}

/** One cache per definition set (an engine); `resolve` is the plain resolution it keeps. */
export function resolveCache(resolve: (id: string, ctx: Context) => ResolvedScreen) {
  const byScreen = new Map<string, Kept>();
  const keyOf = (index: number, shape: Shape, ctx: Context): string | undefined => {
    let config = shape.configKeys.get(ctx.config);
    if (config === undefined) shape.configKeys.set(ctx.config, (config = part(shape.config, ctx)));
    const other = part(shape.other, ctx);
    return config === null || other === null ? undefined : `${index}|${ctx.mode}${config}${other}`;
  };
  return (id: string, ctx: Context): ResolvedScreen => {
    let kept = byScreen.get(id);
    if (!kept) byScreen.set(id, (kept = { shapes: [], signatures: [], entries: new Map() }));
    for (let i = 0; i < kept.shapes.length; i++) {
      const key = keyOf(i, kept.shapes[i], ctx);
      const hit = key === undefined ? undefined : kept.entries.get(key);
      if (hit) return hit;
    }
    const reads = new Set<string>();
    const screen = readsClock(
      () => resolve(id, recording(ctx, reads)),
      () => reads.add(CLOCK),
    );
    const paths = [...reads].sort();
    const signature = paths.join('\n');
    let shape = kept.signatures.indexOf(signature);
    if (shape < 0) {
      kept.signatures.push(signature);
      shape = kept.shapes.push(shapeOf(paths)) - 1;
    }
    const key = keyOf(shape, kept.shapes[shape], ctx);
    if (key === undefined) return screen;
    if (kept.entries.size >= MAX_ENTRIES) kept.entries.delete(kept.entries.keys().next().value as string);
    kept.entries.set(key, freeze(screen));
    return screen;
  };
}
