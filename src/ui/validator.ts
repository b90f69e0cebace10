// The engine's validator (engine/validate.ts, on Ajv: the heaviest part of the engine) as the browser loads it:
// once, when something first validates. A page that only shows (a list, the login page before a keystroke)
// never loads it; forms wait for it before they render (DefinitionForm), a list's search on the Search button.
import type { Validate } from '../engine/engine';
import { usable } from './runtime/preloadable';

let loaded: Validate | undefined;
let loading: Promise<Validate> | undefined;

export function loadValidator(): Promise<Validate> {
  // usable: a form rendered after the validator loaded (a route that preloaded it) does not suspend on it.
  loading ??= usable(import('../engine/validate').then((m) => (loaded = m.validateResolved)));
  return loading;
}

/** validateResolved once loaded; before that a call is a mistake of the caller (it did not wait for loadValidator). */
export const lazyValidate: Validate = (screen, form, ctx) => {
  if (!loaded)
    throw new Error(`validation of "${screen.id}" before the validator was loaded (await loadValidator() first)`);
  return loaded(screen, form, ctx);
};
