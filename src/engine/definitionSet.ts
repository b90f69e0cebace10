// A site's definition set: every base screen definition composed (fragments and named expressions expanded,
// compose.ts), the site's overlay applied, then calls that extend another resolved; the shared rules, named
// expressions and records; and the site's configuration from its files (schema defaults, then generic, then the
// site's own). Built from plain objects (sources.ts), so the browser (bundled JSON) and Node (files on disk, see
// fsLoader.ts) share it.
import { composeDefinition, expandTree, localExpressions, resolveExtends, type CompositionProblem } from './compose';
import { applyOverlay } from './overlay';
import type { RecordDoc } from './records';
import type { RulesDoc } from './rules';
import { fileConfigOf, screenFileOf, type DefinitionSources } from './sources';
import type { Config, Logic, Overlay, ScreenDef, SiteId } from './types';

export type { DefinitionSources } from './sources';

export interface DefinitionSet {
  site: SiteId;
  screens: Record<string, ScreenDef>;
  rules: RulesDoc;
  /** The shared named expressions (screen-definitions/expressions/) composed, for code that evaluates one by name. */
  expressions: Record<string, Logic>;
  records: Record<string, RecordDoc>;
  /** Configuration of the site from its files: schema defaults, then generic, then the site's own values. */
  config: Config;
  /**
   * Every call path the base definitions declare, before any overlay: the calls that belong to screens, which the
   * capability gate closes when none of its open screens makes them (src/engine/gate.ts).
   */
  declaredCalls: string[];
}

interface Composed {
  screens: Record<string, ScreenDef>;
  expressions: Record<string, Logic>;
}

/** The base definitions and shared expressions composed, once per set of sources (every site starts from the same). */
const composedSources = new WeakMap<DefinitionSources, Composed>();
function composed(sources: DefinitionSources): Composed {
  let out = composedSources.get(sources);
  if (!out) {
    const problems: CompositionProblem[] = [];
    out = {
      screens: Object.fromEntries(
        Object.entries(sources.screens).map(([id, def]) => [
          id,
          composeDefinition(def, screenFileOf(sources, id), sources, problems),
        ]),
      ),
      expressions: Object.fromEntries(
        Object.keys(sources.expressions).map((name) => [
          name,
          expandTree({ $expr: name }, 'code', sources, {}, problems),
        ]),
      ),
    };
    refuse(problems);
    composedSources.set(sources, out);
  }
  return out;
}

/** A definition that does not compose cannot be served: `npm run definitions -- validate` says where and why. */
function refuse(problems: CompositionProblem[]) {
  if (problems.length)
    throw new Error(
      `the definitions do not compose:\n${problems.map((p) => `${p.file}: ${p.path}: ${p.reason}`).join('\n')}`,
    );
}

/** One screen as a site sees it: the composed base, the site's composed overlay, extended calls resolved. */
export function siteScreen(
  sources: DefinitionSources,
  id: string,
  base: ScreenDef,
  overlay: Overlay | undefined,
  site: SiteId,
  problems: CompositionProblem[] = [],
): ScreenDef {
  const composedOverlay = overlay
    ? (expandTree(
        overlay,
        `site-variants/${site}/${id}.json`,
        sources,
        localExpressions(sources.screens[id] ?? base),
        problems,
        screenFileOf(sources, id),
      ) as Overlay)
    : undefined;
  return resolveExtends(
    withoutOrphanedCalls(base, applyOverlay(base, composedOverlay)),
    overlay ? `site-variants/${site}/${id}.json` : screenFileOf(sources, id),
    problems,
  );
}

/** The call names a part of a definition sends: every `call` key (actions, options, fills, checks) and `progress`. */
function callsSent(tree: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(tree)) tree.forEach((t) => callsSent(t, out));
  else if (tree && typeof tree === 'object')
    for (const [k, v] of Object.entries(tree)) {
      if ((k === 'call' || k === 'progress') && typeof v === 'string') out.add(v);
      else callsSent(v, out);
    }
  return out;
}

/**
 * Removing an action removes the calls only it sent: a call the base's actions send that nothing of the overlaid
 * screen sends any more goes with them, so the site's screen no longer declares it (an overlay that removes Export
 * closes sp/exporttone on that site).
 */
function withoutOrphanedCalls(base: ScreenDef, overlaid: ScreenDef): ScreenDef {
  if (!overlaid.calls) return overlaid;
  const byBaseActions = callsSent(base.actions ?? {});
  const { calls: _calls, ...rest } = overlaid;
  const stillSent = callsSent(rest);
  const orphaned = Object.keys(overlaid.calls).filter((name) => byBaseActions.has(name) && !stillSent.has(name));
  if (!orphaned.length) return overlaid;
  return {
    ...overlaid,
    calls: Object.fromEntries(Object.entries(overlaid.calls).filter(([n]) => !orphaned.includes(n))),
  };
}

export function buildDefinitionSet(sources: DefinitionSources, site: SiteId): DefinitionSet {
  if (!sources.sites.includes(site)) throw new Error(`unknown site "${site}" (sites: ${sources.sites.join(', ')})`);
  const overlays = sources.overlays[site] ?? {};
  const problems: CompositionProblem[] = [];
  const screens: Record<string, ScreenDef> = {};
  const { screens: bases, expressions } = composed(sources);
  for (const [id, base] of Object.entries(bases))
    screens[id] = siteScreen(sources, id, base, overlays[id], site, problems);
  refuse(problems);
  return {
    site,
    screens,
    rules: sources.rules,
    expressions,
    records: sources.records,
    config: fileConfigOf(sources, site),
    declaredCalls: [...new Set(Object.values(bases).flatMap((d) => Object.values(d.calls ?? {}).map((c) => c.path)))],
  };
}
