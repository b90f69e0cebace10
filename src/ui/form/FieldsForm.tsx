// The rjsf form of a list of resolved fields, with the portal's templates and widgets. It renders and reports
// changes; it does not decide anything: DefinitionForm (and the list search bar) own the data and the rules.
import Form from '@rjsf/core';
import type { IChangeEvent } from '@rjsf/core';
import type { ValidatorType } from '@rjsf/utils';
import { useMemo, type FormEvent } from 'react';
import type { JsonSchema, ResolvedField } from '../../engine';
import { widgetRegistry } from '../widgets/registry';
import type { FormContext } from './formContext';
import { templates } from './templates';
import { uiSchemaFor } from './uiSchema';
import { WidgetField } from './WidgetField';

const fields = { widget: WidgetField };

export interface FieldsFormProps {
  id?: string;
  schema: JsonSchema;
  fields: ResolvedField[];
  formData: Record<string, unknown>;
  context: FormContext;
  validator: ValidatorType;
  onChange(form: Record<string, unknown>): void;
  onSubmit?(): void;
  className?: string;
}

export function FieldsForm({
  id,
  schema,
  fields: resolvedFields,
  formData,
  context,
  validator,
  onChange,
  onSubmit,
  className,
}: FieldsFormProps) {
  const uiSchema = useMemo(() => uiSchemaFor(resolvedFields), [resolvedFields]);
  return (
    <Form
      id={id}
      className={className ?? 'definition-form'}
      schema={schema as never}
      uiSchema={uiSchema}
      formData={formData}
      formContext={context}
      validator={validator}
      templates={templates}
      widgets={widgetRegistry()}
      fields={fields}
      // Validation is the engine's and is shown inline by our templates; rjsf neither blocks nor lists errors.
      noValidate
      showErrorList={false}
      // Our own defaults (from the definitions) are applied by DefinitionForm; rjsf adds none of its own.
      experimental_defaultFormStateBehavior={{ emptyObjectFields: 'skipDefaults' }}
      onChange={(e: IChangeEvent) => onChange((e.formData ?? {}) as Record<string, unknown>)}
      onSubmit={(_e: IChangeEvent, event: FormEvent) => {
        event?.preventDefault?.();
        onSubmit?.();
      }}
    >
      {/* Buttons are rendered by the owner outside rjsf; Enter in a field still submits through this button. */}
      <button type="submit" hidden tabIndex={-1} aria-hidden="true" />
    </Form>
  );
}
