// The two calendars the date picker shows (000 §2): Gregorian, and Persian when support_persian_calendar is
// '1'. A calendar only turns a JavaScript Date into year/month/day of its own and back; values are always
// stored as ISO Gregorian dates whatever the calendar shows. Month and weekday names are catalogue keys
// (DatePicker.month1..12, persianMonth1..12, weekday0..6), so every language of i18n/ names them.
import * as greg from 'date-fns';
import * as jalali from 'date-fns-jalali';

export type CalendarKind = 'gregorian' | 'persian';

export interface Calendar {
  kind: CalendarKind;
  year(d: Date): number;
  /** 0-based month. */
  month(d: Date): number;
  day(d: Date): number;
  daysInMonth(year: number, month: number): number;
  /** Local midnight of year/month/day in this calendar. */
  make(year: number, month: number, day: number): Date;
  /** Years offered in the year step. */
  years(today: Date): number[];
  /** The catalogue key of a month's name (0-based month): each language names the months itself. */
  monthKey(month: number): string;
  /** 0 Sunday ... 6 Saturday: the first column of the day grid. */
  weekStartsOn: number;
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

export const gregorian: Calendar = {
  kind: 'gregorian',
  year: greg.getYear,
  month: greg.getMonth,
  day: greg.getDate,
  daysInMonth: (y, m) => greg.getDaysInMonth(new Date(y, m, 1)),
  make: (y, m, d) => new Date(y, m, d),
  // A century back (birth dates, old contracts) and 150 years ahead, as the Persian list.
  years: (today) => range(greg.getYear(today) - 100, greg.getYear(today) + 150),
  monthKey: (m) => `DatePicker.month${m + 1}`,
  weekStartsOn: 0,
};

/** 000 §2: the Persian year list runs from 1300 to 150 years after. */
export const PERSIAN_FIRST_YEAR = 1300;

export const persian: Calendar = {
  kind: 'persian',
  year: jalali.getYear,
  month: jalali.getMonth,
  day: jalali.getDate,
  daysInMonth: (y, m) => jalali.getDaysInMonth(jalali.newDate(y, m, 1)),
  make: (y, m, d) => jalali.newDate(y, m, d),
  years: () => range(PERSIAN_FIRST_YEAR, PERSIAN_FIRST_YEAR + 150),
  monthKey: (m) => `DatePicker.persianMonth${m + 1}`,
  // The Persian week starts on Saturday.
  weekStartsOn: 6,
};

export function calendarFor(config: Record<string, string>): Calendar {
  return config.support_persian_calendar === '1' ? persian : gregorian;
}
