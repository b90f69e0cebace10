// Writing tones. The list's paging (plugins/tones.ts) relies on seq being 1..n per provider without gaps, so
// every tone is inserted through insertTone. Inside one transaction it first updates the provider's row (a
// no-op write that takes the row lock on PostgreSQL; SQLite serialises writers anyway), so concurrent
// inserts for one provider, from any server process, take turns; then it takes max(seq) + 1 from the index.
// Tones are never deleted; deletion is status '6'.
import type { Kysely, Transaction } from 'kysely';
import type { Database, NewTone } from '../db/schema';

export async function insertTone(db: Kysely<Database>, tone: Omit<NewTone, 'seq'>): Promise<{ id: number; seq: number }> {
  return db.transaction().execute((tx) => insertToneIn(tx, tone));
}

/** insertTone inside a transaction the caller holds, so the tone and what belongs to it commit together. */
export async function insertToneIn(tx: Transaction<Database>, tone: Omit<NewTone, 'seq'>): Promise<{ id: number; seq: number }> {
  await tx.updateTable('providers').set((eb) => ({ id: eb.ref('id') })).where('id', '=', tone.provider_id).execute();
  const { last } = await tx.selectFrom('tones').select((eb) => eb.fn.max('seq').as('last')).where('provider_id', '=', tone.provider_id).executeTakeFirstOrThrow();
  const seq = Number(last ?? 0) + 1;
  const { id } = await tx.insertInto('tones').values({ ...tone, seq }).returning('id').executeTakeFirstOrThrow();
  return { id, seq };
}
