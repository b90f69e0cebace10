// Opening a menu entry: a plain route navigates; an external one opens a new window; a gated one (name-RBT
// upload, 000 §2) first makes its call and opens `then` with the answer's record as query when a record comes
// back, else `otherwise`.
import { useCallback } from 'react';
import { useNavigate } from '../router';
import { gateRecord, withQuery } from '../runtime/gate';
import type { ResolvedMenuEntry } from '../../engine/types';

export function useMenuOpener() {
  const navigate = useNavigate();
  return useCallback(
    async (entry: ResolvedMenuEntry) => {
      if (entry.external && entry.route) {
        // Not 'noopener': the new window must receive a copy of session storage (the login token) to pass the
        // guard. The opener link is cut right after.
        const win = window.open(entry.route, '_blank');
        if (win) win.opener = null;
        return;
      }
      if (entry.gate) {
        const record = await gateRecord(entry.gate.call);
        navigate(record ? withQuery(entry.gate.then, record) : entry.gate.otherwise);
        return;
      }
      if (entry.route) navigate(entry.route);
    },
    [navigate],
  );
}
