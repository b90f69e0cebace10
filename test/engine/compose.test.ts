// Composition (src/engine/compose.ts): fragments ($use), named expressions ($expr) and calls that extend another,
// expanded before the site overlay so the overlay, the snapshots, the browser and the server see the composed
// screen; an overlay on the extended call reaches the one that extends it.
import { buildDefinitionSet, createEngine, sourcesFromFiles, type SourceFiles } from '../../src/engine';
import { composeDefinition, expandTree, resolveExtends, type CompositionProblem } from '../../src/engine/compose';

const status = { if: [{ '==': [{ var: 'row.approveType' }, '1'] }, 'pending', { var: 'row.status' }] };
const files = (extra: SourceFiles = {}): SourceFiles => ({
  'schemas/rules.json': { rules: {} },
  'site-variants/generic/config.json': { values: {} },
  'site-variants/kenya/config.json': { values: {} },
  'screen-definitions/expressions/toneStatus.json': { description: 'the status', expression: status },
  'screen-definitions/expressions/isEdit.json': {
    description: 'edit mode',
    expression: { '==': [{ var: 'mode' }, 'edit'] },
  },
  'screen-definitions/fragments/nameField.json': {
    description: 'a name',
    value: { order: 1, label: 'Sample.name', schema: { type: 'string', maxLength: 100 }, required: true },
  },
  'screen-definitions/fragments/statusColumn.json': {
    description: 'status column',
    value: { order: 40, label: 'Sample.status', format: 'status', value: { $expr: 'toneStatus' } },
  },
  'screen-definitions/sample.json': {
    id: 'sample',
    kind: 'form',
    title: 'Sample.title',
    expressions: { priced: { '!=': [{ var: 'form.price' }, ''] } },
    fields: {
      name: { $use: 'nameField', schema: { maxLength: 20 } },
      alias: { $use: 'nameField', order: 2, required: { $expr: 'isEdit' } },
      price: { order: 3, label: 'Sample.price', schema: { type: 'string' }, visible: { $expr: 'priced' } },
    },
    columns: { status: { $use: 'statusColumn' } },
    calls: {
      add: {
        path: 'sp/add',
        client: 'form',
        payload: { name: { var: 'form.name' }, price: { var: 'form.price' }, kind: 1 },
      },
      edit: { extends: 'add', path: 'sp/edit', payload: { id: { var: 'form.id' }, kind: null } },
    },
  },
  ...extra,
});
const engineOf = (f: SourceFiles, site = 'generic') => createEngine(buildDefinitionSet(sourcesFromFiles(f), site));

test('a fragment stands where $use is, its keys overridden by the ones written beside it', () => {
  const def = engineOf(files()).definition('sample');
  expect(def.fields!.name).toEqual({
    order: 1,
    label: 'Sample.name',
    schema: { type: 'string', maxLength: 20 },
    required: true,
  });
  expect(def.fields!.alias).toEqual({
    order: 2,
    label: 'Sample.name',
    schema: { type: 'string', maxLength: 100 },
    required: { '==': [{ var: 'mode' }, 'edit'] },
  });
});

test('named expressions, shared and local, are written once and stand wherever they are used', () => {
  const engine = engineOf(files());
  expect(engine.definition('sample').columns!.status.value).toEqual(status);
  expect(engine.definition('sample').fields!.price.visible).toEqual({ '!=': [{ var: 'form.price' }, ''] });
  expect('expressions' in engine.definition('sample')).toBe(false);
  // The server evaluates a shared one through the engine.
  expect(engine.evaluateExpression('toneStatus', { row: { approveType: '1', status: '1' } })).toBe('pending');
  expect(engine.evaluateExpression('toneStatus', { row: { approveType: '2', status: '2' } })).toBe('2');
  expect(engine.resolve('sample', { mode: 'edit' }).required).toEqual(['name', 'alias']);
});

test('a call that extends another is that call plus its differences; null removes an inherited entry', () => {
  const edit = engineOf(files()).definition('sample').calls!.edit;
  expect(edit).toEqual({
    path: 'sp/edit',
    client: 'form',
    payload: { name: { var: 'form.name' }, price: { var: 'form.price' }, id: { var: 'form.id' } },
  });
});

