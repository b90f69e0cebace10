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
import { CHANGE_LIST_COLUMNS, minutesWaited, pendingCount } from '../lifecycle/changes';
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

type Listed = 'tones' | 'tone_boxes';

/**
 * One query run on the tones and on the boxes (each table with its own code and name columns): the first HOME_LIMIT
 * of both by `order`, each marked with its type.
 */
async function tonesAndBoxes<R>(
  query: (table: Listed, code: string, name: string) => Promise<R[]>,
  order: (a: R, b: R) => number,
) {
  const [tones, boxes] = await Promise.all([
    query('tones', 'tone_code', 'tone_name'),
    query('tone_boxes', 'code', 'name'),
  ]);
  return [...tones.map((r) => ({ ...r, type: 'tone' })), ...boxes.map((r) => ({ ...r, type: TONE_BOX }))]
    .sort(order)
    .slice(0, HOME_LIMIT);
}

/** The latest rejected tones and music boxes, with the operator's reason. */
async function rejected(db: Db, providerId: number) {
  const refused = (table: Listed, code: string, name: string) =>
    db
      .selectFrom(table)
      .select(['id', sql.ref<string>(code).as('code'), sql.ref<string>(name).as('name'), 'refuse_reason', 'updated_at'])
      .where('provider_id', '=', providerId)
      .where(stateCondition('rejected'))
      .orderBy('id', 'desc')
      .limit(HOME_LIMIT)
      .execute();
  const rows = await tonesAndBoxes(refused, (a, b) => Number(b.updated_at) - Number(a.updated_at));
  return rows.map((r) => ({
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
    .select([...CHANGE_LIST_COLUMNS, 't.tone_code', 't.tone_name', 'b.code', 'b.name'])
    .where('c.provider_id', '=', providerId)
    .where('c.status', '=', 'pending')
    .orderBy('c.id', 'asc')
    .limit(HOME_LIMIT)
    .execute();
  const n = await pendingCount(db, providerId);
  const items = rows.map((r) => ({
    type: r.entity_type,
    id: String(r.entity_id),
    code: r.tone_code ?? r.code ?? '',
    name: r.tone_name ?? r.name ?? '',
    kind: r.kind,
    since: new Date(Number(r.created_at)).toISOString(),
    minutes: minutesWaited(r.created_at, now),
  }));
  return { items, total: String(n) };
}

/** Live tones and boxes (not deleted) whose validity ends between today and EXPIRY_DAYS from now, soonest first. */
async function expiring(db: Db, providerId: number, now: number) {
  const [from, to] = [day(now), day(now + EXPIRY_DAYS * DAY)];
  const toneDay = toneFields().field('toneValidDay').column as 'tone_valid_day';
  const boxDay = toneBoxFields().field('validDay').column as 'valid_day';
  // Each table with its own validity column.
  const ending = (table: Listed, code: string, name: string) => {
    const validDay = table === 'tones' ? toneDay : boxDay;
    return db
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
  };
  const rows = await tonesAndBoxes(ending, (a, b) => String(a.validDay).localeCompare(String(b.validDay)));
  return rows.map((r) => ({
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
