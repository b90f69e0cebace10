// Calendar arithmetic on ISO dates (YYYY-MM-DD), in the local time zone of whoever evaluates it.
import { differenceInCalendarDays, format, parseISO } from 'date-fns';

export function todayIso(): string {
  return format(new Date(), 'yyyy-MM-dd');
}

export function daysFromToday(isoDate: string): number {
  return differenceInCalendarDays(parseISO(isoDate.slice(0, 10)), new Date());
}
