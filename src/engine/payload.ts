// Mapping between form data and call payloads, both ways, from the call's `payload` map:
// - a JSON Logic expression over the context: {"var": "form.artist"} sends the field under another name,
//   {"firstLetterUpper": {"var": "form.toneName"}} derives a value, a literal is a constant (portalType 1);
// - {"$json": {...}} builds an object of such mappings and sends it as a JSON string (toneFile, additionalToneInfo);
// - `sendFields` sends every other visible field under its own name.
// The server runs the mapping backwards to validate a payload with the very schema the form used.
import { evaluate, isLogic } from './logic';
import type { CallDef, Context, Logic, ResolvedScreen } from './types';

type Mapping = unknown;

function isJsonMapping(m: unknown): m is { $json: Record<string, Mapping> } {
  return typeof m === 'object' && m !== null && !Array.isArray(m) && '$json' in m;
}

function evaluateMapping(mapping: Mapping, data: object): unknown {
  if (isJsonMapping(mapping)) {
    // {"$json": {"var": "form.additionalToneInfo"}}: one object field, sent as JSON.
    if (isLogic(mapping.$json)) return JSON.stringify(evaluate(mapping.$json, data) ?? {});
    const out: Record<string, unknown> = {};
    for (const [k, m] of Object.entries(mapping.$json)) {
      const v = evaluateMapping(m, data);
      if (v !== undefined && v !== null && v !== '') out[k] = v;
    }
    return JSON.stringify(out);
  }
  return isLogic(mapping) ? evaluate(mapping, data) : mapping;
}

/** The form field a mapping sends unchanged, if it is a plain {"var": "form.x"}. */
function plainField(mapping: Mapping): string | undefined {
  if (typeof mapping !== 'object' || mapping === null || Array.isArray(mapping)) return undefined;
  const keys = Object.keys(mapping);
  if (keys.length !== 1 || keys[0] !== 'var') return undefined;
  const v = (mapping as { var: unknown }).var;
  const name = Array.isArray(v) ? v[0] : v;
  return typeof name === 'string' && name.startsWith('form.') ? name.slice(5) : undefined;
}

/** Form fields a mapping reads ({"var": "form.x"} anywhere inside it). */
export function fieldsReadBy(mapping: Mapping, found = new Set<string>()): Set<string> {
  if (Array.isArray(mapping)) mapping.forEach((m) => fieldsReadBy(m, found));
  else if (mapping && typeof mapping === 'object') {
    for (const [k, v] of Object.entries(mapping)) {
      const name = k === 'var' ? (Array.isArray(v) ? v[0] : v) : undefined;
      if (typeof name === 'string' && name.startsWith('form.')) found.add(name.slice(5).split('.')[0]);
      else fieldsReadBy(v, found);
    }
  }
  return found;
}

// A call's payload map is part of its resolved definition and does not change, so the fields it reads are found
// once per map: the server recovers a form from every line of a batch task (100,000 lines walked the tone form's
// whole edit map each time, a quarter of a worker's CPU).
const mappedFields = new WeakMap<object, Set<string>>();
function fieldsMappedBy(call: CallDef): ReadonlySet<string> {
  const map = call.payload ?? {};
  let found = mappedFields.get(map);
  if (!found) mappedFields.set(map, (found = fieldsReadBy(map)));
  return found;
}

export function buildPayload(call: CallDef, screen: ResolvedScreen, ctx: Context): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  const mapped = fieldsMappedBy(call);
  if (call.sendFields) {
    for (const f of screen.fields) {
      const v = ctx.form[f.name];
      if (!mapped.has(f.name) && v !== undefined) payload[f.name] = v;
    }
  }
  for (const [key, mapping] of Object.entries(call.payload ?? {})) {
    const v = evaluateMapping(mapping, ctx);
    if (v !== undefined) payload[key] = v;
  }
  return payload;
}

/**
 * Form data recovered from a payload: renamed fields get their form names back and JSON-string maps are
 * parsed. Derived values are not recovered: the server recomputes them from the form data it trusts.
 */
export function payloadToForm(
  call: CallDef,
  screen: ResolvedScreen | { fields: Array<{ name: string }> },
  payload: Record<string, unknown>,
  ctx: Partial<Context> = {},
): Record<string, unknown> {
  const form: Record<string, unknown> = {};
  const plan = recoveryOf(call);
  if (call.sendFields) {
    for (const f of screen.fields)
      if (!plan.mapped.has(f.name) && payload[f.name] !== undefined) form[f.name] = payload[f.name];
  }
  for (const step of plan.steps) step(payload, form);
  for (const [field, expression] of plan.recover) {
    // The call's context too: a price sent with VAT is shown without it (config.orange_vat_percentage).
    const v = evaluate(expression, { ...ctx, payload });
    if (v !== undefined && v !== null) form[field] = v;
  }
  return form;
}

