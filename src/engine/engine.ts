// The engine's one entry point: given a site's definition set, resolve screens, validate forms and payloads,
// and map forms to calls. The browser and the server each create one and call the same methods.
// The validator (validate.ts, on Ajv: the engine's heaviest part) is handed in rather than imported, so a
// browser page without a form (a list) builds the engine without loading it: createEngine (createEngine.ts)
// gives it at once, the browser once a form or a search needs it (src/ui/validator.ts).
import type { DefinitionSet } from './definitionSet';
import { buildPayload, payloadToForm, recoverableFields } from './payload';
import { formSchema, resolveScreen, serverView } from './resolve';
import { evaluate, holds } from './logic';
import { resolveCache } from './resolveCache';
import type { CallDef, Context, Config, FieldError, Logic, Mode, ResolvedScreen, ScreenDef } from './types';
import type { validateResolved } from './validate';

/** validate.ts's validateResolved: the errors of a resolved form. */
export type Validate = typeof validateResolved;

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
  /** `screen`: the screen already resolved for this input, so a form that has it does not resolve it again. */
  validate(id: string, input: ContextInput & { form: Record<string, unknown> }, screen?: ResolvedScreen): FieldError[];
  /** The list's search fields and its checks, by the same rules and message keys (a filter is never required). */
  validateSearch(id: string, input: ContextInput & { form: Record<string, unknown> }): FieldError[];
  payload(id: string, call: string, input: ContextInput & { form: Record<string, unknown> }): Record<string, unknown>;
  /** A shared named expression (screen-definitions/expressions/<name>.json), composed. */
  expression(name: string): Logic;
  /** A shared named expression evaluated over a context (the server derives a tone's status this way). */
  evaluateExpression(name: string, data: object): unknown;
  /** One shared rule of schemas/rules.json applied to one value: the message key it gives, or null. */
  checkValue(rule: string, value: unknown, input?: ContextInput): string | null;
  /** checkValue with the message's parameters (a limit's {max}), for a message shown outside a form. */
  ruleError(rule: string, value: unknown, input?: ContextInput): Omit<FieldError, 'field'> | null;
  /** One cross-field check of a screen (its `when` and `valid`) over a form: the message key it gives, or null. */
  check(id: string, check: string, input: ContextInput & { form: Record<string, unknown> }): string | null;
  /**
   * Server side: recover the form from a call's payload and validate it as the browser did. `input.form` holds
   * values the server looked up itself (a box's stored type, the selected tones' validity dates): they replace
   * what the payload says, so a rule never runs on a value the browser merely claimed.
   */
  validateCall(
    id: string,
    call: string,
    payload: Record<string, unknown>,
    input?: ContextInput,
  ): { form: Record<string, unknown>; errors: FieldError[] };
  /** validateCall's first half: the form a call's payload recovers and the screen it validates against, unvalidated. */
  recoverCall(
    id: string,
    call: string,
    payload: Record<string, unknown>,
    input?: ContextInput,
  ): { form: Record<string, unknown>; screen: ResolvedScreen; ctx: Context };
}

/** Derived screens kept beside the screen they derive from (a kept screen is reused, so is what it gives). */
function derived<K extends object, V>(make: (screen: ResolvedScreen, key: K) => V) {
  const kept = new WeakMap<ResolvedScreen, Map<K, V>>();
  return (screen: ResolvedScreen, key: K): V => {
    let byKey = kept.get(screen);
    if (!byKey) kept.set(screen, (byKey = new Map()));
    let v = byKey.get(key);
    if (v === undefined) byKey.set(key, (v = make(screen, key)));
    return v;
  };
}

/** A list screen's call carries its search fields: the server checks them by their rules, as the search bar does. */
const searchAsForm = derived((screen: ResolvedScreen, _: typeof NO_KEY): ResolvedScreen =>
  screen.fields.length === 0 && screen.search.length > 0
    ? { ...screen, fields: screen.search, required: [], jsonSchema: formSchema(screen.search) }
    : screen,
);
const NO_KEY = {};
/** The list's search fields as a form: a filter is never required. */
const searchForm = derived((screen: ResolvedScreen, _: typeof NO_KEY): ResolvedScreen => {
  const search = screen.search.map((f) => ({ ...f, required: false }));
  return { ...screen, fields: search, required: [], jsonSchema: formSchema(search) };
});
/** The screen as the server checks one call (resolve.ts serverView). */
const callView = derived((screen: ResolvedScreen, call: CallDef) =>
  serverView(screen, recoverableFields(call, screen)),
);

