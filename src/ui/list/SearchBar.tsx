// The search form of a list, from the definition's `search` fields: the portal's own widgets in the compact
// field layout (FieldFrame, as every form's fields), without rjsf, so a list page loads neither rjsf nor the
// engine's validator until it needs them. Search normalises the filters (digits only, status mapping), then the
// engine checks them by the definition's rules and message keys (the validator loads on the first search): a
// filter it refuses shows its message under the field and nothing is sent. Reset clears the filters. Enter in
// a field searches. Filters with a default start with it and Reset returns to it.
import type { WidgetProps } from '@rjsf/utils';
import { useMemo, useState, type ComponentType } from 'react';
import type { FieldError, ResolvedField } from '../../engine';
import { FieldFrame } from '../widgets/FieldFrame';
import { focusFirstError, type FormContext } from '../runtime/formContext';
import { useScreenEnv } from '../runtime/screenEnv';
import { widgetOf } from '../widgets/uiSchema';
import { useI18n } from '../i18n';
import { loadValidator } from '../validator';
import { widgetRegistry } from '../widgets/registry';
import { normaliseFilters } from './listState';

export interface SearchBarProps {
  screenId: string;
  fields: ResolvedField[];
  /** The filters' defaults (defaultsOf the fields); Reset returns to them. */
  defaults?: Record<string, unknown>;
  /** What the bar shows first, when not the defaults. */
  start?: Record<string, unknown>;
  calls: FormContext['calls'];
  onSearch(filters: Record<string, unknown>): void;
}

const NONE: Record<string, unknown> = {};

export function SearchBar({ screenId, fields, defaults = NONE, start, calls, onSearch }: SearchBarProps) {
  const env = useScreenEnv();
  const { t } = useI18n();
  const formId = `search-${screenId}`;
  const [form, setForm] = useState<Record<string, unknown>>(start ?? defaults);
  const [errors, setErrors] = useState<Record<string, FieldError>>({});
  const setValue = (name: string, value: unknown) => {
    setForm((f) => ({ ...f, [name]: value }));
    // A message belongs to the value it was about.
    setErrors((e) => (e[name] ? Object.fromEntries(Object.entries(e).filter(([k]) => k !== name)) : e));
  };
  const context: FormContext = useMemo(
    () => ({
      t,
      env,
      screenId,
      calls,
      form,
      compact: true,
      shown: errors,
      // A filter narrows the list: none is ever required.
      fields: new Map(fields.map((f) => [f.name, { ...f, required: false }])),
      errorFor: (name) => errors[name],
      touch: () => undefined,
      setValue,
    }),
    [t, env, screenId, calls, fields, form, errors],
  );

  const search = async () => {
    const filters = normaliseFilters(form, fields);
    setForm(filters);
    await loadValidator();
    const refused = env.engine.validateSearch(screenId, { config: env.config, user: env.user, form: filters });
    setErrors(Object.fromEntries(refused.map((e) => [e.field, e])));
    if (refused.length > 0) {
      focusFirstError(formId, refused);
      return;
    }
    onSearch(filters);
  };
  return (
    <div className="search-bar" role="search" aria-label={t('List.searchForm')}>
      <form
        id={formId}
        className="search-bar__form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void search();
        }}
      >
        <div className="form-grid form-grid--compact">
          {fields.map((field) => (
            <SearchField
              key={field.name}
              field={field}
              value={form[field.name]}
              context={context}
              onChange={(v) => setValue(field.name, v)}
            />
          ))}
        </div>
        {/* Enter in a field submits through this button; the visible buttons sit beside the fields. */}
        <button type="submit" hidden tabIndex={-1} aria-hidden="true" />
      </form>
      <div className="search-bar__buttons button-row">
        <button type="button" className="btn btn--primary" onClick={() => void search()}>
          {t('Common.search')}
        </button>
        <button
          type="button"
          className="btn btn--ghost"
          onClick={() => {
            setForm(defaults);
            setErrors({});
            onSearch(defaults);
          }}
        >
          {t('Common.reset')}
        </button>
      </div>
    </div>
  );
}

/** One filter: the widget its definition names (text when it names none), with what a widget reads of its props. */
function SearchField({
  field,
  value,
  context,
  onChange,
}: {
  field: ResolvedField;
  value: unknown;
  context: FormContext;
  onChange(value: unknown): void;
}) {
  const widgets = widgetRegistry();
  const Widget = (widgets[widgetOf(field)] ?? widgets.text) as ComponentType<WidgetProps>;
  const id = `search_${field.name}`;
  const props = {
    id,
    name: field.name,
    label: field.name,
    value,
    schema: field.schema,
    options: { ...(field.ui ?? {}), label: false },
    required: false,
    disabled: Boolean(field.disabled),
    readonly: false,
    autofocus: false,
    registry: { formContext: context },
    onChange,
    onBlur: () => undefined,
    onFocus: () => undefined,
  } as unknown as WidgetProps;
  return (
    <FieldFrame id={id} name={field.name} ctx={context}>
      <Widget {...props} />
    </FieldFrame>
  );
}
