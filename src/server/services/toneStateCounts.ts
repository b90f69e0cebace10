// A provider's tones counted by the state the tone list's status column shows (the home page, sp/homesummary).
// The states and the rule giving each are the column's own expression (toneTranscodeStatus, with the approval
// states of lifecycle/states.ts inside), not a list of its own: the tones are counted in groups of the values of
// the columns that expression reads, then each group is given its state by the engine, so a count and the list
// filtered by that state (sp/qrytone state=...) always agree.
// The groups come from tone_state_deltas (migration 036: triggers add a row for every change of those columns), a
// handful of rows whatever the number of tones; the rows of a provider are folded into one a group when they grow.
// A site whose status expression reads another column of the tone is counted from the tones themselves.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Dialect } from '../db/connection';
import type { Logic } from '../../engine/types';
import { outcomesOf } from '../../engine/outcomes';
import { engineFor } from '../validation';
import { toneFields } from './toneRecord';

type Db = Kysely<Database>;
type Group = Record<string, unknown> & { n: number | string };

/** The expression of the tone list's status column (records/tone.json's state filter names it). */
const STATE_EXPRESSION = () => toneFields().record.filters?.state?.expression ?? 'toneTranscodeStatus';
/** The columns tone_state_deltas groups by; the refuse reason by its emptiness (`refused`). */
const DELTA_COLUMNS = ['status', 'approve_type', 'table_type', 'ask_type', 'transcode_state'] as const;
const REFUSE_REASON = 'refuse_reason';
/** A provider's delta rows beyond one a group that make the next count fold them. */
const FOLD_AFTER = 100;

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

const sumsSelect = (db: Db, providerId: number) =>
  db
    .selectFrom('tone_state_deltas')
    .select([...DELTA_COLUMNS, 'refused'])
    .select((e) => [e.fn.sum<number>('n').as('n'), e.fn.countAll<number>().as('rows')])
    .where('provider_id', '=', providerId)
    .groupBy([...DELTA_COLUMNS, 'refused']);

/** Folds a provider's delta rows into one a group, in one transaction; rows added meanwhile are left as they are. */
async function fold(db: Db, providerId: number, dialect: Dialect): Promise<void> {
  const group = [...DELTA_COLUMNS, 'refused'].join(', ');
  if (dialect === 'postgres') {
    // One statement: it sums exactly the rows it deleted, so two folds at once never count a row twice.
    await sql`WITH gone AS (DELETE FROM tone_state_deltas WHERE provider_id = ${providerId} RETURNING ${sql.raw(group)}, n)
      INSERT INTO tone_state_deltas (provider_id, ${sql.raw(group)}, n)
      SELECT ${providerId}, ${sql.raw(group)}, sum(n) FROM gone GROUP BY ${sql.raw(group)} HAVING sum(n) <> 0`.execute(
      db,
    );
    return;
  }
  // SQLite: one writer at a time, so the sums read in the transaction are those of the rows it deletes.
  await db.transaction().execute(async (tx) => {
    const last = await tx
      .selectFrom('tone_state_deltas')
      .select((e) => e.fn.max('id').as('id'))
      .where('provider_id', '=', providerId)
      .executeTakeFirst();
    const sums = await sumsSelect(tx, providerId)
      .where('id', '<=', Number(last?.id ?? 0))
      .execute();
    await tx
      .deleteFrom('tone_state_deltas')
      .where('provider_id', '=', providerId)
      .where('id', '<=', Number(last?.id ?? 0))
      .execute();
    const rows = sums.filter((g) => Number(g.n) !== 0);
    if (rows.length)
      await tx
        .insertInto('tone_state_deltas')
        .values(rows.map(({ rows: _, n, ...g }) => ({ ...g, provider_id: providerId, n: Number(n) })))
        .execute();
  });
}

/** The provider's groups from tone_state_deltas as read, folding its rows when they have grown. */
async function deltaGroups(db: Db, providerId: number, dialect: Dialect, groups: Group[]): Promise<Group[]> {
  const rows = groups.reduce((n, g) => n + Number(g.rows), 0);
  if (rows > groups.length + FOLD_AFTER) await fold(db, providerId, dialect);
  return groups
    .filter((g) => Number(g.n) !== 0)
    .map(({ refused, ...g }) => ({ ...g, [REFUSE_REASON]: refused ? '1' : '' }));
}

/** The provider's tones grouped by the plain columns (the covering index of migration 035 serves the usual ones). */
function toneGroups(db: Db, providerId: number, columns: string[]) {
  let q = db.selectFrom('tones').where('provider_id', '=', providerId) as any;
  for (const c of columns) q = q.select(sql.ref(c).as(c));
  q = q.select(sql<number>`count(*)`.as('n'));
  for (const c of columns) q = q.groupBy(sql.ref(c));
  return q as ReturnType<typeof sumsSelect>;
}

/**
 * How the counts are made: `query` reads the groups (it may run alone or inside a larger statement, as the home
 * summary's), `counts` turns the rows it read into every state the status column can show, in the expression's
 * order, with how many of the provider's tones show it.
 */
export function toneStateCountsPlan(db: Db, q: { providerId: number; site: string; dialect: Dialect }) {
  const name = STATE_EXPRESSION();
  const engine = engineFor(q.site);
  const expression = engine.expression(name);
  const fields = [...fieldsRead(q.site, expression)].map(([field, emptiness]) => ({
    field,
    emptiness,
    column: toneFields().field(field).column,
  }));
  const kept = (f: (typeof fields)[number]) =>
    (DELTA_COLUMNS as readonly string[]).includes(f.column) || (f.column === REFUSE_REASON && f.emptiness);
  const fromDeltas = fields.every(kept);
  const query = fromDeltas
    ? sumsSelect(db, q.providerId)
    : toneGroups(db, q.providerId, [...new Set(fields.map((f) => f.column))]);
  async function counts(read: Group[]) {
    const groups = fromDeltas ? await deltaGroups(db, q.providerId, q.dialect, read) : read;
    const byState = new Map<string, number>();
    for (const g of groups) {
      // A field read only for its emptiness is reduced to '1' (something) or '' (nothing).
      const row = Object.fromEntries(
        fields.map(({ field, emptiness, column }) => {
          const v = String(g[column] ?? '');
          return [field, emptiness && v !== '' ? '1' : v];
        }),
      );
      const state = String(engine.evaluateExpression(name, { row }));
      byState.set(state, (byState.get(state) ?? 0) + Number(g.n));
    }
    return outcomesOf(expression).map((o) => ({ state: o.value, count: String(byState.get(o.value) ?? 0) }));
  }
  return { query, counts };
}

/** Every state the status column can show, in the expression's order, with how many of the provider's tones show it. */
export async function toneStateCounts(db: Db, q: { providerId: number; site: string; dialect: Dialect }) {
  const plan = toneStateCountsPlan(db, q);
  return plan.counts((await plan.query.execute()) as Group[]);
}
