// The form rules for a few fields of a screen, resolved once per chunk of lines instead of once per line.
// A batch line carries some of a form's fields (a tone's name and singer, its expiry date, a copyright owner):
// each is checked by exactly the rules and message keys the form gives those fields (the engine's resolved
// screen, its schemas and its cross-field checks), without resolving the whole screen again for every line,
// which costs milliseconds on the tone form and would bound a 100,000-line task to minutes. The fields kept
// must not depend on other form values for their visibility (those of the batch types do not).
import { formSchema, payloadToForm, validateResolved, type FieldError, type Mode } from '../../../engine';
import type { LineContext } from './lineTypes';

type Validate = (payload: Record<string, unknown>) => FieldError[];
// Keyed by the task row object, which the line groups of one chunk share.
const cache = new WeakMap<object, Map<string, Validate>>();

/** Validates a call's payload against the rules of `fields` only (the other fields are not part of the line). */
export function fieldRules(
  lc: LineContext,
  screenId: string,
  call: string,
  mode: Mode,
  fields: readonly string[],
): Validate {
  let byKey = cache.get(lc.task);
  if (!byKey) cache.set(lc.task, (byKey = new Map()));
  const key = `${screenId}|${call}|${mode}|${fields.join(',')}`;
  let v = byKey.get(key);
  if (!v) {
    const input = { config: lc.config, user: lc.user, mode };
    const full = lc.engine.resolve(screenId, input);
    const kept = full.fields.filter((f) => fields.includes(f.name));
    const screen = {
      ...full,
      fields: kept,
      required: full.required.filter((n) => fields.includes(n)),
      jsonSchema: formSchema(kept),
    };
    const callDef = lc.engine.definition(screenId).calls![call];
    const base = lc.engine.context(input);
    v = (payload) => {
      const form = payloadToForm(callDef, full, payload);
      return validateResolved(screen, form, { ...base, form });
    };
    byKey.set(key, v);
  }
  return v;
}
