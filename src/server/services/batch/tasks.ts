// Batch tasks as the calls see them: creating one (the task row, its lines and its jobs in one transaction),
// finding a provider's task (another provider's id is "not found"), the list of 000 §7 with the 000 §4
// action rules, and the per-line results (cmdLine, returnCode, returnMsg) of the result dialog.
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { AppContext } from '../../context';
import type { Database } from '../../db/schema';
import type { PageRange } from '../../db/paging';
import type { Lang } from '../../returnCodes';
import { canDelete, canDownload, TASK_STATUS, taskTypeOf, type TaskTypeDef } from './taskTypes';
import { lineMessage } from './outcome';
import { lineLabels } from './lineLabels';
import { neutralised } from '../../http/csv';
import type { TextLine } from './textFile';
import type { ChunkJob } from '../../jobs/queue';
import { countRows } from '../../db/paging';

type Db = Kysely<Database>;
export type TaskRow = Selectable<Database['batch_tasks']>;

export interface NewTask {
  providerId: number;
  type: TaskTypeDef;
  /** The operation the screen named (the calls' {taskName}). */
  taskName: string;
  desc: string;
  /** The file the provider sent, as named on their machine. */
  fileName: string;
  /** Task-wide input the lines share (JSON): the new expiry date, the zip's saved files... */
  data?: unknown;
  lines: TextLine[];
  /** Runs inside the creating transaction first; throwing refuses the task (the export limit). */
  guard?: (tx: Transaction<Database>) => Promise<void>;
  /** Hold the jobs back until then (epoch ms). */
  startAfter?: number;
  /** What the files sent hash to (a batch tone upload's zip and index), to find the same batch sent again. */
  contentHash?: string;
}

/** The provider's live task (not deleted) of the same content requested since `since`, if any. */
export async function sameContentTask(db: Db, providerId: number, contentHash: string, since: number) {
  return (await db
    .selectFrom('batch_tasks')
    .selectAll()
    .where('provider_id', '=', providerId)
    .where('content_hash', '=', contentHash)
    .where('request_time', '>=', since)
    .where('status', '!=', TASK_STATUS.deleted)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()) as TaskRow | undefined;
}

/** Chunks of consecutive data lines (line numbers may skip comments), `size` lines each. */
export function chunksOf(taskId: number, lines: TextLine[], size: number): ChunkJob[] {
  if (lines.length === 0) return [{ taskId, from: 0, to: 0 }];
  const out: ChunkJob[] = [];
  for (let i = 0; i < lines.length; i += size)
    out.push({ taskId, from: lines[i].no, to: lines[Math.min(lines.length, i + size) - 1].no });
  return out;
}

