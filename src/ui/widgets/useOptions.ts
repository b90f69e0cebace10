// The choices of a select, radio or checkbox group, whatever the definition names as their source:
// a literal list (labels are i18n keys), a dictionary of the login configuration, or a call of the screen
// whose rows become options (ui.optionValue / ui.optionLabel name the row keys, default value / label).
import { useQuery } from '@tanstack/react-query';
import type { ResolvedField } from '../../engine';
import { readListAnswer } from '../../engine/payload';
import { callApi } from '../form/api';
import type { FormContext } from '../form/formContext';
import { dictionaryItems } from '../form/screenEnv';

export interface Choice {
  value: string | number;
  label: string;
}

/** The rows of a field's option call (cached per screen and call, shared by every field using it). */
export function useCallRows(field: ResolvedField | undefined, ctx: FormContext) {
  const source = field?.options;
  const callName = source && !Array.isArray(source) && 'call' in source ? source.call : undefined;
  const callDef = callName ? ctx.calls[callName] : undefined;
  return useQuery({
    queryKey: ['options', ctx.screenId, callName],
    enabled: Boolean(callDef),
    queryFn: async () =>
      readListAnswer(
        await callApi(
          callDef!,
          ctx.env.engine.payload(ctx.screenId, callName!, {
            config: ctx.env.config,
            user: ctx.env.user,
            form: ctx.form,
          }),
        ),
        callDef!.response,
      ).rows,
  });
}

/**
 * The value to start with when the field is empty and its option rows name a preference: ui.defaultBy is a
 * numeric row key, the row with the largest value wins (001 §4: the language of the highest priority).
 */
export function preferredValue(
  rows: Array<Record<string, unknown>>,
  valueKey: string,
  by: unknown,
): string | number | undefined {
  if (typeof by !== 'string' || rows.length === 0) return undefined;
  const best = rows.reduce((a, b) => (Number(b[by]) > Number(a[by]) ? b : a));
  return best[valueKey] as string | number | undefined;
}

export function useOptions(
  field: ResolvedField | undefined,
  ctx: FormContext,
): { choices: Choice[]; loading: boolean; preferred?: string | number } {
  const source = field?.options;
  const query = useCallRows(field, ctx);
  if (!source) {
    const values = (field?.schema.enum as Array<string | number> | undefined) ?? [];
    return { choices: values.map((v) => ({ value: v, label: String(v) })), loading: false };
  }
  if (Array.isArray(source)) {
    return {
      choices: source.map((o) => ({
        value: o.value,
        label: ctx.t(o.label, (o as { params?: Record<string, unknown> }).params),
      })),
      loading: false,
    };
  }
  if ('dictionary' in source) {
    const items = dictionaryItems(ctx.env, source.dictionary);
    return {
      choices: items.map((i) => ({ value: i.itemValue ?? '', label: i.itemLabelValue ?? String(i.itemValue ?? '') })),
      loading: false,
    };
  }
  const valueKey = String(field?.ui?.optionValue ?? 'value');
  const labelKey = String(field?.ui?.optionLabel ?? 'label');
  const rows = query.data ?? [];
  return {
    choices: rows.map((r) => ({
      value: r[valueKey] as string | number,
      label: String(r[labelKey] ?? r[valueKey] ?? ''),
    })),
    loading: query.isLoading,
    preferred: preferredValue(rows, valueKey, field?.ui?.defaultBy),
  };
}