test('an overlay on the extended call reaches the call that extends it; one on the extending call changes only it', () => {
  const overlay = {
    calls: {
      add: { payload: { price: { toFixed: [{ var: 'form.price' }, 2] }, site: 'kenya' } },
      edit: { payload: { name: null } },
    },
  };
  const calls = engineOf(files({ 'site-variants/kenya/sample.json': overlay }), 'kenya').definition('sample').calls!;
  expect(calls.add.payload).toEqual({
    name: { var: 'form.name' },
    price: { toFixed: [{ var: 'form.price' }, 2] },
    kind: 1,
    site: 'kenya',
  });
  expect(calls.edit.payload).toEqual({
    price: { toFixed: [{ var: 'form.price' }, 2] },
    site: 'kenya',
    id: { var: 'form.id' },
  });
});

test("an overlay may use fragments and the base definition's named expressions too", () => {
  const overlay = { fields: { nick: { $use: 'nameField', order: 5, visible: { $expr: 'priced' } } } };
  const def = engineOf(files({ 'site-variants/kenya/sample.json': overlay }), 'kenya').definition('sample');
  expect(def.fields!.nick).toMatchObject({
    order: 5,
    label: 'Sample.name',
    visible: { '!=': [{ var: 'form.price' }, ''] },
  });
});

test('a fragment of entries joins the map that uses it', () => {
  const f = files({
    'screen-definitions/fragments/owners.json': {
      description: 'two fields',
      value: { lyric: { order: 10, schema: { type: 'string' } }, tune: { order: 11, schema: { type: 'string' } } },
    },
  });
  (f['screen-definitions/sample.json'] as any).fields.$use = 'owners';
  (f['screen-definitions/sample.json'] as any).fields.tune = { label: 'Sample.tune' };
  expect(Object.keys(engineOf(f).definition('sample').fields!).sort()).toEqual([
    'alias',
    'lyric',
    'name',
    'price',
    'tune',
  ]);
  expect(engineOf(f).definition('sample').fields!.tune).toEqual({
    order: 11,
    schema: { type: 'string' },
    label: 'Sample.tune',
  });
});

describe('mistakes name the file and the path where they are written', () => {
  const sources = sourcesFromFiles(files());
  const compose = (def: object) => {
    const problems: CompositionProblem[] = [];
    resolveExtends(
      composeDefinition(def as never, 'screen-definitions/x.json', sources, problems),
      'screen-definitions/x.json',
      problems,
    );
    return problems;
  };
  test('an unknown fragment', () => {
    expect(compose({ fields: { a: { $use: 'nameFeild' } } })).toEqual([
      {
        file: 'screen-definitions/x.json',
        path: '$.fields.a.$use',
        reason: expect.stringMatching(/unknown fragment "nameFeild".*did you mean "nameField"/),
      },
    ]);
  });
  test('a cycle of $use, in the fragment that closes it', () => {
    const cyclic = sourcesFromFiles(
      files({
        'screen-definitions/fragments/a.json': { description: 'a', value: { x: { $use: 'b' } } },
        'screen-definitions/fragments/b.json': { description: 'b', value: { y: { $use: 'a' } } },
      }),
    );
    const problems: CompositionProblem[] = [];
    expandTree({ f: { $use: 'a' } }, 'screen-definitions/x.json', cyclic, {}, problems);
    expect(problems).toEqual([
      {
        file: 'screen-definitions/fragments/b.json',
        path: '$.value.y.$use',
        reason: expect.stringContaining('"$use" cycle: a -> b -> a'),
      },
    ]);
  });
  test('an unknown named expression', () => {
    expect(compose({ fields: { a: { visible: { $expr: 'toneStatu' } } } })).toEqual([
      {
        file: 'screen-definitions/x.json',
        path: '$.fields.a.visible.$expr',
        reason: expect.stringMatching(/unknown named expression "toneStatu".*did you mean "toneStatus"/),
      },
    ]);
  });
  test('an extends naming a missing call, and a cycle of extends', () => {
    expect(
      compose({ calls: { edit: { extends: 'ad', path: 'x', client: 'form' }, add: { path: 'y', client: 'form' } } }),
    ).toEqual([
      {
        file: 'screen-definitions/x.json',
        path: '$.calls.edit.extends',
        reason: expect.stringMatching(/extends "ad", which is not a call of this screen.*did you mean "add"/),
      },
    ]);
    expect(compose({ calls: { a: { extends: 'b' }, b: { extends: 'a' } } })[0]).toMatchObject({
      path: '$.calls.b.extends',
      reason: expect.stringContaining('"extends" cycle: a -> b -> a'),
    });
  });
  test('the runtime refuses to build a set that does not compose', () => {
    const f = files();
    (f['screen-definitions/sample.json'] as any).fields.name = { $use: 'missing' };
    expect(() => engineOf(f)).toThrow(
      /screen-definitions\/sample.json: \$.fields.name.\$use: unknown fragment "missing"/,
    );
  });
});
