// rjsf's default registry (@rjsf/core's fields, widgets and templates) is one object literal per kind, so every
// field, widget and template rjsf has is bundled whether a form can reach it or not. The portal's forms
// (src/ui/form/FieldsForm.tsx, the only rjsf Form) pass their own widgets and templates for the names below, which
// rjsf merges over its defaults, and name no layout field in a uiSchema (src/ui/widgets/uiSchema.ts gives `ui:field`
// only the portal's `widget`): those defaults are never rendered. This drops their entries from rjsf's registry so
// tree-shaking leaves them out (about 8 KB gzip of the forms' chunk, issue 24). test/ui/rjsfRegistry.test.ts holds
// the portal's registry to the names dropped here. An entry written otherwise by a later release is kept as it is.
import type { Plugin } from 'vite';

/** Entries of each registry file that the portal always replaces or never names, by their file in @rjsf/core/lib. */
export const REPLACED_DEFAULTS: Record<string, string[]> = {
  // src/ui/widgets/registry.ts lists each of these under rjsf's own name.
  'components/widgets/index.js': [
    'CheckboxWidget',
    'CheckboxesWidget',
    'HiddenWidget',
    'PasswordWidget',
    'RadioWidget',
    'SelectWidget',
    'TextWidget',
    'TextareaWidget',
  ],
  // src/ui/form/templates.tsx.
  'components/templates/index.js': [
    'DescriptionFieldTemplate',
    'ErrorListTemplate',
    'FieldErrorTemplate',
    'FieldHelpTemplate',
    'FieldTemplate',
    'ObjectFieldTemplate',
    'TitleFieldTemplate',
  ],
  'components/templates/ButtonTemplates/index.js': ['SubmitButton'],
  // Fields a uiSchema must name (`ui:field`) to be used: the grid layout of rjsf 6, which no portal form names.
  'components/fields/index.js': ['LayoutGridField', 'LayoutHeaderField', 'LayoutMultiSchemaField'],
};

const RJSF_CORE = /[\\/]node_modules[\\/]@rjsf[\\/]core[\\/]lib[\\/](.+)$/;

export function rjsfRegistry(): Plugin {
  return {
    name: 'rjsf-registry',
    apply: 'build',
    transform(code, id) {
      const file = RJSF_CORE.exec(id.split('?')[0])?.[1].replace(/\\/g, '/');
      const names = file ? REPLACED_DEFAULTS[file] : undefined;
      if (!names) return undefined;
      // `        TextWidget,` or `        DescriptionFieldTemplate: DescriptionField,`: one entry a line. The imports
      // stay; what no entry uses any more is left out by tree-shaking.
      const entry = new RegExp(`^[ \\t]+(?:${names.join('|')})(?::[ \\t]*[\\w$]+)?,$`, 'gm');
      const trimmed = code.replace(entry, '');
      return trimmed === code ? undefined : { code: trimmed, map: null };
    },
  };
}
