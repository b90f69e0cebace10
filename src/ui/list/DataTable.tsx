// The table of a list page: TanStack Table (v8, headless) over one server page of rows. Columns come from the
// definition; a selection column when the list is selectable; an operation column for row actions with the
// width rule of 000 §9. Column widths come from the definition and the box's width alone (table-layout: fixed, see
// columnLayout), never from the rows, so they never change from page to page; long text is cut with its full text on hover and focus. The page
// scrolls, not the table: its header row sticks under the top bar. A column the definition declares sortable has
// a header button (aria-sort) that asks the server for that order (ListScreen keeps it in the list state).
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { useCallback, useMemo, useRef, type ReactNode } from 'react';
import type { ResolvedAction, ResolvedColumn } from '../../engine';
import { useScreenEnv } from '../runtime/screenEnv';
import { useI18n } from '../i18n';
import { cellValue, renderCellWithSecondary, showDate } from './cells';
import { columnLayout, operationButtons, rowActionsFor, type ListSort } from './listState';
import { useBoxWidth } from './useBoxWidth';
import { RowActions } from './RowActions';
import { TruncationTooltip, useMarkTruncated } from './useTruncation';
import type { Row } from './useSelection';

export interface DataTableProps {
  columns: ResolvedColumn[];
  rows: Row[];
  rowKey: string;
  rowActions: ResolvedAction[];
  running: string | null;
  onRowAction(action: ResolvedAction, row: Row): void;
  selection?: {
    isSelected(r: Row): boolean;
    toggle(r: Row, on: boolean): void;
    togglePage(rows: Row[], on: boolean): void;
    single?: boolean;
  };
  loading: boolean;
  /** Shown instead of rows when there are none (empty or error state). */
  placeholder?: ReactNode;
  caption: string;
  sort?: ListSort;
  onSort?(field: string): void;
}

/** A date and time whose digits are wide ones: what a date-time cell needs to keep to one line. */
const ONE_LINE_SAMPLE = '2028-08-28 20:58:58';
/** A cell's inline padding (list.css: `.data-table td`, var(--space-2) each side). */
const CELL_PADDING = 16;

/** The width `text` takes on one line in the table's font (0 where nothing is laid out, as in jsdom). */
function textWidth(box: HTMLElement | null, text: string): number {
  const table = box?.querySelector('table');
  if (!table) return 0;
  const probe = document.createElement('span');
  probe.style.cssText = 'position:absolute;visibility:hidden;white-space:nowrap';
  probe.textContent = text;
  table.appendChild(probe);
  const width = probe.getBoundingClientRect().width;
  probe.remove();
  return width;
}

