// A message that names a limit must name the one its schema node has. "At most 1024 characters." written for a
// maxLength of 1024 goes on saying 1024 when an overlay lowers the field to 64, and the provider is told a limit
// that is not the one refusing the text. Messages receive their node's limits as {min}, {max}, {decimals}
// (messages.ts nodeParams): a number in a message's text must be one of the limits of every node it is used for.
import { childPath } from './jsonPath';
import { latinDigits } from './languages';
import { nodeParams } from './messages';
import type { PathProblem } from './lintSchemas';

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Keywords whose value holds schemas: a schema, a list of them, or a map of them. */
const SUBSCHEMAS = ['items', 'allOf', 'anyOf', 'oneOf', 'not', 'if', 'then', 'else', 'contains', 'prefixItems'];
const SCHEMA_MAPS = ['properties', 'patternProperties'];

/** The numbers a text names, whatever digits it writes them in; {placeholders} aside. */
export function numbersIn(text: string): number[] {
  return [...latinDigits(text.replace(/\{\w+\}/g, ' ')).matchAll(/\d+(?:\.\d+)?/g)].map((m) => Number(m[0]));
}

/**
 * Problems of the messages in a field's (resolved) schema: each node's own `message` and `messages`, and the
 * field's `messages` for the keywords of nodes without their own. `texts` are the catalogues (language -> key ->
 * text) whose texts are read.
 */
export function messageLimitProblems(
  schema: unknown,
  fieldMessages: Record<string, string> | undefined,
  texts: Record<string, Record<string, unknown>>,
  path: string,
): PathProblem[] {
  const out: PathProblem[] = [];
  const visit = (node: unknown, at: string) => {
    if (Array.isArray(node)) return node.forEach((n, i) => visit(n, childPath(at, i)));
    if (!isNode(node)) return;
    const limits = nodeParams(node);
    const values = Object.values(limits).filter((v): v is number => typeof v === 'number');
    if (values.length > 0) {
      const own = node.messages as Record<string, string> | undefined;
      const keys = new Set<string>();
      if (typeof node.message === 'string') keys.add(node.message);
      for (const keyword of Object.keys(node)) {
        const key = (isNode(own) ? own[keyword] : undefined) ?? (node.message ? undefined : fieldMessages?.[keyword]);
        if (typeof key === 'string' && keyword in LIMIT_KEYWORDS) keys.add(key);
      }
      for (const key of keys) {
        const wrong = new Map<string, number[]>();
        for (const [language, catalogue] of Object.entries(texts)) {
          const text = catalogue[key];
          if (typeof text !== 'string') continue;
          const named = numbersIn(text).filter((n) => !values.includes(n));
          if (named.length) wrong.set(language, named);
        }
        if (wrong.size === 0) continue;
        const said = [...new Set([...wrong.values()].flat())].join(', ');
        const where = [...wrong.keys()].map((l) => `i18n/${l}.json`).join(', ');
        const actual = Object.entries(limits)
          .filter(([, v]) => typeof v === 'number')
          .map(([name, v]) => `{${name}} = ${v}`)
          .join(', ');
        out.push({
          path: at,
          reason: `message "${key}" says ${said} (${where}), but this schema's limits are ${actual}: write the placeholder instead of the number, so the message follows the limit`,
        });
      }
    }
    for (const k of SUBSCHEMAS) if (k in node) visit(node[k], childPath(at, k));
    for (const k of SCHEMA_MAPS)
      if (isNode(node[k]))
        for (const [name, sub] of Object.entries(node[k] as Node)) visit(sub, childPath(childPath(at, k), name));
  };
  visit(schema, path);
  return out;
}

/** The keywords whose refusal a message about a limit answers. */
const LIMIT_KEYWORDS: Record<string, true> = {
  minLength: true,
  maxLength: true,
  minimum: true,
  maximum: true,
  numericMinimum: true,
  numericMaximum: true,
  minItems: true,
  maxItems: true,
  maxDecimals: true,
  splitItems: true,
};
