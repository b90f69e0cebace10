// A field whose value is an order: the rows of the field's option call (IVR directories, a directory's tones),
// each shown with its position, reordered by dragging a row or by keyboard (ArrowUp/ArrowDown move the focused
// row, Home/End to the top or bottom) or with its Move up / Move down buttons. Every move is announced in a live
// region ("Moved Jazz to position 2 of 5"), so the order is visible and audible. The value is the rows' keys
// (ui.optionValue) in the new order; ui.optionLabel names the text shown.
import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useCallRows } from './useOptions';
import { widgetContext } from './widgetProps';
import './sortable.css';

type Row = Record<string, unknown>;

export function SortableWidget(props: WidgetProps) {
  const { ctx, field, ui, aria, t } = widgetContext(props);
  const query = useCallRows(field, ctx);
  const valueKey = String(ui.optionValue ?? 'value');
  const labelKey = String(ui.optionLabel ?? 'label');
  const rows = useMemo(() => (query.data ?? []) as Row[], [query.data]);
  const byKey = useMemo(() => new Map(rows.map((r) => [String(r[valueKey]), r])), [rows, valueKey]);
  const given = Array.isArray(props.value) ? (props.value as unknown[]).map(String) : [];
  const order = given.length ? given.filter((k) => byKey.has(k)) : rows.map((r) => String(r[valueKey]));
  const [announcement, setAnnouncement] = useState('');
  const [dragging, setDragging] = useState<string | null>(null);
  const items = useRef(new Map<string, HTMLLIElement>());
  const focusAfter = useRef<string | null>(null);

  // The loaded order is the value until the user changes it, so Save sends the whole order.
  useEffect(() => {
    if (!given.length && rows.length) props.onChange(rows.map((r) => String(r[valueKey])));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rows]);
  useEffect(() => {
    if (focusAfter.current) items.current.get(focusAfter.current)?.focus();
    focusAfter.current = null;
  });

  const labelOf = (key: string) => String(byKey.get(key)?.[labelKey] ?? key);
  const move = (key: string, to: number) => {
    const from = order.indexOf(key);
    const target = Math.max(0, Math.min(order.length - 1, to));
    if (from < 0 || from === target) return;
    const next = [...order];
    next.splice(from, 1);
    next.splice(target, 0, key);
    focusAfter.current = key;
    props.onChange(next);
    setAnnouncement(t('Sortable.moved', { name: labelOf(key), position: target + 1, count: next.length }));
  };
  const onKey = (e: KeyboardEvent, key: string, index: number) => {
    const to =
      e.key === 'ArrowUp'
        ? index - 1
        : e.key === 'ArrowDown'
          ? index + 1
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? order.length - 1
              : undefined;
    if (to === undefined) return;
    e.preventDefault();
    move(key, to);
  };

  if (query.isLoading)
    return (
      <div className="list-state" role="status">
        <span className="spinner" aria-hidden="true" />
      </div>
    );
  if (!order.length) return <p className="sortable__empty">{t('Sortable.empty')}</p>;
  const disabled = props.disabled || props.readonly;
  return (
    <div className="sortable" aria-describedby={aria['aria-describedby']}>
      <p id={`${props.id}__how`} className="sortable__how">
        {t('Sortable.instructions')}
      </p>
      <ol className="bare-list sortable__list" id={props.id} aria-labelledby={`${props.id}__label`}>
        {order.map((key, index) => (
          <li
            key={key}
            ref={(el) => {
              if (el) items.current.set(key, el);
              else items.current.delete(key);
            }}
            className={`sortable__item${dragging === key ? ' is-dragging' : ''}`}
            data-key={key}
            tabIndex={disabled ? -1 : 0}
            draggable={!disabled}
            aria-describedby={`${props.id}__how`}
            aria-label={t('Sortable.item', { name: labelOf(key), position: index + 1, count: order.length })}
            onKeyDown={disabled ? undefined : (e) => onKey(e, key, index)}
            onDragStart={(e) => {
              setDragging(key);
              e.dataTransfer.effectAllowed = 'move';
              e.dataTransfer.setData('text/plain', key);
            }}
            onDragEnd={() => setDragging(null)}
            onDragOver={(e) => {
              e.preventDefault();
              e.dataTransfer.dropEffect = 'move';
            }}
            onDrop={(e) => {
              e.preventDefault();
              const moved = e.dataTransfer.getData('text/plain') || dragging;
              if (moved) move(moved, index);
              setDragging(null);
            }}
          >
            <span className="sortable__handle" aria-hidden="true">
              ⋮⋮
            </span>
            <span className="sortable__position" aria-hidden="true">
              {index + 1}
            </span>
            <span className="sortable__label">{labelOf(key)}</span>
            <span className="sortable__buttons">
              <button
                type="button"
                className="btn btn--ghost btn--small"
                disabled={disabled || index === 0}
                tabIndex={-1}
                aria-label={t('Sortable.moveUp', { name: labelOf(key) })}
                onClick={() => move(key, index - 1)}
              >
                ↑
              </button>
              <button
                type="button"
                className="btn btn--ghost btn--small"
                disabled={disabled || index === order.length - 1}
                tabIndex={-1}
                aria-label={t('Sortable.moveDown', { name: labelOf(key) })}
                onClick={() => move(key, index + 1)}
              >
                ↓
              </button>
            </span>
          </li>
        ))}
      </ol>
      <div className="sr-only" role="status" aria-live="polite">
        {announcement}
      </div>
    </div>
  );
}
