// Fields a choice fills from the server (001 §4: when the administrator fixes the relative period, choosing a
// catalogue fetches that catalogue's period and sets the locked field). The definition says it in the field's
// ui.fills: { call (a call of the screen, its payload built from the form with the new value), set:
// { field: 'path.in.answer' } }, applied when ui.fillsWhen (a resolved condition) is not false.
import { useCallback } from 'react';
import { callApi, succeeded } from '../form/api';
import type { FormContext } from '../form/formContext';

export interface FillsDef {
  call: string;
  set: Record<string, string>;
}

/** The value at a dotted path of an answer ('record.relativeValidityPeriod'). */
export const at = (obj: unknown, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), obj);

export function useFills(name: string, ui: Record<string, unknown>, ctx: FormContext) {
  const fills = ui.fills as FillsDef | undefined;
  return useCallback(
    async (value: unknown) => {
      if (!fills || ui.fillsWhen === false || value === undefined || value === '') return;
      const call = ctx.calls[fills.call];
      if (!call) return;
      const payload = ctx.env.engine.payload(ctx.screenId, fills.call, {
        config: ctx.env.config,
        user: ctx.env.user,
        form: { ...ctx.form, [name]: value },
      });
      const answer = await callApi(call, payload).catch(() => undefined);
      if (!answer || !succeeded(call, answer)) return;
      for (const [field, path] of Object.entries(fills.set)) {
        const v = at(answer, path);
        if (v !== undefined && v !== null && v !== '') ctx.setValue(field, String(v));
      }
    },
    [fills, ui.fillsWhen, ctx, name],
  );
}
