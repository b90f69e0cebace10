// Snapshots of resolved screens a tester can review. Every screen is resolved for every site, in add and edit
// mode, under a few operator configurations and users (the cases below), exactly as `npm run definitions --
// resolve` does (createEngine over the definition set on disk). Each screen has its own snapshot file (one
// <screen>.test.ts beside this file), and a case is recorded only by what it changes:
// - generic / add / site defaults is the screen in full;
// - a site's case that resolves exactly as generic's same case says "same as" it;
// - any other case names the case it is compared with and lists the values it sets ("fields[price].label"),
//   the entries it removes and the new order of a list whose order changed; a case with nothing to list says
//   "same as", and a case making the very changes an earlier case made points at it instead of repeating them.
// Compared with: a configuration or user case with the same site and mode without it (site defaults), edit
// mode with add mode of the same site, a site's add mode with generic's. So a label changed in an overlay, or
// in a base definition, changes the one entry that shows the difference, with the field in the diff.
//
// Each screen is resolved as it first appears: once with an empty form, then again with the defaults that
// resolution gave (the renderer starts from them), so fields that depend on another field's default show.
//
// A site's entries depend only on generic's and its own, so adding a site changes no other site's entries. A
// site (or a screen) with no entries in a screen's snapshot file yet is not compared, so adding one never writes
// or fails hundreds of entries: test/definitions/snapshotSites.test.ts fails once per such site, saying how to
// record them (`npm run definitions -- snapshot --site S`, which runs this suite with SNAPSHOT_SITE=S).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BASE_SITE, createEngine, type ContextInput, type Engine, type Mode, type SiteId } from '../../../src/engine';
import { loadDefinitionSetFromDisk, PROJECT_ROOT, siteIds } from '../../../src/engine/fsLoader';
import { REPRESENTATIVE_USER } from '../../../src/cli/representativeUser';

const USER = REPRESENTATIVE_USER;
const RADIO_CODE = '8800001'; // radio_cp_code of the generic configuration

export const DEFAULTS = 'site defaults';
export const CASES: Record<string, ContextInput> = {
  [DEFAULTS]: { user: USER },
  'radio account': { user: { ...USER, code: RADIO_CODE } },
  'weekly plan on, disc type': { user: USER, config: { support_weekly_plan_content: '1' }, form: { toneBoxType: '2' } },
  'expand_tone_infos set': { user: USER, config: { expand_tone_infos: 'genre:Y|mood:N|label' } },
  'Persian calendar on': { user: USER, config: { support_persian_calendar: '1' } },
};
export const MODES: Mode[] = ['add', 'edit'];

/** Conditions and defaults may read today: snapshots resolve at this fixed local noon. */
export const SNAPSHOT_TIME = new Date(2030, 0, 10, 12, 0, 0);

export const caseName = (site: string, mode: Mode, name: string) => `${site} / ${mode} / ${name}`;
const siteOf = (caseId: string) => caseId.split(' / ')[0];

/** The snapshot file of a screen (its <screen>.test.ts beside this file). */
export const snapshotFile = (screen: string) => join(__dirname, '__snapshots__', `${screen}.test.ts.snap`);

