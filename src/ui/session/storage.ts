// Session storage (000 §3): the keys token, user, config and language. The real session token is an HttpOnly
// cookie the page never sees; `token` holds a flag that a login succeeded, which is what the guard reads.
// Plain functions (no React) so the API client can clear the session too.

export const KEYS = {
  token: 'token',
  user: 'user',
  config: 'config',
  language: 'language',
  needChangePwd: 'needChangePwd',
  session: 'session',
} as const;

export interface StoredUser {
  name?: string;
  code?: string;
  spType?: string;
  firstLogin?: string;
  lastLoginTime?: string;
  believeCP?: string;
  isSuperSP?: string;
  site?: string;
  [key: string]: unknown;
}

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

export interface SessionRecord {
  userInfo: StoredUser;
  needChangePwd?: string;
  config?: Record<string, string>;
  language?: string;
  ossLoginUser?: string;
  isSuperSP?: string;
  visitorIp?: string;
  roles?: string[];
  permissions?: string[];
}

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

export function saveLanguage(language: string): void {
  store()?.setItem(KEYS.language, language);
}

export const readLanguage = (): string | null => store()?.getItem(KEYS.language) ?? null;

/** Log-out and session-expired both end here: every session key goes, the language choice stays. */
export function clearSession(): void {
  const s = store();
  if (!s) return;
  const language = s.getItem(KEYS.language);
  s.clear();
  if (language) s.setItem(KEYS.language, language);
}
