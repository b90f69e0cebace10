// Runs batch jobs, the same code on either queue. A job is a chunk of a task's lines; its lines are applied in
// groups, one transaction per group, and each line's result is written in the transaction of the change it
// makes. A crash therefore loses a whole group or nothing: after it, the job runs again (another process, or
// this one restarted) and takes only the lines without a result, so no line is applied twice. On PostgreSQL
// the lines of a group are read FOR UPDATE: if a job ever runs twice at once (its first process was too slow
// and pg-boss handed it on), the second waits for the first's group and then skips the lines it applied.
// Every group also renews the task's lease (the process working on it, until when) and adds to its progress.
// A job that failed on every attempt fails its task cleanly: its lines left without a result are marked not
// applied, the task becomes 'not available' (status 4) and says why.
import { sql } from 'kysely';
import type { AppContext } from '../context';
import type { FileStore } from '../files/storage';
import { recordUpload } from '../services/uploadedFiles';
import { RC } from '../returnCodes';
import { auditRow, type AuditEntry } from '../services/audit';
import { engineFor } from '../validation';
import { userInfo } from '../services/providers';
import { isTrusted } from '../lifecycle/lifecycle';
import { STATUS_OF_STATE, TASK_STATUS } from '../services/batch/taskTypes';
import { HANDLERS } from '../services/batch/handlers';
import { storedMessage, failed, type LineOutcome } from '../services/batch/outcome';
import type { LineContext, LineHandler } from '../services/batch/lineTypes';
import type { TaskRow } from '../services/batch/tasks';
import { batchQueueSpec, workerId, type ChunkJob, type DeadJobHandler, type JobHandler, type JobRun } from './queue';
import { StoppedError } from './stopped';

/** Lines per transaction: small enough that a crash repeats little, large enough that commits do not dominate. */
export const GROUP_LINES = 100;
const LIVE = ['queued', 'running'];

export interface Runner {
  handle: JobHandler;
  dead: DeadJobHandler;
}

