// Shared field rules (schemas/rules.json): named JSON Schema fragments, each with its message keys. A field
// lists the rules it follows by name; they are merged into its schema with allOf.
import type { JsonSchema } from './types';

export interface RuleDef {
  description: string;
  schema: JsonSchema;
}
export interface RulesDoc {
  $schema?: string;
  rules: Record<string, RuleDef>;
}

export function expandRules(schema: JsonSchema, ruleNames: string[] | undefined, rules: RulesDoc): JsonSchema {
  if (!ruleNames || ruleNames.length === 0) return schema;
  const fragments = ruleNames.map((name) => {
    const rule = rules.rules[name];
    if (!rule) throw new Error(`unknown rule "${name}"`);
    return rule.schema;
  });
  const allOf = [...((schema.allOf as JsonSchema[]) ?? []), ...fragments];
  return { ...schema, allOf };
}