export function DataTable({
  columns,
  rows,
  rowKey,
  rowActions,
  running,
  onRowAction,
  selection,
  loading,
  placeholder,
  caption,
  sort,
  onSort,
}: DataTableProps) {
  const env = useScreenEnv();
  const { t, digits, language } = useI18n();
  const ctx = useMemo(() => ({ config: env.config, user: env.user }), [env.config, env.user]);
  // Kept between renders: new column objects would make TanStack remount every cell (losing the focus of a cell).
  const visible = useMemo(() => columns.filter((c) => !c.hidden), [columns]);
  const labelColumn = visible[0];
  const rowLabel = useCallback(
    (r: Row) => String((labelColumn && cellValue(labelColumn, r, ctx)) ?? r[rowKey] ?? ''),
    [labelColumn, ctx, rowKey],
  );
  // The parent's handler is a new function on every render: the cells call the latest one through a ref, so
  // the columns are not rebuilt on every render (nor run a handler of an earlier render).
  const rowActionRef = useRef(onRowAction);
  rowActionRef.current = onRowAction;
  const box = useRef<HTMLDivElement>(null);
  const available = useBoxWidth(box);
  // A date with its time as the cells show it, measured in the table's font once the box is there: its column's
  // one-line width where the window leaves room (a fixed guess wrapped it in a wider font than the guess's).
  const datetimeText = useMemo(() => showDate(ONE_LINE_SAMPLE, true, env.config, digits), [env.config, digits]);
  const oneLine = useMemo(() => {
    const width = available === undefined ? undefined : textWidth(box.current, datetimeText);
    return width ? { datetime: Math.ceil(width) + CELL_PADDING } : undefined;
  }, [available, datetimeText]);
  const layout = useMemo(
    () =>
      columnLayout(visible, {
        selectable: Boolean(selection),
        operationButtons: operationButtons(rowActions),
        available,
        oneLine,
      }),
    [visible, selection, rowActions, available, oneLine],
  );
  const formats = useMemo(() => new Map(visible.map((c) => [c.name, c.format ?? 'text'])), [visible]);
  useMarkTruncated(box, [rows, visible, layout]);

  const defs = useMemo<ColumnDef<Row>[]>(() => {
    const out: ColumnDef<Row>[] = [];
    if (selection) {
      out.push({
        id: '__select',
        header: () => {
          if (selection.single) return <span className="sr-only">{t('List.choose')}</span>;
          const all = rows.length > 0 && rows.every((r) => selection.isSelected(r));
          const some = rows.some((r) => selection.isSelected(r));
          return (
            <input
              type="checkbox"
              aria-label={t('List.selectPage')}
              checked={all}
              ref={(el) => {
                if (el) el.indeterminate = some && !all;
              }}
              onChange={(e) => selection.togglePage(rows, e.target.checked)}
            />
          );
        },
        cell: ({ row }) => (
          <input
            type={selection.single ? 'radio' : 'checkbox'}
            name={selection.single ? `choose-${rowKey}` : undefined}
            aria-label={t('List.selectRow', { name: rowLabel(row.original) })}
            checked={selection.isSelected(row.original)}
            onChange={(e) => selection.toggle(row.original, e.target.checked)}
          />
        ),
      });
    }
    for (const c of visible) {
      const label = c.secondary ? (
        <>
          {t(c.label)}
          <span className="data-table__th-secondary">{t(c.secondary.label)}</span>
        </>
      ) : (
        t(c.label)
      );
      out.push({
        id: c.name,
        header: () =>
          c.sortable && c.field && onSort ? (
            <SortButton
              label={label}
              direction={sort?.field === c.field ? sort.direction : undefined}
              onClick={() => onSort(c.field!)}
            />
          ) : (
            label
          ),
        cell: ({ row }) => renderCellWithSecondary(c, row.original, { ...ctx, t, digits, language, rowId: row.id }),
      });
    }
    if (rowActions.length > 0) {
      out.push({
        id: '__operation',
        header: () => t('List.operation'),
        cell: ({ row }) => (
          <RowActions
            items={rowActionsFor(rowActions, row.original, ctx)}
            running={running}
            rowLabel={rowLabel(row.original)}
            onRun={(a) => rowActionRef.current(a, row.original)}
          />
        ),
      });
    }
    return out;
  }, [visible, rowActions, selection, rows, running, ctx, t, digits, language, rowKey, rowLabel, sort, onSort]);

  const table = useReactTable({
    data: rows,
    columns: defs,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (r, i) => String(r[rowKey] ?? i),
    manualPagination: true,
  });

  return (
    <div
      ref={box}
      className={`data-table${loading ? ' is-loading' : ''}`}
      aria-busy={loading || undefined}
      role="region"
      aria-label={caption}
    >
      <table style={{ minWidth: layout.minWidth }}>
        <caption className="sr-only">{caption}</caption>
        <colgroup>
          {table.getVisibleLeafColumns().map((c) => {
            const width = layout.widths.get(c.id);
            return <col key={c.id} data-column={c.id} style={width ? { width } : undefined} />;
          })}
        </colgroup>
        <thead>
          {table.getHeaderGroups().map((hg) => (
            <tr key={hg.id}>
              {hg.headers.map((h) => (
                <th
                  key={h.id}
                  scope="col"
                  aria-sort={ariaSort(visible, h.column.id, sort)}
                  className={`data-table__th data-table__th--${h.column.id.replace(/^__/, '')}`}
                  data-column={h.column.id}
                >
                  {flexRender(h.column.columnDef.header, h.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {placeholder ? (
            <tr>
              <td colSpan={defs.length} className="data-table__placeholder">
                {placeholder}
              </td>
            </tr>
          ) : (
            table.getRowModel().rows.map((r) => (
              <tr
                key={r.id}
                data-row-key={r.id}
                className={selection?.isSelected(r.original) ? 'is-selected' : undefined}
              >
                {r.getVisibleCells().map((cell) => (
                  <td
                    key={cell.id}
                    className={`data-table__td data-table__td--${cell.column.id.replace(/^__/, '')}`}
                    data-column={cell.column.id}
                    data-format={formats.get(cell.column.id)}
                  >
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
      {loading && rows.length > 0 && (
        <div className="data-table__overlay" aria-hidden="true">
          <span className="spinner" />
        </div>
      )}
      <TruncationTooltip container={box} />
    </div>
  );
}

/** The header's sort state for assistive technology: only the sorted column says it. */
function ariaSort(columns: ResolvedColumn[], id: string, sort: ListSort | undefined) {
  const c = columns.find((col) => col.name === id);
  if (!c?.sortable || !sort || sort.field !== c.field) return undefined;
  return sort.direction === 'asc' ? 'ascending' : 'descending';
}

/** A sortable header: the label and an arrow showing the direction (both arrows, faint, while unsorted). */
function SortButton({
  label,
  direction,
  onClick,
}: {
  label: ReactNode;
  direction: 'asc' | 'desc' | undefined;
  onClick(): void;
}) {
  return (
    <button type="button" className={`data-table__sort${direction ? ' is-sorted' : ''}`} onClick={onClick}>
      <span className="data-table__sort-label">{label}</span>
      <span className="data-table__sort-icon" aria-hidden="true">
        {direction === 'asc' ? '▲' : direction === 'desc' ? '▼' : '↕'}
      </span>
    </button>
  );
}
