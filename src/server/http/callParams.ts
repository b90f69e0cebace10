// Parameters of a route that a screen's call sends: the keys of that call's payload in every site's definition
// (overlays may add some), so the route takes what the definition sends and nothing has to be listed twice.
// Shapes: `known` (e.g. a record's fields, records/fieldMap.ts) or any short scalar; a parameter the call sends as
// a constant or a choice between constants on every site ("uploadType": {"if": [..., 2, 1]}) takes only those
// values (http/contract.ts). The values' other rules are the screen's, checked through the engine (validation.ts).
import { siteIds } from '../../engine/fsLoader';
import { typed, type TSchema } from './schemas';
import { engineFor } from '../validation';
import { mappingValues } from './contract';

const SCALAR = typed<string | number | boolean>({
  anyOf: [{ type: 'string', maxLength: 16384 }, { type: 'number' }, { type: 'boolean' }],
});

/**
 * The parameters a handler gets from a call whose keys callParams derived: which keys arrive is the definitions'
 * (and their site overlays') to say, not TypeScript's, so it is a record of unknown values that the services narrow
 * where they read one (the schema has checked each is a short scalar or the shape `known` gave it).
 */
export type DefinitionParams = Record<string, unknown>;

export function callParams(screen: string, call: string, known: Record<string, TSchema> = {}): Record<string, TSchema> {
  const mappings = new Map<string, unknown[]>();
  for (const site of siteIds()) {
    const def = engineFor(site).definition(screen).calls?.[call];
    if (!def) throw new Error(`screen "${screen}" has no call "${call}" on site "${site}"`);
    for (const [key, mapping] of Object.entries(def.payload ?? {}))
      mappings.set(key, [...(mappings.get(key) ?? []), mapping]);
  }
  return Object.fromEntries(
    [...mappings.keys()].sort().map((name) => {
      const values = mappings.get(name)!.map(mappingValues);
      const choices = values.every((v) => v !== undefined) ? [...new Set(values.flat() as string[])].sort() : undefined;
      const shape = known[name] ?? SCALAR;
      return [name, choices ? typed<string>({ ...(shape.anyOf ? { type: 'string' } : shape), enum: choices }) : shape];
    }),
  );
}
