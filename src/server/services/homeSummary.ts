// The home page's work queue (issue 25, sp/homesummary): in one call, what a provider has to act on.
// - counts of its tones by the state the tone list's status column shows (toneStateCounts.ts);
// - the latest rejected tones and music boxes with the operator's reason;
// - the changes waiting longest for the operator (pending change requests, oldest first);
// - tones and boxes whose validity ends within EXPIRY_DAYS;
// - the last batch tasks with their result from their lines (succeeded / partly succeeded / failed).
// Every part is one indexed query with a LIMIT: nothing per row, whatever the number of tones; the lists go to the
// database as one statement with the counts.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { STATUS, stateCondition } from '../lifecycle/states';
import { TONE_BOX } from '../lifecycle/entities/toneBox';
import { CHANGE_LIST_COLUMNS, minutesWaited, pendingCountQuery } from '../lifecycle/changes';
import { jsonArrayFrom as pgJsonArray } from 'kysely/helpers/postgres';
import { jsonArrayFrom as sqliteJsonArray } from 'kysely/helpers/sqlite';
import { toneFields } from './toneRecord';
import { toneBoxFields } from './toneBoxRecord';
import { localTime } from './batch/tasks';
import { toneStateCountsPlan } from './toneStateCounts';
import type { Dialect } from '../db/connection';

type Db = Kysely<Database>;

/** How far ahead "expiring soon" looks. */
export const EXPIRY_DAYS = 30;
/** How many items each list of the home page shows. */
export const HOME_LIMIT = 5;
const DAY = 86_400_000;

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

type Listed = 'tones' | 'tone_boxes';
/** Each table's code and name columns. */
const NAMES: Record<Listed, [string, string]> = { tones: ['tone_code', 'tone_name'], tone_boxes: ['code', 'name'] };

/** The latest rejected tones or music boxes, with the operator's reason. */
const rejectedQuery = (db: Db, providerId: number, table: Listed) =>
  db
    .selectFrom(table)
    .select([
      'id',
      sql.ref<string>(NAMES[table][0]).as('code'),
      sql.ref<string>(NAMES[table][1]).as('name'),
      'refuse_reason',
      'updated_at',
    ])
    .where('provider_id', '=', providerId)
    .where(stateCondition('rejected'))
    .orderBy('id', 'desc')
    .limit(HOME_LIMIT);

/** The provider's changes waiting for the operator, oldest first. */
const waitingQuery = (db: Db, providerId: number) =>
  db
    .selectFrom('change_requests as c')
    .leftJoin('tones as t', (j) => j.onRef('t.id', '=', 'c.entity_id').on('c.entity_type', '=', 'tone'))
    .leftJoin('tone_boxes as b', (j) => j.onRef('b.id', '=', 'c.entity_id').on('c.entity_type', '=', TONE_BOX))
    .select([...CHANGE_LIST_COLUMNS, 't.tone_code', 't.tone_name', 'b.code', 'b.name'])
    .where('c.provider_id', '=', providerId)
    .where('c.status', '=', 'pending')
    .orderBy('c.id', 'asc')
    .limit(HOME_LIMIT);

/** Live tones or boxes (not deleted) whose validity ends between `from` and `to`, soonest first. */
function expiringQuery(db: Db, providerId: number, table: Listed, [from, to]: [string, string]) {
  const validDay =
    table === 'tones'
      ? (toneFields().field('toneValidDay').column as 'tone_valid_day')
      : (toneBoxFields().field('validDay').column as 'valid_day');
  return db
    .selectFrom(table)
    .select([
      'id',
      sql.ref<string>(NAMES[table][0]).as('code'),
      sql.ref<string>(NAMES[table][1]).as('name'),
      sql.ref<string>(validDay).as('validDay'),
    ])
    .where('provider_id', '=', providerId)
    .where(sql.ref(validDay), '>=', from)
    .where(sql.ref(validDay), '<=', to)
    .where('status', '!=', STATUS.deleted)
    .orderBy(sql.ref(validDay))
    .orderBy('id')
    .limit(HOME_LIMIT);
}

/** The last batch tasks of the given types. */
const tasksQuery = (db: Db, providerId: number, types: string[]) =>
  db
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
    .limit(HOME_LIMIT);

type Rows<Q> = Q extends { execute(): Promise<infer R> } ? R : never;

/**
 * The counts and every list of the home page in ONE statement (each a JSON array of its query's rows): on
 * PostgreSQL each query takes a fraction of a millisecond, and nine round trips, each waiting for a backend
 * process on a busy machine, cost more than all of them together (bench/homeSummary.ts: p95 46 ms at 1M tones
 * with a load average of 5 on 2 cores).
 */
