// Message texts and their parameters, shared by the browser (src/ui/i18n.tsx), the server's answers
// (src/server/http/messages.ts) and the tests: one way to pick and fill a catalogue text, and one way to learn
// the values a rule's message may name. A schema node that carries a
// message also carries its limits, so a message can say "between {min} and {max}" whichever bound failed,
// and an overlay that changes a limit changes what the message says with it.
import { localDigits } from './languages';

/** Keyword of a schema node -> the parameter name its value fills in that node's messages. */
const LIMIT_PARAMS: Record<string, string> = {
  minLength: 'min',
  maxLength: 'max',
  numericMinimum: 'min',
  numericMaximum: 'max',
  minimum: 'min',
  maximum: 'max',
  minItems: 'min',
  maxItems: 'max',
  maxDecimals: 'decimals',
};

/** The limits a schema node states, as message parameters ({min}, {max}, {decimals}, list rules' {max}, {itemMax}). */
export function nodeParams(node: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [keyword, name] of Object.entries(LIMIT_PARAMS)) {
    if (typeof node[keyword] === 'number' && out[name] === undefined) out[name] = node[keyword];
  }
  const split = node.splitItems as { maxItems?: unknown; itemMaxLength?: unknown } | undefined;
  if (split && typeof split === 'object') {
    if (typeof split.maxItems === 'number') out.max = split.maxItems;
    if (typeof split.itemMaxLength === 'number') out.itemMax = split.itemMaxLength;
  }
  return out;
}

/** A parameter as text: lists read as "a, b, c"; a number in the language's digits; anything else as itself. */
function paramText(value: unknown, numerals?: string): string {
  if (Array.isArray(value)) return value.map((v) => paramText(v, numerals)).join(', ');
  // Numbers (limits, counts, line numbers) read in the language's digits; text (codes, names) stays as it is.
  return typeof value === 'number' ? localDigits(String(value), numerals) : String(value);
}

/** Fills {name} parameters of a text; a parameter that was not given stays visible as {name}. */
export function fillMessage(text: string, params?: Record<string, unknown>, numerals?: string): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name) =>
    params[name] === undefined || params[name] === null ? whole : paramText(params[name], numerals),
  );
}

export type Catalogue = Record<string, string | undefined>;

const pluralRules = new Map<string, Intl.PluralRules>();
function pluralForm(language: string, count: number): string {
  let r = pluralRules.get(language);
  if (!r) pluralRules.set(language, (r = new Intl.PluralRules(language)));
  return r.select(count);
}

/**
 * The text of a message key: the key's text in the language's catalogue (usually already resolved along its
 * fallback chain, languages.ts), else in `fallback`, else the key itself; {name}
 * parameters filled in. Plural forms: with a numeric `count` parameter, `<key>_<form>` (the language's CLDR
 * plural category: 'one' for 1 in English; Chinese has only 'other') wins over `<key>`, so
 * "ToneMaintenance.confirmBatchDelete_one" says "Delete the selected tone?" where the key itself says
 * "Delete the {count} selected tones?".
 */
export function messageText(
  catalogues: { language: string; own: Catalogue; fallback?: Catalogue; numerals?: string },
  key: string,
  params?: Record<string, unknown>,
): string {
  const count = params?.count;
  const candidates =
    typeof count === 'number' && Number.isFinite(count)
      ? [`${key}_${pluralForm(catalogues.language, count)}`, key]
      : [key];
  // The language's own forms first: an English plural form must not stand in for a Chinese text.
  const text =
    candidates.map((k) => catalogues.own[k]).find((v) => v !== undefined) ??
    candidates.map((k) => catalogues.fallback?.[k]).find((v) => v !== undefined) ??
    key;
  return fillMessage(text, params, catalogues.numerals);
}
