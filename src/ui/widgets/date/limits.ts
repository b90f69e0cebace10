// The date range a picker allows, from its field's ui options: minDaysFromToday / maxDaysFromToday (000 §5:
// "date pickers forbid dates more than a day before today" is {minDaysFromToday: -1}), minDate / maxDate as
// ISO dates. Days outside are shown but cannot be chosen.
import { addDays, isAfter, isBefore, startOfDay } from 'date-fns';
import { parseValue } from './dateValue';

export interface Limits {
  min?: Date;
  max?: Date;
}

export function limitsOf(ui: Record<string, unknown>, today = new Date()): Limits {
  const base = startOfDay(today);
  const iso = (v: unknown) => (typeof v === 'string' && v ? parseValue(v, 'date').date : undefined);
  const min = typeof ui.minDaysFromToday === 'number' ? addDays(base, ui.minDaysFromToday) : iso(ui.minDate);
  const max = typeof ui.maxDaysFromToday === 'number' ? addDays(base, ui.maxDaysFromToday) : iso(ui.maxDate);
  return { min, max };
}

export function allowed(day: Date, limits: Limits): boolean {
  return !(limits.min && isBefore(day, limits.min)) && !(limits.max && isAfter(day, limits.max));
}
