// The session as React sees it: user, flags and configuration from session storage, with the few actions that
// change it (after login, refresh from the server, log out). Screens read it through useSession(); the form and
// list renderers get it through the ScreenEnvProvider the layout mounts.
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { api, type SessionRecord, type StoredUser } from '../../api';
import { BASE_SITE } from '../../engine/baseSite';
import type { SiteId } from '../../engine/types';
import { fetchWriteWindow } from './writeWindow';
import { clearSession, readConfig, readFlags, readToken, readUser, saveSession, type SessionFlags } from './storage';

export interface Session {
  loggedIn: boolean;
  user: StoredUser;
  flags: SessionFlags;
  config: Record<string, string>;
  site: SiteId;
}

interface SessionApi extends Session {
  /** The user as conditions see it: the stored user plus the session flags the menu rules read. */
  contextUser: Record<string, unknown>;
  /** Store a login answer, then load user info (000 §4: 000000 and 312022 both continue; 909090 is passed on). */
  completeLogin(record: SessionRecord): Promise<void>;
  /** Re-read the session from the server (after a password change, on reload). */
  refresh(): Promise<void>;
  /** 000 §2: clear session storage, call logout, reload. */
  logout(): Promise<void>;
}

/** The user's site as the server gave it (the layout checks the portal knows it); none given means the base site. */
const siteOf = (user: StoredUser): SiteId =>
  typeof user.site === 'string' && user.site !== '' ? user.site : BASE_SITE;

function read(): Session {
  const user = readUser() ?? {};
  return { loggedIn: readToken() !== null, user, flags: readFlags(), config: readConfig(), site: siteOf(user) };
}

const SessionContext = createContext<SessionApi | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<Session>(read);
  const reload = useCallback(() => setSession(read()), []);

  const refresh = useCallback(async () => {
    const info = await api.sessionInfo();
    if (info.record) saveSession(info.record, { expired: info.returnCode === '909090' });
    reload();
  }, [reload]);

  const completeLogin = useCallback(
    async (record: SessionRecord) => {
      saveSession(record);
      // The write window beside the user info, so the first page shows its banner from the start.
      await Promise.all([refresh(), fetchWriteWindow(siteOf(record.userInfo ?? {}))]);
    },
    [refresh],
  );

  const logout = useCallback(async () => {
    clearSession();
    // The server ends the session; whatever it answers, the page reloads into the login page.
    await api.logout().catch(() => undefined);
    location.assign('/login');
  }, []);

  const value = useMemo<SessionApi>(() => {
    const contextUser = {
      ...session.user,
      expired: session.flags.expired === true,
      needChangePwd: session.flags.needChangePwd ?? '0',
      ossLogin: session.flags.ossLoginUser === '1',
      isSuperSP: session.flags.isSuperSP ?? session.user.isSuperSP,
    };
    return { ...session, contextUser, completeLogin, refresh, logout };
  }, [session, completeLogin, refresh, logout]);

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionApi {
  const ctx = useContext(SessionContext);
  if (!ctx) throw new Error('useSession outside SessionProvider');
  return ctx;
}
