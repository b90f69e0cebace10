// The text of a message key, the same in the browser (src/ui/i18n.tsx) and in the server's answers
// (src/server/http/messages.ts): the key's text in the language, else in English, else the key itself;
// {name} parameters filled in. Plural forms: with a numeric `count` parameter, `<key>_<form>` (the language's
// CLDR plural category: 'one' for 1 in English; Chinese has only 'other') wins over `<key>`, so
// "ToneMaintenance.confirmBatchDelete_one" says "Delete the selected tone?" where the key itself says
// "Delete the {count} selected tones?". Imported by path (not through the engine index) to stay small.
export type Catalogue = Record<string, string | undefined>;

const rules = new Map<string, Intl.PluralRules>();
function pluralForm(language: string, count: number): string {
  let r = rules.get(language);
  if (!r) rules.set(language, (r = new Intl.PluralRules(language)));
  return r.select(count);
}

export function messageText(catalogues: { language: string; own: Catalogue; fallback: Catalogue }, key: string, params?: Record<string, unknown>): string {
  const count = params?.count;
  const candidates = typeof count === 'number' && Number.isFinite(count) ? [`${key}_${pluralForm(catalogues.language, count)}`, key] : [key];
  // The language's own forms first: an English plural form must not stand in for a Chinese text.
  const text = candidates.map((k) => catalogues.own[k]).find((v) => v !== undefined)
    ?? candidates.map((k) => catalogues.fallback[k]).find((v) => v !== undefined)
    ?? key;
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (params[name] === undefined ? whole : String(params[name])));
}
