// Logging in and out (000 §7 sp/sploginhs, common/logout): the address and account throttles, the picture code,
// the password, a previous session of the browser ended, the new session recorded and audited. The route keeps
// only HTTP: cookies and headers.
import type { AppContext } from '../context';
import type { Provider } from '../db/schema';
import { ApiError } from '../envelope';
import { RC, type Lang } from '../returnCodes';
import { dummyHash, verifyPassword } from '../security/passwords';
import type { Config } from './config';
import { audit, auditBy } from './audit';
import type { Actor } from './actor';
import { takePictureCode } from './pictureCodes';
import { findProviderByCode, recordLogin } from './providers';
import { findOperatorByCode } from './operators';
import { createSession, endSession, findSession, purgeExpiredSessions, type NewSession } from './sessions';
import {
  accountLockedUntil,
  addressState,
  clearAccountFailures,
  limitsOf,
  minutesLeft,
  recordAccountFailure,
  recordAddressFailure,
} from './throttle';

export interface LoginAttempt {
  account: string;
  pwd: string;
  /** The picture code typed, and the id of the image this browser was shown (its cookie). */
  pictureCode?: string;
  pictureId?: string;
  /** The session token this browser still holds, ended by the new login. */
  previousToken?: string;
  lang: Lang;
  ip: string;
  now: number;
}

export interface LoggedIn {
  provider: Provider;
  config: Config;
  session: NewSession;
}

/** An account a login checks: a provider's or an operator's (the same throttle columns). */
interface Account {
  id: number;
  code: string;
  password_hash: string;
  status: string;
  locked_until: number | null;
}

/** Whose login: where its account is found and its throttle counted, how its audit entries read. */
const KINDS = {
  provider: { find: findProviderByCode, table: 'providers', action: 'login', own: true },
  operator: { find: findOperatorByCode, table: 'operators', action: 'operator.login', own: false },
} as const;

/**
 * The checks of a login, the providers' and the console's alike (000 §8): the address throttle, then (a provider's
 * picture code, `beforeAccount`) the account's lock, the password (an unknown account still costs one hash, so
 * the answer time does not tell which accounts exist), the account's state. Failures are counted and audited;
 * a success clears the account's count. The account, or the refusal.
 */
export async function checkCredentials<K extends keyof typeof KINDS>(
  ctx: AppContext,
  kind: K,
  a: { account: string; pwd: string; ip: string; now: number },
  beforeAccount?: () => Promise<void>,
): Promise<NonNullable<Awaited<ReturnType<(typeof KINDS)[K]['find']>>>> {
  const { now, ip } = a;
  const k = KINDS[kind];
  const limits = limitsOf(await ctx.config.forSite(ctx.site));
  const addr = await addressState(ctx.db, ip, now, limits);
  if (addr.lockedUntil) throw new ApiError(RC.addressLocked, [minutesLeft(addr.lockedUntil, now)]);
  await beforeAccount?.();
  const found: Account | undefined = await k.find(ctx.db, a.account);
  const locked = found ? accountLockedUntil(found, now) : null;
  if (locked) throw new ApiError(RC.accountLocked, [minutesLeft(locked, now)]);
  const ok = await verifyPassword(a.pwd, found ? found.password_hash : await dummyHash());
  if (!found || !ok) {
    await recordAddressFailure(ctx.db, ip, now, limits);
    const lockedNow = found ? await recordAccountFailure(ctx.db, found, now, limits, k.table) : null;
    if (found)
      await audit(ctx.db, { providerId: k.own ? found.id : null, actor: found.code, action: `${k.action}.failed`, ip });
    if (lockedNow) throw new ApiError(RC.accountLocked, [minutesLeft(lockedNow, now)]);
    throw new ApiError(RC.badCredentials);
  }
  if (found.status !== '1') throw new ApiError(RC.accountUnavailable);
  await clearAccountFailures(ctx.db, found.id, k.table);
  return found as NonNullable<Awaited<ReturnType<(typeof KINDS)[K]['find']>>>;
}

/** A provider's login, or the refusal of 000 §8 (locked address or account, wrong picture code, credentials, disabled account). */
export async function logIn(ctx: AppContext, a: LoginAttempt): Promise<LoggedIn> {
  const { now, ip } = a;
  const p = await checkCredentials(ctx, 'provider', a, async () => {
    if ((await ctx.config.forSite(ctx.site)).login_picture_code !== '1') return;
    const shown = a.pictureId && a.pictureCode !== undefined;
    if (!shown || !(await takePictureCode(ctx.db, a.pictureId!, a.pictureCode!, now)))
      throw new ApiError(RC.dynamicCodeWrong);
  });
  const config = await ctx.config.forSite(p.site);
  // A browser that logs in again leaves its previous session behind: end it.
  const old = a.previousToken
    ? await findSession(ctx.db, a.previousToken, (site, generation) => ctx.config.atGeneration(site, generation), now)
    : undefined;
  if (old) await endSession(ctx.db, old.id);
  // Housekeeping on the way: sessions past their absolute expiry (an indexed range delete).
  await purgeExpiredSessions(ctx.db, now);
  const session = await createSession(ctx.db, p, config, a.lang, ip, now);
  // The answer shows the previous login time (whether_record_admin_login), then records this one.
  await recordLogin(ctx.db, p.id, now);
  await audit(ctx.db, { providerId: p.id, actor: p.code, action: 'login', ip });
  return { provider: p, config, session };
}

/** common/logout: the session ends. */
export async function logOut(ctx: AppContext, a: Actor, sessionId: number): Promise<void> {
  await endSession(ctx.db, sessionId);
  await auditBy(ctx.db, a, { action: 'logout' });
}

/** What the login page shows of the throttles (common/checkModifyErrorTimes); unknown accounts report zero. */
export async function loginErrorTimes(ctx: AppContext, account: string | undefined, ip: string) {
  const now = ctx.now();
  const limits = limitsOf(await ctx.config.forSite(ctx.site));
  const p = account ? await findProviderByCode(ctx.db, account) : undefined;
  const locked = p ? accountLockedUntil(p, now) : null;
  const errorTimes = p && !(p.locked_until && p.locked_until <= now) ? p.failed_logins : 0;
  const addr = await addressState(ctx.db, ip, now, limits);
  return {
    errorTimes,
    maxErrorTimes: limits.accountMax,
    remainingTimes: Math.max(0, limits.accountMax - errorTimes),
    locked: locked ? '1' : '0',
    lockMinutes: locked ? minutesLeft(locked, now) : 0,
    addressErrorTimes: addr.failures,
    addressMaxErrorTimes: limits.addressMax,
    addressLocked: addr.lockedUntil ? '1' : '0',
    addressLockMinutes: addr.lockedUntil ? minutesLeft(addr.lockedUntil, now) : 0,
  };
}
