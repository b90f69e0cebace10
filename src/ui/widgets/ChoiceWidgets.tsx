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

type Choice = ReturnType<typeof useOptions>['choices'][number];

/**
 * A group of radio buttons or checkboxes, one a choice, named by the field's label; the first takes the field's
 * id (the label points at it). Radio buttons share the field's id as their name, so the arrow keys move among them.
 */
function ChoiceGroup({
  props,
  type,
  checked,
  onChoose,
}: {
  props: WidgetProps;
  type: 'radio' | 'checkbox';
  checked: (c: Choice) => boolean;
  onChoose: (c: Choice, on: boolean) => void;
}) {
  const { ctx, name, field, aria } = widgetContext(props);
  const { choices } = useOptions(field, ctx);
  return (
    <div
      className="choice-group"
      role={type === 'radio' ? 'radiogroup' : 'group'}
      aria-labelledby={`${props.id}__label`}
      {...aria}
    >
      {choices.map((c, i) => (
        <label key={`${c.value}`} className="choice">
          <input
            type={type}
            id={i === 0 ? props.id : `${props.id}-${i}`}
            name={type === 'radio' ? props.id : undefined}
            checked={checked(c)}
            disabled={props.disabled || props.readonly}
            onChange={(e) => onChoose(c, e.target.checked)}
            onBlur={() => ctx.touch(name)}
          />
          <span>{c.label}</span>
        </label>
      ))}
    </div>
  );
}

export function RadioWidget(props: WidgetProps) {
  const chosen = (c: Choice) => sameValue(c.value, props.value);
  return <ChoiceGroup props={props} type="radio" checked={chosen} onChoose={(c) => props.onChange(c.value)} />;
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
  const values: unknown[] = Array.isArray(props.value) ? props.value : [];
  const toggle = (c: Choice, on: boolean) => {
    const next = on ? [...values, c.value] : values.filter((x) => !sameValue(x, c.value));
    props.onChange(next.length ? next : undefined);
  };
  const ticked = (c: Choice) => values.some((x) => sameValue(x, c.value));
  return <ChoiceGroup props={props} type="checkbox" checked={ticked} onChoose={toggle} />;
}
