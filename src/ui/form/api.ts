// The one door from the renderers to the server: the shared client of src/api (return codes, CSRF, toasts and
// the session dialog live there). It resolves with success or pass-through answers and rejects with an
// ApiError it has already shown.
import type { CallDef } from '../../engine';
import { call, SUCCESS, type Answer } from '../../api';

export type { Answer };

/** passCodes: answer codes the caller handles itself (no error toast), such as an action's retry code. */
export function callApi(
  def: CallDef,
  payload: Record<string, unknown> = {},
  passCodes: string[] = [],
): Promise<Answer> {
  return call(def, payload, passCodes.length ? { passCodes } : {});
}

/** Does an answer count as success for this call (000000, or one of the call's own success codes)? */
export function succeeded(def: CallDef, answer: Answer | undefined): boolean {
  const code = answer?.returnCode;
  return code === SUCCESS || (code !== undefined && (def.successCodes ?? []).includes(code));
}
