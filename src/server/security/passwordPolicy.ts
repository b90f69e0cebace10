// The weak-password check (sp/checkweakpwd, and every password change). The policies of 000 §5 (lengths,
// character classes, allowed special characters, not the account name) are the screen definitions' rules,
// applied to each request by validation.ts.

const COMMON = new Set([
  'password',
  'passw0rd',
  'p@ssw0rd',
  'p@ssword',
  'qwerty',
  'abc123',
  'admin',
  'welcome',
  'letmein',
  'iloveyou',
  'changeme',
  'root',
  'test',
  'huawei',
  'ringback',
  'rbtportal',
]);
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
    for (let i = 0; i + 4 <= lower.length; i++)
      if (/^[a-z0-9]{4}$/.test(lower.slice(i, i + 4)) && both.includes(lower.slice(i, i + 4))) return true;
  }
  return false;
}
