// The state of a list as one object (react-admin's idea): page, page size and the applied filters. It is also
// the TanStack Query key, so every distinct page of every search is cached on its own.
import type { Config, ResolvedAction, ResolvedColumn, ResolvedField, ResolvedScreen } from '../../engine';
import { holds } from '../../engine/logic';

/** A sortable column's field and direction; none is the list's own order (newest first). */
export interface ListSort {
  field: string;
  direction: 'asc' | 'desc';
}

export interface ListState {
  page: number;
  pageSize: number;
  filters: Record<string, unknown>;
  sort?: ListSort;
}

/** A header click: ascending, then descending, then back to the list's own order; page 1 each time. */
export function nextSort(current: ListSort | undefined, field: string): ListSort | undefined {
  if (current?.field !== field) return { field, direction: 'asc' };
  return current.direction === 'asc' ? { field, direction: 'desc' } : undefined;
}

/** The list call's orderBy parameter (001 §7 sp/qrytone), as the server's allow-list reads it. */
export const orderByOf = (sort: ListSort | undefined): Record<string, string> =>
  sort ? { orderBy: `${sort.field} ${sort.direction}` } : {};

/** 000 §9: page sizes 10, 20, 50, 100, default 10, unless the definition names its own. */
const DEFAULT_PAGE_SIZES = [10, 20, 50, 100];
/** 000 §2: the pager appears only when the total exceeds this. */
const PAGER_THRESHOLD = 10;

/** Whether a list of this total shows its pager: from the definition's list.pagerAt (0 never), else above 10. */
export function showsPager(screen: Pick<ResolvedScreen, 'list'>, total: number): boolean {
  const at = screen.list?.pagerAt;
  if (at === undefined) return total > PAGER_THRESHOLD;
  return at > 0 && total >= at;
}

export function pageSizesOf(screen: Pick<ResolvedScreen, 'list'>): number[] {
  return screen.list?.pageSizes?.length ? screen.list.pageSizes : DEFAULT_PAGE_SIZES;
}

/** The search fields' defaults (resolved): the filters a list starts with and returns to on Reset. */
export function defaultsOf(fields: ResolvedField[]): Record<string, unknown> {
  return Object.fromEntries(fields.filter((f) => f.default !== undefined).map((f) => [f.name, f.default]));
}

export function initialState(screen: Pick<ResolvedScreen, 'list'>, filters: Record<string, unknown> = {}): ListState {
  const sizes = pageSizesOf(screen);
  const size = screen.list?.pageSize && sizes.includes(screen.list.pageSize) ? screen.list.pageSize : sizes[0];
  return { page: 1, pageSize: size, filters };
}

/**
 * 000 §2 generic list page: a status filter maps a value above 10 to empty and a value below 0 to 2; digits-only
 * inputs keep only digits (pasted text included). Which field is which is the definition's `ui` (statusFilter,
 * inputType digits); empty values are dropped so they are not sent.
 */
export function normaliseFilters(filters: Record<string, unknown>, fields: ResolvedField[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, raw] of Object.entries(filters)) {
    const ui = fields.find((f) => f.name === name)?.ui ?? {};
    let v = raw;
    if ((ui.inputType === 'digits' || ui.digitsOnly === true) && typeof v === 'string') v = v.replace(/\D+/g, '');
    if (ui.statusFilter === true && v !== undefined && v !== '' && !Number.isNaN(Number(v))) {
      const n = Number(v);
      if (n > 10) v = '';
      else if (n < 0) v = '2';
    }
    if (v === undefined || v === null || v === '') continue;
    out[name] = v;
  }
  return out;
}

/** 000 §9: operation column 150 px for two buttons or fewer, else 60 per button plus 32. */
export function operationWidth(buttons: number): number {
  return buttons <= 2 ? 150 : buttons * 60 + 32;
}

export interface RowActionItem {
  action: ResolvedAction;
  disabled: boolean;
}

/** The row actions shown for one row: those whose per-row condition (visibleFor) holds, disabled per disabledFor. */
export function rowActionsFor(
  actions: ResolvedAction[],
  row: Record<string, unknown>,
  ctx: { config: Config; user: Record<string, unknown> },
): RowActionItem[] {
  const data = { row, config: ctx.config, user: ctx.user };
  return actions
    .filter((a) => holds(a.visibleFor, data, true))
    .map((a) => ({ action: a, disabled: a.disabled === true || holds(a.disabledFor, data, false) }));
}

/**
 * A row's actions as buttons and "More" menu items: the definition's primary actions are buttons, the others go
 * to the menu. A list that marks none primary shows every action as a button (one or two actions need no menu).
 * `items` are the actions shown for this row (those hidden for it already left out, rowActionsFor); a menu none of
 * whose items the row can use (all hidden or all disabled for it) is no menu at all: the row shows no More button
 * that would open onto nothing.
 */
