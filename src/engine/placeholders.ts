// Configuration placeholders inside schemas: {"$config": "max_tone_price", "as": "number"} is replaced by the
// operator's value at run time, before the schema is compiled. An unset key removes the keyword that held it,
// so a rule the operator did not configure does not apply (an empty rule_valid_name forbids nothing).
import { evaluate } from './logic';
import { decimalPlaces } from './numbers';
import type { Config } from './types';

export type PlaceholderTransform = 'text' | 'number' | 'decimalPlaces' | 'pipeList' | 'integer';

export const PLACEHOLDER_TRANSFORMS: readonly PlaceholderTransform[] = [
  'text',
  'number',
  'decimalPlaces',
  'pipeList',
  'integer',
];

const REMOVED = Symbol('removed');

function transform(raw: string | undefined, as: PlaceholderTransform = 'text'): unknown {
  if (raw === undefined || raw === null || raw === '') return REMOVED;
  switch (as) {
    case 'number':
    case 'integer': {
      const n = Number(raw);
      if (Number.isNaN(n)) return REMOVED;
      return as === 'integer' ? Math.trunc(n) : n;
    }
    case 'decimalPlaces':
      return decimalPlaces(raw);
    case 'pipeList':
      return raw
        .split('|')
        .map((s) => s.trim())
        .filter(Boolean);
    default:
      return raw;
  }
}

export function isConfigPlaceholder(value: unknown): value is { $config: string; as?: PlaceholderTransform } {
  return (
    typeof value === 'object' && value !== null && !Array.isArray(value) && typeof (value as any).$config === 'string'
  );
}

export function isLogicPlaceholder(value: unknown): value is { $logic: unknown } {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && '$logic' in value;
}

/**
 * Returns a copy of `tree` with every {"$config"} and {"$logic"} node replaced by its value.
 * Keys whose value resolves to nothing are dropped from their object.
 */
export function resolvePlaceholders<T>(tree: T, config: Config, data: object): T {
  const walk = (node: unknown): unknown => {
    if (isConfigPlaceholder(node)) return transform(config[node.$config], node.as);
    if (isLogicPlaceholder(node)) {
      const v = evaluate(node.$logic, data);
      return v === undefined || v === null ? REMOVED : v;
    }
    if (Array.isArray(node)) return node.map(walk).filter((v) => v !== REMOVED);
    if (node && typeof node === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(node)) {
        const r = walk(v);
        if (r !== REMOVED) out[k] = r;
      }
      return out;
    }
    return node;
  };
  const result = walk(tree);
  return (result === REMOVED ? undefined : result) as T;
}

/**
 * Every configuration key a tree refers to ({"$config": k}, {"var": "config.k"}, or "fromConfig": k of option
 * lists and expanded fields) and where, for the linter.
 */
export function configKeyUses(
  tree: unknown,
  path = '$',
  found: Array<{ key: string; path: string }> = [],
): Array<{ key: string; path: string }> {
  if (isConfigPlaceholder(tree)) found.push({ key: tree.$config, path: `${path}.$config` });
  else if (Array.isArray(tree)) tree.forEach((v, i) => configKeyUses(v, `${path}[${i}]`, found));
  else if (tree && typeof tree === 'object') {
    for (const [k, v] of Object.entries(tree)) {
      const name = k === 'var' ? (Array.isArray(v) ? v[0] : v) : undefined;
      if (typeof name === 'string' && name.startsWith('config.'))
        found.push({ key: name.slice('config.'.length).split('.')[0], path: `${path}.${k}` });
      else if (k === 'fromConfig' && typeof v === 'string') found.push({ key: v, path: `${path}.${k}` });
      else configKeyUses(v, `${path}.${k}`, found);
    }
  }
  return found;
}
