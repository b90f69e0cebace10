// What the templates and widgets of one rendered form share, passed through rjsf's formContext: translated
// labels, the resolved fields, the engine's errors and when to show them (after touch or submit).
import type { CallDef, FieldError, Mode, ResolvedField } from '../../engine';
import type { ScreenEnv } from './screenEnv';

export interface FormContext {
  t(key: string, params?: Record<string, unknown>): string;
  env: ScreenEnv;
  screenId: string;
  /** Add or edit: a selection dialog hands its rows to an add form as they change (001 §2.3). */
  mode?: Mode;
  calls: Record<string, CallDef>;
  fields: Map<string, ResolvedField>;
  form: Record<string, unknown>;
  /** The engine's errors to show now, by field (field touched, or the form submitted). */
  shown: Record<string, FieldError>;
  /** The engine's error of a field, when it should be shown. */
  errorFor(name: string): FieldError | undefined;
  touch(name: string): void;
  /** Set another field's value (widgets that fill two fields, e.g. an upload's saved name and its url). */
  setValue(name: string, value: unknown): void;
  /** A field's verdict from the server (ui.serverCheck), shown like the server's answer until the value changes. */
  setServerError?(name: string, error: FieldError | undefined): void;
  /** An upload widget's file changed: the form's buttons wait FILE_SETTLE_MS before they can submit (001 §4). */
  fileChanged?(): void;
  /** Compact layout: the inline search bar of a list. */
  compact?: boolean;
}

/**
 * rjsf ids are `root_<name>` for top-level fields, a list's search bar's `search_<name>` (a page may show a search
 * field and a dialog's field of the same name: ids stay unique); the field name is what the engine speaks.
 */
export function fieldName(id: string): string {
  return id.replace(/^(root|search)_/, '');
}

export function errorText(ctx: FormContext, error: FieldError | undefined): string | undefined {
  if (!error) return undefined;
  const field = ctx.fields.get(error.field);
  const label = field?.label ? ctx.t(field.label) : error.field;
  return ctx.t(error.message, { label, ...(error.params ?? {}) });
}

/** Moves focus to the first field with a message, so keyboard and screen-reader users land on it. */
export function focusFirstError(formId: string, errors: FieldError[]) {
  requestAnimationFrame(() => {
    for (const e of errors) {
      const el = document.querySelector<HTMLElement>(
        `#${formId} [data-field="${e.field}"] input, #${formId} [data-field="${e.field}"] select, #${formId} [data-field="${e.field}"] textarea, #${formId} [data-field="${e.field}"] button`,
      );
      if (el) {
        el.focus();
        return;
      }
    }
  });
}
