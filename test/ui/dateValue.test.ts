// Date picker values: always ISO Gregorian whatever calendar is shown (000 §2); the Persian calendar's months,
// week start and year list; long-press constants; min/max from ui options.
import { addDays, format } from 'date-fns';
import { gregorian, persian, PERSIAN_FIRST_YEAR } from '../../src/ui/widgets/date/calendars';
import { displayValue, parseValue, stepsOf, toValue } from '../../src/ui/widgets/date/dateValue';
import { allowed, limitsOf } from '../../src/ui/widgets/date/limits';
import { REPEAT_DELAY_MS, REPEAT_MIN_MS, REPEAT_START_MS } from '../../src/ui/widgets/date/useRepeat';

test('steps by type', () => {
  expect(stepsOf('date')).toEqual(['day']);
  expect(stepsOf('datetime')).toEqual(['day', 'time']);
  expect(stepsOf('year-month')).toEqual(['year', 'month']);
  expect(stepsOf('time')).toEqual(['time']);
});

test('values round-trip as ISO in both calendars', () => {
  const { date, time } = parseValue('2024-03-20 07:08:09', 'datetime');
  expect(toValue(date, time, 'datetime', gregorian)).toBe('2024-03-20 07:08:09');
  expect(toValue(date, time, 'datetime', persian)).toBe('2024-03-20 07:08:09');
  expect(toValue(date, time, 'date', persian)).toBe('2024-03-20');
  expect(toValue(date, time, 'year-month', gregorian)).toBe('2024-03');
  // A Persian year-month is stored as the ISO date of its first day.
  expect(toValue(persian.make(1403, 0, 1), time, 'year-month', persian)).toBe('2024-03-20');
  expect(toValue(undefined, { h: 23, m: 5, s: 0 }, 'time', gregorian)).toBe('23:05:00');
});

test('Persian display: 2024-03-20 is 1 Farvardin 1403; weeks start on Saturday; years 1300 to 1450', () => {
  const { date, time } = parseValue('2024-03-20', 'date');
  expect(displayValue(date, time, 'date', persian, (k) => k)).toBe('1403-01-01');
  expect(displayValue(date, time, 'month', persian, (k) => k)).toBe('DatePicker.persianMonth1');
  expect(persian.monthKey(0)).toBe('DatePicker.persianMonth1');
  expect(persian.daysInMonth(1403, 0)).toBe(31);
  expect(persian.daysInMonth(1403, 11)).toBe(30);
  expect(persian.weekStartsOn).toBe(6);
  const years = persian.years(new Date());
  expect([years[0], years[years.length - 1]]).toEqual([PERSIAN_FIRST_YEAR, 1450]);
});

test('min/max from ui options', () => {
  const today = new Date(2026, 10, 22);
  const limits = limitsOf({ minDaysFromToday: -1, maxDate: '2026-12-31' }, today);
  expect(allowed(addDays(today, -1), limits)).toBe(true);
  expect(allowed(addDays(today, -2), limits)).toBe(false);
  expect(allowed(new Date(2027, 0, 1), limits)).toBe(false);
  expect(format(limits.min!, 'yyyy-MM-dd')).toBe('2026-11-21');
});

test('long press: 600 ms delay, 150 ms first interval, 30 ms floor', () => {
  expect([REPEAT_DELAY_MS, REPEAT_START_MS, REPEAT_MIN_MS]).toEqual([600, 150, 30]);
});
