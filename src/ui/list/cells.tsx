// How a column shows a value, by its definition's `format`. Empty values show as '----' (000 §3); status
// values are badges whose colour the definition gives (000 §4: normal green; deleted/rejected red; transcode
// blue; pending approval yellow; anything else grey).
import type { ReactNode } from 'react';
import type { Config, ResolvedColumn } from '../../engine';
import { evaluate } from '../../engine/logic';
import { decimalPlaces } from '../../engine/numbers';
import { priceUnit } from '../../engine/priceUnit';
import { AudioPreviewButton } from '../widgets/audio/AudioPreviewButton';
import { FileDownloadCell } from './FileDownloadCell';
import { calendarFor } from '../widgets/date/calendars';
import { EMPTY_TEXT } from '../widgets/DisplayWidget';
import { TRUNCATABLE } from './useTruncation';
import type { Row } from './useSelection';
import { StatusBadge } from '../shell/StatusBadge';

const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

export function cellValue(
  column: Pick<ResolvedColumn, 'name' | 'field' | 'value'>,
  row: Row,
  ctx: { config: Config; user: Record<string, unknown> },
): unknown {
  if (column.value !== undefined) return evaluate(column.value, { row, config: ctx.config, user: ctx.user });
  return row[column.field ?? column.name];
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * '20240131235959' or '2024-01-31T23:59:59' -> '2024-01-31 23:59:59'; dates keep their first 10 characters. A
 * moment with its zone ('2024-01-31T21:59:59.000Z', the upload time) shows in the browser's time zone, as the
 * export writes it.
 */
export function formatDate(value: unknown, withTime: boolean): string {
  const s = String(value);
  if (/T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(s) && !Number.isNaN(Date.parse(s))) {
    const d = new Date(s);
    const day = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
    return withTime ? `${day} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}` : day;
  }
  const compact = /^(\d{4})(\d{2})(\d{2})(\d{2})?(\d{2})?(\d{2})?$/.exec(s);
  const iso = compact
    ? `${compact[1]}-${compact[2]}-${compact[3]} ${compact[4] ?? '00'}:${compact[5] ?? '00'}:${compact[6] ?? '00'}`
    : s.replace('T', ' ').replace(/\.\d+Z?$|Z$/, '');
  return withTime ? iso.slice(0, 19) : iso.slice(0, 10);
}

/**
 * A date or date-time cell as the provider reads it: in the site's calendar (the Persian one where
 * support_persian_calendar is '1', as the date picker shows it) and the language's digits. The value itself stays
 * the ISO Gregorian one the server sent.
 */
export function showDate(value: unknown, withTime: boolean, config: Config, digits: (s: string) => string): string {
  const text = formatDate(value, withTime);
  const calendar = calendarFor(config);
  const day = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  if (calendar.kind === 'gregorian' || !day) return digits(text);
  const date = new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3]));
  const shown = `${calendar.year(date)}-${pad(calendar.month(date) + 1)}-${pad(calendar.day(date))}`;
  return digits(shown + text.slice(10));
}

/** Decimal places of page_price_form ('0.00' -> 2), 2 when not configured. */
export function priceDecimals(config: Config): number {
  return config.page_price_form ? decimalPlaces(config.page_price_form) : 2;
}

/**
 * A 'label' column's text: the key of the value, else of '*', else the value itself (001 §9 tariff labels). The
 * text receives the value as {value} and, when it is a number, as {count} (a relative validity: "90 days").
 */
export function labelText(
  column: Pick<ResolvedColumn, 'labels'>,
  value: unknown,
  t: (key: string, params?: Record<string, unknown>) => string,
): string {
  const key = column.labels?.[String(value)] ?? column.labels?.['*'];
  if (!key) return String(value);
  const n = Number(value);
  return t(
    key,
    typeof value === 'number' || (String(value).trim() !== '' && Number.isFinite(n)) ? { value, count: n } : { value },
  );
}

/** The cell with the column's muted second line under it (the artist under the tone name), when it has one. */
export function renderCellWithSecondary(
  column: ResolvedColumn,
  row: Row,
  ctx: {
    config: Config;
    user: Record<string, unknown>;
    t(key: string, params?: Record<string, unknown>): string;
    digits(text: string): string;
    rowId: string;
    language?: string;
  },
): ReactNode {
  const main = renderCell(column, row, cellValue(column, row, ctx), ctx);
  if (!column.secondary) return main;
  const second = cellValue({ name: column.name, ...column.secondary }, row, ctx);
  if (isEmpty(second) && column.secondary.whenEmpty === 'omit') return main;
  return (
    <>
      {main}
      <span className={`${TRUNCATABLE} cell-text--secondary`}>{isEmpty(second) ? EMPTY_TEXT : String(second)}</span>
    </>
  );
}

