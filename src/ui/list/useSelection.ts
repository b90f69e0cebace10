// Selection kept across pages, keyed by the definition's rowKey (000 §2 copyright list: companyID). Rows are
// remembered whole so a parent (a selection dialog) receives them even when their page is no longer loaded.
import { useCallback, useState } from 'react';

export type Row = Record<string, unknown>;

/** `single`: choosing a row replaces the previous choice (a radio column, e.g. the tariff of a form). */
export function useSelection(
  rowKey: string,
  initial: Row[] = [],
  max?: number,
  onChange?: (rows: Row[]) => void,
  single = false,
) {
  const [selected, setSelected] = useState<Map<string, Row>>(() => new Map(initial.map((r) => [String(r[rowKey]), r])));
  const keyOf = useCallback((r: Row) => String(r[rowKey]), [rowKey]);

  const update = useCallback(
    (next: Map<string, Row>) => {
      setSelected(next);
      onChange?.([...next.values()]);
    },
    [onChange],
  );

  const toggle = useCallback(
    (row: Row, on: boolean) => {
      const next = single ? new Map<string, Row>() : new Map(selected);
      if (on) {
        if (!single && max !== undefined && next.size >= max) return false;
        next.set(keyOf(row), row);
      } else next.delete(keyOf(row));
      update(next);
      return true;
    },
    [selected, keyOf, max, update, single],
  );

  /** Select or clear every row of the page (up to the limit). */
  const togglePage = useCallback(
    (rows: Row[], on: boolean) => {
      const next = new Map(selected);
      for (const r of rows) {
        if (!on) next.delete(keyOf(r));
        else if (max === undefined || next.size < max) next.set(keyOf(r), r);
      }
      update(next);
    },
    [selected, keyOf, max, update],
  );

  const clear = useCallback(() => update(new Map()), [update]);

  return {
    selected,
    isSelected: (r: Row) => selected.has(keyOf(r)),
    toggle,
    togglePage,
    clear,
    count: selected.size,
    rows: () => [...selected.values()],
  };
}
