// A date typed into the picker's input (issue 25: dates are typeable), read strictly in the format the input
// shows and in the calendar shown (Persian when on): YYYY-MM-DD, with HH:mm or HH:mm:ss for a datetime and
// YYYY-MM for a year-month; digits in the language's own script are read as Latin ones. A day that does not
// exist (2026-02-30, Esfand 30 of a common year) or a date outside the field's limits is refused with a message
// naming the format or the allowed range, and the stored value is left as it was.
import { latinDigits } from '../../../engine/languages';
import type { Calendar } from './calendars';
import { displayValue, toValue, type PickerType, type Time } from './dateValue';
import { allowed, type Limits } from './limits';

export type Typed =
  { ok: true; value: string | undefined } | { ok: false; message: string; params: Record<string, unknown> };

/** Types a user can type (the others are chosen from lists). */
export const typeable = (type: PickerType) => type === 'date' || type === 'datetime' || type === 'year-month';

const FORMATS: Partial<Record<PickerType, string>> = {
  date: 'YYYY-MM-DD',
  datetime: 'YYYY-MM-DD HH:mm:ss',
  'year-month': 'YYYY-MM',
};
const PATTERNS: Partial<Record<PickerType, RegExp>> = {
  date: /^(\d{4})-(\d{1,2})-(\d{1,2})$/,
  datetime: /^(\d{4})-(\d{1,2})-(\d{1,2})[ T](\d{1,2}):(\d{2})(?::(\d{2}))?$/,
  'year-month': /^(\d{4})-(\d{1,2})$/,
};

export function parseTyped(
  text: string,
  type: PickerType,
  calendar: Calendar,
  limits: Limits,
  t: (key: string) => string,
  numerals?: string,
): Typed {
  const s = latinDigits(text, numerals).trim();
  if (s === '') return { ok: true, value: undefined };
  const format = FORMATS[type] ?? 'YYYY-MM-DD';
  const example = displayValue(
    calendar.make(calendar.year(new Date()), 0, 31),
    { h: 9, m: 30, s: 0 },
    type,
    calendar,
    t,
  );
  const invalid = { ok: false as const, message: 'DatePicker.typedInvalid', params: { format, example } };
  const m = PATTERNS[type]?.exec(s);
  if (!m) return invalid;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), type === 'year-month' ? 1 : Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1 || d > calendar.daysInMonth(y, mo - 1)) return invalid;
  const time: Time = { h: Number(m[4] ?? 0), m: Number(m[5] ?? 0), s: Number(m[6] ?? 0) };
  if (time.h > 23 || time.m > 59 || time.s > 59) return invalid;
  const date = calendar.make(y, mo - 1, d);
  if (!allowed(date, limits)) {
    const shown = (x: Date | undefined) => (x ? displayValue(x, time, 'date', calendar, t) : '');
    const message =
      limits.min && limits.max ? 'DatePicker.typedRange' : limits.min ? 'DatePicker.typedMin' : 'DatePicker.typedMax';
    return { ok: false, message, params: { min: shown(limits.min), max: shown(limits.max) } };
  }
  return { ok: true, value: toValue(date, time, type, calendar) };
}
