// Every message key the renderers and widgets name in code exists in both catalogues (the lead's catalogue
// test covers definitions; this one covers literal keys in src/ui/form, list and widgets).
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
