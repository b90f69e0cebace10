// The labels a batch line's refusals name their fields by (issue 25: "Price: ..." in the session's language, not
// the wire name "price: ..."). A line of a task type is a call of one form (form in taskTypes.ts): its fields'
// labels, found both by the form's field names and by the call parameters that send them (a line may be refused
// by a parameter name: singerName for the form's artist). Resolved once per site and task type.
import { engineFor } from '../../validation';
import type { TaskTypeDef } from './taskTypes';

const kept = new Map<string, Record<string, string>>();

/** Field or parameter name -> i18n key of its label, for the lines of `type` on `site`. */
export function lineLabels(site: string, type: TaskTypeDef | undefined): Record<string, string> {
  if (!type?.form) return {};
  const key = `${site}|${type.type}`;
  let labels = kept.get(key);
  if (labels) return labels;
  labels = {};
  const engine = engineFor(site);
  const screen = engine.resolve(type.form, { mode: 'add' });
  for (const f of screen.fields) if (f.label) labels[f.name] = f.label;
  for (const call of Object.values(engine.definition(type.form).calls ?? {})) {
    for (const [param, logic] of Object.entries(call.payload ?? {})) {
      const from = (logic as { var?: unknown } | null)?.var;
      const field = typeof from === 'string' && from.startsWith('form.') ? from.slice(5) : '';
      if (field && labels[field] && !labels[param]) labels[param] = labels[field];
    }
  }
  // A line names its tone by code, a column of the batch file rather than a field of the form.
  labels.toneCode ??= 'Tone.toneCode';
  kept.set(key, labels);
  return labels;
}
