// What every new account starts with, a provider's (providers.ts) or an operator's (operators.ts): its password's
// hash, enabled, never signed in, not locked, the password set now. One place, so the two kinds of account cannot
// start differently in what their sign-in and lock rules read.
import { hashPassword } from '../security/passwords';

export const newAccountColumns = async (password: string, now: number) => ({
  password_hash: await hashPassword(password),
  status: '1',
  last_login_time: null,
  failed_logins: 0,
  locked_until: null,
  pwd_changed_at: now,
  created_at: now,
  updated_at: now,
});
