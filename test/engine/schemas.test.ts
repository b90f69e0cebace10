// The JSON Schemas an integrator's editor uses stay true to the engine: every file names its schema, the
// catalogues match theirs, the logic schema and the integrator guide list exactly the operations the engine
// knows, the placeholder schema its transforms, and configuration defaults live in one place (the schema).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { KNOWN_OPERATIONS } from '../../src/engine/logic';
import { PLACEHOLDER_TRANSFORMS } from '../../src/engine/placeholders';
import { configLayers } from '../../src/engine/sources';
import { loadSourcesFromDisk } from '../../src/engine/fsLoader';

const ROOT = join(__dirname, '..', '..');
const json = (rel: string) => JSON.parse(readFileSync(join(ROOT, rel), 'utf8'));
const jsonIn = (dir: string) =>
  (existsSync(join(ROOT, dir)) ? readdirSync(join(ROOT, dir)) : [])
    .filter((f) => f.endsWith('.json'))
    .map((f) => `${dir}/${f}`);

const SHARED_PARTS = ['fragments', 'expressions', 'records'].flatMap((folder) =>
  jsonIn(`screen-definitions/${folder}`),
);
const EDITED = [
  ...jsonIn('screen-definitions'),
  ...SHARED_PARTS,
  ...readdirSync(join(ROOT, 'site-variants')).flatMap((site) => jsonIn(`site-variants/${site}`)),
  ...jsonIn('i18n'),
  'schemas/rules.json',
];

test('every file an integrator edits names its JSON Schema, and the schema exists', () => {
  const missing = EDITED.filter((f) => {
    const ref = json(f).$schema;
    return typeof ref !== 'string' || !existsSync(join(ROOT, dirname(f), ref));
  });
  expect(missing).toEqual([]);
});

test('the files as written (with their $use, $expr and extends) pass their own schema, so an editor flags no composed definition', () => {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  for (const name of readdirSync(join(ROOT, 'schemas')).filter((f) => f.endsWith('.schema.json')))
    ajv.addSchema(json(`schemas/${name}`), name);
  const bad = EDITED.filter((f) => !f.startsWith('i18n/') && f !== 'schemas/rules.json').flatMap((f) => {
    const validate = ajv.getSchema(json(f).$schema.split('/').pop())!;
    return validate(json(f))
      ? []
      : [{ file: f, errors: validate.errors!.slice(0, 3).map((e) => `${e.instancePath} ${e.message}`) }];
  });
  expect(bad).toEqual([]);
});

test('the message catalogues match schemas/i18n.schema.json, the glossary and the language list their own', () => {
  const ajv = new Ajv2020({ allErrors: true });
  const catalogue = ajv.compile(json('schemas/i18n.schema.json'));
  const glossary = ajv.compile(json('schemas/glossary.schema.json'));
  const languages = ajv.compile(json('schemas/languages.schema.json'));
  for (const file of jsonIn('i18n')) {
    const validate = file === 'i18n/glossary.json' ? glossary : file === 'i18n/languages.json' ? languages : catalogue;
    validate(json(file));
    expect({ file, errors: validate.errors ?? [] }).toEqual({ file, errors: [] });
  }
});

test('schemas/logic.schema.json and docs/integrators.md list exactly the operations the engine knows', () => {
  const known = [...KNOWN_OPERATIONS].sort();
  expect(Object.keys(json('schemas/logic.schema.json').$defs.operation.properties).sort()).toEqual(known);
  // The guide's tables: the first cell of each row holds the operations, in backticks.
  const guide = readFileSync(join(ROOT, 'docs', 'integrators.md'), 'utf8');
  const section = guide.slice(guide.indexOf('## Expressions'), guide.indexOf('## Placeholders'));
  const listed = [...section.matchAll(/^\| ([^|]+) \|/gm)].flatMap((m) =>
    [...m[1].matchAll(/`([^`]+)`/g)].map((op) => op[1]),
  );
  expect([...new Set(listed)].sort()).toEqual(known);
});

test('schemas/placeholder.schema.json offers the transforms the engine applies', () => {
  expect([...json('schemas/placeholder.schema.json').$defs.config.properties.as.enum].sort()).toEqual(
    [...PLACEHOLDER_TRANSFORMS].sort(),
  );
});

test('every configuration key has a string default and a description; no config.json repeats what the layers below give', () => {
  const { properties } = json('schemas/config.schema.json');
  const incomplete = Object.entries<Record<string, unknown>>(properties).filter(
    ([, p]) => p.type !== 'string' || typeof p.default !== 'string' || !p.description,
  );
  expect(incomplete.map(([k]) => k)).toEqual([]);
  const sources = loadSourcesFromDisk();
  const repeated: string[] = [];
  for (const site of sources.sites) {
    const layers = configLayers(sources, site);
    const below = Object.assign({}, ...layers.slice(0, -1).map((l) => l.values));
    for (const [key, value] of Object.entries(layers[layers.length - 1].values))
      if (below[key] === value) repeated.push(`${layers[layers.length - 1].source}: ${key}`);
  }
  expect(repeated).toEqual([]);
});
