// Opening a menu entry: a plain route navigates; an external one opens a new window; a gated one (name-RBT
// upload, 000 §2) first makes its call and opens `then` with the answer's record as query when a record comes
// back, else `otherwise`.
import { useCallback } from 'react';
import { useNavigate } from '../router';
import { request } from '../../api';
import type { ResolvedMenuEntry } from '../../engine/types';

function withQuery(path: string, record: Record<string, unknown>): string {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(record))
    if (v !== undefined && v !== null && typeof v !== 'object') query.set(k, String(v));
  const qs = query.toString();
  return qs ? `${path}?${qs}` : path;
}

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
        const answer = await request(entry.gate.call, { portalType: 1 }, { kind: 'get' }).catch(() => undefined);
        const record = answer?.returnCode === '000000' ? answer.record : undefined;
        const hasRecord = record && typeof record === 'object' && Object.keys(record).length > 0;
        navigate(hasRecord ? withQuery(entry.gate.then, record as Record<string, unknown>) : entry.gate.otherwise);
        return;
      }
      if (entry.route) navigate(entry.route);
    },
    [navigate],
  );
}
