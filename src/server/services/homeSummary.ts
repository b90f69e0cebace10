// The home page's work queue (issue 25, sp/homesummary): in one call, what a provider has to act on.
// - counts of its tones by the state the tone list's status column shows (toneStateCounts.ts);
// - the latest rejected tones and music boxes with the operator's reason;
// - the changes waiting longest for the operator (pending change requests, oldest first);
// - tones and boxes whose validity ends within EXPIRY_DAYS;
// - the last batch tasks with their result from their lines (succeeded / partly succeeded / failed).
// Every part is one indexed query with a LIMIT: nothing per row, whatever the number of tones.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { STATUS, stateCondition } from '../lifecycle/states';
import { TONE_BOX } from '../lifecycle/entities/toneBox';
import { toneFields } from './toneRecord';
import { toneBoxFields } from './toneBoxRecord';
import { localTime } from './batch/tasks';
import { toneStateCounts } from './toneStateCounts';
import type { Dialect } from '../db/connection';

type Db = Kysely<Database>;

/** How far ahead "expiring soon" looks. */
export const EXPIRY_DAYS = 30;
/** How many items each list of the home page shows. */
export const HOME_LIMIT = 5;
const DAY = 86_400_000;

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The latest rejected tones and music boxes, with the operator's reason. */
async function rejected(db: Db, providerId: number) {
  const [tones, boxes] = await Promise.all([
    db
      .selectFrom('tones')
      .select(['id', 'tone_code as code', 'tone_name as name', 'refuse_reason', 'updated_at'])
      .where('provider_id', '=', providerId)
      .where(stateCondition('rejected'))
      .orderBy('id', 'desc')
      .limit(HOME_LIMIT)
      .execute(),
    db
      .selectFrom('tone_boxes')
      .select(['id', 'code', 'name', 'refuse_reason', 'updated_at'])
      .where('provider_id', '=', providerId)
      .where(stateCondition('rejected'))
      .orderBy('id', 'desc')
      .limit(HOME_LIMIT)
      .execute(),
  ]);
  return [...tones.map((r) => ({ ...r, type: 'tone' })), ...boxes.map((r) => ({ ...r, type: TONE_BOX }))]
    .sort((a, b) => Number(b.updated_at) - Number(a.updated_at))
    .slice(0, HOME_LIMIT)
    .map((r) => ({
      type: r.type,
      id: String(r.id),
      code: r.code,
      name: r.name,
      refuseReason: r.refuse_reason,
      time: new Date(Number(r.updated_at)).toISOString(),
    }));
}

/** The provider's changes waiting for the operator, oldest first, with how many days each has waited. */
async function waitingChanges(db: Db, providerId: number, now: number) {
  const rows = await db
    .selectFrom('change_requests as c')
    .leftJoin('tones as t', (j) => j.onRef('t.id', '=', 'c.entity_id').on('c.entity_type', '=', 'tone'))
    .leftJoin('tone_boxes as b', (j) => j.onRef('b.id', '=', 'c.entity_id').on('c.entity_type', '=', TONE_BOX))
    .select([
      'c.id',
      'c.entity_type',
      'c.entity_id',
      'c.kind',
      'c.created_at',
      't.tone_code',
      't.tone_name',
      'b.code',
      'b.name',
    ])
    .where('c.provider_id', '=', providerId)
    .where('c.status', '=', 'pending')
    .orderBy('c.id', 'asc')
    .limit(HOME_LIMIT)
    .execute();
  const { n } = await db
    .selectFrom('change_requests')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('provider_id', '=', providerId)
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  const items = rows.map((r) => ({
    type: r.entity_type,
    id: String(r.entity_id),
    code: r.tone_code ?? r.code ?? '',
    name: r.tone_name ?? r.name ?? '',
    kind: r.kind,
    since: new Date(Number(r.created_at)).toISOString(),
    minutes: String(Math.max(0, Math.floor((now - Number(r.created_at)) / 60_000))),
  }));
  return { items, total: String(Number(n)) };
}

