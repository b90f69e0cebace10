// A value only the server can judge, checked when the user leaves the field (001 §5.1: the caller price is
// checked by sp/iscallerpricevalid). The definition names it in the field's ui.serverCheck: { call (a call of
// the screen), path (where the verdict is in the answer), equals (the verdict meaning valid), message }. Only a
// value the engine already accepts is sent; a refusal shows on the field until the value changes.
import { useCallback } from 'react';
import { callApi, succeeded } from '../form/api';
import type { FormContext } from '../form/formContext';
import { at } from './useFills';

export interface ServerCheckDef {
  call: string;
  path: string;
  equals: string;
  message: string;
}

export function useServerCheck(name: string, ui: Record<string, unknown>, ctx: FormContext) {
  const check = ui.serverCheck as ServerCheckDef | undefined;
  return useCallback(async () => {
    if (!check || !ctx.setServerError) return;
    const call = ctx.calls[check.call];
    const value = ctx.form[name];
    if (!call || value === undefined || value === '') return;
    const input = { config: ctx.env.config, user: ctx.env.user, form: ctx.form };
    if (ctx.env.engine.validate(ctx.screenId, input).some((e) => e.field === name)) return;
    const answer = await callApi(call, ctx.env.engine.payload(ctx.screenId, check.call, input)).catch(() => undefined);
    if (!answer || !succeeded(call, answer)) return;
    ctx.setServerError(
      name,
      String(at(answer, check.path)) === check.equals ? undefined : { field: name, message: check.message },
    );
  }, [check, ctx, name]);
}
