// Every message key used in code exists in every language the portal ships (i18n/languages.json): literal keys
// of src/ui/form, list and widgets, keys the server sends, the engine's Validation.<keyword> fallbacks, and the
// return-code texts. Keys in definitions, overlays and rules are checked by `npm run definitions -- validate`
// (test/definitions/validate.test.ts); the shell's keys by test/ui/shellKeys.test.ts. The shipped languages are
// complete (every message of the default, translated): a fallback is for an integrator's partial language, not
// for a gap in ours.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { defaultLanguage, messageBase } from '../../src/engine/languages';
import { loadLanguagesFromDisk, loadOwnCatalogueFromDisk } from '../../src/engine/fsLoader';

const ROOT = join(__dirname, '..', '..');
const list = loadLanguagesFromDisk(ROOT);
const DEFAULT = defaultLanguage(list);
const own = Object.fromEntries(Object.keys(list.languages).map((c) => [c, loadOwnCatalogueFromDisk(c, ROOT)]));
const en = own[DEFAULT];
const others = Object.keys(own).filter((c) => c !== DEFAULT);
/** A key every shipped language has (a plural form counts as its message). */
const inAll = (key: string) =>
  Object.values(own).every((c) => key in c || Object.keys(c).some((k) => messageBase(k) === key));

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : /\.tsx?$/.test(f) ? [p] : [];
  });
}

const KEY = /(?:\bt|toast|message|okLabel|wrongType|tooLarge|failed)\(?\s*[:(]?\s*'([A-Z][A-Za-z]+\.[A-Za-z.]+)'/g;

test('literal keys of the renderers are in every language', () => {
  const keys = new Set<string>();
  for (const dir of ['form', 'list', 'widgets']) {
    for (const file of files(join(ROOT, 'src', 'ui', dir))) {
      for (const m of readFileSync(file, 'utf8').matchAll(KEY)) keys.add(m[1]);
    }
  }
  expect(keys.size).toBeGreaterThan(30);
  const missing = [...keys].filter((k) => !inAll(k));
  expect(missing).toEqual([]);
});

// The server names message keys too: field reasons of a bad-input answer (`message: 'X.y'`) are translated by
// src/server/http/messages.ts from the same catalogues, so a key missing there reaches the user as raw text.
const SERVER_KEY =
  /\bmessage:\s*'([A-Z][A-Za-z]+\.[A-Za-z][A-Za-z.]*)'|\btranslate\(\s*'([A-Z][A-Za-z]+\.[A-Za-z][A-Za-z.]*)'/g;

test('message keys the server sends are in every language', () => {
  const missing: string[] = [];
  let count = 0;
  for (const file of files(join(ROOT, 'src', 'server'))) {
    for (const m of readFileSync(file, 'utf8').matchAll(SERVER_KEY)) {
      count++;
      const key = m[1] ?? m[2];
      if (!inAll(key)) missing.push(`${file.slice(ROOT.length + 1)}: ${key}`);
    }
  }
  expect(count).toBeGreaterThan(0);
  expect(missing).toEqual([]);
});

// A schema rule without a message key of its own reports `Validation.<keyword>` (src/engine/validate.ts), so
// every keyword any resolved screen uses needs that fallback in both languages.
test('the fallback Validation.<keyword> of every keyword the resolved screens use is in every language', () => {
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
    // How a message writes numeric bounds; it refuses nothing, so it has no message of its own.
    'boundDecimals',
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
  const missing = keys.filter((k) => !inAll(k));
  expect(missing).toEqual([]);
});

test('every return code has its text in every language, translated', () => {
  const { RETURN_CODES, returnCodeKey } =
    require('../../src/server/returnCodes') as typeof import('../../src/server/returnCodes');
  const codes = Object.keys(RETURN_CODES);
  expect(codes.length).toBeGreaterThan(20);
  const bad = codes.flatMap((code) => {
    const key = returnCodeKey(code);
    if (!en[key]?.trim()) return [`${code}: no ${DEFAULT} text`];
    return others.filter((l) => !own[l][key]?.trim() || own[l][key] === en[key]).map((l) => `${code}: ${l}`);
  });
  expect(bad).toEqual([]);
});

test('the shipped languages are complete: every message of the default, in the language itself', () => {
  const messages = new Set(
    Object.keys(en)
      .filter((k) => !k.startsWith('$'))
      .map(messageBase),
  );
  const gaps = others.flatMap((l) => {
    const has = new Set(Object.keys(own[l]).map(messageBase));
    return [...messages].filter((m) => !has.has(m)).map((m) => `${l}: ${m}`);
  });
  expect(gaps).toEqual([]);
});
