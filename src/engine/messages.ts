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

/**
 * The limits a schema node states, as message parameters ({min}, {max}, {decimals}, list rules' {max}, {itemMax});
 * numeric bounds with the node's boundDecimals as text ('0.00').
 */
export function nodeParams(node: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [keyword, name] of Object.entries(LIMIT_PARAMS)) {
    if (typeof node[keyword] === 'number' && out[name] === undefined) out[name] = node[keyword];
  }
  // Bounds written with the decimals the node names (boundDecimals: a price range's '0.00' and '10.00').
  const decimals = node.boundDecimals;
  if (typeof decimals === 'number' && decimals >= 0 && decimals <= 20) {
    if (typeof node.numericMinimum === 'number') out.min = node.numericMinimum.toFixed(decimals);
    if (typeof node.numericMaximum === 'number') out.max = node.numericMaximum.toFixed(decimals);
  }
  const split = node.splitItems as { maxItems?: unknown; itemMaxLength?: unknown } | undefined;
  if (split && typeof split === 'object') {
    if (typeof split.maxItems === 'number') out.max = split.maxItems;
    if (typeof split.itemMaxLength === 'number') out.itemMax = split.itemMaxLength;
  }
  return out;
}

/**
 * A quantity written as text, as configuration values and sizes arrive ('10.00', '365', '10 MB'). Codes and ids
 * are longer (a tone code, an account, a phone number: 7 digits and more) and keep their Latin digits, as the
 * provider types and searches them.
 */
const QUANTITY = /^-?\d{1,6}(\.\d+)?( ?[A-Za-z%]{1,3})?$/;
/** A time of day ('5:00', '23:30', the hours of the write window): written in the language's digits too. */
const CLOCK = /^\d{1,2}:\d{2}$/;

/** How a language writes the values it is given: its digits, and whether its text runs right to left. */
export interface Writing {
  numerals?: string;
  rtl?: boolean;
}

/** A parameter as text: lists read as "a, b, c"; a quantity in the language's digits; anything else as itself. */
function paramText(value: unknown, writing: Writing): string {
  if (Array.isArray(value)) return value.map((v) => paramText(v, { numerals: writing.numerals })).join(', ');
  const text = String(value);
  const quantity =
    typeof value === 'number' || (typeof value === 'string' && (QUANTITY.test(value) || CLOCK.test(value)));
  if (quantity) return localDigits(text, writing.numerals);
  // Right to left, a value (a file name, ".jpg, .png", a tone code) is set apart from the sentence around it
  // (Unicode first-strong isolate), so it reads in its own direction and its punctuation stays where it belongs.
  return writing.rtl && text !== '' ? `\u2068${text}\u2069` : text;
}

/** Fills {name} parameters of a text; a parameter that was not given stays visible as {name}. */
export function fillMessage(text: string, params?: Record<string, unknown>, writing: Writing = {}): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name) =>
    params[name] === undefined || params[name] === null ? whole : paramText(params[name], writing),
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
  catalogues: { language: string; own: Catalogue; fallback?: Catalogue } & Writing,
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
  return fillMessage(text, params, { numerals: catalogues.numerals, rtl: catalogues.rtl });
}
