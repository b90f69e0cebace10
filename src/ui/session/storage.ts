// Session storage (000 §3): the keys token, user, config and language. The real session token is an HttpOnly
// cookie the page never sees; `token` holds a flag that a login succeeded, which is what the guard reads.
// Plain functions (no React) so the shell can clear the session when the API client reports it lost.

import type { SessionRecord, StoredUser } from '../../api';

const KEYS = {
  token: 'token',
  user: 'user',
  config: 'config',
  language: 'language',
  needChangePwd: 'needChangePwd',
  session: 'session',
  writeWindow: 'writeWindow',
} as const;

/** The rest of the session record (000 §3): flags the shell reads but that are not part of the user. */
export interface SessionFlags {
  needChangePwd?: string;
  ossLoginUser?: string;
  isSuperSP?: string;
  visitorIp?: string;
  roles?: string[];
  permissions?: string[];
  expired?: boolean;
}

const store = (): Storage | undefined => (typeof sessionStorage === 'undefined' ? undefined : sessionStorage);

function readJson<T>(key: string): T | undefined {
  const raw = store()?.getItem(key);
  if (!raw) return undefined;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return undefined;
  }
}

export const readToken = (): string | null => store()?.getItem(KEYS.token) ?? null;
/** The raw stored user value: the guard needs it as stored (a value of length 1 is special, 000 §2). */
export const readRawUser = (): string | null => store()?.getItem(KEYS.user) ?? null;
export const readUser = (): StoredUser | undefined => readJson<StoredUser>(KEYS.user);
export const readConfig = (): Record<string, string> => readJson<Record<string, string>>(KEYS.config) ?? {};
export const readFlags = (): SessionFlags => readJson<SessionFlags>(KEYS.session) ?? {};
export const readNeedChangePwd = (): string | null => store()?.getItem(KEYS.needChangePwd) ?? null;

/** Store what a login (000000 / 312022) or a session check answered. */
export function saveSession(record: SessionRecord, extra: Partial<SessionFlags> = {}): void {
  const s = store();
  if (!s) return;
  s.setItem(KEYS.token, '1');
  s.setItem(KEYS.user, JSON.stringify(record.userInfo ?? {}));
  if (record.config) s.setItem(KEYS.config, JSON.stringify(record.config));
  s.setItem(KEYS.needChangePwd, record.needChangePwd === '1' ? '1' : '0');
  if (record.language) s.setItem(KEYS.language, record.language);
  const flags: SessionFlags = {
    needChangePwd: record.needChangePwd,
    ossLoginUser: record.ossLoginUser,
    isSuperSP: record.isSuperSP,
    visitorIp: record.visitorIp,
    roles: record.roles,
    permissions: record.permissions,
    ...extra,
  };
  s.setItem(KEYS.session, JSON.stringify(flags));
}

/** The write window as the server last answered it for a site (WriteWindowBanner shows it from the first paint). */
export interface WriteWindowState {
  window: string;
  active: string;
  until: string;
}
export function readWriteWindow(site: string): WriteWindowState | undefined {
  const kept = readJson<{ site: string; state: WriteWindowState }>(KEYS.writeWindow);
  return kept?.site === site ? kept.state : undefined;
}
export function saveWriteWindow(site: string, state: WriteWindowState): void {
  store()?.setItem(KEYS.writeWindow, JSON.stringify({ site, state }));
}

export function saveLanguage(language: string): void {
  store()?.setItem(KEYS.language, language);
}

/** Log-out and session-expired both end here: every session key goes, the language choice stays. */
export function clearSession(): void {
  const s = store();
  if (!s) return;
  const language = s.getItem(KEYS.language);
  s.clear();
  if (language) s.setItem(KEYS.language, language);
}