export function splitRowActions<T extends { action: Pick<ResolvedAction, 'primary'>; disabled?: boolean }>(
  items: T[],
): { inline: T[]; more: T[] } {
  if (!items.some((i) => i.action.primary)) return { inline: items, more: [] };
  const more = items.filter((i) => !i.action.primary);
  return {
    inline: items.filter((i) => i.action.primary),
    more: more.some((i) => i.disabled !== true) ? more : [],
  };
}

/**
 * Buttons the operation column makes room for, from the definition alone (not from the rows of the page, so
 * the column keeps its width on every page): the primary actions, plus the "More" button when there are others.
 */
export function operationButtons(rowActions: Array<Pick<ResolvedAction, 'primary'>>): number {
  const { inline, more } = splitRowActions(rowActions.map((action) => ({ action })));
  return inline.length + (more.length > 0 ? 1 : 0);
}

/** Width of a column without one of its own, by what it shows; text columns (undefined) share what is left. */
const FORMAT_WIDTHS: Partial<Record<NonNullable<ResolvedColumn['format']>, number>> = {
  date: 92,
  datetime: 92,
  price: 64,
  audio: 72,
  status: 120,
  label: 112,
};
/**
 * Where a wide window leaves room, a column whose width comes from its format (none of the definition's own) grows
 * to this, so its value keeps to one line: a status badge such as "Modification to be approved", a date with its
 * time. At 1280 px there is no such room and the format's width stands (its badge wraps); at 1920 px the extra width
 * no longer all goes to the name column while the statuses wrap to three lines. The table measures what a format's
 * value takes in the font the browser has (columnLayout's `oneLine`): these stand where it could not.
 */
const COMFORTABLE_WIDTHS: Partial<Record<NonNullable<ResolvedColumn['format']>, number>> = {
  datetime: 152,
  status: 216,
};
/** Of the room beyond the table's least width, the share the format columns above may take; text columns keep the rest. */
const COMFORT_SHARE = 0.6;
/** The least a text column without a width gets; a wider table shares the extra among the text columns. */
export const MIN_TEXT_WIDTH = 128;
const SELECT_WIDTH = 40;
/** What a last data column's cells keep from the table's right edge beyond an ordinary cell's padding (list.css
 * gives them var(--space-4) instead of var(--space-2)): added to its width, so its content keeps the width the
 * definition gives. */
export const END_GUTTER = 8;

/**
 * The table's column widths: fixed ones (the definition's width, else by format) and flexible text columns.
 * With table-layout: fixed these never depend on the rows, so columns keep their widths on every page and
 * a 300-character name cannot squeeze its neighbours; `minWidth` is the least the table needs (the page never
 * scrolls sideways for it: text columns give way down to MIN_TEXT_WIDTH and their text is cut, in full on hover).
 */
export function columnLayout(
  columns: Array<Pick<ResolvedColumn, 'name' | 'width' | 'format'>>,
  /**
   * `available`: the width the table's box offers, once measured. `oneLine`: the width (padding included) a format's
   * value takes on one line, as measured in the table's font; COMFORTABLE_WIDTHS where it was not.
   */
  o: {
    selectable: boolean;
    operationButtons: number;
    available?: number;
    oneLine?: Partial<Record<NonNullable<ResolvedColumn['format']>, number>>;
  },
) {
  const widths = new Map<string, number | undefined>();
  if (o.selectable) widths.set('__select', SELECT_WIDTH);
  for (const c of columns) widths.set(c.name, c.width ?? FORMAT_WIDTHS[c.format ?? 'text']);
  if (o.operationButtons > 0) widths.set('__operation', operationWidth(o.operationButtons));
  // The operation column's buttons have their own room (operationWidth): the gutter is for a data column's text.
  const last = [...widths.keys()].pop();
  const lastWidth = last === undefined ? undefined : widths.get(last);
  if (last !== undefined && last !== '__operation' && lastWidth !== undefined) widths.set(last, lastWidth + END_GUTTER);
  let minWidth = 0;
  for (const w of widths.values()) minWidth += w ?? MIN_TEXT_WIDTH;
  // Room beyond the least width goes first to the format columns that wrap (COMFORTABLE_WIDTHS), in column order.
  let room = Math.max(0, (o.available ?? 0) - minWidth) * COMFORT_SHARE;
  for (const c of columns) {
    const format = c.format ?? 'text';
    const comfortable = c.width === undefined ? (o.oneLine?.[format] ?? COMFORTABLE_WIDTHS[format]) : undefined;
    const base = widths.get(c.name);
    if (comfortable === undefined || base === undefined || room <= 0) continue;
    // The last data column's cells keep the gutter too (END_GUTTER, in its base width).
    const target = comfortable + (c.name === last ? END_GUTTER : 0);
    const grow = Math.min(room, Math.max(0, target - base));
    widths.set(c.name, base + grow);
    room -= grow;
  }
  return { widths, minWidth };
}
