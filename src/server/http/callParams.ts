// Parameters of a route that a screen's call sends: the keys of that call's payload in every site's definition
// (overlays may add some), so the route takes what the definition sends and nothing has to be listed twice.
// Shapes: `known` (e.g. a record's fields, records/fieldMap.ts) or any short scalar; the values' rules are the
// screen's, checked through the engine (validation.ts).
import { siteIds } from '../../engine/fsLoader';
import type { JsonSchema } from '../routes';
import { engineFor } from '../validation';

const SCALAR: JsonSchema = { anyOf: [{ type: 'string', maxLength: 16384 }, { type: 'number' }, { type: 'boolean' }] };

export function callParams(
  screen: string,
  call: string,
  known: Record<string, JsonSchema> = {},
): Record<string, JsonSchema> {
  const names = new Set<string>();
  for (const site of siteIds()) {
    const def = engineFor(site).definition(screen).calls?.[call];
    if (!def) throw new Error(`screen "${screen}" has no call "${call}" on site "${site}"`);
    for (const key of Object.keys(def.payload ?? {})) names.add(key);
  }
  return Object.fromEntries([...names].sort().map((name) => [name, known[name] ?? SCALAR]));
}