/** Live tones and boxes (not deleted) whose validity ends between today and EXPIRY_DAYS from now, soonest first. */
async function expiring(db: Db, providerId: number, now: number) {
  const [from, to] = [day(now), day(now + EXPIRY_DAYS * DAY)];
  const toneDay = toneFields().field('toneValidDay').column as 'tone_valid_day';
  const boxDay = toneBoxFields().field('validDay').column as 'valid_day';
  // The same query on the tones and on the boxes, each with its own code, name and validity columns.
  const ending = (table: 'tones' | 'tone_boxes', code: string, name: string, validDay: string) =>
    db
      .selectFrom(table)
      .select([
        'id',
        sql.ref<string>(code).as('code'),
        sql.ref<string>(name).as('name'),
        sql.ref<string>(validDay).as('validDay'),
      ])
      .where('provider_id', '=', providerId)
      .where(sql.ref(validDay), '>=', from)
      .where(sql.ref(validDay), '<=', to)
      .where('status', '!=', STATUS.deleted)
      .orderBy(sql.ref(validDay))
      .orderBy('id')
      .limit(HOME_LIMIT)
      .execute();
  const [tones, boxes] = await Promise.all([
    ending('tones', 'tone_code', 'tone_name', toneDay),
    ending('tone_boxes', 'code', 'name', boxDay),
  ]);
  return [...tones.map((r) => ({ ...r, type: 'tone' })), ...boxes.map((r) => ({ ...r, type: TONE_BOX }))]
    .sort((a, b) => String(a.validDay).localeCompare(String(b.validDay)))
    .slice(0, HOME_LIMIT)
    .map((r) => ({
      type: r.type,
      id: String(r.id),
      code: r.code,
      name: r.name,
      validDay: String(r.validDay),
      days: String(
        Math.max(0, Math.round((Date.parse(`${r.validDay}T00:00:00Z`) - Date.parse(`${day(now)}T00:00:00Z`)) / DAY)),
      ),
    }));
}

/**
 * A task's result from its lines, as the batch task list reads them: 'running' until it is done, then 'succeeded'
 * when every line applied, 'failed' when none did, else 'partial'.
 */
export function taskResult(t: { state: string; total_count: number; success_count: number }): string {
  if (t.state !== 'done') return 'running';
  if (t.total_count > 0 && t.success_count >= t.total_count) return 'succeeded';
  if (t.success_count === 0 && t.total_count > 0) return 'failed';
  return t.total_count === 0 ? 'failed' : 'partial';
}

async function lastTasks(db: Db, providerId: number, types: string[]) {
  if (types.length === 0) return [];
  const rows = await db
    .selectFrom('batch_tasks')
    .select([
      'id',
      'task_type',
      'task_desc',
      'file_name',
      'request_time',
      'state',
      'total_count',
      'success_count',
      'fail_count',
    ])
    .where('provider_id', '=', providerId)
    .where('task_type', 'in', types)
    .where('status', '!=', '6')
    .orderBy('request_time', 'desc')
    .orderBy('id', 'desc')
    .limit(HOME_LIMIT)
    .execute();
  return rows.map((t) => ({
    taskId: String(t.id),
    taskType: t.task_type,
    taskDesc: t.task_desc,
    fileName: t.file_name,
    requestTime: localTime(t.request_time),
    result: taskResult(t),
    successCount: String(t.success_count),
    totalCount: String(t.total_count),
  }));
}

export interface HomeQuery {
  providerId: number;
  site: string;
  dialect: Dialect;
  now: number;
  /** The batch task types the provider may use (the task list's own rule). */
  taskTypes: string[];
}

export async function homeSummary(db: Db, q: HomeQuery) {
  const [counts, rejectedItems, waiting, expiringItems, tasks] = await Promise.all([
    toneStateCounts(db, q),
    rejected(db, q.providerId),
    waitingChanges(db, q.providerId, q.now),
    expiring(db, q.providerId, q.now),
    lastTasks(db, q.providerId, q.taskTypes),
  ]);
  const total = counts.reduce((n, c) => n + Number(c.count), 0);
  return {
    toneTotal: String(total),
    counts,
    rejected: rejectedItems,
    waiting: waiting.items,
    waitingTotal: waiting.total,
    expiring: expiringItems,
    expiryDays: String(EXPIRY_DAYS),
    tasks,
  };
}
