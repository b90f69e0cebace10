// Every message key the shell, the session pages, the operator console's frame and the API client name in code exists in both catalogues,
// including the keys they build from parts (help topics, greetings).
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

/**
 * Any quoted 'Namespace.key' literal, or "Namespace.key" (a JSX attribute): the shell passes keys around in
 * variables, objects and props too.
 */
const KEY = /(['"])((?:[A-Z][A-Za-z]+|request)\.[A-Za-z][A-Za-z.]*)\1/g;
const SOURCES = [
  join(ROOT, 'src', 'ui', 'shell'),
  join(ROOT, 'src', 'ui', 'session'),
  // The operator console's frame and pages (its screens' keys are the definitions', checked with them).
  join(ROOT, 'src', 'ui', 'operator'),
  join(ROOT, 'src', 'api'),
  join(ROOT, 'src', 'ui', 'App.tsx'),
];
const BUILT = [
  ...['start', 'tones', 'boxes', 'ivr', 'nameRbt', 'account', 'contact'].flatMap((t) => [
    `Help.${t}.title`,
    `Help.${t}.text`,
  ]),
  'Dashboard.morning',
  'Dashboard.afternoon',
  'Dashboard.evening',
];

test('keys of the shell, the session pages and the API client are in en and zh', () => {
  const keys = new Set<string>(BUILT);
  for (const source of SOURCES) {
    for (const file of statSync(source).isDirectory() ? files(source) : [source]) {
      for (const m of readFileSync(file, 'utf8').matchAll(KEY)) if (!/\.(tsx?|json|css)$/.test(m[2])) keys.add(m[2]);
    }
  }
  expect(keys.size).toBeGreaterThan(40);
  const missing = [...keys].filter((k) => !(k in en) || !(k in zh));
  expect(missing).toEqual([]);
});

test('the Chinese catalogue is a translation, not a copy, for the shell keys', () => {
  const same = Object.keys(en).filter(
    (k) => /^(App|Auth|Dashboard|Help|NotFound|NoPrivilege|Footer|request)\./.test(k) && en[k] === zh[k],
  );
  expect(same).toEqual([]);
});
