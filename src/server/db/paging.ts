// List paging of the spec: startRecordNum..endRecordNum, 1-based and inclusive; endRecordNum -1 means all
// rows (capped); queryType 1 asks only for recordSum.
import type { SelectQueryBuilder } from 'kysely';
export const MAX_PAGE_ROWS = 1000;

export interface PageRange {
  /** 0-based offset of the first row. */
  offset: number;
  limit: number;
  countOnly: boolean;
}

export function pageRange(params: Record<string, unknown>, defaultSize = 10): PageRange {
  const start = Math.max(1, Number(params.startRecordNum) || 1);
  const endRaw = Number(params.endRecordNum);
  const end =
    endRaw === -1
      ? start + MAX_PAGE_ROWS - 1
      : Number.isFinite(endRaw) && endRaw >= start
        ? endRaw
        : start + defaultSize - 1;
  return {
    offset: start - 1,
    limit: Math.min(end - start + 1, MAX_PAGE_ROWS),
    countOnly: String(params.queryType ?? '') === '1',
  };
}

/** How many rows a query (without a selection) finds; PostgreSQL answers count(*) as text, hence the Number. */
export async function countRows<DB, TB extends keyof DB>(q: SelectQueryBuilder<DB, TB, object>): Promise<number> {
  const { n } = (await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()) as { n: unknown };
  return Number(n);
}

/**
 * One page of a list and its total, as every list call answers (record, recordSum): `base` is the filtered query
 * without a selection; `rows` selects, orders and maps the page it is given (offset and limit applied). A count
 * call (queryType 1) and an empty list skip the page query.
 */
export async function pageOf<DB, TB extends keyof DB, R>(
  base: SelectQueryBuilder<DB, TB, object>,
  range: PageRange,
  rows: (page: SelectQueryBuilder<DB, TB, object>) => Promise<R[]>,
): Promise<{ record: R[]; recordSum: number }> {
  const recordSum = await countRows(base);
  if (range.countOnly || recordSum === 0) return { record: [], recordSum };
  return { record: await rows(base.offset(range.offset).limit(range.limit)), recordSum };
}
