// The submit flow every form shares (001 §4, §8): validate first; a loading indicator while the call is in
// flight; the buttons stay disabled until 2 s after the answer (success or failure), so a double click can't
// send twice and the user has time to read the message. Success is 000000 or one of the call's successCodes.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../api';
import type { CallDef, FieldError } from '../../engine';
import { toast } from '../shell/feedback';
import { callApi, succeeded, type Answer } from './api';
import { reloadServerData } from './queryClient';

export const REENABLE_MS = 2000;

/** `errors`: the server's field-level reasons (record.errors of a bad-input answer), shown on their fields. */
export interface SubmitOutcome {
  ok: boolean;
  answer?: Answer;
  errors?: FieldError[];
}

/** The server validates with the same definitions and names the fields it refuses: {record: {errors: [...]}}. */
export function fieldErrorsOf(answer: Answer | undefined): FieldError[] {
  const list = (answer?.record as { errors?: unknown } | undefined)?.errors;
  if (!Array.isArray(list)) return [];
  return list
    .filter(
      (e): e is { field: string; message: string; params?: Record<string, unknown> } =>
        typeof e?.field === 'string' && typeof e?.message === 'string',
    )
    .map((e) => ({ field: e.field, message: e.message, ...(e.params ? { params: e.params } : {}) }));
}

export function useSubmit() {
  const queries = useQueryClient();
  const [pending, setPending] = useState(false);
  const [locked, setLocked] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const run = useCallback(
    async (call: CallDef, payload: Record<string, unknown>): Promise<SubmitOutcome> => {
      setPending(true);
      setLocked(true);
      let outcome: SubmitOutcome = { ok: false };
      try {
        const answer = await callApi(call, payload);
        outcome = { ok: succeeded(call, answer), answer, errors: fieldErrorsOf(answer) };
        // Every list, option list and record read before now may be out of date.
        if (outcome.ok) void reloadServerData(queries);
        // The API client toasts ordinary failures itself and hands back only the pass-through codes: those the
        // form has no specific use for are shown here, so no answer goes unexplained.
        if (!outcome.ok && answer?.returnMsg) toast(answer.returnMsg, { kind: 'error' });
      } catch (error) {
        // Already reported by the API client (toast or session dialog); its field reasons go on the fields.
        if (error instanceof ApiError)
          outcome = { ok: false, answer: error.answer, errors: fieldErrorsOf(error.answer) };
      } finally {
        setPending(false);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => setLocked(false), REENABLE_MS);
      }
      return outcome;
    },
    [queries],
  );

  return { run, pending, busy: pending || locked };
}
