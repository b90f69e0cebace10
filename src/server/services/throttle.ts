// Login throttling, per account and per address (configuration: login_max_failures consecutive wrong
// passwords lock the account for login_lock_minutes; address_max_failures wrong passwords from one address
// within login_lock_minutes block that address for as long). /common/checkModifyErrorTimes reports it.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { num, type Config } from './config';

export interface Limits {
  accountMax: number;
  addressMax: number;
  lockMs: number;
}

export const limitsOf = (c: Config): Limits => ({
  accountMax: num(c, 'login_max_failures'),
  addressMax: num(c, 'address_max_failures'),
  lockMs: num(c, 'login_lock_minutes') * 60_000,
});

export const minutesLeft = (until: number, now: number) => Math.max(1, Math.ceil((until - now) / 60_000));

export async function addressState(db: Kysely<Database>, address: string, now: number, l: Limits) {
  const row = await db.selectFrom('address_throttle').selectAll().where('address', '=', address).executeTakeFirst();
  if (!row || now - row.window_start >= l.lockMs) return { failures: 0, lockedUntil: null as number | null };
  return { failures: row.failures, lockedUntil: row.locked_until && row.locked_until > now ? row.locked_until : null };
}

/**
 * Counts a failure from an address in one statement (an upsert that adds to the stored count), so failures
 * that reach two server processes at once are both counted.
 */
export async function recordAddressFailure(
  db: Kysely<Database>,
  address: string,
  now: number,
  l: Limits,
): Promise<void> {
  const stale = now - l.lockMs;
  await db
    .insertInto('address_throttle')
    .values({ address, failures: 1, window_start: now, locked_until: l.addressMax <= 1 ? now + l.lockMs : null })
    .onConflict((oc) =>
      oc.column('address').doUpdateSet({
        failures: sql`case when address_throttle.window_start <= ${stale} then 1 else address_throttle.failures + 1 end`,
        window_start: sql`case when address_throttle.window_start <= ${stale} then cast(${now} as bigint) else address_throttle.window_start end`,
        locked_until: sql`case when (case when address_throttle.window_start <= ${stale} then 1 else address_throttle.failures + 1 end) >= ${l.addressMax} then cast(${now + l.lockMs} as bigint) else null end`,
      }),
    )
    .execute();
}

/** The tables of accounts a login throttles: providers, and operators (same columns). */
type AccountTable = 'providers' | 'operators';

export const accountLockedUntil = (p: { locked_until: number | null }, now: number): number | null =>
  p.locked_until && p.locked_until > now ? p.locked_until : null;

/**
 * Counts a wrong password against the account in one statement on the stored count (not the one read at
 * login), so failures reaching two server processes at once both count; returns the lock end when this
 * failure locks it. A lock that has run out starts a fresh count.
 */
export async function recordAccountFailure(
  db: Kysely<Database>,
  p: { id: number },
  now: number,
  l: Limits,
  table: AccountTable = 'providers',
): Promise<number | null> {
  const row = await db
    .updateTable(table as 'providers')
    .set({
      failed_logins: sql`case when locked_until is not null and locked_until <= ${now} then 1 else failed_logins + 1 end`,
      locked_until: sql`case when (case when locked_until is not null and locked_until <= ${now} then 1 else failed_logins + 1 end) >= ${l.accountMax} then cast(${now + l.lockMs} as bigint) else null end`,
    })
    .where('id', '=', p.id)
    .returning(['locked_until'])
    .executeTakeFirst();
  return row?.locked_until ?? null;
}

export async function clearAccountFailures(
  db: Kysely<Database>,
  accountId: number,
  table: AccountTable = 'providers',
): Promise<void> {
  await db
    .updateTable(table as 'providers')
    .set({ failed_logins: 0, locked_until: null })
    .where('id', '=', accountId)
    .execute();
}
