// The price unit (001 §9: "price unit comes from configuration per language"): price_unit holds 'language:unit'
// items separated by '|', an item without 'language:' being the unit of every other language ('KES|zh:肯尼亚先令').
// Each configured value is read once, whatever the number of prices, screens and renders that show it.
import type { Config } from './types';

const parsed = new Map<string, ReadonlyMap<string, string>>();

/** The units of a price_unit value by language ('' for every other language), read once per value. */
export function priceUnits(raw: string | undefined): ReadonlyMap<string, string> {
  const text = raw ?? '';
  let units = parsed.get(text);
  if (!units) {
    const out = new Map<string, string>();
    for (const item of text.split('|')) {
      const colon = item.indexOf(':');
      const language = colon < 0 ? '' : item.slice(0, colon).trim();
      const unit = item.slice(colon + 1).trim();
      if (unit && !out.has(language)) out.set(language, unit);
    }
    if (parsed.size > 100) parsed.clear(); // a handful of values in practice (one per site and operator change)
    parsed.set(text, (units = out));
  }
  return units;
}

/** The unit a price shows in this language ('' when the configuration sets none). */
export function priceUnit(config: Config, language: string): string {
  const units = priceUnits(config.price_unit);
  return units.get(language) ?? units.get('') ?? '';
}
