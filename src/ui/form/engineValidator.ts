// rjsf's validator, delegating to the engine: the engine is the single source of validation. rjsf calls
// isValid/rawValidation for schema utilities (defaults, anyOf choices); those compile with the engine's Ajv,
// which knows our keywords (forbiddenChars, maxDecimals, numericMinimum, specialChars, splitItems, message...).
// validateFormData asks the engine for the whole form, cross-field checks included.
import {
  toErrorList,
  type CustomValidator,
  type ErrorSchema,
  type ErrorTransformer,
  type RJSFSchema,
  type RJSFValidationError,
  type UiSchema,
  type ValidationData,
  type ValidatorType,
} from '@rjsf/utils';
import type { FieldError } from '../../engine';
import { compile } from '../../engine/ajv';

/** Engine errors as rjsf's ErrorSchema ({field: {__errors: [text]}}). */
export function toErrorSchema(errors: FieldError[], text: (e: FieldError) => string): ErrorSchema {
  const schema: Record<string, { __errors: string[] }> = {};
  for (const e of errors) {
    const key = e.field || '__root';
    (schema[key] ??= { __errors: [] }).__errors.push(text(e));
  }
  const { __root, ...rest } = schema;
  return (__root ? { ...rest, __errors: __root.__errors } : rest) as ErrorSchema;
}

export function engineValidator(
  validateForm: (form: Record<string, unknown>) => FieldError[],
  text: (e: FieldError) => string,
): ValidatorType {
  return {
    validateFormData(
      formData: unknown,
      _schema: RJSFSchema,
      customValidate?: CustomValidator,
      transformErrors?: ErrorTransformer,
      uiSchema?: UiSchema,
    ): ValidationData<unknown> {
      const errorSchema = toErrorSchema(validateForm((formData ?? {}) as Record<string, unknown>), text);
      let errors: RJSFValidationError[] = toErrorList(errorSchema);
      if (transformErrors) errors = transformErrors(errors, uiSchema);
      // customValidate is not used by our forms (rules live in definitions); kept for rjsf's contract.
      void customValidate;
      return { errors, errorSchema };
    },
    isValid(schema: RJSFSchema, formData: unknown) {
      try {
        return Boolean(compile(schema as object)(formData));
      } catch {
        return false;
      }
    },
    rawValidation<Result = unknown>(schema: RJSFSchema, formData?: unknown) {
      try {
        const fn = compile(schema as object);
        fn(formData);
        return { errors: (fn.errors ?? undefined) as Result[] | undefined };
      } catch (e) {
        return { validationError: e as Error };
      }
    },
  };
}
