// rjsf templates of the portal: a field is label (with required mark and help tip), control, then either the
// inline error or the help text; fields are grouped by their definition's `section`. rjsf's own error list,
// titles and descriptions are switched off: the engine's messages are shown inline, once per field.
import type { FieldTemplateProps, ObjectFieldTemplateProps, TemplatesType } from '@rjsf/utils';
import { FieldFrame } from '../widgets/FieldFrame';
import { fieldName, type FormContext } from '../runtime/formContext';

function FieldTemplate(props: FieldTemplateProps) {
  const { id, children, hidden, registry } = props;
  if (id === 'root') return children; // the object holding every field
  return (
    <FieldFrame
      id={id}
      name={fieldName(id)}
      required={props.required}
      hidden={hidden}
      title={typeof props.schema.title === 'string' ? props.schema.title : undefined}
      ctx={registry.formContext as FormContext}
    >
      {children}
    </FieldFrame>
  );
}

function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const ctx = props.registry.formContext as FormContext;
  if (props.fieldPathId.$id !== 'root') {
    // A nested object (expanded tone infos): its properties side by side in a panel.
    return (
      <div className="form-subgrid">
        {props.properties.map((p) => (
          <div key={p.name}>{p.content}</div>
        ))}
      </div>
    );
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