/** The engine over a set, validating with `validate` (createEngine passes validate.ts's own). */
export function engineWith(set: DefinitionSet, validate: Validate): Engine {
  const definition = (id: string): ScreenDef => {
    const def = set.screens[id];
    if (!def) throw new Error(`unknown screen "${id}"`);
    return def;
  };
  // The operator's configuration over the site's files, merged once per configuration object (the server hands
  // the same object while the configuration is unchanged; the browser holds one for the session).
  const merged = new WeakMap<Config, Config>();
  const configOf = (config: Config | undefined): Config => {
    if (!config) return set.config;
    let c = merged.get(config);
    if (!c) merged.set(config, (c = Object.freeze({ ...set.config, ...config })));
    return c;
  };
  const context = (input: ContextInput = {}): Context => ({
    config: configOf(input.config),
    user: input.user ?? {},
    site: set.site,
    mode: input.mode ?? 'add',
    form: input.form ?? {},
  });
  const kept = resolveCache((id, ctx) => resolveScreen(definition(id), ctx, set.rules));
  const resolveIn = (id: string, ctx: Context) => {
    definition(id);
    return kept(id, ctx);
  };
  const resolve = (id: string, input?: ContextInput) => resolveIn(id, context(input));
  const callOf = (id: string, call: string) => {
    const def = definition(id).calls?.[call];
    if (!def) throw new Error(`screen "${id}" has no call "${call}"`);
    return def;
  };
  const expression = (name: string): Logic => {
    if (!(name in set.expressions)) throw new Error(`unknown named expression "${name}"`);
    return set.expressions[name];
  };
  /** The first error one rule gives for a value, with its parameters. */
  function ruleError(rule: string, value: unknown, input: ContextInput = {}): Omit<FieldError, 'field'> | null {
    const def: ScreenDef = {
      id: 'rule',
      kind: 'form',
      title: 'rule',
      fields: { value: { order: 1, schema: {}, rules: [rule], required: true } },
    };
    const ctx = context({ ...input, form: { value } });
    const errors = validate(resolveScreen(def, ctx, set.rules), { value }, ctx);
    if (!errors[0]) return null;
    const { field: _field, ...error } = errors[0];
    return error;
  }

  return {
    set,
    expression,
    evaluateExpression: (name, data) => evaluate(expression(name), data),
    screenIds: () => Object.keys(set.screens).sort(),
    definition,
    context,
    resolve,
    validate(id, input, screen) {
      const ctx = context(input);
      return validate(screen ?? resolveIn(id, ctx), input.form, ctx);
    },
    validateSearch(id, input) {
      const ctx = context(input);
      // The list's cross-filter checks (a date range's order and span) run too, as the server runs them.
      return validate(searchForm(resolveIn(id, ctx), NO_KEY), input.form, ctx);
    },
    payload(id, call, input) {
      const ctx = context(input);
      return buildPayload(callOf(id, call), resolveIn(id, ctx), ctx);
    },
    checkValue: (rule, value, input = {}) => ruleError(rule, value, input)?.message ?? null,
    ruleError,
    check(id, name, input) {
      const def = definition(id).checks?.[name];
      if (!def) throw new Error(`screen "${id}" has no check "${name}"`);
      const ctx = context(input);
      return holds(def.when, ctx, true) && !holds(def.valid, ctx, true) ? def.message : null;
    },
    recoverCall,
    validateCall(id, call, payload, input = {}) {
      const { form, screen, ctx } = recoverCall(id, call, payload, input);
      return { form, errors: validate(screen, form, ctx) };
    },
  };

  function recoverCall(id: string, call: string, payload: Record<string, unknown>, input: ContextInput = {}) {
    const callDef = callOf(id, call);
    // Resolve twice: once to learn which fields exist, once with the recovered form so form conditions apply.
    // Values the server looked up (input.form) win over the payload's.
    const known = input.form;
    const withKnown = (form: Record<string, unknown>) => (known ? Object.assign(form, known) : form);
    const base = context(input);
    const first = searchAsForm(resolveIn(id, base), NO_KEY);
    base.form = withKnown(payloadToForm(callDef, first, payload, base));
    const screen = callView(searchAsForm(resolveIn(id, base), NO_KEY), callDef);
    const recovered = withKnown(payloadToForm(callDef, screen, payload, base));
    return { form: recovered, screen, ctx: { ...base, form: recovered } };
  }
}
