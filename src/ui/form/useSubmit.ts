// The submit flow every form shares (001 §4, §8): validate first; a loading indicator while the call is in
// flight; the buttons stay disabled until 2 s after the answer (success or failure), so a double click can't
// send twice and the user has time to read the message. Success is 000000 or one of the call's successCodes.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CallDef } from '../../engine';
import { toast } from '../shell/feedback';
import { callApi, succeeded, type Answer } from './api';

export const REENABLE_MS = 2000;

export interface SubmitOutcome { ok: boolean; answer?: Answer }

export function useSubmit() {
  const [pending, setPending] = useState(false);
  const [locked, setLocked] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const run = useCallback(async (call: CallDef, payload: Record<string, unknown>): Promise<SubmitOutcome> => {
    setPending(true);
    setLocked(true);
    let outcome: SubmitOutcome = { ok: false };
    try {
      const answer = await callApi(call, payload);
      outcome = { ok: succeeded(call, answer), answer };
      // The API client toasts ordinary failures itself and hands back only the pass-through codes: those the
      // form has no specific use for are shown here, so no answer goes unexplained.
      if (!outcome.ok && answer?.returnMsg) toast(answer.returnMsg, { kind: 'error' });
    } catch {
      // Already reported by the API client (toast or session dialog).
    } finally {
      setPending(false);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setLocked(false), REENABLE_MS);
    }
    return outcome;
  }, []);

  return { run, pending, busy: pending || locked };
}
