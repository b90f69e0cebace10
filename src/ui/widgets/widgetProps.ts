// Helpers every widget uses: its field, the shared form context and the ARIA wiring to label and message.
import type { WidgetProps } from '@rjsf/utils';
import { fieldName, type FormContext } from '../form/formContext';

export function widgetContext(props: WidgetProps) {
  const ctx = props.registry.formContext as FormContext;
  const name = fieldName(props.id);
  const field = ctx.fields.get(name);
  const error = ctx.errorFor(name);
  const describedBy = error ? `${props.id}__error` : field?.help ? `${props.id}__help` : undefined;
  const aria = {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    'aria-required': props.required || undefined,
  };
  const ui = (field?.ui ?? {}) as Record<string, unknown>;
  const placeholder = field?.placeholder ? ctx.t(field.placeholder) : undefined;
  return { ctx, name, field, error, aria, ui, placeholder, t: ctx.t };
}

/** rjsf treats '' as "no value"; every text-like widget reports an empty input as undefined. */
export const emptyToUndefined = (v: string) => (v === '' ? undefined : v);
