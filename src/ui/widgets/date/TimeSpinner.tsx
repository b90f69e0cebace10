// The time step: hours, minutes and seconds as spin buttons. Up/down buttons repeat on long press (600 ms,
// then 150 ms accelerating to 30 ms); each value is also an ARIA spinbutton (arrows, PageUp/PageDown by 10,
// Home/End) and accepts typed digits.
import { latinDigits } from '../../../engine/languages';
import type { Time } from './dateValue';
import { useRepeat } from './useRepeat';

const UNITS: Array<{ key: keyof Time; max: number; label: string }> = [
  { key: 'h', max: 23, label: 'DatePicker.hours' },
  { key: 'm', max: 59, label: 'DatePicker.minutes' },
  { key: 's', max: 59, label: 'DatePicker.seconds' },
];

const wrap = (v: number, max: number) => ((v % (max + 1)) + max + 1) % (max + 1);

function Spin({
  value,
  max,
  label,
  digits,
  onChange,
}: {
  value: number;
  max: number;
  label: string;
  digits(text: string): string;
  onChange(v: number): void;
}) {
  // The latest value is read through the closure of each render; useRepeat keeps the newest step function.
  const up = useRepeat(() => onChange(wrap(value + 1, max)));
  const down = useRepeat(() => onChange(wrap(value - 1, max)));
  const keyDown = (e: React.KeyboardEvent) => {
    const steps: Record<string, number> = { ArrowUp: 1, ArrowDown: -1, PageUp: 10, PageDown: -10 };
    if (e.key in steps) {
      e.preventDefault();
      onChange(wrap(value + steps[e.key], max));
    } else if (e.key === 'Home') {
      e.preventDefault();
      onChange(0);
    } else if (e.key === 'End') {
      e.preventDefault();
      onChange(max);
    }
  };
  return (
    <div className="time-spin">
      <button type="button" className="time-spin__button" tabIndex={-1} aria-label={`${label} +1`} {...up}>
        ▲
      </button>
      <input
        className="time-spin__value"
        role="spinbutton"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={value}
        inputMode="numeric"
        value={digits(String(value).padStart(2, '0'))}
        onKeyDown={keyDown}
        onChange={(e) => {
          // Digits typed on a Persian or Arabic keyboard count as the digits they are.
          const n = Number(latinDigits(e.target.value).replace(/\D/g, '').slice(-2));
          if (!Number.isNaN(n)) onChange(Math.min(max, n));
        }}
      />
      <button type="button" className="time-spin__button" tabIndex={-1} aria-label={`${label} -1`} {...down}>
        ▼
      </button>
    </div>
  );
}

export function TimeSpinner({
  time,
  onChange,
  t,
  digits,
}: {
  time: Time;
  onChange(t: Time): void;
  t(key: string): string;
  /** The language's digits, for showing. */
  digits(text: string): string;
}) {
  return (
    <div className="time-spinner" role="group" aria-label={t('DatePicker.time')}>
      {UNITS.map((u, i) => (
        <div key={u.key} className="time-spinner__unit">
          {i > 0 && (
            <span className="time-spinner__sep" aria-hidden="true">
              :
            </span>
          )}
          <Spin
            value={time[u.key]}
            max={u.max}
            label={t(u.label)}
            digits={digits}
            onChange={(v) => onChange({ ...time, [u.key]: v })}
          />
        </div>
      ))}
    </div>
  );
}
