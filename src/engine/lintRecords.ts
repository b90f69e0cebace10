// The records (screen-definitions/records/<entity>.json) as the linter sees them: each against its JSON Schema.
import type { ValidateFunction } from 'ajv';
import type { Problem } from './lint';
import type { DefinitionSources } from './sources';

export function recordProblems(sources: DefinitionSources, validate: ValidateFunction | undefined, _catalogues: Record<string, Record<string, string>>): Problem[] {
  const out: Problem[] = [];
  for (const [name, doc] of Object.entries(sources.records)) {
    const file = `screen-definitions/records/${name}.json`;
    if (validate && !validate(doc)) for (const e of validate.errors ?? []) out.push({ file, path: `$${e.instancePath.replace(/\//g, '.')}`, reason: e.message ?? e.keyword });
  }
  return out;
}
