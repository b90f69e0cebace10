// The engine's one entry point: given a site's definition set, resolve screens, validate forms and payloads,
// and map forms to calls. The browser and the server each create one and call the same methods.
import type { DefinitionSet } from './definitionSet';
import { buildPayload, payloadToForm, recoverableFields } from './payload';
import { resolveScreen, serverView } from './resolve';
import type { Context, FieldError, Mode, ResolvedScreen, ScreenDef } from './types';
import { validateResolved } from './validate';

export interface ContextInput {
  config?: Record<string, string>;
  user?: Record<string, unknown>;
  mode?: Mode;
  form?: Record<string, unknown>;
}

export interface Engine {
  set: DefinitionSet;
  screenIds(): string[];
  definition(id: string): ScreenDef;
  context(input?: ContextInput): Context;
  resolve(id: string, input?: ContextInput): ResolvedScreen;
  validate(id: string, input: ContextInput & { form: Record<string, unknown> }): FieldError[];
  payload(id: string, call: string, input: ContextInput & { form: Record<string, unknown> }): Record<string, unknown>;
  /** One shared rule of schemas/rules.json applied to one value: the message key it gives, or null. */
  checkValue(rule: string, value: unknown, input?: ContextInput): string | null;
  /**
   * Server side: recover the form from a call's payload and validate it as the browser did. `input.form` holds
   * values the server looked up itself (a box's stored type, the selected tones' validity dates): they replace
   * what the payload says, so a rule never runs on a value the browser merely claimed.
   */
  validateCall(id: string, call: string, payload: Record<string, unknown>, input?: ContextInput): { form: Record<string, unknown>; errors: FieldError[] };
}

export function createEngine(set: DefinitionSet): Engine {
  const definition = (id: string): ScreenDef => {
    const def = set.screens[id];
    if (!def) throw new Error(`unknown screen "${id}"`);
    return def;
  };
  const context = (input: ContextInput = {}): Context => ({
    config: { ...set.config, ...(input.config ?? {}) },
    user: input.user ?? {},
    site: set.site,
    mode: input.mode ?? 'add',
    form: input.form ?? {},
  });
  const resolve = (id: string, input?: ContextInput) => resolveScreen(definition(id), context(input), set.rules);
  const callOf = (id: string, call: string) => {
    const def = definition(id).calls?.[call];
    if (!def) throw new Error(`screen "${id}" has no call "${call}"`);
    return def;
  };
  return {
    set,
    screenIds: () => Object.keys(set.screens).sort(),
    definition,
    context,
    resolve,
    validate(id, input) {
      const ctx = context(input);
      return validateResolved(resolveScreen(definition(id), ctx, set.rules), input.form, ctx);
    },
    payload(id, call, input) {
      const ctx = context(input);
      return buildPayload(callOf(id, call), resolveScreen(definition(id), ctx, set.rules), ctx);
    },
    checkValue(rule, value, input = {}) {
      const def: ScreenDef = { id: 'rule', kind: 'form', title: 'rule', fields: { value: { order: 1, schema: {}, rules: [rule], required: true } } };
      const ctx = context({ ...input, form: { value } });
      const errors = validateResolved(resolveScreen(def, ctx, set.rules), { value }, ctx);
      return errors[0]?.message ?? null;
    },
    validateCall(id, call, payload, input = {}) {
      const callDef = callOf(id, call);
      // Resolve twice: once to learn which fields exist, once with the recovered form so form conditions apply.
      const known = input.form ?? {};
      const first = resolveScreen(definition(id), context({ ...input, form: known }), set.rules);
      const form = { ...payloadToForm(callDef, first, payload), ...known };
      const ctx = context({ ...input, form });
      const full = resolveScreen(definition(id), ctx, set.rules);
      const screen = serverView(full, recoverableFields(callDef, full));
      const recovered = { ...payloadToForm(callDef, screen, payload), ...known };
      return { form: recovered, errors: validateResolved(screen, recovered, { ...ctx, form: recovered }) };
    },
  };
}
