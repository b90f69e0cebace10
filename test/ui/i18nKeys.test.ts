// Every message key used in code exists in both catalogues: literal keys of src/ui/form, list and widgets, keys
// the server sends, the engine's Validation.<keyword> fallbacks, and the return-code texts. Keys in definitions,
// overlays and rules are checked by `npm run definitions -- validate` (test/definitions/validate.test.ts); the
// shell's keys by test/ui/shellKeys.test.ts.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const en = JSON.parse(readFileSync(join(ROOT, 'i18n', 'en.json'), 'utf8')) as Record<string, string>;
const zh = JSON.parse(readFileSync(join(ROOT, 'i18n', 'zh.json'), 'utf8')) as Record<string, string>;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : /\.tsx?$/.test(f) ? [p] : [];
  });
}

const KEY = /(?:\bt|toast|message|okLabel|wrongType|tooLarge|failed)\(?\s*[:(]?\s*'([A-Z][A-Za-z]+\.[A-Za-z.]+)'/g;

test('literal keys of the renderers are in en and zh', () => {
  const keys = new Set<string>();
  for (const dir of ['form', 'list', 'widgets']) {
    for (const file of files(join(ROOT, 'src', 'ui', dir))) {
      for (const m of readFileSync(file, 'utf8').matchAll(KEY)) keys.add(m[1]);
    }
  }
  expect(keys.size).toBeGreaterThan(30);
  const missing = [...keys].filter((k) => !(k in en) || !(k in zh));
  expect(missing).toEqual([]);
});

// The server names message keys too: field reasons of a bad-input answer (`message: 'X.y'`) are translated by
// src/server/http/messages.ts from the same catalogues, so a key missing there reaches the user as raw text.
const SERVER_KEY =
  /\bmessage:\s*'([A-Z][A-Za-z]+\.[A-Za-z][A-Za-z.]*)'|\btranslate\(\s*'([A-Z][A-Za-z]+\.[A-Za-z][A-Za-z.]*)'/g;

test('message keys the server sends are in en and zh', () => {
  const missing: string[] = [];
  let count = 0;
  for (const file of files(join(ROOT, 'src', 'server'))) {
    for (const m of readFileSync(file, 'utf8').matchAll(SERVER_KEY)) {
      count++;
      const key = m[1] ?? m[2];
      if (!(key in en) || !(key in zh)) missing.push(`${file.slice(ROOT.length + 1)}: ${key}`);
    }
  }
  expect(count).toBeGreaterThan(0);
  expect(missing).toEqual([]);
});

// A schema rule without a message key of its own reports `Validation.<keyword>` (src/engine/validate.ts), so
// every keyword any resolved screen uses needs that fallback in both languages.
test('the fallback Validation.<keyword> of every keyword the resolved screens use is in en and zh', () => {
  // Required lazily: the engine is not what this file is about, and its import is not free.
  const { createEngine } = require('../../src/engine') as typeof import('../../src/engine');
  const { loadDefinitionSetFromDisk, siteIds } =
    require('../../src/engine/fsLoader') as typeof import('../../src/engine/fsLoader');
  const ANNOTATIONS = new Set([
    'type',
    'title',
    'description',
    'message',
    'messages',
    'properties',
    'items',
    'allOf',
    'anyOf',
    'oneOf',
    'not',
    'if',
    'then',
    'else',
    'default',
    'examples',
    '$schema',
    'additionalItems',
    'patternProperties',
    'prefixItems',
  ]);
  const REASONS: Record<string, string[]> = {
    specialChars: ['notAllowed', 'required'],
    splitItems: ['maxItems', 'empty', 'itemMaxLength', 'item'],
  };
  const keywords = new Set<string>(['required', 'type']);
  /** Keywords whose value holds schemas (a schema, a list of them, or a map of them); others are plain values. */
  const SUBSCHEMAS = new Set([
    'items',
    'allOf',
    'anyOf',
    'oneOf',
    'not',
    'if',
    'then',
    'else',
    'additionalProperties',
    'contains',
    'prefixItems',
  ]);
  const SCHEMA_MAPS = new Set(['properties', 'patternProperties']);
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    for (const [k, v] of Object.entries(node)) {
      if (!ANNOTATIONS.has(k)) keywords.add(k);
      if (SCHEMA_MAPS.has(k) && v && typeof v === 'object') Object.values(v).forEach(visit);
      else if (SUBSCHEMAS.has(k)) visit(v);
    }
  };
  const configs: Array<Record<string, string>> = [
    {},
    { expand_tone_infos: 'a:Y|b:N', support_weekly_plan_content: '1' },
  ];
  for (const site of siteIds()) {
    const engine = createEngine(loadDefinitionSetFromDisk(site));
    for (const id of engine.screenIds()) {
      for (const config of configs) {
        for (const mode of ['add', 'edit'] as const) {
          const screen = engine.resolve(id, {
            config,
            mode,
            user: { code: '8800010', firstLogin: '0' },
            form: { toneBoxType: '2' },
          });
          for (const f of [...screen.fields, ...screen.search]) visit(f.schema);
        }
      }
    }
  }
  const keys = [...keywords].flatMap((k) =>
    REASONS[k] ? REASONS[k].map((r) => `Validation.${k}.${r}`) : [`Validation.${k}`],
  );
  // The walk finds the rules' keywords, ours included (a sign it reaches into allOf and properties).
  expect(keys).toEqual(
    expect.arrayContaining([
      'Validation.required',
      'Validation.pattern',
      'Validation.maxLength',
      'Validation.forbiddenChars',
      'Validation.maxDecimals',
    ]),
  );
  const missing = keys.filter((k) => !(k in en) || !(k in zh));
  expect(missing).toEqual([]);
});

test('every return code of the server catalogue has an English and a translated Chinese text', () => {
  const { RETURN_CODES } = require('../../src/server/returnCodes') as {
    RETURN_CODES: Record<string, { en: string; zh: string }>;
  };
  const bad = Object.entries(RETURN_CODES)
    .filter(([, d]) => !d.en?.trim() || !d.zh?.trim() || d.en === d.zh || !/[\u4e00-\u9fff]/.test(d.zh))
    .map(([code]) => code);
  expect(Object.keys(RETURN_CODES).length).toBeGreaterThan(20);
  expect(bad).toEqual([]);
});
