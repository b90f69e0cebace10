// The one door every request payload goes through after its route's JSON schema: the rules of the screen
// definition that sends it (engine.validateCall), so a request that bypasses the browser meets the same
// rules and message keys as the form. Calls that no screen definition sends rely on their route schema.
import {
  createEngine,
  validateResolved,
  type CallDef,
  type Engine,
  type ResolvedField,
  type ResolvedScreen,
  type ScreenDef,
} from '../engine';
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
function screenRequest(screenId: string, call: string, ctx: ValidationContext): ScreenRequest | undefined {
  const engine = engineFor(ctx.site);
  const def = Object.hasOwn(engine.set.screens, screenId) ? engine.definition(screenId) : undefined;
  const callDef = def?.calls?.[call];
  if (!def || !callDef) return undefined;
  const input = { config: ctx.config, user: ctx.user, mode: ctx.mode };
  return { engine, screenId, call, def, callDef, input };
}
interface ScreenRequest {
  engine: Engine;
  screenId: string;
  call: string;
  def: ScreenDef;
  callDef: CallDef;
  input: { config: Config; user: Record<string, unknown>; mode: 'add' | 'edit' };
}

/** The parameters as the screens' rules leave them, and what the rules refused (none: the call may go on). */
export interface ContractOutcome {
  params: Record<string, unknown>;
  violations: Violation[];
}

/**
 * Everything the request contract asks of one screen's call (routes.ts), in the order it asks: the parameters of
 * fields the screen does not show dropped, then (asShown) the parameters as the screen shows its fields, then the
 * screen's rules. The form is recovered from the payload once and again only if the payload changed on the way.
 */
export function screenContract(
  screenId: string,
  call: string,
  payload: Record<string, unknown>,
  ctx: ValidationContext,
  asShown = false,
): ContractOutcome {
  const r = screenRequest(screenId, call, ctx);
  if (!r) return { params: payload, violations: [] };
  let recovered = recover(r, payload, ctx);
  let params = visibleParameters(r, payload, recovered.form);
  if (params !== payload) recovered = recover(r, params, ctx);
  if (asShown) {
    const shown = shownAsTheScreenShows(r, params, recovered.form);
    if (shown !== params) recovered = recover(r, (params = shown), ctx);
  }
  return { params, violations: screenViolations(r, recovered, ctx) };
}

type Recovered = ReturnType<Engine['recoverCall']>;
const recover = (r: ScreenRequest, payload: Record<string, unknown>, ctx: ValidationContext): Recovered =>
  r.engine.recoverCall(r.screenId, r.call, payload, { ...r.input, form: ctx.known });

export function validateRequest(
  screenId: string,
  call: string,
  payload: Record<string, unknown>,
  ctx: ValidationContext,
): Violation[] {
  const r = screenRequest(screenId, call, ctx);
  return r ? screenViolations(r, recover(r, payload, ctx), ctx) : [];
}

function screenViolations(r: ScreenRequest, recovered: Recovered, ctx: ValidationContext): Violation[] {
  const { engine, screenId, def, input } = r;
  const form = recovered.form;
  // What engine.validateCall does with the recovery it made (createEngine's validator is validateResolved).
  const errors = validateResolved(recovered.screen, form, recovered.ctx);
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
 * cp_admin_can_specify_rbt_price is '2'), one from a field the form trims (ui.trim) is trimmed (checkScreen).
 */
