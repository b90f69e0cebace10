// The home page's work queue (issue 25, sp/homesummary): in one call, what a provider has to act on.
// - counts of its tones by the state the tone list's status column shows. The states and the rule giving each are
//   the column's own expression (toneTranscodeStatus, with the approval states of lifecycle/states.ts inside), not a
//   list of its own: the tones are counted grouped by the columns that expression reads (a handful of groups,
//   read from the covering index of migration 035 alone), then each group is given its state by the engine, so
//   a count and the list filtered by that state (sp/qrytone state=...) always agree.
// - the latest rejected tones and music boxes with the operator's reason;
// - the changes waiting longest for the operator (pending change requests, oldest first);
// - tones and boxes whose validity ends within EXPIRY_DAYS;
// - the last batch tasks with their result from their lines (succeeded / partly succeeded / failed).
// Every part is one indexed query with a LIMIT: nothing per row, whatever the number of tones.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Logic } from '../../engine/types';
import { outcomesOf } from '../../engine/outcomes';
import { engineFor } from '../validation';
import { STATUS, stateCondition } from '../lifecycle/states';
import { TONE_BOX } from '../lifecycle/entities/toneBox';
import { CHANGE_LIST_COLUMNS, minutesWaited, pendingCount } from '../lifecycle/changes';
import { toneFields } from './toneRecord';
import { toneBoxFields } from './toneBoxRecord';
import { localTime } from './batch/tasks';

type Db = Kysely<Database>;

/** The expression of the tone list's status column (records/tone.json's state filter names it). */
const STATE_EXPRESSION = () => toneFields().record.filters?.state?.expression ?? 'toneTranscodeStatus';
/** How far ahead "expiring soon" looks. */
export const EXPIRY_DAYS = 30;
/** How many items each list of the home page shows. */
export const HOME_LIMIT = 5;
const DAY = 86_400_000;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The row fields an expression reads (named expressions followed), each with whether it is only tested for being
 * empty (`!` / `!!`): such a field (the refuse reason) is grouped by its emptiness, not by its text.
 */
function fieldsRead(site: string, logic: Logic): Map<string, boolean> {
  const engine = engineFor(site);
  const out = new Map<string, boolean>();
  const walk = (v: unknown, underNot: boolean) => {
    if (Array.isArray(v)) return v.forEach((x) => walk(x, false));
    if (!isObject(v)) return;
    if (typeof v.$expr === 'string') return walk(engine.expression(v.$expr), underNot);
    if ('var' in v) {
      const name = Array.isArray(v.var) ? v.var[0] : v.var;
      if (typeof name === 'string' && name.startsWith('row.')) {
        const field = name.slice(4);
        out.set(field, (out.get(field) ?? true) && underNot);
      }
      return;
    }
    for (const [op, arg] of Object.entries(v)) walk(arg, op === '!' || op === '!!');
  };
  walk(logic, false);
  return out;
}

/** Every state the status column can show, in the expression's order, with how many of the provider's tones show it. */
export async function toneStateCounts(db: Db, providerId: number, site: string) {
  const name = STATE_EXPRESSION();
  const engine = engineFor(site);
  const expression = engine.expression(name);
  const fields = [...fieldsRead(site, expression)];
  const column = (f: string) => toneFields().field(f).column;
  // Grouped by the plain columns (the index's own, so the groups stream from it without a sort); a field read only
  // for its emptiness is reduced here, after grouping.
  let q = db.selectFrom('tones').where('provider_id', '=', providerId) as any;
  fields.forEach(([field], i) => (q = q.select(sql.ref(column(field)).as(`f${i}`))));
  q = q.select(sql<number>`count(*)`.as('n'));
  fields.forEach(([field]) => (q = q.groupBy(sql.ref(column(field)))));
  const groups = (await q.execute()) as Array<Record<string, unknown>>;
  const counts = new Map<string, number>();
  for (const g of groups) {
    const row = Object.fromEntries(
      fields.map(([field, emptiness], i) => {
        const v = String(g[`f${i}`] ?? '');
        return [field, emptiness && v !== '' ? '1' : v];
      }),
    );
    const state = String(engine.evaluateExpression(name, { row }));
    counts.set(state, (counts.get(state) ?? 0) + Number(g.n));
  }
  return outcomesOf(expression).map((o) => ({ state: o.value, count: String(counts.get(o.value) ?? 0) }));
}

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
  now: number;
  /** The batch task types the provider may use (the task list's own rule). */
  taskTypes: string[];
}

export async function homeSummary(db: Db, q: HomeQuery) {
  const [counts, rejectedItems, waiting, expiringItems, tasks] = await Promise.all([
    toneStateCounts(db, q.providerId, q.site),
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
