// A form's screen, resolved once per form value. Typing one key renders the form, validates it and, in the
// change handler, compares the screen before and after the change (defaults of fields that appear, resets of
// fields whose trigger changed); each of those asks here, and only a form value not seen before is resolved.
// Form values are never mutated (every change makes a new object), so the object itself is the cache key.
import type { ContextInput, Engine, FieldError, ResolvedScreen } from '../../engine';
import { withDefaults, withResets } from './formState';

type Form = Record<string, unknown>;

export interface FormResolver {
  screen(form: Form): ResolvedScreen;
  errors(form: Form): FieldError[];
  /** The starting values: `initial` with the defaults of the fields they make visible. */
  start(initial: Form | undefined): Form;
  /** The next form value after the user changed `before` into `next`: resets and defaults applied. */
  change(before: Form, next: Form): Form;
}

/** `base`: the configuration, user and mode the screen is resolved with (a new resolver when they change). */
export function formResolver(engine: Engine, screenId: string, base: Omit<ContextInput, 'form'>): FormResolver {
  const screens = new WeakMap<Form, ResolvedScreen>();
  const errors = new WeakMap<Form, FieldError[]>();
  const screen = (form: Form) => {
    let s = screens.get(form);
    if (!s) screens.set(form, (s = engine.resolve(screenId, { ...base, form })));
    return s;
  };
  return {
    screen,
    errors(form) {
      let e = errors.get(form);
      if (!e) errors.set(form, (e = engine.validate(screenId, { ...base, form }, screen(form))));
      return e;
    },
    start(initial) {
      let form = { ...(initial ?? {}) };
      // Defaults can make more fields visible (and give them defaults): settle in a few rounds.
      for (let i = 0; i < 3; i++) form = withDefaults(form, screen(form).fields);
      return form;
    },
    change(before, next) {
      const visibleBefore = new Set(screen(before).fields.map((f) => f.name));
      const out = withResets(before, next, screen(next).fields);
      return withDefaults(out, screen(out).fields, visibleBefore);
    },
  };
}