function shownAsTheScreenShows(r: ScreenRequest, payload: Record<string, unknown>, form: Record<string, unknown>) {
  const { engine, screenId, callDef, input } = r;
  const fields = fieldsByName(engine.resolve(screenId, { ...input, form }));
  let out: Record<string, unknown> | undefined;
  const set = (key: string, value: unknown) => {
    out ??= { ...payload };
    if (value === undefined) delete out[key];
    else out[key] = value;
  };
  for (const [key, name] of plainFields(callDef)) {
    const value = payload[key];
    if (value === undefined) continue;
    const field = fields.get(name);
    if (!field) set(key, undefined);
    else if (field.disabled && field.default !== undefined) set(key, field.default);
    else if (field.ui?.trim === true && typeof value === 'string' && value.trim() !== value) set(key, value.trim());
  }
  // The same object when nothing changed: the caller then reuses what it recovered from it.
  return out ?? payload;
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
 * stays while any of them shows (without the keys of hidden ones, when it is their JSON text); constants and values
 * from named expressions always stay (checkScreen).
 */
function visibleParameters(r: ScreenRequest, payload: Record<string, unknown>, form: Record<string, unknown>) {
  const { engine, screenId, callDef, input } = r;
  const shown = shownFields(engine.resolve(screenId, { ...input, form }));
  let out: Record<string, unknown> | undefined;
  for (const [key, fields] of fieldsReadByParameter(screenId, callDef)) {
    if (payload[key] === undefined) continue;
    if (fields.every((f) => !shown.has(f))) delete (out ??= { ...payload })[key];
  }
  // A parameter that is the JSON text of several fields' values (toneFile: {"$json": {"hdPlay": form.hdFile, ...}})
  // stays while one of them shows, but loses the keys of the hidden ones (the HD file where support_volte is '0').
  for (const [key, entries] of jsonEntriesRead(screenId, callDef)) {
    const text = (out ?? payload)[key];
    if (typeof text !== 'string') continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      continue; // the screen's rules and the route refuse what is not JSON
    }
    if (!value || typeof value !== 'object' || Array.isArray(value)) continue;
    const hidden = entries.filter(([k, fields]) => Object.hasOwn(value, k) && fields.every((f) => !shown.has(f)));
    if (hidden.length === 0) continue;
    const kept = { ...(value as Record<string, unknown>) };
    for (const [k] of hidden) delete kept[k];
    (out ??= { ...payload })[key] = JSON.stringify(kept);
  }
  return out ?? payload;
}

const jsonReadByParameter = new WeakMap<CallDef, Array<[string, Array<[string, string[]]>]>>();
/** Per parameter sent as the JSON text of an object ({"$json": {key: mapping}}), the declared fields each key reads. */
function jsonEntriesRead(screenId: string, callDef: CallDef): Array<[string, Array<[string, string[]]>]> {
  let out = jsonReadByParameter.get(callDef);
  if (!out) {
    const declared = fieldsOnAnySite(screenId);
    out = [];
    for (const [key, mapping] of Object.entries(callDef.payload ?? {})) {
      const json = (mapping as { $json?: unknown } | null)?.$json;
      if (!json || typeof json !== 'object' || Array.isArray(json)) continue;
      const entries: Array<[string, string[]]> = [];
      for (const [k, m] of Object.entries(json)) {
        const read = formFieldsRead(m);
        const fields = read ? [...read].filter((f) => declared.has(f)) : [];
        if (fields.length > 0) entries.push([k, fields]);
      }
      if (entries.length > 0) out.push([key, entries]);
    }
    jsonReadByParameter.set(callDef, out);
  }
  return out;
}

const readByParameter = new WeakMap<CallDef, Array<[string, string[]]>>();
/**
 * Per parameter of a call, the declared fields its mapping reads (fieldsOnAnySite): the parameters a hidden field
 * can drop. Mappings that read no declared field, or a named expression, are not listed: they always stay.
 */
function fieldsReadByParameter(screenId: string, callDef: CallDef): Array<[string, string[]]> {
  let out = readByParameter.get(callDef);
  if (!out) {
    const declared = fieldsOnAnySite(screenId);
    out = [];
    for (const [key, mapping] of Object.entries(callDef.payload ?? {})) {
      const read = formFieldsRead(mapping);
      const fields = read ? [...read].filter((f) => declared.has(f)) : [];
      if (fields.length > 0) out.push([key, fields]);
    }
    readByParameter.set(callDef, out);
  }
  return out;
}

const plainByCall = new WeakMap<CallDef, Array<[string, string]>>();
/** The parameters a call sends straight from one field ({"var": "form.x"}), with that field. */
function plainFields(callDef: CallDef): Array<[string, string]> {
  let out = plainByCall.get(callDef);
  if (!out) {
    out = Object.entries(callDef.payload ?? {}).flatMap(([key, mapping]) => {
      const name = plainField(mapping);
      return name === undefined ? [] : [[key, name] as [string, string]];
    });
    plainByCall.set(callDef, out);
  }
  return out;
}

const fieldMaps = new WeakMap<ResolvedScreen, Map<string, ResolvedField>>();
function fieldsByName(screen: ResolvedScreen): Map<string, ResolvedField> {
  let m = fieldMaps.get(screen);
  if (!m) fieldMaps.set(screen, (m = new Map(screen.fields.map((f) => [f.name, f]))));
  return m;
}
