// The password rules of 000 §5 on the server. The change policy (8-20 characters with lower case, upper case,
// digit and special; only the special characters the login configuration allows; not the account name)
// runs through the engine's changePassword definition once it exists (see validation.ts); this module keeps the
// weak-password check, which needs the server's list, and the fallback policy.

const COMMON = new Set(['password', 'passw0rd', 'p@ssw0rd', 'p@ssword', 'qwerty', 'abc123', 'admin', 'welcome', 'letmein', 'iloveyou', 'changeme', 'root', 'test', 'huawei', 'ringback', 'rbtportal']);
const SEQUENCES = ['abcdefghijklmnopqrstuvwxyz', '01234567890', 'qwertyuiop', 'asdfghjkl', 'zxcvbnm'];

/** A weak password: a common word with decorations, the account inside it, 4+ repeated or sequential characters. */
export function isWeakPassword(pwd: string, account: string): boolean {
  const lower = pwd.toLowerCase();
  const core = lower.replace(/[^a-z0-9@]/g, '').replace(/\d+$/, '');
  if (COMMON.has(lower) || COMMON.has(core)) return true;
  if (account && lower.includes(account.toLowerCase())) return true;
  if (/(.)\1\1\1/.test(lower)) return true;
  for (const seq of SEQUENCES) {
    const both = seq + ' ' + [...seq].reverse().join('');
    for (let i = 0; i + 4 <= lower.length; i++) if (/^[a-z0-9]{4}$/.test(lower.slice(i, i + 4)) && both.includes(lower.slice(i, i + 4))) return true;
  }
  return false;
}

export interface PolicyViolation { field: string; message: string; params?: Record<string, unknown> }

/** The change policy of 000 §5, used until the engine's changePassword definition is available. */
export function changePolicyViolations(pwd: string, account: string, allowedSpecials: string, field = 'newPwd'): PolicyViolation[] {
  const out: PolicyViolation[] = [];
  const specials = [...pwd].filter((c) => !/[A-Za-z0-9]/.test(c));
  if (pwd.length < 8 || pwd.length > 20) out.push({ field, message: 'CommonRes.passwordLength', params: { min: 8, max: 20 } });
  if (!/[a-z]/.test(pwd) || !/[A-Z]/.test(pwd) || !/\d/.test(pwd) || specials.length === 0) out.push({ field, message: 'CommonRes.passwordComplexity' });
  const bad = specials.find((c) => !allowedSpecials.includes(c));
  if (bad !== undefined) out.push({ field, message: 'CommonRes.passwordSpecialChar', params: { allowed: allowedSpecials, char: bad } });
  if (pwd.toLowerCase() === account.toLowerCase()) out.push({ field, message: 'CommonRes.passwordSameAsAccount' });
  return out;
}
