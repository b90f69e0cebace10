// Issue 25, the home page's counts of a provider's tones by state at 1M tones: counting them grouped by the columns
// the status expression reads took 1.2 s even from the covering index of migration 035, because it still reads an
// index entry per tone. Every change of those columns now adds rows to tone_state_deltas, by trigger, in the
// same transaction: +1 for the tone's new group, -1 for its old one. A provider's counts are the sums of its deltas,
// a handful of rows once compacted (services/toneStateCounts.ts folds them when they grow). Rows are only ever
// added, never updated, so concurrent writers of one provider never wait on one another's counter row (an UPDATE
// of shared counters would serialise them, and deadlock two transactions moving tones in opposite directions).
// The refuse reason counts by its emptiness, as the status expression reads it. A migration is history: it names
// the columns of its day.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connection';

const GROUP = ['provider_id', 'status', 'approve_type', 'table_type', 'ask_type', 'transcode_state'];
const refused = (row: string) => `CASE WHEN coalesce(${row}refuse_reason, '') <> '' THEN 1 ELSE 0 END`;
const columns = `${GROUP.join(', ')}, refused, n`;

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const text = (c: any) => c.notNull().defaultTo('');
  await db.schema
    .createTable('tone_state_deltas')
    .addColumn('id', dialect === 'postgres' ? 'bigserial' : 'integer', (c) =>
      dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('provider_id', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(4)', text)
    .addColumn('approve_type', 'varchar(4)', text)
    .addColumn('table_type', 'varchar(4)', text)
    .addColumn('ask_type', 'varchar(4)', text)
    .addColumn('transcode_state', 'varchar(4)', text)
    .addColumn('refused', 'integer', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('tone_state_deltas_provider')
    .on('tone_state_deltas')
    .columns(['provider_id', 'id'])
    .execute();
  const grouped = (from: string, sign: string) =>
    `SELECT ${GROUP.join(', ')}, ${refused('')}, ${sign}count(*) FROM ${from} GROUP BY ${GROUP.join(', ')}, ${refused('')}`;
  await sql.raw(`INSERT INTO tone_state_deltas (${columns}) ${grouped('tones', '')}`).execute(db);
  if (dialect === 'postgres') {
    // Once per statement, from its transition tables: a batch of a thousand tones adds one row per group, not a
    // thousand. Unqualified names, so each schema (side-by-side tests and benchmarks) has its own.
    for (const [event, body] of [
      ['INSERT', grouped('new_rows', '')],
      ['DELETE', grouped('old_rows', '-')],
      [
        'UPDATE',
        `SELECT ${GROUP.join(', ')}, refused, sum(n) FROM (
           SELECT ${GROUP.join(', ')}, ${refused('')} AS refused, -1 AS n FROM old_rows
           UNION ALL SELECT ${GROUP.join(', ')}, ${refused('')}, 1 FROM new_rows) d
         GROUP BY ${GROUP.join(', ')}, refused HAVING sum(n) <> 0`,
      ],
    ]) {
      const name = `tone_state_${event.toLowerCase()}`;
      const tables =
        { INSERT: 'NEW TABLE AS new_rows', DELETE: 'OLD TABLE AS old_rows' }[event] ??
        'OLD TABLE AS old_rows NEW TABLE AS new_rows';
      await sql
        .raw(
          `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
           BEGIN INSERT INTO tone_state_deltas (${columns}) ${body}; RETURN NULL; END $$`,
        )
        .execute(db);
      await sql
        .raw(
          `CREATE TRIGGER ${name} AFTER ${event} ON tones REFERENCING ${tables} FOR EACH STATEMENT EXECUTE FUNCTION ${name}()`,
        )
        .execute(db);
    }
    return;
  }
  const values = (row: string, sign: string) =>
    `${GROUP.map((c) => `${row}.${c}`).join(', ')}, ${refused(`${row}.`)}, ${sign}1`;
  const changed = [...GROUP.map((c) => `OLD.${c} IS NOT NEW.${c}`), `${refused('OLD.')} <> ${refused('NEW.')}`].join(
    ' OR ',
  );
  for (const [event, body] of [
    ['INSERT', `INSERT INTO tone_state_deltas (${columns}) VALUES (${values('NEW', '')});`],
    ['DELETE', `INSERT INTO tone_state_deltas (${columns}) VALUES (${values('OLD', '-')});`],
    [`UPDATE`, `INSERT INTO tone_state_deltas (${columns}) VALUES (${values('OLD', '-')}), (${values('NEW', '')});`],
  ])
    await sql
      .raw(
        `CREATE TRIGGER tone_state_${event.toLowerCase()} AFTER ${event} ON tones
         ${event === 'UPDATE' ? `WHEN ${changed}` : ''} BEGIN ${body} END`,
      )
      .execute(db);
}
