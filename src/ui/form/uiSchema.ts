// The rjsf uiSchema of a resolved screen: field order, widget, disabled state and the definition's widget
// options. Everything visible about a field comes from its definition; nothing is chosen per screen here.
import type { UiSchema } from '@rjsf/utils';
import type { ResolvedField } from '../../engine';
import { hasWidget, PENDING_WIDGET } from '../widgets/registry';

/** The widget of a field: the definition's choice, else one that fits its options or schema type. */
export function widgetOf(field: ResolvedField): string {
  // Objects without a widget of their own (expanded tone infos) are rjsf's object field with our templates.
  if (field.schema.type === 'object' && (!field.widget || field.widget === 'expandedInfo')) return '';
  // A widget a later screen will register (tone selection, tariff table...) shows a placeholder until then.
  if (field.widget) return hasWidget(field.widget) ? field.widget : PENDING_WIDGET;
  if (field.options) return 'select';
  if (field.schema.type === 'boolean') return 'checkbox';
  // Objects (expanded tone infos) are rendered by rjsf's object field with our templates; no widget.
  if (field.schema.type === 'object') return '';
  return 'text';
}

export function uiSchemaFor(fields: ResolvedField[]): UiSchema {
  const ui: UiSchema = {
    'ui:order': [...fields.map((f) => f.name), '*'],
    'ui:submitButtonOptions': { norender: true },
  };
  for (const f of fields) {
    const widget = widgetOf(f);
    const container = f.schema.type === 'object' || f.schema.type === 'array';
    ui[f.name] = {
      ...(widget ? { 'ui:widget': widget } : {}),
      // rjsf ignores ui:widget on objects and arrays: WidgetField mounts the widget for them.
      ...(widget && container ? { 'ui:field': 'widget' } : {}),
      'ui:disabled': f.disabled,
      'ui:options': { ...(f.ui ?? {}), label: false },
    };
  }
  return ui;
}
