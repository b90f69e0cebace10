// The header row of a plain table (not the list screens' DataTable): one column header a label, in order, and
// whatever else the row needs after them (a screen-reader-only "Operation").
import type { ReactNode } from 'react';

export interface ColumnHead {
  key: string;
  label: ReactNode;
  /** The header's full name where the label is short (a weekday's initial). */
  abbr?: string;
}

export function ColumnHeads({ heads, children }: { heads: ColumnHead[]; children?: ReactNode }) {
  return (
    <thead>
      <tr>
        {heads.map((h) => (
          <th key={h.key} scope="col" abbr={h.abbr}>
            {h.label}
          </th>
        ))}
        {children}
      </tr>
    </thead>
  );
}
