// The date picker (000 §2): a text showing the value in the calendar of the site (Gregorian, or Persian when
// support_persian_calendar is '1'), opening a panel that walks the steps of its type (year, month, day, time).
// A date, datetime or year-month can also be typed in the format shown: read strictly on Enter or on leaving the
// field (typed.ts), a bad or refused date is named under the input and the value stays as it was. The panel
// greys out the days the field's limits refuse, jumps a year or a month per arrow, and a held arrow repeats
// (000 §2: after 600 ms, every 150 ms, faster to 30 ms). The stored value is always ISO (see dateValue.ts).
// Escape closes and returns focus to the input; at 480 px and below the panel is a bottom sheet.
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useI18n } from '../../i18n';
import type { Calendar } from './calendars';
import { ChoiceGrid } from './ChoiceGrid';
import { displayValue, parseValue, stepsOf, toValue, type PickerType, type Step, type Time } from './dateValue';
import { DayGrid, shiftMonth } from './DayGrid';
import { allowed, type Limits } from './limits';
import { TimeSpinner } from './TimeSpinner';
import { parseTyped, typeable } from './typed';
import { useRepeat } from './useRepeat';
import './date.css';

export interface DatePickerProps {
  id: string;
  value: string | undefined;
  type: PickerType;
  calendar: Calendar;
  limits: Limits;
  disabled?: boolean;
  placeholder?: string;
  invalid?: boolean;
  describedBy?: string;
  required?: boolean;
  onChange(value: string | undefined): void;
  onBlur?(): void;
}

export function DatePicker({
  id,
  value,
  type,
  calendar,
  limits,
  disabled,
  placeholder,
  invalid,
  describedBy,
  required,
  onChange,
  onBlur,
}: DatePickerProps) {
  const { t, digits, info } = useI18n();
  const parsed = useMemo(() => parseValue(value, type), [value, type]);
  const [open, setOpen] = useState(false);
  // Opened by a click into a typeable input, the calendar leaves the focus in the input (typing goes on).
  const [byPointer, setByPointer] = useState(false);
  // What the user is typing (undefined: the input shows the value) and why it was refused.
  const [typing, setTyping] = useState<string | undefined>(undefined);
  const [refusal, setRefusal] = useState<{ message: string; params: Record<string, unknown> } | undefined>();
  const canType = typeable(type) && !disabled;
  const errorId = useId();
  const input = useRef<HTMLInputElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const panelId = useId();
  // Shown in the language's digits; the stored value (data-value, what is sent) keeps ISO Latin digits.
  const shown = value ? digits(displayValue(parsed.date, parsed.time, type, calendar, t)) : '';

  /** Reads what was typed: a good date becomes the value; a bad one stays in the input, named under it. */
  const commitTyped = (): boolean => {
    if (typing === undefined) return true;
    const r = parseTyped(typing, type, calendar, limits, t, info.numerals);
    if (!r.ok) {
      setRefusal({ message: r.message, params: r.params });
      return false;
    }
    setRefusal(undefined);
    setTyping(undefined);
    if (r.value !== value) onChange(r.value);
    return true;
  };

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) input.current?.focus();
    onBlur?.();
  };

  // A click outside closes the panel (the value stays as it was).
  useEffect(() => {
    if (!open) return;
    const outside = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) close(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  });

  return (
    <div
      className={`date-picker${open ? ' is-open' : ''}`}
      ref={root}
      // Keyboard users leaving the picker with Tab close it, as a click outside does.
      onBlur={(e) => {
        if (open && e.relatedTarget && !root.current?.contains(e.relatedTarget as Node)) close(false);
        if (!root.current?.contains(e.relatedTarget as Node | null)) {
          commitTyped();
          if (!open) onBlur?.();
        }
      }}
    >
      <div className="date-picker__field">
        <input
          ref={input}
          id={id}
          className="input date-picker__input"
          readOnly={!canType}
          value={typing ?? shown}
          placeholder={placeholder ?? t(type === 'time' ? 'DatePicker.chooseTime' : 'DatePicker.choose')}
          disabled={disabled}
          aria-invalid={invalid || refusal ? true : undefined}
          aria-describedby={[refusal ? errorId : '', describedBy ?? ''].filter(Boolean).join(' ') || undefined}
          inputMode={canType ? 'numeric' : undefined}
          onChange={(e) => {
            setTyping(e.target.value);
            setRefusal(undefined);
          }}
          aria-required={required || undefined}
          // A combobox whose popup is the calendar dialog: the role that carries aria-expanded for a text input.
          role="combobox"
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          data-value={value ?? ''}
          onClick={() => {
            if (disabled || open) return;
            setByPointer(canType);
            setOpen(true);
          }}
          onKeyDown={(e) => {
            // Enter reads what was typed (never picks a date of its own); the arrow opens the calendar.
            if (e.key === 'Enter' && canType) {
              e.preventDefault();
              if (commitTyped()) setOpen(false);
              return;
            }
            if (e.key === 'ArrowDown' || (!canType && (e.key === 'Enter' || e.key === ' '))) {
              e.preventDefault();
              setByPointer(false);
              setOpen(true);
            }
            if (e.key === 'Escape' && open) setOpen(false);
            if (!canType && (e.key === 'Backspace' || e.key === 'Delete') && value && !required) onChange(undefined);
          }}
        />
        <button
          type="button"
          className="date-picker__toggle"
          tabIndex={-1}
          aria-hidden="true"
          disabled={disabled}
          onClick={() => {
            setByPointer(false);
            setOpen((o) => !o);
          }}
        >
          <CalendarIcon />
        </button>
      </div>
      {refusal && (
        <div id={errorId} className="date-picker__error" role="alert">
          {digits(t(refusal.message, refusal.params))}
        </div>
      )}
      {open && (
        <>
          <div className="date-picker__backdrop" aria-hidden="true" onClick={() => close(true)} />
          <Panel
            id={panelId}
            type={type}
            calendar={calendar}
            limits={limits}
            initialDate={parsed.date}
            initialTime={parsed.time}
            clearable={!required && Boolean(value)}
            keepInputFocus={byPointer}
            onCommit={(v) => {
              setTyping(undefined);
              setRefusal(undefined);
              onChange(v);
              close(true);
            }}
            onCancel={() => close(true)}
            t={t}
            digits={digits}
          />
        </>
      )}
    </div>
  );
}

