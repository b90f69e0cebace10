// The one door every request payload goes through after its route's JSON schema: the rules of the screen
// definition that sends it (engine.validateCall), so a request that bypasses the browser meets the same
// rules and message keys as the form. Calls that no screen definition sends rely on their route schema.
import { createEngine, type Engine } from '../engine';
import { loadDefinitionSetFromDisk } from '../engine/fsLoader';
import type { Config } from './services/config';
import { ApiError } from './envelope';
import { RC } from './returnCodes';

export interface Violation {
  field: string;
  message: string;
  params?: Record<string, unknown>;
}
export interface ValidationContext {
  config: Config;
  user: Record<string, unknown>;
  site: string;
  mode: 'add' | 'edit';
  /** Form values the server looked up itself; they replace what the payload says (engine.validateCall). */
  known?: Record<string, unknown>;
  /** The screen's action that sends the call: refused when its `disabled` condition holds (its disabledReason says why). */
  action?: string;
}
const engines = new Map<string, Engine>();

/**
 * The engine of a site, built once from the definitions on disk. A site with no folder in site-variants/ (an
 * account left on a removed or renamed site) throws: its requests are refused rather than checked by another
 * site's rules (the server warns about such accounts at start).
 */
export function engineFor(site: string): Engine {
  let e = engines.get(site);
  if (!e) {
    e = createEngine(loadDefinitionSetFromDisk(site));
    engines.set(site, e);
  }
  return e;
}

export function validateRequest(
  screenId: string,
  call: string,
  payload: Record<string, unknown>,
  ctx: ValidationContext,
): Violation[] {
  const engine = engineFor(ctx.site);
  const def = engine.screenIds().includes(screenId) ? engine.definition(screenId) : undefined;
  if (!def?.calls?.[call]) return [];
  const input = { config: ctx.config, user: ctx.user, mode: ctx.mode };
  const { form, errors } = engine.validateCall(screenId, call, payload, { ...input, form: ctx.known });
  if (ctx.action) {
    // The button the browser greys out (a radio account with approvals pending, 000 §4) is refused here too.
    if (!def.actions?.[ctx.action]) throw new Error(`screen "${screenId}" has no action "${ctx.action}"`);
    const action = engine.resolve(screenId, { ...input, form }).actions.find((a) => a.name === ctx.action);
    if (!action || action.disabled)
      return [{ field: '', message: action?.disabledReason ?? 'Validation.actionDisabled' }, ...errors];
  }
  return errors;
}

/** Throws the catalogued bad-input refusal when there are violations. */
export function assertValid(violations: Violation[]): void {
  if (violations.length > 0) throw new ApiError(RC.badInput, [], violations);
}

/** The form field a payload mapping sends unchanged ({"var": "form.x"}), if it is one. */
function plainField(mapping: unknown): string | undefined {
  if (!mapping || typeof mapping !== 'object' || Array.isArray(mapping) || Object.keys(mapping).length !== 1)
    return undefined;
  const v = (mapping as { var?: unknown }).var;
  const name = Array.isArray(v) ? v[0] : v;
  return typeof name === 'string' && name.startsWith('form.') ? name.slice(5) : undefined;
}

/**
 * A request's parameters as the screen lets its user set them in this context, so what the form does not offer
 * is never stored: a parameter sent from a field the screen hides is dropped (a radio account's price, 000 §4), one
 * from a disabled field with a default takes that default (the administrator's price when
 * cp_admin_can_specify_rbt_price is '2'), one from a field the form trims (ui.trim) is trimmed.
 */
export function asTheScreenShows(
  screenId: string,
  call: string,
  payload: Record<string, any>,
  ctx: ValidationContext,
): Record<string, any> {
  const engine = engineFor(ctx.site);
  const callDef = engine.definition(screenId).calls?.[call];
  if (!callDef) throw new Error(`screen "${screenId}" has no call "${call}"`);
  const input = { config: ctx.config, user: ctx.user, mode: ctx.mode };
  const { form } = engine.validateCall(screenId, call, payload, { ...input, form: ctx.known });
  const fields = new Map(engine.resolve(screenId, { ...input, form }).fields.map((f) => [f.name, f]));
  const out = { ...payload };
  for (const [key, mapping] of Object.entries(callDef.payload ?? {})) {
    const name = plainField(mapping);
    if (name === undefined || out[key] === undefined) continue;
    const field = fields.get(name);
    if (!field) delete out[key];
    else if (field.disabled && field.default !== undefined) out[key] = field.default;
    else if (field.ui?.trim === true && typeof out[key] === 'string') out[key] = out[key].trim();
  }
  return out;
}
