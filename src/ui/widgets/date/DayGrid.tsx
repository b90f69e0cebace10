// The day step: a month of days in the calendar shown, as an ARIA grid. Arrow keys move a day or a week,
// PageUp/PageDown a month, Home/End to the week's ends; Enter or Space choose; days outside the allowed range
// are disabled. Moving out of the month turns the page.
import { addDays, addMonths, isSameDay } from 'date-fns';
import { useEffect, useRef } from 'react';
import type { Calendar } from './calendars';
import { allowed, type Limits } from './limits';
import { ColumnHeads } from '../../shell/ColumnHeads';

export interface DayGridProps {
  calendar: Calendar;
  /** Catalogue text and the language's digits. */
  t(key: string): string;
  digits(text: string | number): string;
  year: number;
  month: number;
  focus: Date;
  selected?: Date;
  limits: Limits;
  label: string;
  onFocus(date: Date): void;
  onChoose(date: Date): void;
  /** Opened by a click into a typeable input: the focus stays there until the user moves in the grid. */
  keepInputFocus?: boolean;
}

/** A month shifted in the calendar shown (Persian months differ from Gregorian ones). */
export function shiftMonth(calendar: Calendar, date: Date, months: number): Date {
  if (calendar.kind === 'gregorian') return addMonths(date, months);
  const y = calendar.year(date);
  const m = calendar.month(date) + months;
  const year = y + Math.floor(m / 12);
  const month = ((m % 12) + 12) % 12;
  return calendar.make(year, month, Math.min(calendar.day(date), calendar.daysInMonth(year, month)));
}

export function DayGrid({
  calendar,
  t,
  digits,
  year,
  month,
  focus,
  selected,
  limits,
  label,
  onFocus,
  onChoose,
  keepInputFocus,
}: DayGridProps) {
  const first = calendar.make(year, month, 1);
  const offset = (first.getDay() - calendar.weekStartsOn + 7) % 7;
  const count = calendar.daysInMonth(year, month);
  const cells: Array<Date | null> = [
    ...Array(offset).fill(null),
    ...Array.from({ length: count }, (_, i) => calendar.make(year, month, i + 1)),
  ];
  while (cells.length % 7) cells.push(null);
  const weeks = Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
  const weekdays = Array.from({ length: 7 }, (_, i) => (i + calendar.weekStartsOn) % 7);
  const today = new Date();
  const focused = useRef<HTMLButtonElement | null>(null);
  // Opened by a click into a typeable input, the grid leaves the focus there (the user may be typing) until the
  // focused day changes.
  const skipFirst = useRef(keepInputFocus === true);
  useEffect(() => {
    if (skipFirst.current) {
      skipFirst.current = false;
      return;
    }
    focused.current?.focus();
  }, [focus]);

  const keyDown = (e: React.KeyboardEvent) => {
    const weekPos = (focus.getDay() - calendar.weekStartsOn + 7) % 7;
    // Right to left, the grid is mirrored: the left arrow moves to the next day, as the eye reads it.
    const rtl = (e.currentTarget as HTMLElement).closest('[dir="rtl"]') !== null;
    const step = rtl ? -1 : 1;
    const moves: Record<string, () => Date> = {
      ArrowLeft: () => addDays(focus, -step),
      ArrowRight: () => addDays(focus, step),
      ArrowUp: () => addDays(focus, -7),
      ArrowDown: () => addDays(focus, 7),
      PageUp: () => shiftMonth(calendar, focus, e.shiftKey ? -12 : -1),
      PageDown: () => shiftMonth(calendar, focus, e.shiftKey ? 12 : 1),
      Home: () => addDays(focus, -weekPos),
      End: () => addDays(focus, 6 - weekPos),
    };
    if (moves[e.key]) {
      e.preventDefault();
      onFocus(moves[e.key]());
    }
  };

  return (
    <table className="day-grid" role="grid" aria-label={label} onKeyDown={keyDown}>
      <ColumnHeads
        heads={weekdays.map((d) => ({
          key: String(d),
          label: t(`DatePicker.weekday${d}`),
          abbr: t(`DatePicker.weekdayName${d}`),
        }))}
      />
      <tbody>
        {weeks.map((week, w) => (
          <tr key={w}>
            {week.map((day, i) => {
              if (!day) return <td key={i} />;
              const isFocus = isSameDay(day, focus);
              const isSelected = selected !== undefined && isSameDay(day, selected);
              const ok = allowed(day, limits);
              return (
                <td key={i} role="gridcell" aria-selected={isSelected}>
                  <button
                    ref={isFocus ? focused : undefined}
                    type="button"
                    tabIndex={isFocus ? 0 : -1}
                    disabled={!ok}
                    aria-current={isSameDay(day, today) ? 'date' : undefined}
                    data-iso={`${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`}
                    className={`day-grid__day${isSelected ? ' is-selected' : ''}${isSameDay(day, today) ? ' is-today' : ''}`}
                    onClick={() => onChoose(day)}
                    onFocus={() => {
                      if (!isFocus) onFocus(day);
                    }}
                  >
                    {digits(calendar.day(day))}
                  </button>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
