// The state of a list as one object (react-admin's idea): page, page size and the applied filters. It is also
// the TanStack Query key, so every distinct page of every search is cached on its own.
import type { ResolvedField, ResolvedScreen } from '../../engine';

export interface ListState { page: number; pageSize: number; filters: Record<string, unknown> }

/** 000 §9: page sizes 10, 20, 50, 100, default 10, unless the definition names its own. */
export const DEFAULT_PAGE_SIZES = [10, 20, 50, 100];
/** 000 §2: the pager appears only when the total exceeds this. */
export const PAGER_THRESHOLD = 10;

/** Whether a list of this total shows its pager: from the definition's list.pagerAt (0 never), else above 10. */
export function showsPager(screen: Pick<ResolvedScreen, 'list'>, total: number): boolean {
  const at = screen.list?.pagerAt;
  if (at === undefined) return total > PAGER_THRESHOLD;
  return at > 0 && total >= at;
}
/** 000 §9: table max height. */
export const TABLE_MAX_HEIGHT = 656;

export function pageSizesOf(screen: Pick<ResolvedScreen, 'list'>): number[] {
  return screen.list?.pageSizes?.length ? screen.list.pageSizes : DEFAULT_PAGE_SIZES;
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
