// The operator's session in the console: who signed in (role, sites), the deployment's configuration the console's
// conditions read, and the waiting changes' summary; read from /op/session on load and after signing in. The
// session itself is the server's (an HttpOnly cookie of its own); nothing of it is kept in the browser's storage.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { request } from '../../api';

export interface OperatorInfo {
  code: string;
  name: string;
  role: 'reviewer' | 'admin';
  sites: string[];
  allSites: boolean;
  needChangePwd: string;
  lastLoginTime: string;
}
interface SessionRecord {
  operator: OperatorInfo;
  config: Record<string, string>;
  sites: string[];
  waiting: string;
  oldestMinutes: string;
}

interface OperatorSessionApi {
  state: 'loading' | 'out' | 'in';
  session?: SessionRecord;
  refresh(): Promise<void>;
  signOut(): Promise<void>;
}

const Context = createContext<OperatorSessionApi | null>(null);

export function OperatorSessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<OperatorSessionApi['state']>('loading');
  const [session, setSession] = useState<SessionRecord>();
  const refresh = useCallback(async () => {
    const answer = await request<SessionRecord>(
      'op/session',
      {},
      { kind: 'get', passCodes: ['900000', '312022'], quiet: true },
    ).catch(() => undefined);
    if (answer?.returnCode === '000000' && answer.record) {
      setSession(answer.record);
      setState('in');
    } else {
      setSession(undefined);
      setState('out');
    }
  }, []);
  const signOut = useCallback(async () => {
    await request('op/logout', {}, { kind: 'form' }).catch(() => undefined);
    setSession(undefined);
    setState('out');
  }, []);
  useEffect(() => {
    void refresh();
  }, [refresh]);
  const value = useMemo(() => ({ state, session, refresh, signOut }), [state, session, refresh, signOut]);
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export function useOperatorSession(): OperatorSessionApi {
  const ctx = useContext(Context);
  if (!ctx) throw new Error('useOperatorSession outside OperatorSessionProvider');
  return ctx;
}
