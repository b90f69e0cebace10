// List paging of the spec: startRecordNum..endRecordNum, 1-based and inclusive; endRecordNum -1 means all
// rows (capped); queryType 1 asks only for recordSum.
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