/** The sites a screen's snapshot file has entries of. */
export function recordedSites(screen: string): Set<string> {
  const file = snapshotFile(screen);
  if (!existsSync(file)) return new Set();
  return new Set([...readFileSync(file, 'utf8').matchAll(/^exports\[`([^ ]+) \//gm)].map((m) => m[1]));
}

/** Sites being recorded now (SNAPSHOT_SITE=a,b: `npm run definitions -- snapshot --site a`). */
export const RECORDING = new Set((process.env.SNAPSHOT_SITE ?? '').split(',').filter(Boolean));

/**
 * Every case of a screen, in the order entries are compared (a case is only compared with earlier ones): the
 * sites are the loader's (every folder of site-variants/, the base first).
 */
export const CASE_NAMES: string[] = siteIds().flatMap((site) =>
  MODES.flatMap((mode) => Object.keys(CASES).map((name) => caseName(site, mode, name))),
);

/** The case an entry is compared with; none for the one recorded in full. */
function parentOf(site: string, mode: Mode, name: string): string | undefined {
  if (name !== DEFAULTS) return caseName(site, mode, DEFAULTS);
  if (mode === 'edit') return caseName(site, 'add', DEFAULTS);
  return site === BASE_SITE ? undefined : caseName(BASE_SITE, 'add', DEFAULTS);
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
const isObject = (v: unknown): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Lists of entries with unique names (fields, columns, actions, checks, menu entries) are compared by name. */
function namedList(v: Json): v is Array<{ name: string } & Record<string, Json>> {
  if (!Array.isArray(v) || v.length === 0) return false;
  const names = v.map((x) => (isObject(x) && typeof x.name === 'string' ? x.name : undefined));
  return names.every((n) => n !== undefined) && new Set(names).size === names.length;
}

const same = (a: Json | undefined, b: Json | undefined) => JSON.stringify(a) === JSON.stringify(b);
export type { Json };

/** `a.b` for plain keys, `a["x.y"]` for keys a dot would split; `list[name]` for an entry of a named list, `list[0]` for an item of another list. */
const keyPath = (path: string, key: string) =>
  /^[\w$@-]+$/.test(key) ? (path ? `${path}.${key}` : key) : `${path}[${JSON.stringify(key)}]`;
const namePath = (path: string, name: string) => `${path}[${name}]`;

function parsePath(path: string): Array<{ key: string } | { name: string }> {
  const out: Array<{ key: string } | { name: string }> = [];
  for (const m of path.matchAll(/(?:^|\.)([\w$@-]+)|\[("(?:[^"\\]|\\.)*")\]|\[([^\]]*)\]/g)) {
    if (m[1] !== undefined) out.push({ key: m[1] });
    else if (m[2] !== undefined) out.push({ key: JSON.parse(m[2]) });
    else out.push({ name: m[3] });
  }
  return out;
}

export interface Changes {
  set: Record<string, Json>;
  removed: string[];
  order: Record<string, string[]>;
}

/** What `after` changes in `before`, by path: values set (new or different), entries removed, lists reordered. */
export function changes(before: Json, after: Json): Changes {
  const out: Changes = { set: {}, removed: [], order: {} };
  const visit = (a: Json | undefined, b: Json | undefined, path: string) => {
    if (same(a, b)) return;
    if (a === undefined) {
      out.set[path] = b!;
      return;
    }
    if (b === undefined) {
      out.removed.push(path);
      return;
    }
    if (isObject(a) && isObject(b)) {
      for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) visit(a[key], b[key], keyPath(path, key));
    } else if (namedList(a) && namedList(b)) {
      const byName = (list: typeof a) => new Map(list.map((x) => [x.name, x] as const));
      const [from, to] = [byName(a), byName(b)];
      for (const name of new Set([...from.keys(), ...to.keys()]))
        visit(from.get(name), to.get(name), namePath(path, name));
      if (
        !same(
          a.map((x) => x.name),
          b.map((x) => x.name),
        )
      )
        out.order[path] = b.map((x) => x.name);
    } else if (Array.isArray(a) && Array.isArray(b) && a.length === b.length && !namedList(a) && !namedList(b)) {
      // Same length: item by item, so the diff shows the one bound that changed, not the whole list.
      a.forEach((x, i) => visit(x, b[i], `${path}[${i}]`));
    } else out.set[path] = b;
  };
  visit(before, after, '');
  return out;
}

/** `before` with `diff` applied: the inverse of changes(), so entries can be shown to lose nothing. */
export function applyChanges(before: Json, diff: Changes): Json {
  const out = JSON.parse(JSON.stringify(before)) as Json;
  const step = (
    node: Json,
    segment: { key: string } | { name: string },
    create: boolean,
  ): { get(): Json | undefined; set(v: Json): void; remove(): void } => {
    if ('name' in segment && Array.isArray(node) && !namedList(node) && /^\d+$/.test(segment.name)) {
      const list = node as Json[];
      const i = Number(segment.name);
      return {
        get: () => list[i],
        set: (v) => {
          list[i] = v;
        },
        remove: () => {
          list.splice(i, 1);
        },
      };
    }
    if ('name' in segment) {
      const list = node as Array<Record<string, Json>>;
      const at = () => list.findIndex((x) => x.name === segment.name);
      return {
        get: () => list[at()],
        set: (v) => (at() >= 0 ? (list[at()] = v as Record<string, Json>) : list.push(v as Record<string, Json>)),
        remove: () => {
          if (at() >= 0) list.splice(at(), 1);
        },
      };
    }
    const obj = node as Record<string, Json>;
    if (create && obj[segment.key] === undefined) obj[segment.key] = {};
    return {
      get: () => obj[segment.key],
      set: (v) => {
        obj[segment.key] = v;
      },
      remove: () => {
        delete obj[segment.key];
      },
    };
  };
  const at = (path: string) => {
    const segments = parsePath(path);
    let node = out;
    for (const segment of segments.slice(0, -1)) node = step(node, segment, true).get()!;
    return step(node, segments[segments.length - 1], false);
  };
  for (const path of diff.removed) at(path).remove();
  for (const [path, value] of Object.entries(diff.set)) at(path).set(JSON.parse(JSON.stringify(value)));
  for (const [path, names] of Object.entries(diff.order)) {
    const place = at(path);
    const list = place.get() as Array<{ name: string }>;
    place.set(names.map((n) => list.find((x) => x.name === n)!) as Json);
  }
  return out;
}

/** The resolved screen as plain JSON: no `undefined` members. Site and mode are the entry's name. */
function plain(screen: unknown, keepCase: boolean): Json {
  const { site, mode, ...rest } = JSON.parse(JSON.stringify(screen)) as Record<string, Json>;
  return keepCase ? { site, mode, ...rest } : rest;
}

function resolveCase(engine: Engine, screen: string, mode: Mode, input: ContextInput) {
  const empty = engine.resolve(screen, { ...input, mode });
  const defaults = Object.fromEntries(
    empty.fields.filter((f) => f.default !== undefined && f.default !== '').map((f) => [f.name, f.default]),
  );
  return engine.resolve(screen, { ...input, mode, form: { ...defaults, ...(input.form ?? {}) } });
}

const engineCache = new Map<string, Engine>();
function engineFor(site: SiteId, root: string): Engine {
  const key = `${root}\u0000${site}`;
  if (!engineCache.has(key)) engineCache.set(key, createEngine(loadDefinitionSetFromDisk(site, root)));
  return engineCache.get(key)!;
}

/**
 * The snapshot entries of one screen, by case name, in CASE_NAMES order. `root` is the definition tree
 * (a temporary copy in the layout test). Call it with the clock at SNAPSHOT_TIME.
 */
export function screenEntries(screen: string, root = PROJECT_ROOT): Map<string, Json> {
  return screenCases(screen, root).entries;
}

/** The entries and, for the layout test, each case's whole output (site and mode aside). */
export function screenCases(
  screen: string,
  root = PROJECT_ROOT,
): { entries: Map<string, Json>; outputs: Map<string, Json> } {
  const outputs = new Map<string, Json>();
  const entries = new Map<string, Json>();
  const recorded: Array<[name: string, changes: string]> = [];
  for (const site of siteIds(root)) {
    for (const mode of MODES) {
      for (const [name, input] of Object.entries(CASES)) {
        const id = caseName(site, mode, name);
        const resolved = resolveCase(engineFor(site, root), screen, mode, input);
        const output = plain(resolved, false);
        outputs.set(id, output);
        const twin = caseName(BASE_SITE, mode, name);
        if (site !== BASE_SITE && same(outputs.get(twin), output)) {
          entries.set(id, { 'same as': twin });
          continue;
        }
        const parent = parentOf(site, mode, name);
        if (!parent) {
          entries.set(id, plain(resolved, true));
          continue;
        }
        const diff = changes(outputs.get(parent)!, output);
        const text = JSON.stringify(diff);
        // Only generic's or the site's own earlier cases: a site's entries never depend on another site's.
        const earlier = recorded.find(([n, c]) => c === text && (siteOf(n) === site || siteOf(n) === BASE_SITE))?.[0];
        if (!Object.keys(diff.set).length && !diff.removed.length && !Object.keys(diff.order).length)
          entries.set(id, { 'same as': parent });
        else if (earlier) entries.set(id, { 'compared with': parent, 'same changes as': earlier });
        else {
          recorded.push([id, text]);
          entries.set(id, {
            'compared with': parent,
            ...(Object.keys(diff.set).length ? { set: diff.set } : {}),
            ...(diff.removed.length ? { removed: diff.removed } : {}),
            ...(Object.keys(diff.order).length ? { 'new order': diff.order } : {}),
          });
        }
      }
    }
  }
  return { entries, outputs };
}

/** Screens of the definitions on disk (every site has the same: overlays never add a screen). */
export function screenIds(root = PROJECT_ROOT): string[] {
  return engineFor(BASE_SITE, root).screenIds();
}

/** The test of one screen's snapshot file (<screen>.test.ts is this one line). */
export function snapshotScreen(screen: string): void {
  let entries: Map<string, Json>;
  beforeAll(() => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate'] });
    jest.setSystemTime(SNAPSHOT_TIME);
    entries = screenEntries(screen);
    jest.useRealTimers();
  });
  // The cases of sites this screen has snapshots of, and of the sites being recorded.
  const shown = new Set([...recordedSites(screen), ...RECORDING]);
  const names = CASE_NAMES.filter((name) => shown.has(siteOf(name)));
  test.each(names)('%s', (name) => {
    expect(entries.get(name)).toMatchSnapshot();
  });
}
