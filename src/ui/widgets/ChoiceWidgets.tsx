// Select, radio group, single checkbox and checkbox group. Values keep the type of the option value; a select's
// empty entry stands for "no value" (and, in a search form, for "any").
import type { WidgetProps } from '@rjsf/utils';
import { useEffect } from 'react';
import { useOptions } from './useOptions';
import { widgetContext } from './widgetProps';

/** Option values may be numbers; the DOM speaks strings. */
const sameValue = (a: unknown, b: unknown) => a !== undefined && a !== null && String(a) === String(b);

export function SelectWidget(props: WidgetProps) {
  const { ctx, name, field, aria, placeholder, t } = widgetContext(props);
  const { choices, loading, preferred } = useOptions(field, ctx);
  const empty = props.value === undefined || props.value === null || props.value === '';
  // An option whose value is '' ("All statuses") is the empty entry itself: shown instead of "Please select".
  const blank = choices.findIndex((c) => c.value === '');
  const selected = empty && blank >= 0 ? blank : choices.findIndex((c) => sameValue(c.value, props.value));
  // An empty field takes the preferred option once the rows are known (ui.defaultBy).
  useEffect(() => {
    if (empty && preferred !== undefined) props.onChange(preferred);
  }, [empty, preferred]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <select
      id={props.id}
      name={props.name}
      className="select input"
      value={selected < 0 ? '' : String(selected)}
      disabled={props.disabled || props.readonly || loading}
      aria-busy={loading || undefined}
      {...aria}
      onChange={(e) => {
        const value = e.target.value === '' ? undefined : choices[Number(e.target.value)]?.value;
        props.onChange(value === '' ? undefined : value);
      }}
      onBlur={() => ctx.touch(name)}
    >
      {blank < 0 && (field?.ui?.emptyOption !== false || selected < 0) && (
        <option value="">{placeholder ?? t('Form.pleaseSelect')}</option>
      )}
      {choices.map((c, i) => (
        <option key={`${c.value}`} value={String(i)}>
          {c.label}
        </option>
      ))}
    </select>
  );
}

export function RadioWidget(props: WidgetProps) {
  const { ctx, name, field, aria } = widgetContext(props);
  const { choices } = useOptions(field, ctx);
  return (
    <div className="choice-group" role="radiogroup" aria-labelledby={`${props.id}__label`} {...aria}>
      {choices.map((c, i) => (
        <label key={`${c.value}`} className="choice">
          <input
            type="radio"
            id={i === 0 ? props.id : `${props.id}-${i}`}
            name={props.id}
            checked={sameValue(c.value, props.value)}
            disabled={props.disabled || props.readonly}
            onChange={() => props.onChange(c.value)}
            onBlur={() => ctx.touch(name)}
          />
          <span>{c.label}</span>
        </label>
      ))}
    </div>
  );
}

export function CheckboxWidget(props: WidgetProps) {
  const { ctx, name, field, aria, t } = widgetContext(props);
  // A boolean, or a '1'/'0' flag when the schema is a string (auto renewal, notification flags).
  const isString = props.schema.type === 'string';
  const checked = isString ? props.value === '1' : Boolean(props.value);
  return (
    <label className="choice choice--single">
      <input
        type="checkbox"
        id={props.id}
        checked={checked}
        disabled={props.disabled || props.readonly}
        {...aria}
        onChange={(e) => props.onChange(isString ? (e.target.checked ? '1' : '0') : e.target.checked)}
        onBlur={() => ctx.touch(name)}
      />
      {/* The field label (above) names the box; ui.text adds an explanation beside it. */}
      {field?.ui?.text ? <span>{t(String(field.ui.text))}</span> : null}
    </label>
  );
}

export function CheckboxesWidget(props: WidgetProps) {
  const { ctx, name, field, aria } = widgetContext(props);
  const { choices } = useOptions(field, ctx);
  const values: unknown[] = Array.isArray(props.value) ? props.value : [];
  const toggle = (v: string | number, on: boolean) => {
    const next = on ? [...values, v] : values.filter((x) => !sameValue(x, v));
    props.onChange(next.length ? next : undefined);
  };
  return (
    <div className="choice-group" role="group" aria-labelledby={`${props.id}__label`} {...aria}>
      {choices.map((c, i) => (
        <label key={`${c.value}`} className="choice">
          <input
            type="checkbox"
            id={i === 0 ? props.id : `${props.id}-${i}`}
            checked={values.some((x) => sameValue(x, c.value))}
            disabled={props.disabled || props.readonly}
            onChange={(e) => toggle(c.value, e.target.checked)}
            onBlur={() => ctx.touch(name)}
          />
          <span>{c.label}</span>
        </label>
      ))}
    </div>
  );
}