type Step = (payload: Record<string, unknown>, form: Record<string, unknown>) => void;
/** How a call's payload is read back into a form: worked out once per call definition (the server does it per request). */
interface Recovery {
  mapped: ReadonlySet<string>;
  steps: Step[];
  recover: Array<[string, Logic]>;
}
const recoveries = new WeakMap<CallDef, Recovery>();
function recoveryOf(call: CallDef): Recovery {
  let plan = recoveries.get(call);
  if (plan) return plan;
  /** What puts one parameter's value (or one property of a JSON parameter) back into the form. */
  const stepFor = (mapping: Mapping): ((value: unknown, form: Record<string, unknown>) => void) | undefined => {
    const field = plainField(mapping);
    if (field !== undefined)
      return (value, form) => {
        if (value !== undefined) form[field] = value;
      };
    if (!isJsonMapping(mapping)) return undefined;
    const whole = plainField(mapping.$json);
    const parts = whole
      ? []
      : Object.entries(mapping.$json).flatMap(([k, m]) => {
          const s = stepFor(m);
          return s ? [[k, s] as const] : [];
        });
    return (value, form) => {
      if (typeof value !== 'string' || value === '') return;
      let parsed: unknown;
      try {
        parsed = JSON.parse(value);
      } catch {
        // Not JSON: hand the raw text to the field so its schema (type object) reports it.
        if (whole) form[whole] = value;
        return;
      }
      if (whole) form[whole] = parsed;
      else for (const [k, s] of parts) s((parsed as any)?.[k], form);
    };
  };
  const steps: Step[] = [];
  for (const [key, mapping] of Object.entries(call.payload ?? {})) {
    const s = stepFor(mapping);
    if (s) steps.push((payload, form) => s(payload[key], form));
  }
  plan = { mapped: fieldsMappedBy(call), steps, recover: Object.entries(call.recover ?? {}) };
  recoveries.set(call, plan);
  return plan;
}

/** Fields a call carries in a shape the server can read back; the server validates exactly these. */
export function recoverableFields(call: CallDef, screen: { fields: Array<{ name: string }> }): Set<string> {
  const out = new Set<string>(Object.keys(call.recover ?? {}));
  const mapped = fieldsMappedBy(call);
  if (call.sendFields) for (const f of screen.fields) if (!mapped.has(f.name)) out.add(f.name);
  const visit = (mapping: Mapping) => {
    const field = plainField(mapping);
    if (field) out.add(field);
    else if (isJsonMapping(mapping)) {
      const whole = plainField(mapping.$json);
      if (whole) out.add(whole);
      else Object.values(mapping.$json).forEach(visit);
    }
  };
  Object.values(call.payload ?? {}).forEach(visit);
  return out;
}

/** Page 1 of size 10 -> records 1..10 (the record range every list call takes). */
export function pageRange(page: number, size: number): { startRecordNum: number; endRecordNum: number } {
  return { startRecordNum: (page - 1) * size + 1, endRecordNum: page * size };
}

function at(answer: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as any)[key] : undefined), answer);
}

/** Rows and total of a list answer ({record, recordSum} unless the call says where), and its summary object if asked. */
export function readListAnswer(
  answer: unknown,
  response: CallDef['response'] = {},
): { rows: Array<Record<string, unknown>>; total: number; summary?: Record<string, unknown> } {
  const rows = at(answer, response.rows ?? 'record');
  const total = Number(at(answer, response.total ?? 'recordSum'));
  const list = Array.isArray(rows) ? rows : [];
  const summary = response.summary ? at(answer, response.summary) : undefined;
  return {
    rows: list,
    total: Number.isFinite(total) ? total : list.length,
    ...(summary && typeof summary === 'object' && !Array.isArray(summary)
      ? { summary: summary as Record<string, unknown> }
      : {}),
  };
}

/** Edit mode: the form filled from the record the screen's `load` call read. */
export function formFromRecord(
  load: { form: Record<string, unknown> },
  record: Record<string, unknown>,
  ctx: Context,
): Record<string, unknown> {
  const data = { ...ctx, record };
  const form: Record<string, unknown> = {};
  for (const [field, mapping] of Object.entries(load.form)) {
    const v = evaluateMapping(mapping, data);
    if (v !== undefined && v !== null) form[field] = v;
  }
  return form;
}
