// What a provider changes of its own account (000 §7; routes/account.ts keeps only HTTP): its contact details,
// and the password flows behind sp/updatecppwd, sp/senddynamicpassword and sp/restpassword (the change, the
// forgotten-password code and the reset with it), each with its throttling, session endings and audit entry.
import { ApiError } from '../envelope';
import { RC } from '../returnCodes';
import { hashPassword, verifyPassword } from '../security/passwords';
import { isWeakPassword } from '../security/passwordPolicy';
import { newDynamicCode, sha256 } from '../security/tokens';
import type { Provider } from '../db/schema';
import type { AppContext } from '../context';
import { findProviderByCode, setOwnPassword, updateContact } from './providers';
import { countWrongTry, issueCode, lastCodeTime, openCode, useCode } from './dynamicCodes';
import { recordAccountFailure, clearAccountFailures, limitsOf, minutesLeft } from './throttle';
import { endAllSessions, endOtherSessions } from './sessions';
import { auditBy } from './audit';
import { num, type Config } from './config';
import { usedRecently } from './passwordHistory';

/** sp/updatecpinfo: the contact fields the screen sends, audited; the account as it is now. */
export async function updateOwnContact(
  ctx: AppContext,
  p: Provider,
  fields: Record<string, unknown>,
  ip: string,
): Promise<Provider> {
  const changed = await updateContact(ctx.db, p.id, fields, ctx.now());
  await auditBy(ctx.db, { provider: p, ip }, { action: 'account.update', detail: changed });
  return (await findProviderByCode(ctx.db, p.code))!;
}

/** A code allows this many wrong tries. */
const CODE_TRIES = 5;

/**
 * After the policy (the screen's rules, checked by the route): not the current password (950011), not weak,
 * not one of the last password_history_count passwords (920013, 000 §8 'password recently used').
 */
async function checkNewPassword(ctx: AppContext, p: Provider, config: Config, newPwd: string) {
  if (await verifyPassword(newPwd, p.password_hash)) throw new ApiError(RC.samePassword);
  if (isWeakPassword(newPwd, p.code)) throw new ApiError(RC.weakPassword);
  if (await usedRecently(ctx.db, p.id, newPwd, num(config, 'password_history_count')))
    throw new ApiError(RC.weakPassword);
}

/** The new password, with the outgoing one kept in the history. */
async function setPassword(ctx: AppContext, p: Provider, newPwd: string): Promise<void> {
  await setOwnPassword(ctx.db, p, await hashPassword(newPwd), ctx.now());
}

/**
 * sp/updatecppwd: a wrong old password counts towards the account lock (312011, or the lock's code with the
 * minutes left, ending every session); other sessions of the account end, this one stays.
 */
export async function changePassword(
  ctx: AppContext,
  s: { id: number; provider: Provider; config: Config },
  oldPwd: string,
  newPwd: string,
  ip: string,
): Promise<void> {
  const p = s.provider;
  const now = ctx.now();
  if (!(await verifyPassword(oldPwd, p.password_hash))) {
    const locked = await recordAccountFailure(ctx.db, p, now, limitsOf(s.config));
    if (locked) {
      await endAllSessions(ctx.db, p.id);
      throw new ApiError(RC.accountLocked, [minutesLeft(locked, now)]);
    }
    throw new ApiError(RC.oldPasswordWrong);
  }
  await checkNewPassword(ctx, p, s.config, newPwd);
  await setPassword(ctx, p, newPwd);
  await endOtherSessions(ctx.db, p.id, s.id);
  await auditBy(ctx.db, { provider: p, ip }, { action: 'password.change' });
}

/**
 * sp/senddynamicpassword: a code to the account's phone or email through the notifier; silent for an unknown or
 * disabled account (the call reveals no accounts); 950012 with the seconds left when one was sent too recently.
 */
export async function sendDynamicCode(ctx: AppContext, account: string, ip: string): Promise<void> {
  const now = ctx.now();
  const p = await findProviderByCode(ctx.db, account);
  if (!p || p.status !== '1') return;
  const config = await ctx.config.forSite(p.site);
  const last = await lastCodeTime(ctx.db, p.id);
  const resendMs = num(config, 'dynamic_code_resend_seconds') * 1000;
  if (last !== undefined && now - last < resendMs)
    throw new ApiError(RC.codeTooSoon, [Math.ceil((resendMs - (now - last)) / 1000)]);
  const code = newDynamicCode();
  const ttlMin = num(config, 'dynamic_code_ttl_minutes');
  await issueCode(ctx.db, p.id, code, now, ttlMin * 60_000);
  await ctx.notifier.send({
    providerId: p.id,
    channel: p.phone ? 'sms' : 'email',
    recipient: p.phone || p.email,
    subject: `Dynamic code for account ${p.code}`,
    body: `Your dynamic code is ${code}. It expires in ${ttlMin} minutes.`,
  });
  await auditBy(ctx.db, { provider: p, ip }, { action: 'password.code.sent' });
}

/**
 * sp/restpassword: 900014 for a wrong, used, expired or worn-out code; then the change's rules. Success ends every
 * session of the account and clears its lock.
 */
export async function resetPassword(
  ctx: AppContext,
  account: string,
  dynamicCode: string,
  newPwd: string,
  ip: string,
): Promise<void> {
  const now = ctx.now();
  const p = await findProviderByCode(ctx.db, account);
  const row = p ? await openCode(ctx.db, p.id) : undefined;
  if (!p || !row || row.expires_at <= now || row.attempts >= CODE_TRIES) throw new ApiError(RC.dynamicCodeWrong);
  if (row.code_hash !== sha256(dynamicCode.toUpperCase())) {
    await countWrongTry(ctx.db, row.id, row.attempts);
    throw new ApiError(RC.dynamicCodeWrong);
  }
  await checkNewPassword(ctx, p, await ctx.config.forSite(p.site), newPwd);
  // Mark used first: two racing requests cannot both reset with one code.
  if (!(await useCode(ctx.db, row.id, now))) throw new ApiError(RC.dynamicCodeWrong);
  await setPassword(ctx, p, newPwd);
  await clearAccountFailures(ctx.db, p.id);
  await endAllSessions(ctx.db, p.id);
  await auditBy(ctx.db, { provider: p, ip }, { action: 'password.reset' });
}
