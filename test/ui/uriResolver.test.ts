// The browser's stand-in for fast-uri (src/ui/shell/vendor/uriResolver.ts): RFC 3986's own examples, the same
// ids and references as fast-uri reads them (the server's Ajv), and an Ajv using it that follows the meta-schema's
// references and a schema's own $id and $refs as the default one does.
import Ajv from 'ajv';
import fastUri from 'fast-uri';
import shim, { parse, resolve, serialize } from '../../src/ui/shell/vendor/uriResolver';

const BASE = 'http://a/b/c/d;p?q';

test("RFC 3986 §5.4's references resolve as the RFC writes", () => {
  const examples: Record<string, string> = {
    'g:h': 'g:h',
    g: 'http://a/b/c/g',
    './g': 'http://a/b/c/g',
    'g/': 'http://a/b/c/g/',
    '/g': 'http://a/g',
    '//g': 'http://g',
    '?y': 'http://a/b/c/d;p?y',
    'g?y': 'http://a/b/c/g?y',
    '#s': 'http://a/b/c/d;p?q#s',
    'g#s': 'http://a/b/c/g#s',
    ';x': 'http://a/b/c/;x',
    '': 'http://a/b/c/d;p?q',
    '.': 'http://a/b/c/',
    './': 'http://a/b/c/',
    '..': 'http://a/b/',
    '../g': 'http://a/b/g',
    '../..': 'http://a/',
    '../../g': 'http://a/g',
    '../../../g': 'http://a/g',
    '/./g': 'http://a/g',
    '/../g': 'http://a/g',
    'g.': 'http://a/b/c/g.',
    '..g': 'http://a/b/c/..g',
    './../g': 'http://a/b/g',
    'g/./h': 'http://a/b/c/g/h',
    'g/../h': 'http://a/b/c/h',
    'g;x=1/../y': 'http://a/b/c/y',
    'g?y/./x': 'http://a/b/c/g?y/./x',
    'g#s/../x': 'http://a/b/c/g#s/../x',
  };
  for (const [ref, target] of Object.entries(examples)) expect([ref, resolve(BASE, ref)]).toEqual([ref, target]);
});

test('ids and references read as fast-uri reads them', () => {
  const ids = [
    '',
    '#',
    '#/definitions/nonNegativeInteger',
    'http://json-schema.org/draft-07/schema',
    'http://json-schema.org/draft-07/schema#',
    'https://example.com/schemas/rule.json#/properties/a~1b',
    'rule.json',
    'urn:example:rule',
  ];
  for (const id of ids) expect([id, serialize(parse(id))]).toEqual([id, fastUri.serialize(fastUri.parse(id))]);
  // Against an absolute base (a schema's $id) anything; against none (a schema without $id) what Ajv passes then,
  // an absolute id or a fragment. (A `..` above a relative base is dropped as the RFC says; fast-uri keeps it.)
  for (const base of ['http://json-schema.org/draft-07/schema', 'https://example.com/schemas/a/rule.json'])
    for (const ref of ['', '#', '#/definitions/x', 'other.json', '../up.json#/a', 'http://json-schema.org/x'])
      expect([base, ref, resolve(base, ref)]).toEqual([base, ref, fastUri.resolve(base, ref)]);
  for (const ref of ['', '#', '#/definitions/x', 'http://json-schema.org/draft-07/schema#'])
    expect([ref, resolve('', ref)]).toEqual([ref, fastUri.resolve('', ref)]);
  expect(parse('#/definitions/x').fragment).toBe(fastUri.parse('#/definitions/x').fragment);
});

test('an Ajv with the stand-in follows $id and $ref as the default one does', () => {
  const schema = {
    $id: 'https://example.com/schemas/price.json',
    definitions: { amount: { type: 'string', pattern: '^[0-9]+$' } },
    type: 'object',
    properties: { price: { $ref: '#/definitions/amount' }, other: { $ref: 'price.json#/definitions/amount' } },
  };
  for (const ajv of [new Ajv({ uriResolver: shim }), new Ajv()]) {
    const validate = ajv.compile(schema);
    expect(validate({ price: '10', other: '2' })).toBe(true);
    expect(validate({ price: 'x' })).toBe(false);
    expect(ajv.validateSchema({ type: 'string', minLength: -1 })).toBe(false);
  }
});
