// rjsf templates of the portal: a field is label (with required mark and help tip), control, then either the
// inline error or the help text; fields are grouped by their definition's `section`. rjsf's own error list,
// titles and descriptions are switched off: the engine's messages are shown inline, once per field.
import type { FieldTemplateProps, ObjectFieldTemplateProps, TemplatesType } from '@rjsf/utils';
import { errorText, fieldName, type FormContext } from './formContext';

function FieldTemplate(props: FieldTemplateProps) {
  const { id, children, hidden, registry } = props;
  const ctx = registry.formContext as FormContext;
  if (id === 'root') return children; // the object holding every field
  const name = fieldName(id);
  const field = ctx.fields.get(name);
  if (hidden || field?.widget === 'hidden') return <div hidden>{children}</div>;
  const error = errorText(ctx, ctx.errorFor(name));
  // ui.tipParams fill the help text's parameters (price range tip: {min} to {max} from the configuration).
  const help = field?.help ? ctx.t(field.help, (field.ui?.tipParams as Record<string, unknown> | undefined) ?? undefined) : undefined;
  // Group widgets (radio, checkboxes, uploads) label a fieldset themselves; a plain label targets the control.
  const grouped = field?.widget && ['radio', 'checkboxes'].includes(field.widget);
  const label = field?.label ? ctx.t(field.label) : name;
  return (
    <div className={`field form-field form-field--${field?.widget ?? 'text'}${error ? ' form-field--invalid' : ''}`} data-field={name}>
      {grouped ? (
        <span className="field__label" id={`${id}__label`}>
          {label}{props.required && <span className="field__required" aria-hidden="true">*</span>}
        </span>
      ) : (
        <label className="field__label" htmlFor={id} id={`${id}__label`}>
          {label}{props.required && <span className="field__required" aria-hidden="true">*</span>}
        </label>
      )}
      <div className="form-field__control">{children}</div>
      {error ? (
        <div className="field__error" id={`${id}__error`} role="alert"><span aria-hidden="true">⚠</span>{error}</div>
      ) : help && !ctx.compact ? (
        <div className="field__help" id={`${id}__help`}>{help}</div>
      ) : null}
    </div>
  );
}

function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const ctx = props.registry.formContext as FormContext;
  if (props.fieldPathId.$id !== 'root') {
    // A nested object (expanded tone infos): its properties side by side in a panel.
    return <div className="form-subgrid">{props.properties.map((p) => <div key={p.name}>{p.content}</div>)}</div>;
  }
  // Consecutive fields of the same section share one fieldset with the section title as its legend.
  const groups: Array<{ section?: string; items: typeof props.properties }> = [];
  for (const p of props.properties) {
    const section = ctx.fields.get(p.name)?.section;
    const last = groups[groups.length - 1];
    if (last && last.section === section) last.items.push(p);
    else groups.push({ section, items: [p] });
  }
  return (
    <div className={ctx.compact ? 'form-grid form-grid--compact' : 'form-grid'}>
      {groups.map((g, i) =>
        g.section ? (
          <fieldset key={`${g.section}-${i}`} className="form-section">
            <legend className="form-section__title">{ctx.t(g.section)}</legend>
            {g.items.map((p) => p.content)}
          </fieldset>
        ) : (
          g.items.map((p) => p.content)
        ),
      )}
    </div>
  );
}

const Nothing = () => null;

export const templates: Partial<TemplatesType> = {
  FieldTemplate,
  ObjectFieldTemplate,
  ErrorListTemplate: Nothing,
  FieldErrorTemplate: Nothing,
  FieldHelpTemplate: Nothing,
  DescriptionFieldTemplate: Nothing,
  TitleFieldTemplate: Nothing,
  ButtonTemplates: { SubmitButton: Nothing } as unknown as TemplatesType['ButtonTemplates'],
};
