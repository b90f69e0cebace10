// Display of a resolved display field's value: catalogue keys translated when the definition says so
// (ui.translate), dates in the user's locale (ui.format), '----' for empty values (000 §3).
import type { ResolvedField } from '../../engine/types';

export function formatValue(field: ResolvedField, value: unknown, t: (k: string) => string, language: string): string {
  if (value === undefined || value === null || value === '') return '----';
  const ui = field.ui ?? {};
  if (ui.translate) return t(String(value));
  if (ui.format === 'datetime' || ui.format === 'date') {
    const d = new Date(String(value));
    if (!Number.isNaN(d.getTime())) {
      const opts: Intl.DateTimeFormatOptions =
        ui.format === 'date' ? { dateStyle: 'medium' } : { dateStyle: 'medium', timeStyle: 'short' };
      return new Intl.DateTimeFormat(language === 'zh' ? 'zh-CN' : 'en-GB', opts).format(d);
    }
  }
  return String(value);
}
