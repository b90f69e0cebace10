// A multi-line text with a live character count when the schema caps the length.
import type { WidgetProps } from '@rjsf/utils';
import { useI18n } from '../i18n';
import { emptyToUndefined, widgetContext } from './widgetProps';

export function TextareaWidget(props: WidgetProps) {
  const { ctx, name, aria, ui, placeholder } = widgetContext(props);
  const max = typeof props.schema.maxLength === 'number' ? props.schema.maxLength : undefined;
  const length = String(props.value ?? '').length;
  const { digits } = useI18n();
  return (
    <div className="textarea-wrap">
      <textarea
        id={props.id}
        name={props.name}
        className="textarea"
        rows={typeof ui.rows === 'number' ? ui.rows : 4}
        value={props.value ?? ''}
        placeholder={placeholder}
        disabled={props.disabled || props.readonly}
        {...aria}
        onChange={(e) => props.onChange(emptyToUndefined(e.target.value))}
        onBlur={() => ctx.touch(name)}
      />
      {max !== undefined && (
        <span className={`textarea-wrap__count${length > max ? ' is-over' : ''}`} aria-hidden="true">
          {digits(`${length}/${max}`)}
        </span>
      )}
    </div>
  );
}
