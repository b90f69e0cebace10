// The password history of 000 §8 ('password recently used', 920013): when a password changes (by the provider,
// by the forgot-password reset or by the operator's reset) the outgoing hash is kept, so a new password can be
// compared with the last password_history_count passwords, the current one included. The history holds the
// same scrypt hashes as the account (never the passwords) and at most HISTORY_MAX of them per account.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { verifyPassword } from '../security/passwords';

type Db = Kysely<Database> | Transaction<Database>;

export const HISTORY_MAX = 24;

/** Keeps an account's outgoing password hash, dropping the ones beyond HISTORY_MAX. */
export async function rememberPassword(db: Db, providerId: number, outgoingHash: string, now: number): Promise<void> {
  await db
    .insertInto('password_history')
    .values({ provider_id: providerId, password_hash: outgoingHash, created_at: now })
    .execute();
  const keep = db
    .selectFrom('password_history')
    .select('id')
    .where('provider_id', '=', providerId)
    .orderBy('id', 'desc')
    .limit(HISTORY_MAX);
  await db.deleteFrom('password_history').where('provider_id', '=', providerId).where('id', 'not in', keep).execute();
}

/**
 * Whether `password` is one of the account's earlier passwords within the last `count` (the current one,
 * which the caller compares itself, counts as the first). The hashes are verified in parallel: each costs
 * what a login costs.
 */
export async function usedRecently(db: Db, providerId: number, password: string, count: number): Promise<boolean> {
  const earlier = Math.min(Math.floor(count), HISTORY_MAX + 1) - 1;
  if (!(earlier > 0)) return false;
  const rows = await db
    .selectFrom('password_history')
    .select('password_hash')
    .where('provider_id', '=', providerId)
    .orderBy('id', 'desc')
    .limit(earlier)
    .execute();
  const matches = await Promise.all(rows.map((r) => verifyPassword(password, r.password_hash)));
  return matches.includes(true);
}
