// Site-variant overlays (JSON Merge Patch keyed by name): a site adds, changes or removes one field, column,
// action or menu entry and everything else keeps its place in the order.
import { createEngine, sourcesFromFiles, type ScreenDef } from '../../src/engine';
import { buildDefinitionSet } from '../../src/engine/definitionSet';
import { applyOverlay, checkOverlay } from '../../src/engine/overlay';

const base: ScreenDef = {
  id: 'sample',
  kind: 'list',
  title: 'Sample.title',
  fields: {
    name: { order: 1, label: 'Sample.name', schema: { type: 'string', maxLength: 10 } },
    price: { order: 2, label: 'Sample.price', schema: { type: 'string' }, required: true },
    note: { order: 3, label: 'Sample.note', schema: { type: 'string' } },
  },
  columns: {
    code: { order: 1, label: 'Sample.code' },
    name: { order: 2, label: 'Sample.name' },
    status: { order: 3, label: 'Sample.status' },
  },
  actions: {
    add: { order: 1, label: 'Sample.add', scope: 'toolbar' },
    remove: { order: 2, label: 'Sample.remove', scope: 'row' },
  },
  menu: {
    tones: {
      order: 1,
      label: 'Sample.tones',
      children: {
        upload: { order: 1, label: 'Sample.upload', route: '/upload' },
        list: { order: 2, label: 'Sample.list', route: '/list' },
      },
    },
    boxes: { order: 2, label: 'Sample.boxes', route: '/boxes' },
  },
} as unknown as ScreenDef;

function resolveWith(overlay: object) {
  const files = {
    'screen-definitions/sample.json': base,
    'site-variants/generic/config.json': { values: {} },
    'site-variants/kenya/sample.json': overlay,
    'schemas/rules.json': { rules: {} },
  };
  const set = buildDefinitionSet(sourcesFromFiles(files), 'kenya');
  return createEngine(set).resolve('sample');
}
const names = (list: Array<{ name: string }>) => list.map((x) => x.name);

test('without an overlay the base order is kept', () => {
  const s = resolveWith({});
  expect(names(s.fields)).toEqual(['name', 'price', 'note']);
  expect(names(s.columns)).toEqual(['code', 'name', 'status']);
  expect(names(s.actions)).toEqual(['add', 'remove']);
  expect(names(s.menu)).toEqual(['tones', 'boxes']);
});

describe('fields', () => {
  test('add one between two others by its order', () => {
    const s = resolveWith({ fields: { tax: { order: 2.5, label: 'Sample.tax', schema: { type: 'string' } } } });
    expect(names(s.fields)).toEqual(['name', 'price', 'tax', 'note']);
  });
  test('change one property, the rest of the field stays', () => {
    const s = resolveWith({ fields: { name: { schema: { maxLength: 20 } } } });
    const name = s.fields.find((f) => f.name === 'name')!;
    expect(name.schema).toEqual({ type: 'string', maxLength: 20 });
    expect(name.label).toBe('Sample.name');
    expect(names(s.fields)).toEqual(['name', 'price', 'note']);
  });
  test('a condition is replaced whole, not merged', () => {
    const s = resolveWith({ fields: { price: { required: { '==': [{ var: 'site' }, 'ais'] } } } });
    expect(s.required).toEqual([]);
  });
  test('remove one by name with null', () => {
    const s = resolveWith({ fields: { price: null } });
    expect(names(s.fields)).toEqual(['name', 'note']);
    expect(s.required).toEqual([]);
    expect(Object.keys(s.jsonSchema.properties as object)).toEqual(['name', 'note']);
  });
  test('move one by changing its order', () => {
    expect(names(resolveWith({ fields: { note: { order: 0 } } }).fields)).toEqual(['note', 'name', 'price']);
  });
});

describe('columns', () => {
  test('add, change and remove by name', () => {
    const s = resolveWith({
      columns: { price: { order: 2.5, label: 'Sample.price' }, name: { label: 'Sample.fullName' }, status: null },
    });
    expect(names(s.columns)).toEqual(['code', 'name', 'price']);
    expect(s.columns.find((c) => c.name === 'name')!.label).toBe('Sample.fullName');
  });
});

describe('actions', () => {
  test('add, change and remove by name', () => {
    const s = resolveWith({
      actions: {
        export: { add: true, order: 0, label: 'Sample.export', scope: 'toolbar' },
        add: { label: 'Sample.create' },
        remove: null,
      },
    });
    expect(names(s.actions)).toEqual(['export', 'add']);
    // "add" says what the overlay does; the resolved entry does not carry it.
    expect(s.actions.find((a) => a.name === 'export')).not.toHaveProperty('add');
    expect(s.actions.find((a) => a.name === 'add')).toMatchObject({ label: 'Sample.create', scope: 'toolbar' });
  });
});

describe('menu entries', () => {
  test('add a child, change a label and remove an entry, nested by name', () => {
    const s = resolveWith({
      menu: {
        tones: {
          label: 'Sample.rbt',
          children: { batch: { add: true, order: 1.5, label: 'Sample.batch', route: '/batch' }, list: null },
        },
        boxes: null,
      },
    });
    expect(names(s.menu)).toEqual(['tones']);
    expect(s.menu[0].label).toBe('Sample.rbt');
    expect(names(s.menu[0].children)).toEqual(['upload', 'batch']);
  });
});

describe('overlay problems the linter reports', () => {
  test('changing or removing what the base lacks, and a new entry that does not say "add"', () => {
    const problems = checkOverlay(base, {
      fields: {
        nickname: { label: 'X' },
        ghost: null,
        // Complete, but not marked: a misspelt name must not become a new field.
        nmae: { order: 9, label: 'Sample.extra', schema: { type: 'string' } },
        extra: { add: true, order: 9, label: 'Sample.extra', schema: { type: 'string' } },
        price: { add: true, label: 'Sample.price' },
      },
      columns: { gone: null },
      actions: { share: { label: 'Sample.share' } },
      menu: { tones: { children: { nope: null } } },
    } as any);
    expect(problems.map((p) => p.path)).toEqual([
      '$.fields.nickname',
      '$.fields.ghost',
      '$.fields.nmae',
      '$.fields.price.add',
      '$.columns.gone',
      '$.actions.share',
      '$.menu.tones.children.nope',
    ]);
    expect(problems.find((p) => p.path === '$.fields.nmae')!.reason).toContain('(did you mean "name"?)');
  });
  test('applying leaves the base untouched', () => {
    const before = JSON.stringify(base);
    applyOverlay(base, { fields: { price: null, name: { label: 'Other' } } } as any);
    expect(JSON.stringify(base)).toBe(before);
  });
});