/** The task, its lines and its jobs commit together; then this process's workers are woken. */
export async function createTask(ctx: AppContext, t: NewTask): Promise<number> {
  const now = ctx.now();
  const id = await ctx.db.transaction().execute(async (tx) => {
    await t.guard?.(tx);
    const { id } = await tx
      .insertInto('batch_tasks')
      .values({
        provider_id: t.providerId,
        task_name: t.taskName,
        task_type: t.type.type,
        task_type_name: t.type.name,
        task_desc: t.desc,
        request_time: now,
        run_time: null,
        status: TASK_STATUS.pending,
        state: 'queued',
        file_name: t.fileName.slice(0, 255),
        total_count: t.type.export ? 0 : t.lines.length,
        success_count: 0,
        progress: '',
        data: t.data === undefined ? '' : JSON.stringify(t.data),
        content_hash: t.contentHash ?? '',
        locked_by: null,
        locked_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let i = 0; i < t.lines.length; i += 500) {
      await tx
        .insertInto('batch_task_lines')
        .values(
          t.lines.slice(i, i + 500).map((l) => ({ task_id: id, line_no: l.no, input: l.text, return_code: null })),
        )
        .execute();
    }
    await ctx.jobs.enqueue(tx, chunksOf(id, t.lines, t.type.chunkLines), t.startAfter);
    return id;
  });
  ctx.jobs.wake();
  return id;
}

/**
 * Marks a task deleted (000 §4) if it is still in the status it was read in: a pending task stops at its next
 * line group; a finished one keeps its state and results, hidden as deleted. False when another request won.
 */
export async function markTaskDeleted(db: Db, task: Pick<TaskRow, 'id' | 'status'>): Promise<boolean> {
  const changed = await db
    .updateTable('batch_tasks')
    .set({
      status: TASK_STATUS.deleted,
      state: sql`case when state in ('queued', 'running') then 'cancelled' else state end`,
      locked_by: null,
      lease_until: null,
    })
    .where('id', '=', task.id)
    .where('status', '=', task.status)
    .executeTakeFirst();
  return Number(changed.numUpdatedRows) > 0;
}

/**
 * The provider's tasks of a type requested since a time, counted under the provider's row lock (a no-op update
 * that locks it on PostgreSQL; SQLite serialises writers), so two submissions in parallel cannot both pass a limit.
 */
export async function tasksSinceLocked(
  tx: Transaction<Database>,
  providerId: number,
  type: string,
  since: number,
): Promise<number> {
  await tx
    .updateTable('providers')
    .set((eb) => ({ id: eb.ref('id') }))
    .where('id', '=', providerId)
    .execute();
  const n = await countRows(
    tx
      .selectFrom('batch_tasks')
      .where('provider_id', '=', providerId)
      .where('task_type', '=', type)
      .where('request_time', '>=', since),
  );
  return n;
}

export async function findTask(db: Db, providerId: number, taskId: unknown): Promise<TaskRow | undefined> {
  const id = Number(taskId);
  if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647) return undefined;
  return (await db
    .selectFrom('batch_tasks')
    .selectAll()
    .where('id', '=', id)
    .where('provider_id', '=', providerId)
    .executeTakeFirst()) as TaskRow | undefined;
}

const two = (n: number) => String(n).padStart(2, '0');
/** 'YYYY-MM-DD HH:mm:ss' in the server's time zone (the zone the date filters are read in). */
export const localTime = (ms: number | null | undefined) => {
  if (ms === null || ms === undefined) return '';
  const d = new Date(ms);
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
};

/** The status column's value: 3 is success only when no line failed. */
export function taskOutcome(t: Pick<TaskRow, 'status' | 'success_count' | 'fail_count'>): string {
  if (t.status !== TASK_STATUS.success || t.fail_count === 0) return t.status;
  return t.success_count === 0 ? '3f' : '3p';
}

/** A task as the lists and the result calls answer it (000 §3 batch task, plus run state and the 000 §4 actions). */
export function taskRecord(t: TaskRow) {
  const def = taskTypeOf(t.task_type);
  const total = t.total_count;
  return {
    taskId: String(t.id),
    taskName: t.task_name,
    taskType: t.task_type,
    taskTypeName: t.task_type_name,
    taskDesc: t.task_desc,
    requestTime: localTime(t.request_time),
    runTime: localTime(t.run_time),
    finishTime: localTime(t.finished_at),
    status: t.status,
    /** The status as its lines tell it (issue 25): a finished task (status 3) whose every line failed is '3f'
     * (failed), one with some lines failed '3p' (partly succeeded); otherwise the status itself. */
    outcome: taskOutcome(t),
    state: t.state,
    fileName: t.file_name,
    totalCount: total,
    successCount: t.success_count,
    failCount: t.fail_count,
    processedCount: t.done_count,
    /** Share of lines processed, 0-100 (the progress bar). */
    progress: total > 0 ? Math.floor((t.done_count * 100) / total) : t.state === 'done' ? 100 : 0,
    /** Success count of total (000 §3 progress result). */
    progressResult: `${t.success_count}/${total}`,
    attempts: t.attempts,
    canDownload: def && canDownload(def, t.status) ? '1' : '0',
    canDelete: def && canDelete(def, t.status) ? '1' : '0',
  };
}

