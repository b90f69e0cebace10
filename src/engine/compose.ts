// Composition: what definitions share instead of repeating, expanded into plain definitions before any site
// overlay is applied, so overlays, the linter, snapshots, the browser and the server all see the composed screen.
// - A fragment is a JSON file of screen-definitions/fragments/ (`value`: any JSON). `{"$use": "name"}` anywhere in
//   a definition, an overlay or another fragment stands for that value; keys beside "$use" are local overrides,
//   merged into the value with the overlay rules (objects merge, null removes, expressions replace whole).
// - A named expression is JSON Logic written once: shared in screen-definitions/expressions/<name>.json, or local
//   in a definition's `expressions`. `{"$expr": "name"}` stands for it wherever an expression may be.
// - A call may extend another of its screen: `"edit": {"extends": "add", ...its differences}`. Extension is
//   resolved after the overlay, so an overlay that changes `add` changes `edit` too (resolveExtends).
// Every mistake (unknown name, a cycle, an `extends` naming no call) is a problem with the file and JSON path
// where it is written; the linter reports them, the runtime refuses to build a set that has any.
import { childPath } from './jsonPath';
import { didYouMean } from './names';
import { mergePatch } from './overlay';
import type { Logic, ScreenDef } from './types';

export interface FragmentDoc {
  $schema?: string;
  description?: string;
  value: unknown;
}
export interface ExpressionDoc {
  $schema?: string;
  description?: string;
  expression: Logic;
}

/** The shared parts every definition may refer to, by name (the file name without .json). */
export interface SharedParts {
  fragments: Record<string, FragmentDoc>;
  expressions: Record<string, ExpressionDoc>;
}

export interface CompositionProblem {
  file: string;
  path: string;
  reason: string;
}

export const fragmentFile = (name: string) => `screen-definitions/fragments/${name}.json`;
export const expressionFile = (name: string) => `screen-definitions/expressions/${name}.json`;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const copy = <T>(v: T): T => (v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T));

/** Where an expansion is: its file, the names it is inside, and what the whole expansion shares (parts, problems). */
interface Scope {
  file: string;
  /** The definition's own named expressions (raw), and where they are written. */
  local: Record<string, Logic>;
  localFile: string;
  uses: string[];
  exprs: string[];
  shared: SharedParts;
  /** Problems found, pushed with the file they are written in. */
  problems: CompositionProblem[];
}

/**
 * Expands every `$use` and `$expr` of a tree. `local` are the named expressions of the definition the tree belongs
 * to (an overlay sees its base definition's). Problems are pushed with the file they are written in.
 */
export function expandTree(
  tree: unknown,
  file: string,
  shared: SharedParts,
  local: Record<string, Logic> = {},
  problems: CompositionProblem[] = [],
  localFile = file,
): unknown {
  return expand(tree, '$', { file, local, localFile, uses: [], exprs: [], shared, problems });
}

function expand(node: unknown, path: string, scope: Scope): unknown {
  if (Array.isArray(node)) return node.map((v, i) => expand(v, childPath(path, i), scope));
  if (!isObject(node)) return node;
  if ('$expr' in node) return expandExpression(node, path, scope);
  if ('$use' in node) return expandUse(node, path, scope);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) out[k] = expand(v, childPath(path, k), scope);
  return out;
}

function expandUse(node: Record<string, unknown>, path: string, scope: Scope): unknown {
  const { shared, problems } = scope;
  const { $use: name, ...overrides } = node;
  const local = Object.keys(overrides).length ? expand(overrides, path, scope) : undefined;
  const at = childPath(path, '$use');
  if (typeof name !== 'string') {
    problems.push({ file: scope.file, path: at, reason: '"$use" names a fragment: a string' });
    return local ?? {};
  }
  const fragment = shared.fragments[name];
  if (!fragment) {
    problems.push({
      file: scope.file,
      path: at,
      reason: `unknown fragment "${name}" (no ${fragmentFile(name)})${didYouMean(name, Object.keys(shared.fragments))}`,
    });
    return local ?? {};
  }
  if (scope.uses.includes(name)) {
    problems.push({
      file: scope.file,
      path: at,
      reason: `"$use" cycle: ${[...scope.uses, name].join(' -> ')} (a fragment cannot contain itself)`,
    });
    return local ?? {};
  }
  const value = expand(copy(fragment.value), '$.value', {
    ...scope,
    file: fragmentFile(name),
    uses: [...scope.uses, name],
  });
  if (local === undefined) return value;
  if (!isObject(value)) {
    problems.push({
      file: scope.file,
      path: at,
      reason: `fragment "${name}" is not an object, so keys beside "$use" cannot change it`,
    });
    return value;
  }
  return mergePatch(value, local);
}

