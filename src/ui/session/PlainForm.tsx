// A deliberately small renderer of resolved fields (labelled inputs, help, inline messages) for the login page,
// the one screen that must load fast and therefore does without rjsf. Every other form uses FormScreen.
// Rules are not here: the caller passes the engine's errors, shown once a field is touched or submitted.
import type { ReactNode } from 'react';
import type { FieldError, ResolvedField } from '../../engine/types';
import { useI18n } from '../i18n';

export interface PlainFormProps {
  idPrefix: string;
  fields: ResolvedField[];
  values: Record<string, string>;
  errors: FieldError[];
  show(field: string): boolean;
  onChange(field: string, value: string): void;
  onBlur(field: string): void;
  /** Extra content rendered after a field's input (the picture code image). */
  addon?: (field: ResolvedField) => ReactNode;
}

function inputType(field: ResolvedField): string {
  if (field.widget === 'password') return 'password';
  if (field.widget === 'email') return 'email';
  return 'text';
}

export function PlainForm({ idPrefix, fields, values, errors, show, onChange, onBlur, addon }: PlainFormProps) {
  const { t } = useI18n();
  return (
    <>
      {fields.map((field) => {
        const id = `${idPrefix}-${field.name}`;
        const error = show(field.name) ? errors.find((e) => e.field === field.name) : undefined;
        const label = t(field.label ?? field.name);
        const describedBy = [field.help && `${id}-help`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
        const ui = field.ui ?? {};
        return (
          <div key={field.name} className="field" data-field={field.name}>
            <label className="field__label" htmlFor={id}>
              {label}
              {field.required && (
                <span className="field__required" aria-hidden="true">
                  *
                </span>
              )}
            </label>
            <div className={addon ? 'input-group' : undefined}>
              <input
                id={id}
                name={field.name}
                className="input input--large"
                type={inputType(field)}
                value={values[field.name] ?? ''}
                placeholder={field.placeholder ? t(field.placeholder) : undefined}
                autoComplete={typeof ui.autocomplete === 'string' ? ui.autocomplete : 'off'}
                autoFocus={ui.autofocus === true}
                required={field.required}
                disabled={field.disabled}
                aria-invalid={error ? true : undefined}
                aria-describedby={describedBy}
                onChange={(e) => onChange(field.name, e.target.value)}
                onBlur={() => onBlur(field.name)}
              />
              {addon?.(field)}
            </div>
            {field.help && (
              <span id={`${id}-help`} className="field__help">
                {t(field.help)}
              </span>
            )}
            {error && (
              <span id={`${id}-error`} className="field__error" role="alert">
                {t(error.message, { label, ...(error.params ?? {}) })}
              </span>
            )}
          </div>
        );
      })}
    </>
  );
}
