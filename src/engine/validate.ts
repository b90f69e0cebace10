// Validation of a resolved form: the compiled JSON Schema first, then the cross-field checks. Every error is an
// i18n message key, found where the rule is written: the failing schema node's `message`/`messages`, then the
// field's `messages`, then the generic `Validation.<keyword>` (the lookup order JSON Forms uses).
import type { ErrorObject } from 'ajv';
import { compile } from './ajv';
import { evaluate, holds } from './logic';
import { nodeParams } from './messages';
import type { Context, FieldError, ResolvedField, ResolvedScreen } from './types';

/** Empty inputs count as absent, so `required` reports them and other rules leave them alone. */
function withoutEmpty(value: unknown): unknown {
  if (Array.isArray(value)) return value;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (v === '' || v === null || v === undefined) continue;
      out[k] = withoutEmpty(v);
    }
    return out;
  }
  return value;
}

function lookup(maps: Array<Record<string, string> | undefined>, keys: string[]): string | undefined {
  for (const map of maps) {
    if (!map) continue;
    for (const key of keys) if (typeof map[key] === 'string') return map[key];
  }
  return undefined;
}

/**
 * The schema object holding the failing keyword. Ajv's `verbose` gives it for its own keywords only; errors of
 * our keywords (forbiddenChars, maxDecimals...) are found by walking the schema path from the root.
 */
function parentNode(error: ErrorObject, root: unknown): Record<string, unknown> {
  if (error.parentSchema) return error.parentSchema as Record<string, unknown>;
  const segments = error.schemaPath.replace(/^#\/?/, '').split('/').filter(Boolean).slice(0, -1);
  let node: unknown = root;
  for (const s of segments)
    node =
      node && typeof node === 'object'
        ? (node as Record<string, unknown>)[decodeURIComponent(s).replace(/~1/g, '/').replace(/~0/g, '~')]
        : undefined;
  return node && typeof node === 'object' ? (node as Record<string, unknown>) : {};
}

function messageFor(
  error: ErrorObject,
  field: ResolvedField | undefined,
  node: { message?: string; messages?: Record<string, string> },
): string {
  const reason = typeof error.params?.reason === 'string' ? `${error.keyword}.${error.params.reason}` : undefined;
  const keys = reason ? [reason, error.keyword] : [error.keyword];
  if (error.keyword !== 'required' && typeof node.message === 'string') return node.message;
  return (
    lookup([error.keyword === 'required' ? undefined : node.messages, field?.messages], keys) ??
    `Validation.${reason ?? error.keyword}`
  );
}

/** The failing keyword's own parameters (limit, char...) over the limits its schema node states (min, max...). */
function paramsOf(error: ErrorObject, node: Record<string, unknown>): Record<string, unknown> {
  const { reason: _r, ...params } = (error.params ?? {}) as Record<string, unknown>;
  return error.keyword === 'required' ? params : { ...nodeParams(node), ...params };
}

/** A check's parameters are expressions over the form ({"days": {"var": "form.relativeTime"}}): their values. */
export function checkParams(
  params: Record<string, unknown> | undefined,
  ctx: object,
): Record<string, unknown> | undefined {
  if (!params) return undefined;
  return Object.fromEntries(Object.entries(params).map(([name, expression]) => [name, evaluate(expression, ctx)]));
}

/** A screen's fields by name and its required set: kept with the screen (resolved screens are reused). */
const lookups = new WeakMap<ResolvedScreen, { byName: Map<string, ResolvedField>; required: Set<string> }>();
function lookupsOf(screen: ResolvedScreen) {
  let l = lookups.get(screen);
  if (!l) {
    const required = Array.isArray(screen.jsonSchema.required) ? (screen.jsonSchema.required as string[]) : [];
    l = { byName: new Map(screen.fields.map((f) => [f.name, f])), required: new Set(required) };
    lookups.set(screen, l);
  }
  return l;
}

/** Errors of one form, at most one per field (the first rule that fails), form-level checks last. */
export function validateResolved(screen: ResolvedScreen, form: Record<string, unknown>, ctx: Context): FieldError[] {
  const data = withoutEmpty(form) as Record<string, unknown>;
  const { byName, required } = lookupsOf(screen);
  // A map with nothing in it (a prompt file per language, none chosen) is absent, so `required` reports it: the
  // payload carries such a map as '{}' whether the form had none or an empty one. An object whose schema requires
  // properties (expanded information) stays, and one not sent at all counts as empty, so each missing property is
  // reported by its name.
  for (const f of screen.fields) {
    const v = data[f.name];
    const requires = Array.isArray(f.schema.required) && f.schema.required.length > 0;
    if (v === undefined && requires && f.schema.type === 'object') data[f.name] = {};
    else if (v && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 0 && !requires)
      delete data[f.name];
    // Blanks alone are no answer: a required text of spaces ("   " as a music arranger) reports `required`.
    if (typeof v === 'string' && v.trim() === '' && required.has(f.name)) delete data[f.name];
  }
  const validate = compile(screen.jsonSchema);
  validate(data);
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  const push = (e: FieldError) => {
    if (seen.has(e.field)) return;
    seen.add(e.field);
    errors.push(e);
  };
  // `allOf` wrappers report an extra error of their own; the inner one carries the message.
  for (const error of validate.errors ?? []) {
    if (error.keyword === 'allOf' || error.keyword === 'if') continue;
    const path = error.instancePath.split('/').filter(Boolean);
    const name =
      error.keyword === 'required' && path.length === 0 ? String(error.params.missingProperty) : (path[0] ?? '');
    const field = byName.get(name);
    const node = parentNode(error, screen.jsonSchema);
    // A required property inside an object field (expanded info) reports against that field with the sub-name.
    const params = paramsOf(error, node);
    if (error.keyword === 'required' && path.length > 0) params.property = error.params.missingProperty;
    push({ field: name, message: messageFor(error, field, node), ...(Object.keys(params).length ? { params } : {}) });
  }
  const checkCtx = { ...ctx, form };
  for (const check of screen.checks) {
    if (check.field && !byName.has(check.field) && check.field !== '') continue; // the field is hidden
    if (!holds(check.when, checkCtx, true)) continue;
    if (!holds(check.valid, checkCtx, true))
      push({
        field: check.field,
        message: check.message,
        ...(check.params ? { params: checkParams(check.params, checkCtx) } : {}),
      });
  }
  return errors;
}
