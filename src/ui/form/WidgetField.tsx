// rjsf renders object and array schemas with its own fields and ignores `ui:widget` for them. Our object and
// array widgets (prompt files per language, chosen tones) are mounted through this field instead, which hands
// the whole value to the named widget as any other widget gets its value.
import type { FieldProps, WidgetProps } from '@rjsf/utils';

export function WidgetField(props: FieldProps) {
  const name = String(props.uiSchema?.['ui:widget'] ?? '');
  const Widget = props.registry.widgets[name] as React.ComponentType<WidgetProps> | undefined;
  if (!Widget) return null;
  const path = props.fieldPathId.path;
  return (
    <Widget
      {...(props as unknown as WidgetProps)}
      id={props.fieldPathId.$id}
      name={props.name}
      value={props.formData}
      label={props.name}
      options={(props.uiSchema?.['ui:options'] ?? {}) as WidgetProps['options']}
      disabled={props.disabled || Boolean(props.uiSchema?.['ui:disabled'])}
      readonly={props.readonly}
      onChange={(value: unknown) => props.onChange(value as never, path)}
      onBlur={props.onBlur}
      onFocus={props.onFocus}
    />
  );
}
