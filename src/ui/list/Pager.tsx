// The pager of a list: page size, previous/next and page numbers with ellipses. Shown by the list only when
// the total exceeds 10 (000 §2); the total itself is always shown, beside it (ListScreen).
import { useI18n } from '../i18n';

export interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  pageSizes: number[];
  onPage(page: number): void;
  onPageSize(size: number): void;
}

/** Page numbers to show: first, last and two around the current one; null is an ellipsis. */
export function pageWindow(page: number, pages: number): Array<number | null> {
  const wanted = new Set([1, pages, page - 2, page - 1, page, page + 1, page + 2].filter((p) => p >= 1 && p <= pages));
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: Array<number | null> = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1] > 1) out.push(null);
    out.push(p);
  });
  return out;
}

export function Pager({ page, pageSize, total, pageSizes, onPage, onPageSize }: PagerProps) {
  const { t, digits } = useI18n();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav className="pager" aria-label={t('List.pagination')}>
      <label className="pager__size">
        <span className="sr-only">{t('List.pageSize')}</span>
        <select className="select input" value={pageSize} onChange={(e) => onPageSize(Number(e.target.value))}>
          {pageSizes.map((s) => (
            <option key={s} value={s}>
              {t('List.perPage', { size: s })}
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        className="pager__button"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
        aria-label={t('List.previous')}
      >
        <span className="icon--directional" aria-hidden="true">
          ‹
        </span>
      </button>
      <ul className="pager__pages">
        {pageWindow(page, pages).map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} className="pager__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={p}>
              <button
                type="button"
                className={`pager__button${p === page ? ' is-current' : ''}`}
                aria-current={p === page ? 'page' : undefined}
                aria-label={t('List.page', { page: p })}
                onClick={() => onPage(p)}
              >
                {digits(p)}
              </button>
            </li>
          ),
        )}
      </ul>
      <button
        type="button"
        className="pager__button"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
        aria-label={t('List.next')}
      >
        <span className="icon--directional" aria-hidden="true">
          ›
        </span>
      </button>
    </nav>
  );
}
