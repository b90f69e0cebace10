// Resolve a shell definition (menu, userMenu) for the current session: conditions are evaluated by the engine
// against {config, user, site}, so the shell holds no menu rules of its own.
import { useMemo } from 'react';
import type { ResolvedScreen } from '../../engine/types';
import { engineFor } from '../definitions';
import { useSession } from '../session/SessionContext';

export function useResolved(screenId: string): ResolvedScreen {
  const { site, config, contextUser } = useSession();
  return useMemo(
    () => engineFor(site).resolve(screenId, { config, user: contextUser }),
    [site, config, contextUser, screenId],
  );
}