export function renderCell(
  column: ResolvedColumn,
  row: Row,
  value: unknown,
  ctx: {
    config: Config;
    t(key: string, params?: Record<string, unknown>): string;
    digits(text: string): string;
    rowId: string;
    /** The session's language: a price shows its unit in it (price_unit, 001 §9). */
    language?: string;
  },
): ReactNode {
  const format = column.format ?? 'text';
  if (format === 'audio') return <AudioPreviewButton id={`${column.name}:${ctx.rowId}`} source={value} row={row} />;
  if (isEmpty(value) || value === EMPTY_TEXT) return <span className="cell-empty">{EMPTY_TEXT}</span>;
  if (format === 'audios' && Array.isArray(value)) return renderAudios(column, value, ctx.rowId);
  if (format === 'file') return <FileDownloadCell fileName={String(value)} label={column.label} />;
  if (format === 'image')
    // The picture at its address (the session's cookie opens it), small, whole on a click in a tab of its own.
    return (
      <a className="cell-image" href={String(value)} target="_blank" rel="noopener noreferrer">
        <img src={String(value)} alt={ctx.t(column.label)} loading="lazy" />
      </a>
    );
  switch (format) {
    case 'date':
      return showDate(value, false, ctx.config, ctx.digits);
    case 'datetime':
      return showDate(value, true, ctx.config, ctx.digits);
    case 'age':
      return ctx.digits(ageText(Number(value), ctx.t));
    case 'price': {
      if (Number.isNaN(Number(value))) return String(value);
      // The unit follows the figure as the cell's decoration (CSS, .cell-price[data-unit]): the cell's text stays
      // the price itself, as a spreadsheet or a script copying it expects.
      const unit = ctx.language === undefined ? '' : priceUnit(ctx.config, ctx.language);
      return (
        <span className="cell-price" data-unit={unit || undefined}>
          {ctx.digits(Number(value).toFixed(priceDecimals(ctx.config)))}
        </span>
      );
    }
    case 'label':
      return <span className={TRUNCATABLE}>{labelText(column, value, ctx.t)}</span>;
    case 'progress': {
      const percent = Math.max(0, Math.min(100, Math.floor(Number(value) || 0)));
      return (
        <span
          className="cell-progress"
          role="progressbar"
          aria-label={ctx.t(column.label)}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
        >
          <span className="cell-progress__track" aria-hidden="true">
            <span className="cell-progress__bar" style={{ width: `${percent}%` }} />
          </span>
          <span className="cell-progress__figure">{ctx.digits(`${percent}%`)}</span>
        </span>
      );
    }
    case 'status': {
      const key = column.labels?.[String(value)];
      return <StatusBadge colour={column.colours?.[String(value)]}>{key ? ctx.t(key) : String(value)}</StatusBadge>;
    }
    default:
      // Free text may be longer than its column: cut with an ellipsis, whole on hover and focus (useTruncation).
      return <span className={TRUNCATABLE}>{String(value)}</span>;
  }
}

/** Format 'age': minutes waited, as the largest two units ('3 d 4 h', '5 h 12 min', '7 min'). */
export function ageText(minutes: number, t: (key: string, params?: Record<string, unknown>) => string): string {
  const m = Math.max(0, Math.floor(minutes) || 0);
  if (m < 60) return t('List.ageMinutes', { count: m });
  if (m < 24 * 60) return t('List.ageHours', { hours: Math.floor(m / 60), minutes: m % 60 });
  return t('List.ageDays', { days: Math.floor(m / 1440), hours: Math.floor((m % 1440) / 60) });
}

/** Format 'audios': each item's name beside its play button (a box's prompt per language). */
function renderAudios(column: ResolvedColumn, items: unknown[], rowId: string): ReactNode {
  const keys = column.items ?? { name: 'name', source: 'url' };
  return (
    <ul className="cell-audios">
      {items.map((raw, i) => {
        const item = (raw && typeof raw === 'object' ? raw : {}) as Row;
        const name = String(item[keys.name] ?? '');
        return (
          <li key={`${name}-${i}`}>
            <AudioPreviewButton id={`${column.name}:${rowId}:${i}`} source={item[keys.source]} title={name} />
            <span>{name}</span>
          </li>
        );
      })}
    </ul>
  );
}
