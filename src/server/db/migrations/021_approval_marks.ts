// One approval lifecycle for every approvable entity (src/server/lifecycle): IVR directories, IVR prompts and name
// tones carry the same approval marks as tones and music boxes (approve_type, table_type, ask_type, refuse_reason),
// in place of a directory's `pending` column and the prompts' and name tones' status '0'/'3'. Their status is now
// only the live one ('0' not yet on air, '1' normal, '2' hidden). Tones and boxes whose modification waited under
// the old code with status '0' get back the status their change request kept (a waiting change no longer takes
// them off sale). A migration is history: it spells the values of its day rather than reading today's modules.
import type { Kysely } from 'kysely';

const SETTLED = { approve_type: '2', table_type: '', ask_type: '' };
const WAITING: Record<string, { approve_type: string; table_type: string; ask_type: string }> = {
  add: { approve_type: '1', table_type: '1', ask_type: '1' },
  modify: { approve_type: '1', table_type: '1', ask_type: '3' },
  delete: { approve_type: '1', table_type: '1', ask_type: '2' },
};
const REJECTED = { approve_type: '3', table_type: '1', ask_type: '' };

export async function up(db: Kysely<any>): Promise<void> {
  const text = (c: any) => c.notNull().defaultTo('');
  for (const table of ['ivr_directories', 'ivr_prompts', 'name_tones']) {
    await db.schema.alterTable(table).renameColumn('reject_reason', 'refuse_reason').execute();
    for (const column of ['approve_type', 'table_type', 'ask_type'])
      await db.schema.alterTable(table).addColumn(column, 'varchar(4)', text).execute();
    await db.updateTable(table).set(SETTLED).execute();
  }

  // Directories: the waiting change from `pending`; a refused addition (status '3') is a row not yet on air with
  // the refusal; a refused modification or deletion left its reason on a live row.
  for (const [kind, m] of Object.entries(WAITING))
    await db.updateTable('ivr_directories').set(m).where('pending', '=', kind).execute();
  await db
    .updateTable('ivr_directories')
    .set({ ...REJECTED, status: '0' })
    .where('status', '=', '3')
    .execute();
  await db
    .updateTable('ivr_directories')
    .set(REJECTED)
    .where('pending', '=', '')
    .where('status', 'in', ['1', '2'])
    .where('refuse_reason', '!=', '')
    .execute();
  await db.schema.alterTable('ivr_directories').dropColumn('pending').execute();

  // Prompts and name tones: '0' waited for approval, '3' was refused. A name tone refused after a new recording
  // (more than one upload) was on air before, so it stays live with the refusal.
  for (const table of ['ivr_prompts', 'name_tones']) {
    const waiting = await db
      .selectFrom('change_requests')
      .select(['entity_id', 'kind'])
      .where('entity_type', '=', table === 'ivr_prompts' ? 'ivrPrompt' : 'nameTone')
      .where('status', '=', 'pending')
      .execute();
    for (const w of waiting)
      await db
        .updateTable(table)
        .set({ ...WAITING[w.kind], status: w.kind === 'add' ? '0' : '1' })
        .where('id', '=', w.entity_id)
        .execute();
    let refused = db
      .updateTable(table)
      .set({ ...REJECTED, status: '0' })
      .where('status', '=', '3');
    if (table === 'name_tones') refused = refused.where('upload_count', '<=', 1);
    await refused.execute();
    if (table === 'name_tones')
      await db
        .updateTable(table)
        .set({ ...REJECTED, status: '1' })
        .where('status', '=', '3')
        .execute();
  }

  // Tones and boxes: a modification waiting (or refused) under the old code had taken the row off sale (status
  // '0'); its request kept the status to restore. The latest request of a row decides (rows come in id order).
  for (const [entity, table] of [
    ['tone', 'tones'],
    ['toneBox', 'tone_boxes'],
  ]) {
    const rows = await db
      .selectFrom('change_requests')
      .select(['entity_id', 'payload'])
      .where('entity_type', '=', entity)
      .where('kind', '=', 'modify')
      .where('status', 'in', ['pending', 'rejected'])
      .orderBy('id')
      .execute();
    for (const r of rows) {
      let status: unknown;
      try {
        status = (JSON.parse(r.payload) as { status?: unknown }).status;
      } catch {
        status = undefined;
      }
      if (typeof status === 'string' && status !== '0')
        await db.updateTable(table).set({ status }).where('id', '=', r.entity_id).where('status', '=', '0').execute();
    }
  }
}
