// The dynamic codes of the forgotten-password flow (000 §7 sp/sendDynamicCode, sp/restpassword): only their
// hashes are stored; a new code replaces any earlier one; each allows a few wrong tries and is used once.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { sha256 } from '../security/tokens';

type Db = Kysely<Database>;

/** When the provider's last code was made, if ever. */
export async function lastCodeTime(db: Db, providerId: number): Promise<number | undefined> {
  const last = await db
    .selectFrom('dynamic_codes')
    .select('created_at')
    .where('provider_id', '=', providerId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return last?.created_at;
}

/** Stores a new code (its hash), retiring any open one. */
export async function issueCode(db: Db, providerId: number, code: string, now: number, ttlMs: number): Promise<void> {
  await db
    .updateTable('dynamic_codes')
    .set({ used_at: now })
    .where('provider_id', '=', providerId)
    .where('used_at', 'is', null)
    .execute();
  await db
    .insertInto('dynamic_codes')
    .values({
      provider_id: providerId,
      code_hash: sha256(code),
      created_at: now,
      expires_at: now + ttlMs,
      used_at: null,
      attempts: 0,
    })
    .execute();
}

/** The provider's open code, if any. */
export const openCode = (db: Db, providerId: number) =>
  db
    .selectFrom('dynamic_codes')
    .selectAll()
    .where('provider_id', '=', providerId)
    .where('used_at', 'is', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();

export async function countWrongTry(db: Db, id: number, attempts: number): Promise<void> {
  await db
    .updateTable('dynamic_codes')
    .set({ attempts: attempts + 1 })
    .where('id', '=', id)
    .execute();
}

/** Marks the code used; false when another request used it first (two racing resets cannot both pass). */
export async function useCode(db: Db, id: number, now: number): Promise<boolean> {
  const used = await db
    .updateTable('dynamic_codes')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(used.numUpdatedRows) === 1;
}
