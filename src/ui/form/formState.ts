// Form data rules that follow the definition as the user types: defaults fill fields when they appear, and a
// field with `resetOn` returns to its default when one of the fields it depends on changes.
import type { ResolvedField } from '../../engine';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Fills the defaults of fields that have no value and were not visible before (all of them at first). */
export function withDefaults(
  form: Record<string, unknown>,
  fields: ResolvedField[],
  wasVisible: Set<string> = new Set(),
): Record<string, unknown> {
  let out = form;
  for (const f of fields) {
    if (wasVisible.has(f.name) || f.default === undefined || (out[f.name] !== undefined && out[f.name] !== ''))
      continue;
    out = { ...out, [f.name]: f.default };
  }
  return out;
}

/** Applies resetOn: a field whose trigger changed between `before` and `after` goes back to its default. */
export function withResets(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  fields: ResolvedField[],
): Record<string, unknown> {
  let out = after;
  for (const f of fields) {
    if (!f.resetOn?.some((trigger) => !same(before[trigger], after[trigger]))) continue;
    if (same(before[f.name], after[f.name]) || f.resetOn.includes(f.name)) {
      out = { ...out };
      if (f.default === undefined) delete out[f.name];
      else out[f.name] = f.default;
    }
  }
  return out;
}
