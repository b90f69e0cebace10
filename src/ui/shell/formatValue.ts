// Display of a resolved display field's value: catalogue keys translated when the definition says so
// (ui.translate) or by value (ui.labels), dates in the user's locale (ui.format), '----' for empty values (000 §3).
import type { ResolvedField } from '../../engine/types';
import { languageInfo, type Language } from '../i18n';

/**
 * A moment in the language's conventions (i18n/languages.json: its locale and digits), in the Persian calendar
 * where the site uses it (support_persian_calendar '1') and the Gregorian one elsewhere, whatever the locale's
 * own default calendar is (fa-IR's is Persian).
 */
export function formatMoment(
  date: Date,
  opts: Intl.DateTimeFormatOptions,
  language: Language,
  config: Record<string, string> = {},
): string {
  const { locale, numerals } = languageInfo(language);
  const calendar = config.support_persian_calendar === '1' ? 'persian' : 'gregory';
  return new Intl.DateTimeFormat(`${locale}-u-ca-${calendar}-nu-${numerals}`, opts).format(date);
}

export function formatValue(
  field: ResolvedField,
  value: unknown,
  t: (k: string) => string,
  language: Language,
  config?: Record<string, string>,
): string {
  return formatByUi(field.ui ?? {}, value, t, language, config);
}

/** The same from the display keys alone (translate, labels, format): a value that is not a resolved field's. */
export function formatByUi(
  ui: Record<string, unknown>,
  value: unknown,
  t: (k: string) => string,
  language: Language,
  config?: Record<string, string>,
): string {
  if (value === undefined || value === null || value === '') return '----';
  if (ui.translate) return t(String(value));
  const labels = ui.labels as Record<string, string> | undefined;
  if (labels?.[String(value)]) return t(labels[String(value)]);
  if (ui.format === 'datetime' || ui.format === 'date') {
    const d = new Date(String(value));
    if (!Number.isNaN(d.getTime())) {
      const opts: Intl.DateTimeFormatOptions =
        ui.format === 'date' ? { dateStyle: 'medium' } : { dateStyle: 'medium', timeStyle: 'short' };
      return formatMoment(d, opts, language, config);
    }
  }
  return String(value);
}