export function batchRunner(ctx: AppContext, store: FileStore, log: (line: string) => void): Runner {
  const db = ctx.db;
  const me = workerId();
  const leaseMs = batchQueueSpec().settings.leaseSeconds * 1000;
  const lease = () => ({ locked_by: me, locked_at: Date.now(), lease_until: Date.now() + leaseMs });

  async function lineContext(task: TaskRow): Promise<LineContext> {
    const provider = await db
      .selectFrom('providers')
      .selectAll()
      .where('id', '=', task.provider_id)
      .executeTakeFirstOrThrow();
    const config = await ctx.config.forSite(provider.site);
    let data: unknown;
    try {
      data = task.data ? JSON.parse(task.data) : {};
    } catch {
      data = {};
    }
    return {
      ctx,
      store,
      task,
      provider,
      config,
      data,
      audit: () => {
        throw new Error('audit outside a line group');
      },
      group: {},
      engine: engineFor(provider.site),
      user: userInfo(provider, config),
      approval: !isTrusted(provider),
    };
  }

  /** Applies up to GROUP_LINES unapplied lines from `from`; the last line number applied, 'end' or 'stop'. */
  async function group(
    task: TaskRow,
    handler: LineHandler,
    lc: LineContext,
    from: number,
    to: number,
    one = false,
  ): Promise<number | 'end' | 'stop'> {
    let applied = { good: 0, n: 0 };
    const last = await db.transaction().execute(async (tx) => {
      const live = await tx
        .selectFrom('batch_tasks')
        .select(['state', 'status'])
        .where('id', '=', task.id)
        .executeTakeFirst();
      if (!live || live.status === TASK_STATUS.deleted || !LIVE.includes(live.state)) return 'stop' as const;
      let q = tx
        .selectFrom('batch_task_lines')
        .select(['line_no', 'input'])
        .where('task_id', '=', task.id)
        .where('line_no', '>=', from)
        .where('line_no', '<=', to)
        .where('return_code', 'is', null)
        .orderBy('line_no')
        .limit(one ? 1 : GROUP_LINES);
      if (ctx.handle.dialect === 'postgres') q = q.forUpdate();
      const lines = await q.execute();
      if (lines.length === 0) return 'end' as const;
      let good = 0;
      const results: Array<[number, string, string]> = [];
      const audits: AuditEntry[] = [];
      const glc: LineContext = { ...lc, audit: (e: AuditEntry) => void audits.push(e), group: {} };
      await handler.prefetch?.(
        tx,
        lines.map((l) => ({ no: l.line_no, text: l.input })),
        glc,
      );
      for (const l of lines) {
        const o = await handler.apply(tx, { no: l.line_no, text: l.input }, glc);
        results.push([l.line_no, o.code, storedMessage(o)]);
        if (o.code === RC.ok) good++;
      }
      await handler.flush?.(tx, glc);
      // The group's results and audit entries, a statement each, before the transaction commits. The line range
      // keeps the update on the group's own index entries whatever the planner believes: with the task_id alone
      // PostgreSQL (its statistics taken while the table was small) walked every line of the task for each group.
      const [first, last] = [lines[0].line_no, lines[lines.length - 1].line_no];
      await sql`update batch_task_lines set return_code = v.column2, return_msg = v.column3
        from (values ${sql.join(results.map(([no, code, msg]) => sql`(cast(${no} as integer), ${code}, ${msg})`))}) as v
        where batch_task_lines.task_id = ${task.id} and batch_task_lines.line_no between ${first} and ${last}
          and batch_task_lines.line_no = v.column1`.execute(tx);
      if (audits.length) await tx.insertInto('audit_log').values(audits.map(auditRow)).execute();
      const n = lines.length;
      await tx
        .updateTable('batch_tasks')
        .set({
          success_count: sql`success_count + ${good}`,
          fail_count: sql`fail_count + ${n - good}`,
          done_count: sql`done_count + ${n}`,
          ...lease(),
        })
        .where('id', '=', task.id)
        .execute();
      applied = { good, n };
      return lines[n - 1].line_no;
    });
    // Counted once committed: a group rolled back is applied again later and counted then.
    ctx.metrics?.lines(applied.good, applied.n - applied.good);
    return last;
  }

  /** A line that breaks its transaction on the last attempt gets a failed result of its own, so the rest go on. */
  async function failLine(task: TaskRow, from: number, to: number, error: unknown): Promise<number | 'end'> {
    const o: LineOutcome = failed(RC.serverError, 'Batch.lineError', {
      reason: error instanceof Error ? error.message : String(error),
    });
    return db.transaction().execute(async (tx) => {
      const line = await tx
        .selectFrom('batch_task_lines')
        .select('line_no')
        .where('task_id', '=', task.id)
        .where('line_no', '>=', from)
        .where('line_no', '<=', to)
        .where('return_code', 'is', null)
        .orderBy('line_no')
        .limit(1)
        .executeTakeFirst();
      if (!line) return 'end' as const;
      await tx
        .updateTable('batch_task_lines')
        .set({ return_code: o.code, return_msg: storedMessage(o) })
        .where('task_id', '=', task.id)
        .where('line_no', '=', line.line_no)
        .execute();
      await tx
        .updateTable('batch_tasks')
        .set({ fail_count: sql`fail_count + 1`, done_count: sql`done_count + 1`, ...lease() })
        .where('id', '=', task.id)
        .execute();
      return line.line_no;
    });
  }

  async function runLines(task: TaskRow, handler: LineHandler, job: ChunkJob, run: JobRun): Promise<void> {
    const lc = await lineContext(task);
    for (let from = job.from; from <= job.to;) {
      // Let the requests that wait for the database go first: SQLite has one connection, whose lock is not
      // handed over in order, and a worker taking it again at once would hold back every call until the job ends.
      await new Promise((resolve) => setImmediate(resolve));
      if (!(await run.heartbeat())) throw new StoppedError();
      let last: number | 'end' | 'stop';
      try {
        last = await group(task, handler, lc, from, job.to);
      } catch (e) {
        // Not the last attempt: the job fails and runs again (a passing database error heals so).
        if (!run.last) throw e;
        log(`batch task ${task.id}: a group from line ${from} failed (${String(e)}); applying its lines one by one`);
        try {
          last = await group(task, handler, lc, from, job.to, true);
        } catch (lineError) {
          last = await failLine(task, from, job.to, lineError);
        }
      }
      if (last === 'stop' || last === 'end') break;
      from = last + 1;
    }
    await finishIfComplete(task.id);
  }

  async function finishIfComplete(taskId: number): Promise<void> {
    await db
      .updateTable('batch_tasks')
      .set({ state: 'done', status: STATUS_OF_STATE.done, finished_at: ctx.now(), locked_by: null, lease_until: null })
      .where('id', '=', taskId)
      .where('state', 'in', LIVE)
      // Every line's result adds to done_count in its own transaction, so the count says when the lines may all
      // be done; only then are they looked at (which reads the task's lines up to the first without a result:
      // most of them, near the end of a big task, after each of its jobs).
      .where((eb) => eb('done_count', '>=', eb.ref('total_count')))
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('batch_task_lines')
              .select('line_no')
              .where('task_id', '=', taskId)
              .where('return_code', 'is', null),
          ),
        ),
      )
      .execute();
  }

  async function runExport(
    task: TaskRow,
    run: (lc: LineContext) => Promise<{ savedName: string; rows: number }>,
  ): Promise<void> {
    const lc = await lineContext(task);
    const { savedName, rows } = await run(lc);
    const kept = await db.transaction().execute(async (tx) => {
      const r = await tx
        .updateTable('batch_tasks')
        .set({
          result_file: savedName,
          state: 'done',
          status: STATUS_OF_STATE.done,
          total_count: rows,
          success_count: rows,
          done_count: rows,
          finished_at: ctx.now(),
          locked_by: null,
          lease_until: null,
        })
        .where('id', '=', task.id)
        .where('state', 'in', LIVE)
        .where('status', '!=', TASK_STATUS.deleted)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) === 0) return false;
      await recordUpload(tx, {
        providerId: task.provider_id,
        savedFilename: savedName,
        original: `tones_${lc.provider.code}_${task.id}.csv`,
        kind: 'csv',
        size: 0,
        info: {},
        now: ctx.now(),
      });
      return true;
    });
    // Deleted meanwhile, or another run finished first: this run's file is not anybody's.
    if (!kept) await store.remove(task.provider_id, savedName);
  }

  const handle: JobHandler = async (job, run) => {
    const task = await db.selectFrom('batch_tasks').selectAll().where('id', '=', job.taskId).executeTakeFirst();
    if (!task || task.status === TASK_STATUS.deleted || !LIVE.includes(task.state)) return;
    const handler = HANDLERS[task.task_type];
    if (!handler) throw new Error(`no handler for task type ${task.task_type}`);
    await db
      .updateTable('batch_tasks')
      .set({
        state: 'running',
        run_time: sql`coalesce(run_time, ${ctx.now()})`,
        attempts: sql`case when attempts < ${run.attempt} then ${run.attempt} else attempts end`,
        ...lease(),
      })
      .where('id', '=', task.id)
      .where('state', 'in', LIVE)
      .execute();
    if (handler.kind === 'export') await runExport(task, handler.run);
    else await runLines(task, handler, job, run);
  };

  const dead: DeadJobHandler = async (job, reason) => {
    log(`batch task ${job.taskId}: gave up on lines ${job.from}-${job.to}: ${reason}`);
    const o = failed(RC.serverError, 'Batch.lineNotApplied', { reason });
    await db.transaction().execute(async (tx) => {
      const task = await tx
        .selectFrom('batch_tasks')
        .select(['state', 'status'])
        .where('id', '=', job.taskId)
        .executeTakeFirst();
      if (!task || !LIVE.includes(task.state)) return;
      const r = await tx
        .updateTable('batch_task_lines')
        .set({ return_code: o.code, return_msg: storedMessage(o) })
        .where('task_id', '=', job.taskId)
        .where('return_code', 'is', null)
        .executeTakeFirst();
      const n = Number(r.numUpdatedRows);
      await tx
        .updateTable('batch_tasks')
        .set({
          state: 'failed',
          status: task.status === TASK_STATUS.deleted ? TASK_STATUS.deleted : STATUS_OF_STATE.failed,
          error: reason.slice(0, 2000),
          finished_at: ctx.now(),
          locked_by: null,
          lease_until: null,
          fail_count: sql`fail_count + ${n}`,
          done_count: sql`done_count + ${n}`,
        })
        .where('id', '=', job.taskId)
        .execute();
    });
  };

  return { handle, dead };
}

/** Waits until a task leaves queued/running (the synchronous batches of up to 100 lines), at most `ms`. */
export async function waitForTask(ctx: AppContext, taskId: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  for (let pause = 20; Date.now() < until; pause = Math.min(200, pause * 2)) {
    const t = await ctx.db.selectFrom('batch_tasks').select('state').where('id', '=', taskId).executeTakeFirst();
    if (!t || !LIVE.includes(t.state)) return true;
    await new Promise((r) => setTimeout(r, pause));
  }
  return false;
}
