// The capability gate of the session (src/engine/gate.ts): which routes this account may open, decided from the
// definitions by the very function the server refuses calls with, so what the menu hides is closed by URL too.
import { useMemo } from 'react';
import { gateOf, type Gate } from '../../engine/gate';
import { engineFor } from '../definitions';
import { useSession } from '../session/SessionContext';

export function useGate(): Gate {
  const { site, config, contextUser } = useSession();
  return useMemo(() => gateOf(engineFor(site), { config, user: contextUser }), [site, config, contextUser]);
}
