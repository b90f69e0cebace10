// The one door every request payload goes through after its route's JSON schema: the rules of the screen
// definition that sends it (engine.validateCall), so a request that bypasses the browser meets the same
// rules and message keys as the form. Calls that no screen definition sends rely on their route schema.
import { createEngine, type Engine, type ResolvedScreen } from '../engine';
import { loadDefinitionSetFromDisk, siteIds } from '../engine/fsLoader';
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

/**
 * A request as the screen's call sees it: the definition, the context and the form its payload recovers. The
 * engine keeps what it resolves (src/engine/resolveCache.ts), so what is left per request is reading the payload
 * back into a form and, in validateRequest, the validation itself.
 */
function screenRequest(screenId: string, call: string, ctx: ValidationContext) {
  const engine = engineFor(ctx.site);
  const def = Object.hasOwn(engine.set.screens, screenId) ? engine.definition(screenId) : undefined;
  const callDef = def?.calls?.[call];
  if (!def || !callDef) return undefined;
  const input = { config: ctx.config, user: ctx.user, mode: ctx.mode };
  return { engine, def, callDef, input };
}

export function validateRequest(
  screenId: string,
  call: string,
  payload: Record<string, unknown>,
  ctx: ValidationContext,
): Violation[] {
  const r = screenRequest(screenId, call, ctx);
  if (!r) return [];
  const { engine, def, input } = r;
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
  const { form } = engine.recoverCall(screenId, call, payload, { ...input, form: ctx.known });
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

/** The form fields a payload mapping reads ({"var": "form.x"} anywhere in it); null when it reads a named expression. */
function formFieldsRead(mapping: unknown, out = new Set<string>()): Set<string> | null {
  if (Array.isArray(mapping)) {
    for (const m of mapping) if (formFieldsRead(m, out) === null) return null;
  } else if (mapping && typeof mapping === 'object') {
    for (const [op, arg] of Object.entries(mapping)) {
      if (op === '$expr') return null;
      const name = op === 'var' ? (Array.isArray(arg) ? arg[0] : arg) : undefined;
      if (typeof name === 'string') {
        if (name.startsWith('form.')) out.add(name.slice(5).split('.')[0]);
      } else if (formFieldsRead(arg, out) === null) return null;
    }
  }
  return out;
}

const shownSets = new WeakMap<ResolvedScreen, Set<string>>();
/** The names of a resolved screen's fields (kept with the screen, which the engine reuses). */
function shownFields(screen: ResolvedScreen): Set<string> {
  let names = shownSets.get(screen);
  if (!names) shownSets.set(screen, (names = new Set(screen.fields.map((f) => f.name))));
  return names;
}

const declaredFields = new Map<string, Set<string>>();
/** The fields a screen declares on any site (a site's overlay may remove one: there it is hidden). */
function fieldsOnAnySite(screenId: string): Set<string> {
  let out = declaredFields.get(screenId);
  if (!out) {
    out = new Set<string>();
    for (const site of siteIds()) {
      const e = engineFor(site);
      if (e.screenIds().includes(screenId))
        for (const f of Object.keys(e.definition(screenId).fields ?? {})) out.add(f);
    }
    declaredFields.set(screenId, out);
  }
  return out;
}

/**
 * The request without the parameters of fields the screen does not show in this context: a value the form
 * cannot send is never checked by a hidden field's rules, so it must not be stored either (a tune company and
 * its validity day on the Kenyan variant, which has no tune company). A parameter read from several fields
 * stays while any of them shows; constants and values from named expressions always stay.
 */
export function withoutHiddenParameters(
  screenId: string,
  call: string,
  payload: Record<string, any>,
  ctx: ValidationContext,
): Record<string, any> {
  const r = screenRequest(screenId, call, ctx);
  if (!r) return payload;
  const { engine, callDef, input } = r;
  const { form } = engine.recoverCall(screenId, call, payload, { ...input, form: ctx.known });
  const shown = shownFields(engine.resolve(screenId, { ...input, form }));
  const declared = fieldsOnAnySite(screenId);
  const out = { ...payload };
  for (const [key, mapping] of Object.entries(callDef.payload ?? {})) {
    if (out[key] === undefined) continue;
    const read = formFieldsRead(mapping);
    if (!read || read.size === 0) continue;
    const fields = [...read].filter((f) => declared.has(f));
    if (fields.length > 0 && fields.every((f) => !shown.has(f))) delete out[key];
  }
  return out;
}
