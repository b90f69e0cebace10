// The date range of the batch management query (000 §5, 001 §9), given as 'YYYYMMDD HH:MM:SS' in server time
// (a bare 'YYYYMMDD' is the whole day). What a range must be (both ends, the end not past today, the start not
// after the end, at most one year) is the batchTaskList definition's `checks`: the search bar runs them before
// sending, and here the engine runs the same ones, so both refuse with the same message keys.
import type { Engine } from '../../../engine';
import { ApiError } from '../../envelope';
import { RC } from '../../returnCodes';

/** The screen whose search checks define a valid range. */
const RANGE_SCREEN = 'batchTaskList';

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

const isoDay = (text: string) => `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}`;

export function parseDateRange(
  begin: string,
  end: string,
  engine: Engine,
  config: Record<string, string>,
): { from: number; to: number } {
  const refuse = (field: string, message: string): never => {
    throw new ApiError(RC.badInput, [], [{ field, message }]);
  };
  const from = parse(begin, false) ?? refuse('begin', 'Batch.dateInvalid');
  const to = parse(end, true) ?? refuse('end', 'Batch.dateInvalid');
  const form = { begin: isoDay(begin), end: isoDay(end) };
  for (const [name, check] of Object.entries(engine.definition(RANGE_SCREEN).checks ?? {})) {
    const message = engine.check(RANGE_SCREEN, name, { config, form });
    if (message) refuse(check.field, message);
  }
  return { from: from.getTime(), to: to.getTime() };
}
