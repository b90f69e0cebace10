// A read-only value shown as text (account code and name on my account): '----' when empty, like the lists;
// a value with a label (ui.labels) by its label, a moment (ui.format date or datetime) in the user's locale.
import type { WidgetProps } from '@rjsf/utils';
import { useI18n } from '../i18n';
import { formatValue } from '../shell/formatValue';
import { widgetContext } from './widgetProps';

export const EMPTY_TEXT = '----';

export function DisplayWidget(props: WidgetProps) {
  const { field, ctx, t } = widgetContext(props);
  const { language } = useI18n();
  const v = props.value;
  return (
    <output id={props.id} className="field__value">
      {field
        ? formatValue(field, v, t, language, ctx.env.config)
        : v === undefined || v === null || v === ''
          ? EMPTY_TEXT
          : String(v)}
    </output>
  );
}

export function HiddenWidget(props: WidgetProps) {
  return <input type="hidden" id={props.id} value={props.value ?? ''} />;
}
