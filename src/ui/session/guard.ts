// The login guard of 000 §2 as one pure function of the path and what session storage holds, so it can be
// unit-tested and reads exactly like the spec.

export interface GuardState {
  /** Stored login token (flag). */
  token: string | null;
  /** The stored user value exactly as stored. */
  rawUser: string | null;
  /** Session flag needChangePwd. */
  needChangePwd: string | null;
}

const PUBLIC = ['/login', '/forgetpassword'];
const NOT_GATED = [...PUBLIC, '/changepassword'];

/** firstLogin other than '0' forces a password change; a stored user value of length 1 counts as firstLogin '0'. */
export function mustChangePassword({ rawUser, needChangePwd }: Pick<GuardState, 'rawUser' | 'needChangePwd'>): boolean {
  if (needChangePwd === '1') return true;
  if (rawUser === null || rawUser.length === 1) return false;
  let firstLogin: unknown;
  try {
    firstLogin = (JSON.parse(rawUser) as { firstLogin?: unknown } | null)?.firstLogin;
  } catch {
    return false;
  }
  return String(firstLogin) !== '0';
}

/** Where the guard sends a navigation to `path`, or null to let it through. */
export function guardRedirect(path: string, state: GuardState): string | null {
  const p = path.replace(/\/+$/, '').toLowerCase() || '/';
  if (!state.token) return PUBLIC.includes(p) ? null : '/login';
  if (p === '/login') return '/';
  if (NOT_GATED.includes(p)) return null;
  return mustChangePassword(state) ? '/changepassword' : null;
}
