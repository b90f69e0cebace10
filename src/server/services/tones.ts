// Writing tones. The list's paging (routes/tones.ts, services/toneList.ts) relies on seq being 1..n per provider without gaps, so
// every tone is inserted through insertTone. Inside one transaction it first updates the provider's row (a
// no-op write that takes the row lock on PostgreSQL; SQLite serialises writers anyway), so concurrent
// inserts for one provider, from any server process, take turns; then it takes max(seq) + 1 from the index.
// Tones are never removed; a deletion is their status (lifecycle/states.ts STATUS.deleted).
//
// Tone codes (001 §5.1: 'Tone code: up to 22 digits') are the system's, one format for every tone, seeded or
// uploaded: 11 digits, 10000000000 plus the tone's id, so unique across providers, never starting with 0.
// The short code a provider may give (userToneCode, its dialling code) is a field of its own and never
// replaces the tone code.
import type { Kysely, Transaction } from 'kysely';
import type { Database, NewTone } from '../db/schema';

const TONE_CODE_BASE = 10_000_000_000;
export const toneCodeOf = (id: number) => String(TONE_CODE_BASE + id);

/** A tone to insert; without a tone_code (the normal case) the system gives it one (toneCodeOf). */
export type ToneToInsert = Omit<NewTone, 'seq' | 'tone_code'> & { tone_code?: string };

export async function insertTone(
  db: Kysely<Database>,
  tone: ToneToInsert,
): Promise<{ id: number; seq: number; toneCode: string }> {
  return db.transaction().execute((tx) => insertToneIn(tx, tone));
}

/** insertTone inside a transaction the caller holds, so the tone and what belongs to it commit together. */
export async function insertToneIn(
  tx: Transaction<Database>,
  tone: ToneToInsert,
): Promise<{ id: number; seq: number; toneCode: string }> {
  await tx
    .updateTable('providers')
    .set((eb) => ({ id: eb.ref('id') }))
    .where('id', '=', tone.provider_id)
    .execute();
  const { last } = await tx
    .selectFrom('tones')
    .select((eb) => eb.fn.max('seq').as('last'))
    .where('provider_id', '=', tone.provider_id)
    .executeTakeFirstOrThrow();
  const seq = Number(last ?? 0) + 1;
  // The code depends on the id the insert gives: a placeholder unique per (provider, seq) until then, in this transaction.
  const { id } = await tx
    .insertInto('tones')
    .values({ ...tone, tone_code: tone.tone_code ?? `#${tone.provider_id}-${seq}`, seq })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (tone.tone_code !== undefined) return { id, seq, toneCode: tone.tone_code };
  const toneCode = toneCodeOf(id);
  await tx.updateTable('tones').set({ tone_code: toneCode }).where('id', '=', id).execute();
  return { id, seq, toneCode };
}
