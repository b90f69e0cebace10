// The two calendars the date picker shows (000 §2): Gregorian, and Persian when support_persian_calendar is
// '1'. A calendar only turns a JavaScript Date into year/month/day of its own and back; values are always
// stored as ISO Gregorian dates whatever the calendar shows.
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
  monthName(month: number, language: 'en' | 'zh'): string;
  /** 0 Sunday ... 6 Saturday: the first column of the day grid. */
  weekStartsOn: number;
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

const GREGORIAN_MONTHS = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  zh: ['1月', '2月', '3月', '4月', '5月', '6月', '7月', '8月', '9月', '10月', '11月', '12月'],
};
const PERSIAN_MONTHS = {
  en: [
    'Farvardin',
    'Ordibehesht',
    'Khordad',
    'Tir',
    'Mordad',
    'Shahrivar',
    'Mehr',
    'Aban',
    'Azar',
    'Dey',
    'Bahman',
    'Esfand',
  ],
  zh: [
    '法尔瓦丁月',
    '奥尔迪贝赫什特月',
    '霍尔达德月',
    '提尔月',
    '莫尔达德月',
    '沙赫里瓦尔月',
    '梅赫尔月',
    '阿班月',
    '阿扎尔月',
    '达伊月',
    '巴赫曼月',
    '埃斯凡德月',
  ],
};

export const gregorian: Calendar = {
  kind: 'gregorian',
  year: greg.getYear,
  month: greg.getMonth,
  day: greg.getDate,
  daysInMonth: (y, m) => greg.getDaysInMonth(new Date(y, m, 1)),
  make: (y, m, d) => new Date(y, m, d),
  // A century back (birth dates, old contracts) and 150 years ahead, as the Persian list.
  years: (today) => range(greg.getYear(today) - 100, greg.getYear(today) + 150),
  monthName: (m, l) => GREGORIAN_MONTHS[l][m],
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
  monthName: (m, l) => PERSIAN_MONTHS[l][m],
  // The Persian week starts on Saturday.
  weekStartsOn: 6,
};

export function calendarFor(config: Record<string, string>): Calendar {
  return config.support_persian_calendar === '1' ? persian : gregorian;
}
