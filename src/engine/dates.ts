// Calendar arithmetic on ISO dates (YYYY-MM-DD), in the local time zone of whoever evaluates it.
// Plain Date on purpose: conditions are evaluated on the login page too, where date-fns' formatter would
// add ~7 KB gzip for two one-liners.

const pad = (n: number) => String(n).padStart(2, '0');

export function todayIso(): string {
  const d = new Date();
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Whole calendar days from today to the date (negative in the past); NaN for a value that is not a date. */
export function daysFromToday(isoDate: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!m) return Number.NaN;
  const now = new Date();
  // Both days at UTC midnight, so a daylight-saving change in between does not shift the count.
  const target = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const today = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
  return Math.round((target - today) / 86_400_000);
}

/**
 * The same day `years` years away (negative: earlier), as the server's Date arithmetic gives it: 29 February
 * into a common year is 1 March. '' for a value that is not a date.
 */
export function addYears(isoDate: string, years: number): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!m || !Number.isFinite(years)) return '';
  const d = new Date(Date.UTC(Number(m[1]) + years, Number(m[2]) - 1, Number(m[3])));
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}
