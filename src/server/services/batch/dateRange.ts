// The date range of the batch management query (000 §5): both ends required, the end not past today and the
// range at most one year (the export window of 001 §9), given as 'YYYYMMDD HH:MM:SS' in server time (a
// bare 'YYYYMMDD' is the whole day). Refusals carry the screen's message keys.
import { ApiError } from '../../envelope';
import { RC } from '../../returnCodes';

function parse(text: string, endOfDay: boolean): Date | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/.exec(text);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const [h, mi, s] = m[4] ? [Number(m[4]), Number(m[5]), Number(m[6])] : endOfDay ? [23, 59, 59] : [0, 0, 0];
  const date = new Date(y, mo - 1, d, h, mi, s);
  const same =
    date.getFullYear() === y &&
    date.getMonth() === mo - 1 &&
    date.getDate() === d &&
    date.getHours() === h &&
    date.getMinutes() === mi &&
    date.getSeconds() === s;
  return same ? date : undefined;
}

export function parseDateRange(begin: string, end: string, now: number): { from: number; to: number } {
  const refuse = (field: string, message: string) => {
    throw new ApiError(RC.badInput, [], [{ field, message }]);
  };
  const from = parse(begin, false);
  const to = parse(end, true);
  if (!from) refuse('begin', 'Batch.dateInvalid');
  if (!to) refuse('end', 'Batch.dateInvalid');
  const today = new Date(now);
  const endOfToday = new Date(today.getFullYear(), today.getMonth(), today.getDate(), 23, 59, 59, 999).getTime();
  if (to!.getTime() > endOfToday) refuse('end', 'RBTBatchUpload.dateRangeTips');
  if (from!.getTime() > to!.getTime()) refuse('begin', 'RBTBatchUpload.dateRangeTips');
  const yearBefore = new Date(to!.getFullYear() - 1, to!.getMonth(), to!.getDate(), 0, 0, 0).getTime();
  if (from!.getTime() < yearBefore) refuse('begin', 'Batch.dateRangeYear');
  return { from: from!.getTime(), to: to!.getTime() };
}