interface PanelProps {
  id: string;
  type: PickerType;
  calendar: Calendar;
  limits: Limits;
  initialDate?: Date;
  initialTime: Time;
  clearable: boolean;
  keepInputFocus: boolean;
  onCommit(value: string | undefined): void;
  onCancel(): void;
  t(key: string, params?: Record<string, unknown>): string;
  digits(text: string | number): string;
}

function Panel({
  id,
  type,
  calendar,
  limits,
  initialDate,
  initialTime,
  clearable,
  keepInputFocus,
  onCommit,
  onCancel,
  t,
  digits,
}: PanelProps) {
  const steps = stepsOf(type);
  const today = new Date();
  const startDate = initialDate ?? (limits.min && !allowed(today, limits) ? limits.min : today);
  const [view, setView] = useState<Step>(steps[0]);
  const [focus, setFocus] = useState<Date>(startDate);
  const [date, setDate] = useState<Date | undefined>(initialDate);
  const [time, setTime] = useState<Time>(initialTime);
  const year = calendar.year(focus);
  const month = calendar.month(focus);

  const commit = (d: Date | undefined, tm: Time = time) => onCommit(toValue(d, tm, type, calendar));
  /** The next step of the type after `step`, or undefined when the value is complete. */
  const after = (step: Step) => steps[steps.indexOf(step) + 1];

  const chooseYear = (y: number) => {
    const d = calendar.make(y, steps.includes('year') ? 0 : month, 1);
    setFocus(d);
    if (type === 'year') return commit(d);
    // In a date type the year step is only navigation: back to months.
    setView('month');
  };
  const chooseMonth = (m: number) => {
    const d = calendar.make(year, m, 1);
    setFocus(d);
    if (type === 'month' || type === 'year-month') return commit(d);
    setView('day');
  };
  const chooseDay = (d: Date) => {
    setDate(d);
    setFocus(d);
    const next = after('day');
    if (next) setView(next);
    else commit(d);
  };

  const keyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      // Escape in a navigation step goes back to the day grid; in the first step it closes.
      if (view !== steps[0] && (view === 'year' || view === 'month')) setView(steps[0]);
      else onCancel();
    }
  };

  // Held, an arrow repeats (000 §2); each step moves from the month shown at that moment.
  const shift = (months: number) => setFocus((f) => shiftMonth(calendar, f, months));

  const yearItems = calendar.years(today).map((y) => ({ value: y, text: digits(y) }));
  const monthName = (m: number) => t(calendar.monthKey(m));
  const monthItems = Array.from({ length: 12 }, (_, m) => ({ value: m, text: monthName(m) }));
  // The month and the year over the days: each opens its grid of choices.
  const titleButton = (text: string, choose: string, step: Step) => (
    <button
      type="button"
      className="date-picker__title-button"
      onClick={() => setView(step)}
      aria-label={`${text}, ${t(choose)}`}
    >
      {text}
    </button>
  );

  return (
    <div
      id={id}
      className="date-picker__panel"
      role="dialog"
      aria-modal="false"
      aria-label={t('DatePicker.dialog')}
      tabIndex={-1}
      onKeyDown={keyDown}
      data-calendar={calendar.kind}
    >
      {(view === 'day' || view === 'month') && (
        <div className="date-picker__header">
          {view === 'day' && (
            <>
              <NavButton label={t('DatePicker.previousYear')} step={-12} glyph="«" shift={shift} />
              <NavButton label={t('DatePicker.previousMonth')} step={-1} glyph="‹" shift={shift} />
            </>
          )}
          <div className="date-picker__title">
            {view === 'day' && titleButton(monthName(month), 'DatePicker.chooseMonth', 'month')}
            {titleButton(digits(year), 'DatePicker.chooseYear', 'year')}
          </div>
          {view === 'day' && (
            <>
              <NavButton label={t('DatePicker.nextMonth')} step={1} glyph="›" shift={shift} />
              <NavButton label={t('DatePicker.nextYear')} step={12} glyph="»" shift={shift} />
            </>
          )}
        </div>
      )}
      {view === 'year' && (
        <ChoiceGrid
          label={t('DatePicker.chooseYear')}
          items={yearItems}
          selected={date ? calendar.year(date) : undefined}
          initial={year}
          columns={4}
          onChoose={chooseYear}
        />
      )}
      {view === 'month' && (
        <ChoiceGrid
          label={t('DatePicker.chooseMonth')}
          items={monthItems}
          selected={date && calendar.year(date) === year ? calendar.month(date) : undefined}
          initial={month}
          columns={3}
          onChoose={chooseMonth}
        />
      )}
      {view === 'day' && (
        <DayGrid
          calendar={calendar}
          t={t}
          digits={digits}
          year={year}
          month={month}
          focus={focus}
          selected={date}
          limits={limits}
          label={`${monthName(month)} ${digits(year)}`}
          keepInputFocus={keepInputFocus}
          onFocus={setFocus}
          onChoose={chooseDay}
        />
      )}
      {view === 'time' && (
        <>
          {date && <div className="date-picker__chosen">{digits(displayValue(date, time, 'date', calendar, t))}</div>}
          <TimeSpinner time={time} onChange={setTime} t={t} digits={digits} />
        </>
      )}
      <div className="date-picker__footer">
        {clearable && (
          <button type="button" className="btn btn--ghost btn--small" onClick={() => onCommit(undefined)}>
            {t('DatePicker.clear')}
          </button>
        )}
        {view === 'day' && allowed(today, limits) && (
          <button
            type="button"
            className="btn btn--ghost btn--small"
            onClick={() => chooseDay(new Date(today.getFullYear(), today.getMonth(), today.getDate()))}
          >
            {t('DatePicker.today')}
          </button>
        )}
        {view === 'time' && (
          <>
            {steps.includes('day') && (
              <button type="button" className="btn btn--ghost btn--small" onClick={() => setView('day')}>
                {t('Common.back')}
              </button>
            )}
            <button
              type="button"
              className="btn btn--primary btn--small"
              onClick={() => commit(date ?? (type === 'time' ? undefined : focus))}
            >
              {t('Common.ok')}
            </button>
          </>
        )}
      </div>
    </div>
  );
}

const CalendarIcon = () => (
  <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" focusable="false">
    <rect x="3" y="4.5" width="14" height="12.5" rx="2" fill="none" stroke="currentColor" strokeWidth="1.5" />
    <path d="M3 8.5h14M7 2.8v3.4M13 2.8v3.4" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
  </svg>
);

/** One of the header's four arrows: a step of `step` months, repeated while held (useRepeat). */
function NavButton({
  label,
  step,
  glyph,
  shift,
}: {
  label: string;
  step: number;
  glyph: string;
  shift(months: number): void;
}) {
  const repeat = useRepeat(() => shift(step));
  return (
    <button type="button" className="date-picker__nav" aria-label={label} data-step={step} {...repeat}>
      <span className="icon--directional" aria-hidden="true">
        {glyph}
      </span>
    </button>
  );
}