async function lists(db: Db, q: HomeQuery) {
  const array = (q.dialect === 'postgres' ? pgJsonArray : sqliteJsonArray) as typeof sqliteJsonArray;
  const p = q.providerId;
  const days: [string, string] = [day(q.now), day(q.now + EXPIRY_DAYS * DAY)];
  const counts = toneStateCountsPlan(db, q);
  const row = await db
    .selectNoFrom((eb) => [
      array(counts.query).as('stateGroups'),
      array(rejectedQuery(db, p, 'tones')).as('rejectedTones'),
      array(rejectedQuery(db, p, 'tone_boxes')).as('rejectedBoxes'),
      array(waitingQuery(db, p)).as('waiting'),
      pendingCountQuery(db, p).as('waitingTotal'),
      array(expiringQuery(db, p, 'tones', days)).as('expiringTones'),
      array(expiringQuery(db, p, 'tone_boxes', days)).as('expiringBoxes'),
      // No types, no tasks: `in ()` is no SQL.
      q.taskTypes.length ? array(tasksQuery(db, p, q.taskTypes)).as('tasks') : eb.val('[]').as('tasks'),
    ])
    .executeTakeFirstOrThrow();
  // SQLite gives the arrays as JSON text, PostgreSQL as parsed values.
  const parsed = <T>(v: unknown): T[] => (typeof v === 'string' ? JSON.parse(v) : (v ?? [])) as T[];
  return {
    counts: await counts.counts(parsed(row.stateGroups)),
    rejectedTones: parsed<Rows<ReturnType<typeof rejectedQuery>>[number]>(row.rejectedTones),
    rejectedBoxes: parsed<Rows<ReturnType<typeof rejectedQuery>>[number]>(row.rejectedBoxes),
    waiting: parsed<Rows<ReturnType<typeof waitingQuery>>[number]>(row.waiting),
    waitingTotal: Number(row.waitingTotal ?? 0),
    expiringTones: parsed<Rows<ReturnType<typeof expiringQuery>>[number]>(row.expiringTones),
    expiringBoxes: parsed<Rows<ReturnType<typeof expiringQuery>>[number]>(row.expiringBoxes),
    tasks: parsed<Rows<ReturnType<typeof tasksQuery>>[number]>(row.tasks),
  };
}

/** The tones' and the boxes' rows, each marked with its type, the first HOME_LIMIT of both by `order`. */
const merged = <R>(tones: R[], boxes: R[], order: (a: R, b: R) => number) =>
  [...tones.map((r) => ({ ...r, type: 'tone' })), ...boxes.map((r) => ({ ...r, type: TONE_BOX }))]
    .sort(order)
    .slice(0, HOME_LIMIT);

type Lists = Awaited<ReturnType<typeof lists>>;

function rejected(l: Lists) {
  const rows = merged(l.rejectedTones, l.rejectedBoxes, (a, b) => Number(b.updated_at) - Number(a.updated_at));
  return rows.map((r) => ({
    type: r.type,
    id: String(r.id),
    code: r.code,
    name: r.name,
    refuseReason: r.refuse_reason,
    time: new Date(Number(r.updated_at)).toISOString(),
  }));
}

/** Oldest first (the array's order is not the query's on every database), with how many minutes each waited. */
function waitingChanges(l: Lists, now: number) {
  return [...l.waiting]
    .sort((a, b) => Number(a.id) - Number(b.id))
    .map((r) => ({
      type: r.entity_type,
      id: String(r.entity_id),
      code: r.tone_code ?? r.code ?? '',
      name: r.tone_name ?? r.name ?? '',
      kind: r.kind,
      since: new Date(Number(r.created_at)).toISOString(),
      minutes: minutesWaited(r.created_at, now),
    }));
}

function expiring(l: Lists, now: number) {
  const rows = merged(l.expiringTones, l.expiringBoxes, (a, b) => String(a.validDay).localeCompare(String(b.validDay)));
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

/** Newest first, each with its result from its lines. */
function lastTasks(l: Lists) {
  return [...l.tasks]
    .sort((a, b) => Number(b.request_time) - Number(a.request_time) || Number(b.id) - Number(a.id))
    .map((t) => ({
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
  const l = await lists(db, q);
  const counts = l.counts;
  const total = counts.reduce((n, c) => n + Number(c.count), 0);
  return {
    toneTotal: String(total),
    counts,
    rejected: rejected(l),
    waiting: waitingChanges(l, q.now),
    waitingTotal: String(l.waitingTotal),
    expiring: expiring(l, q.now),
    expiryDays: String(EXPIRY_DAYS),
    tasks: lastTasks(l),
  };
}
