// rjsf adapter of the date picker: the type comes from the widget name (date, datetime, yearMonth) or
// ui.type (year, month, time...), the calendar from the configuration, the range from ui options.
import type { WidgetProps } from '@rjsf/utils';
import { useMemo } from 'react';
import { widgetContext } from '../widgetProps';
import { calendarFor } from './calendars';
import { DatePicker } from './DatePicker';
import type { PickerType } from './dateValue';
import { limitsOf } from './limits';

const TYPES: PickerType[] = ['date', 'datetime', 'year', 'month', 'time', 'year-month'];

function typeOf(widget: string | undefined, ui: Record<string, unknown>): PickerType {
  if (typeof ui.type === 'string' && (TYPES as string[]).includes(ui.type)) return ui.type as PickerType;
  if (widget === 'datetime') return 'datetime';
  if (widget === 'yearMonth') return 'year-month';
  return 'date';
}

export function DateWidget(props: WidgetProps) {
  const { ctx, name, field, ui, aria, placeholder } = widgetContext(props);
  const calendar = calendarFor(ctx.env.config);
  const limits = useMemo(() => limitsOf(ui), [ui]);
  return (
    <DatePicker
      id={props.id}
      value={typeof props.value === 'string' ? props.value : undefined}
      type={typeOf(field?.widget, ui)}
      calendar={calendar}
      limits={limits}
      disabled={props.disabled || props.readonly}
      placeholder={placeholder}
      invalid={Boolean(aria['aria-invalid'])}
      describedBy={aria['aria-describedby']}
      required={props.required}
      onChange={(v) => props.onChange(v)}
      onBlur={() => ctx.touch(name)}
    />
  );
}