function expandExpression(node: Record<string, unknown>, path: string, scope: Scope): unknown {
  const { shared, problems } = scope;
  const name = node.$expr;
  const at = childPath(path, '$expr');
  if (Object.keys(node).length !== 1) {
    problems.push({
      file: scope.file,
      path,
      reason: '{"$expr": name} stands alone: an expression cannot be changed in place (write another one)',
    });
  }
  if (typeof name !== 'string') {
    problems.push({ file: scope.file, path: at, reason: '"$expr" names an expression: a string' });
    return null;
  }
  const isLocal = Object.prototype.hasOwnProperty.call(scope.local, name);
  const written = isLocal ? scope.local[name] : shared.expressions[name]?.expression;
  if (written === undefined) {
    const known = [...Object.keys(scope.local), ...Object.keys(shared.expressions)];
    problems.push({
      file: scope.file,
      path: at,
      reason: `unknown named expression "${name}" (neither in this definition's "expressions" nor ${expressionFile(name)})${didYouMean(name, known)}`,
    });
    return null;
  }
  if (scope.exprs.includes(name)) {
    problems.push({
      file: scope.file,
      path: at,
      reason: `"$expr" cycle: ${[...scope.exprs, name].join(' -> ')} (an expression cannot contain itself)`,
    });
    return null;
  }
  const inner: Scope = isLocal
    ? { ...scope, file: scope.localFile, exprs: [...scope.exprs, name] }
    : { ...scope, file: expressionFile(name), local: {}, exprs: [...scope.exprs, name] };
  return expand(copy(written), isLocal ? `$.expressions.${name}` : '$.expression', inner);
}

/**
 * A base definition composed: its fragments and named expressions expanded (its own `expressions` dropped,
 * since every use now holds the expression). Calls keep `extends` until resolveExtends, after the overlay.
 */
export function composeDefinition(
  def: ScreenDef,
  file: string,
  shared: SharedParts,
  problems: CompositionProblem[] = [],
): ScreenDef {
  const { expressions = {}, ...rest } = def as ScreenDef & { expressions?: Record<string, Logic> };
  return expandTree(rest, file, shared, expressions, problems) as ScreenDef;
}

/** The named expressions a definition declares (an overlay of it may use them too). */
export const localExpressions = (def: ScreenDef): Record<string, Logic> =>
  (def as { expressions?: Record<string, Logic> }).expressions ?? {};

/**
 * Calls that extend another: the other call (itself resolved first) with the differences merged in by the overlay
 * rules, so `null` removes an inherited payload entry. `extends` is gone from the result.
 */
export function resolveExtends(def: ScreenDef, file: string, problems: CompositionProblem[] = []): ScreenDef {
  const calls = def.calls;
  if (!calls || !Object.values(calls).some((c) => isObject(c) && 'extends' in c)) return def;
  const done: Record<string, unknown> = {};
  const resolveCall = (name: string, chain: string[]): unknown => {
    if (name in done) return done[name];
    const call = calls[name] as unknown as Record<string, unknown>;
    if (!isObject(call) || !('extends' in call)) return (done[name] = call);
    const { extends: parent, ...diff } = call;
    const at = `$.calls.${name}.extends`;
    let result: unknown = diff;
    if (typeof parent !== 'string' || !(parent in calls)) {
      problems.push({
        file,
        path: at,
        reason: `extends ${JSON.stringify(parent)}, which is not a call of this screen${typeof parent === 'string' ? didYouMean(parent, Object.keys(calls)) : ''}`,
      });
    } else if (chain.includes(parent)) {
      problems.push({ file, path: at, reason: `"extends" cycle: ${[...chain, parent].join(' -> ')}` });
    } else {
      result = mergePatch(resolveCall(parent, [...chain, parent]), diff, 'call');
    }
    return (done[name] = result);
  };
  const out: Record<string, unknown> = {};
  for (const name of Object.keys(calls)) out[name] = resolveCall(name, [name]);
  return { ...def, calls: out as ScreenDef['calls'] };
}
