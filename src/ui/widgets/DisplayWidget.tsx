// A read-only value shown as text (account code and name on my account): '----' when empty, like the lists.
import type { WidgetProps } from '@rjsf/utils';
import type { FormContext } from '../form/formContext';

export const EMPTY_TEXT = '----';

export function DisplayWidget(props: WidgetProps) {
  const v = props.value;
  return (
    <output id={props.id} className="field__value">
      {v === undefined || v === null || v === '' ? EMPTY_TEXT : String(v)}
    </output>
  );
}

export function HiddenWidget(props: WidgetProps) {
  return <input type="hidden" id={props.id} value={props.value ?? ''} />;
}

/** A widget a later screen will provide (named in the definition, not registered yet). */
export function PendingWidget(props: WidgetProps) {
  const ctx = props.registry.formContext as FormContext;
  return (
    <div id={props.id} className="field__value pending-widget" tabIndex={-1}>
      {ctx.t('Form.widgetPending')}
    </div>
  );
}
