// Login throttling, per account and per address (configuration: login_max_failures consecutive wrong
// passwords lock the account for login_lock_minutes; address_max_failures wrong passwords from one address
// within login_lock_minutes block that address for as long). /common/checkModifyErrorTimes reports it.
import type { Kysely } from 'kysely';
import type { Database, Provider } from '../db/schema';
import { num, type Config } from './config';

export interface Limits { accountMax: number; addressMax: number; lockMs: number }

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

export async function recordAddressFailure(db: Kysely<Database>, address: string, now: number, l: Limits): Promise<void> {
  const row = await db.selectFrom('address_throttle').selectAll().where('address', '=', address).executeTakeFirst();
  const fresh = !row || now - row.window_start >= l.lockMs;
  const failures = fresh ? 1 : row!.failures + 1;
  const values = { failures, window_start: fresh ? now : row!.window_start, locked_until: failures >= l.addressMax ? now + l.lockMs : null };
  if (row) await db.updateTable('address_throttle').set(values).where('address', '=', address).execute();
  else await db.insertInto('address_throttle').values({ address, ...values }).execute();
}

export const accountLockedUntil = (p: Provider, now: number): number | null => (p.locked_until && p.locked_until > now ? p.locked_until : null);

/** Counts a wrong password against the account; returns the lock end when this failure locks it. */
export async function recordAccountFailure(db: Kysely<Database>, p: Provider, now: number, l: Limits): Promise<number | null> {
  // A lock that has run out starts a fresh count.
  const base = p.locked_until && p.locked_until <= now ? 0 : p.failed_logins;
  const failures = base + 1;
  const lockedUntil = failures >= l.accountMax ? now + l.lockMs : null;
  await db.updateTable('providers').set({ failed_logins: failures, locked_until: lockedUntil }).where('id', '=', p.id).execute();
  return lockedUntil;
}

export async function clearAccountFailures(db: Kysely<Database>, providerId: number): Promise<void> {
  await db.updateTable('providers').set({ failed_logins: 0, locked_until: null }).where('id', '=', providerId).execute();
}
