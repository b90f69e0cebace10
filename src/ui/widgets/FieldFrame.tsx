// What every field of a form shows around its control: the label (with the required mark), the control, then
// the inline error or the help text. The rjsf field template of the forms and the list's search bar (no rjsf)
// both render fields through it, so a field reads the same wherever it appears.
import type { ReactNode } from 'react';
import { errorText, type FormContext } from '../runtime/formContext';
import './form.css';

export interface FieldFrameProps {
  /** The control's id (`root_<name>`): the label targets it, the error and help are `<id>__error`, `<id>__help`. */
  id: string;
  name: string;
  required?: boolean;
  hidden?: boolean;
  /** The label of a part of a field (an expanded information item: its configured name), which has no definition. */
  title?: string;
  ctx: FormContext;
  children: ReactNode;
}

export function FieldFrame({ id, name, required, hidden, title, ctx, children }: FieldFrameProps) {
  const field = ctx.fields.get(name);
  if (hidden || field?.widget === 'hidden') return <div hidden>{children}</div>;
  const error = errorText(ctx, ctx.errorFor(name));
  // ui.tipParams fill the help text's parameters (price range tip: {min} to {max} from the configuration).
  const help = field?.help
    ? ctx.t(field.help, (field.ui?.tipParams as Record<string, unknown> | undefined) ?? undefined)
    : undefined;
  // Group widgets (radio, checkboxes, uploads) label a fieldset themselves; a plain label targets the control.
  const grouped = field?.widget && ['radio', 'checkboxes'].includes(field.widget);
  const label = field?.label ? ctx.t(field.label) : (title ?? name);
  return (
    <div
      className={`field form-field form-field--${field?.widget ?? 'text'}${error ? ' form-field--invalid' : ''}`}
      data-field={name}
    >
      {grouped ? (
        <span className="field__label" id={`${id}__label`}>
          {label}
          {required && (
            <span className="field__required" aria-hidden="true">
              *
            </span>
          )}
        </span>
      ) : (
        <label className="field__label" htmlFor={id} id={`${id}__label`}>
          {label}
          {required && (
            <span className="field__required" aria-hidden="true">
              *
            </span>
          )}
        </label>
      )}
      <div className="form-field__control">{children}</div>
      {error ? (
        <div className="field__error" id={`${id}__error`} role="alert">
          <span aria-hidden="true">⚠</span>
          {error}
        </div>
      ) : help && !ctx.compact ? (
        <div className="field__help" id={`${id}__help`}>
          {help}
        </div>
      ) : null}
    </div>
  );
}
