// The answer to a batch submission (001 §5.3): a batch of up to batch_sync_max_records lines (100) is handled
// at once, so its answer carries every line's result (the results popup of 001 §2.1); a larger one becomes a
// task whose progress and results the screen reads with its task id. Either way the work runs on the job
// queue: waiting here only means answering when it is done (within the 180 s batch timeout of 001 §9).
import type { AppContext } from '../../context';
import type { Result } from '../../envelope';
import { RC, type Lang } from '../../returnCodes';
import { num, type Config } from '../config';
import { waitForTask } from '../../jobs/runner';
import { findTask, lineResults, taskRecord } from './tasks';

/** Under the client's 180000 ms batch timeout, with room for the upload itself. */
export const SYNC_WAIT_MS = 150_000;

export async function answerSubmitted(
  ctx: AppContext,
  providerId: number,
  taskId: number,
  lines: number,
  config: Config,
  lang: Lang,
): Promise<Result> {
  const max = num(config, 'batch_sync_max_records');
  const sync = lines <= max && (await waitForTask(ctx, taskId, SYNC_WAIT_MS));
  const task = (await findTask(ctx.db, providerId, taskId))!;
  if (!sync) return { record: { ...taskRecord(task), lines: [] } };
  const results = await lineResults(ctx.db, taskId, { offset: 0, limit: max, countOnly: false }, lang);
  return {
    code: task.fail_count > 0 ? RC.partial : RC.ok,
    record: { ...taskRecord(task), lines: results.record },
    recordSum: results.recordSum,
  };
}
