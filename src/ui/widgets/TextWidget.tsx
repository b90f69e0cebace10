// Text, password and number inputs. ui.inputType 'digits' (or ui.digitsOnly) drops every non-digit as typed:
// the numeric range inputs of a list search accept digits only (000 §2). A value without letters (a price, a
// code, a phone number) typed on a Persian or Arabic keyboard arrives in that keyboard's digits: it is kept in
// Latin digits, the values' wire format; text with letters (a tone name) keeps whatever digits it was written in.
// ui.priceUnit: the price unit of the session's language (price_unit, 001 §9) stands beside the input.
import type { WidgetProps } from '@rjsf/utils';
import { latinDigits } from '../../engine/languages';
import { priceUnit } from '../../engine/priceUnit';
import { useI18n } from '../i18n';
import { useServerCheck } from './useServerCheck';
import { emptyToUndefined, widgetContext } from './widgetProps';

export function TextWidget(props: WidgetProps) {
  const { ctx, name, aria, ui, placeholder } = widgetContext(props);
  const digits = ui.inputType === 'digits' || ui.digitsOnly === true;
  const type = props.options.inputType === 'password' || ui.inputType === 'password' ? 'password' : 'text';
  const maxLength =
    typeof props.schema.maxLength === 'number' && ui.enforceMaxLength !== false ? props.schema.maxLength : undefined;
  const serverCheck = useServerCheck(name, ui, ctx);
  const { language } = useI18n();
  const unit = ui.priceUnit === true ? priceUnit(ctx.env.config, language) : '';
  const input = (
    <input
      id={props.id}
      name={props.name}
      className="input"
      type={type}
      inputMode={digits || ui.inputType === 'number' ? 'numeric' : ui.inputMode === 'decimal' ? 'decimal' : undefined}
      autoComplete={
        typeof ui.autocomplete === 'string' ? ui.autocomplete : type === 'password' ? 'current-password' : 'off'
      }
      value={props.value ?? ''}
      placeholder={placeholder}
      disabled={props.disabled || props.readonly}
      maxLength={maxLength}
      autoFocus={props.autofocus}
      {...aria}
      aria-describedby={[aria['aria-describedby'], unit && `${props.id}__unit`].filter(Boolean).join(' ') || undefined}
      onChange={(e) => {
        const typed =
          type === 'password' || /\p{L}/u.test(e.target.value) ? e.target.value : latinDigits(e.target.value);
        const v = digits ? typed.replace(/\D+/g, '') : typed;
        props.onChange(emptyToUndefined(v));
      }}
      onBlur={(e) => {
        // ui.trim: the value is trimmed when the user leaves the field (000 §5 music box name).
        if (ui.trim === true && e.target.value !== e.target.value.trim())
          props.onChange(emptyToUndefined(e.target.value.trim()));
        ctx.touch(name);
        void serverCheck();
      }}
    />
  );
  if (!unit) return input;
  return (
    <div className="input-group input-group--unit">
      {input}
      <span className="input-unit" id={`${props.id}__unit`}>
        {unit}
      </span>
    </div>
  );
}

export function PasswordWidget(props: WidgetProps) {
  return <TextWidget {...props} options={{ ...props.options, inputType: 'password' }} />;
}
