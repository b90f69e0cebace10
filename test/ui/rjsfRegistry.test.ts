// The rjsf defaults the build leaves out (vite/rjsfRegistry.mts) are ones no portal form can render: every widget
// and template dropped is one the portal passes to rjsf itself, and no uiSchema of any screen (its form or its
// search bar, on every site and in both modes) names a field of rjsf's own in `ui:field`. And the installed rjsf
// still writes each dropped entry where the build looks for it, so a release that moved them is noticed here
// rather than by the bundle growing back.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPLACED_DEFAULTS, rjsfRegistry } from '../../vite/rjsfRegistry.mts';
import { widgetRegistry } from '../../src/ui/widgets/registry';
import { templates } from '../../src/ui/form/templates';
import { uiSchemaFor } from '../../src/ui/widgets/uiSchema';
import { loadDefinitionSetFromDisk } from '../../src/engine/fsLoader';
import { createEngine } from '../../src/engine';

const RJSF_LIB = join(__dirname, '..', '..', 'node_modules', '@rjsf', 'core', 'lib');

test('every widget and template left out is one the portal passes to rjsf', () => {
  const widgets = widgetRegistry();
  for (const name of REPLACED_DEFAULTS['components/widgets/index.js'])
    expect([name, name in widgets]).toEqual([name, true]);
  for (const name of REPLACED_DEFAULTS['components/templates/index.js'])
    expect([name, name in templates]).toEqual([name, true]);
  for (const name of REPLACED_DEFAULTS['components/templates/ButtonTemplates/index.js'])
    expect([name, name in (templates.ButtonTemplates ?? {})]).toEqual([name, true]);
});

test("no screen's uiSchema names a field of rjsf's own", () => {
  const named = new Set<string>();
  for (const site of ['generic', 'ais', 'kenya']) {
    const engine = createEngine(loadDefinitionSetFromDisk(site));
    for (const id of engine.screenIds())
      for (const mode of ['add', 'edit'] as const) {
        const screen = engine.resolve(id, { mode, user: { code: '100001', spType: '1' } });
        for (const fields of [screen.fields, screen.search])
          for (const ui of Object.values(uiSchemaFor(fields)))
            if (ui && typeof ui === 'object' && 'ui:field' in ui) named.add(String(ui['ui:field']));
      }
  }
  expect([...named]).toEqual(['widget']);
});

test('the installed rjsf writes every entry the build leaves out where the build looks for it', () => {
  const transform = rjsfRegistry().transform as (code: string, id: string) => { code: string } | undefined;
  for (const [file, names] of Object.entries(REPLACED_DEFAULTS)) {
    const path = join(RJSF_LIB, file);
    const code = readFileSync(path, 'utf8');
    const out = transform(code, path)?.code ?? code;
    const entries = (text: string) =>
      names.filter((n) => new RegExp(`^[ \\t]+${n}(?::[ \\t]*[\\w$]+)?,$`, 'm').test(text));
    expect([file, entries(code)]).toEqual([file, names]);
    expect([file, entries(out)]).toEqual([file, []]);
    expect(out.split('\n').length).toBe(code.split('\n').length);
  }
});
