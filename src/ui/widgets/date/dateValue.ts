// Stored values of the date picker by type, always ISO Gregorian whatever calendar is shown:
// date 'YYYY-MM-DD', datetime 'YYYY-MM-DD HH:mm:ss', year-month 'YYYY-MM', year 'YYYY', month 'MM',
// time 'HH:mm:ss'. In the Persian calendar a year or year-month choice is stored as the ISO date of its first
// day ('YYYY-MM-DD'), since a Persian year or month does not map to one Gregorian year or month.
// lightFormat, not format: the stored values need no locale, and format alone brought date-fns's English locale
// (about 4.5 KB gzip) into the app's budget (issue 11: at most 300 KB).
import { lightFormat as format } from 'date-fns';
import type { Calendar } from './calendars';

export type PickerType = 'date' | 'datetime' | 'year' | 'month' | 'time' | 'year-month';
export type Step = 'year' | 'month' | 'day' | 'time';

/** The steps a type goes through, in order (000 §2: year, month, day, time by type). */
export function stepsOf(type: PickerType): Step[] {
  switch (type) {
    case 'year':
      return ['year'];
    case 'month':
      return ['month'];
    case 'year-month':
      return ['year', 'month'];
    case 'time':
      return ['time'];
    case 'datetime':
      return ['day', 'time'];
    default:
      return ['day'];
  }
}

export interface Time {
  h: number;
  m: number;
  s: number;
}

export function parseValue(value: unknown, type: PickerType): { date?: Date; time: Time } {
  const s = typeof value === 'string' ? value.trim() : '';
  const t = /(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(s);
  const time = t ? { h: Number(t[1]), m: Number(t[2]), s: Number(t[3] ?? 0) } : { h: 0, m: 0, s: 0 };
  if (type === 'time' || !s) return { time };
  const d = /^(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?/.exec(s);
  if (!d) return { time };
  const date = new Date(Number(d[1]), d[2] ? Number(d[2]) - 1 : 0, d[3] ? Number(d[3]) : 1);
  return Number.isNaN(date.getTime()) ? { time } : { date, time };
}

const pad = (n: number) => String(n).padStart(2, '0');
const formatTime = (t: Time) => `${pad(t.h)}:${pad(t.m)}:${pad(t.s)}`;

export function toValue(date: Date | undefined, time: Time, type: PickerType, calendar: Calendar): string | undefined {
  if (type === 'time') return formatTime(time);
  if (!date) return undefined;
  if (calendar.kind === 'gregorian') {
    if (type === 'year') return format(date, 'yyyy');
    if (type === 'month') return format(date, 'MM');
    if (type === 'year-month') return format(date, 'yyyy-MM');
  }
  const day = format(date, 'yyyy-MM-dd');
  return type === 'datetime' ? `${day} ${formatTime(time)}` : day;
}

/**
 * The value as the user reads it, in the calendar shown: Latin digits and ISO order; the picker writes its digits
 * in the language's own (see DatePicker) and a month as the language names it (`t`).
 */
export function displayValue(
  date: Date | undefined,
  time: Time,
  type: PickerType,
  calendar: Calendar,
  t: (key: string) => string,
): string {
  if (type === 'time') return formatTime(time);
  if (!date) return '';
  const y = calendar.year(date);
  const m = calendar.month(date);
  const d = calendar.day(date);
  if (type === 'year') return String(y);
  if (type === 'month') return t(calendar.monthKey(m));
  if (type === 'year-month') return `${y}-${pad(m + 1)}`;
  const day = `${y}-${pad(m + 1)}-${pad(d)}`;
  return type === 'datetime' ? `${day} ${formatTime(time)}` : day;
}