export interface TaskFilter {
  providerId: number;
  types: string[];
  from: number;
  to: number;
  status?: string;
}

export async function listTasks(db: Db, f: TaskFilter, range: PageRange) {
  let q = db
    .selectFrom('batch_tasks')
    .where('provider_id', '=', f.providerId)
    .where('task_type', 'in', f.types)
    .where('request_time', '>=', f.from)
    .where('request_time', '<=', f.to);
  if (f.status) q = q.where('status', '=', f.status);
  const n = await countRows(q);
  if (range.countOnly) return { recordSum: n };
  const rows = (await q
    .selectAll()
    .orderBy('request_time', 'desc')
    .orderBy('id', 'desc')
    .limit(range.limit)
    .offset(range.offset)
    .execute()) as TaskRow[];
  return { record: rows.map(taskRecord), recordSum: n };
}

/** One result line of the dialog; returnCode is empty while the line waits. */
const lineRecord =
  (lang: Lang, labels: Record<string, string>) =>
  (r: { line_no: number; input: string; return_code: string | null; return_msg: string }) => ({
    lineNo: r.line_no,
    cmdLine: r.input,
    returnCode: r.return_code ?? '',
    returnMsg: r.return_code === null ? '' : lineMessage(r.return_code, r.return_msg, lang, labels),
  });

/** The field labels of a task's lines (its type's form on its provider's site). */
async function labelsOfTask(db: Db, taskId: number): Promise<Record<string, string>> {
  const t = await db
    .selectFrom('batch_tasks')
    .innerJoin('providers', 'providers.id', 'batch_tasks.provider_id')
    .select(['batch_tasks.task_type', 'providers.site'])
    .where('batch_tasks.id', '=', taskId)
    .executeTakeFirst();
  return t ? lineLabels(t.site, taskTypeOf(t.task_type)) : {};
}

export async function lineResults(db: Db, taskId: number, range: PageRange, lang: Lang, onlyFailed = false) {
  let q = db.selectFrom('batch_task_lines').where('task_id', '=', taskId);
  if (onlyFailed) q = q.where('return_code', 'is not', null).where('return_code', '!=', '000000');
  const n = await countRows(q);
  if (range.countOnly) return { recordSum: n };
  const rows = await q
    .select(['line_no', 'input', 'return_code', 'return_msg'])
    .orderBy('line_no')
    .limit(range.limit)
    .offset(range.offset)
    .execute();
  return { record: rows.map(lineRecord(lang, await labelsOfTask(db, taskId))), recordSum: n };
}

/**
 * Every result line as text ('line|returnCode|returnMsg|cmdLine'), read in pages so any size streams. A
 * spreadsheet splits the file at its bars, so each value between bars, the line's own included, is neutralised
 * like a CSV cell (http/csv.ts) when it would run as a formula.
 */
export async function* resultText(db: Db, taskId: number, lang: Lang): AsyncGenerator<string> {
  yield '\uFEFF# line|returnCode|returnMsg|cmdLine\n';
  const toText = lineRecord(lang, await labelsOfTask(db, taskId));
  for (let after = -1; ;) {
    const rows = await db
      .selectFrom('batch_task_lines')
      .select(['line_no', 'input', 'return_code', 'return_msg'])
      .where('task_id', '=', taskId)
      .where('line_no', '>', after)
      .orderBy('line_no')
      .limit(2000)
      .execute();
    if (rows.length === 0) return;
    yield rows
      .map((r) => {
        const l = toText(r);
        const message = neutralised(l.returnMsg.replace(/[\r\n|]+/g, ' '));
        return `${l.lineNo}|${l.returnCode}|${message}|${l.cmdLine.split('|').map(neutralised).join('|')}\n`;
      })
      .join('');
    after = rows[rows.length - 1].line_no;
  }
}
