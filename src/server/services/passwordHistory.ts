// The password history of 000 §8 ('password recently used', 920013): when a password changes (by the provider,
// by the forgot-password reset or by the operator's reset) the outgoing hash is kept, so a new password can be
// compared with the last password_history_count passwords, the current one included. The history holds the
// same scrypt hashes as the account (never the passwords) and at most HISTORY_MAX of them per account.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { verifyPassword } from '../security/passwords';

type Db = Kysely<Database> | Transaction<Database>;

export const HISTORY_MAX = 24;

/** Whose history: a provider's (password_history) or an operator's (operator_password_history), same rules. */
export type HistoryOf = 'provider' | 'operator';
const TABLE = { provider: 'password_history', operator: 'operator_password_history' } as const;
const OWNER = { provider: 'provider_id', operator: 'operator_id' } as const;
// One shape for both tables (Kysely types each table apart).
const history = (db: Db, kind: HistoryOf) => ({
  table: TABLE[kind] as 'password_history',
  owner: OWNER[kind] as 'provider_id',
  db,
});

/** Keeps an account's outgoing password hash, dropping the ones beyond HISTORY_MAX. */
export async function rememberPassword(
  db: Db,
  accountId: number,
  outgoingHash: string,
  now: number,
  kind: HistoryOf = 'provider',
): Promise<void> {
  const h = history(db, kind);
  await db
    .insertInto(h.table)
    .values({ [h.owner]: accountId, password_hash: outgoingHash, created_at: now } as never)
    .execute();
  const keep = db
    .selectFrom(h.table)
    .select('id')
    .where(h.owner, '=', accountId)
    .orderBy('id', 'desc')
    .limit(HISTORY_MAX);
  await db.deleteFrom(h.table).where(h.owner, '=', accountId).where('id', 'not in', keep).execute();
}

/**
 * Whether `password` is one of the account's earlier passwords within the last `count` (the current one,
 * which the caller compares itself, counts as the first). The hashes are verified in parallel: each costs
 * what a login costs.
 */
export async function usedRecently(
  db: Db,
  accountId: number,
  password: string,
  count: number,
  kind: HistoryOf = 'provider',
): Promise<boolean> {
  const earlier = Math.min(Math.floor(count), HISTORY_MAX + 1) - 1;
  if (!(earlier > 0)) return false;
  const h = history(db, kind);
  const rows = await db
    .selectFrom(h.table)
    .select('password_hash')
    .where(h.owner, '=', accountId)
    .orderBy('id', 'desc')
    .limit(earlier)
    .execute();
  const matches = await Promise.all(rows.map((r) => verifyPassword(password, r.password_hash)));
  return matches.includes(true);
}
