// The portal's words (issue 11): i18n/glossary.json names one term per thing. Every text a screen definition
// shows as a title, menu entry, label, column header, action or option is held to it: no avoided variant,
// Title Case for titles and menu entries, sentence case for the rest, and a menu entry reads exactly like the
// title of the screen it opens (so the menu, the page and the breadcrumb never disagree). Every language of
// i18n/languages.json is held to it: each term has its word in every language, and no language uses a variant
// the glossary avoids for it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadLanguagesFromDisk, loadOwnCatalogueFromDisk, siteFoldersOnDisk } from '../../src/engine/fsLoader';

const ROOT = join(__dirname, '..', '..');
const read = (path: string) => JSON.parse(readFileSync(join(ROOT, path), 'utf8'));
const languages = Object.keys(loadLanguagesFromDisk(ROOT).languages);
const catalogues = Object.fromEntries(languages.map((l) => [l, loadOwnCatalogueFromDisk(l, ROOT)]));
const en = catalogues.en;
type Term = Record<string, string | undefined> & { avoid?: Record<string, string[]> };
const glossary = read('i18n/glossary.json') as { properNames: string[]; terms: Term[] };

interface Def {
  id?: string;
  route?: string;
  title?: string;
  editTitle?: string;
  menu?: Record<string, Entry>;
  [k: string]: unknown;
}
interface Entry {
  label: string;
  route?: string;
  children?: Record<string, Entry>;
}

const definitionFiles = [
  ...readdirSync(join(ROOT, 'screen-definitions')).map((f) => `screen-definitions/${f}`),
  ...siteFoldersOnDisk().flatMap((site) =>
    readdirSync(join(ROOT, 'site-variants', site))
      .filter((f) => f !== 'config.json')
      .map((f) => `site-variants/${site}/${f}`),
  ),
].filter((f) => f.endsWith('.json'));
const definitions = definitionFiles.map((f) => [f, read(f) as Def] as const);

const titles = new Set<string>();
const labels = new Set<string>();
function menuLabels(map: Record<string, Entry> | undefined, out: Array<Entry>) {
  for (const e of Object.values(map ?? {})) {
    if (!e) continue;
    out.push(e);
    menuLabels(e.children, out);
  }
  return out;
}
for (const [, def] of definitions) {
  for (const k of [def.title, def.editTitle]) if (typeof k === 'string') titles.add(k);
  for (const e of menuLabels(def.menu, [])) if (e.label) titles.add(e.label);
  for (const part of ['fields', 'search', 'columns', 'summary', 'actions'] as const) {
    for (const item of Object.values((def[part] ?? {}) as Record<string, any>)) {
      if (!item) continue;
      if (typeof item.label === 'string') labels.add(item.label);
      if (typeof item.secondary?.label === 'string') labels.add(item.secondary.label);
      if (Array.isArray(item.options))
        for (const o of item.options) if (typeof o?.label === 'string') labels.add(o.label);
    }
  }
}
// Keys only (a few options carry literal text, such as '30'), present in the catalogues.
const keysOf = (set: Set<string>) => [...set].filter((k) => k in en);

test('the definitions name enough titles and labels for the checks to mean something', () => {
  expect(keysOf(titles).length).toBeGreaterThan(25);
  expect(keysOf(labels).length).toBeGreaterThan(120);
});

test('no title, label, column, action or option uses a variant the glossary avoids', () => {
  const found: string[] = [];
  for (const key of [...keysOf(titles), ...keysOf(labels)]) {
    for (const term of glossary.terms) {
      for (const bad of term.avoid?.en ?? [])
        if (new RegExp(`\\b${bad}\\b`, 'i').test(en[key]))
          found.push(`${key} (en "${en[key]}"): say "${term.en}", not "${bad}"`);
      // Other scripts have no word boundaries \b knows: the variant anywhere in the text.
      for (const lang of languages.filter((l) => l !== 'en'))
        for (const bad of term.avoid?.[lang] ?? [])
          if (catalogues[lang][key]?.includes(bad))
            found.push(`${key} (${lang} "${catalogues[lang][key]}"): say "${term[lang]}", not "${bad}"`);
    }
  }
  expect(found).toEqual([]);
});

const SMALL = new Set(['a', 'an', 'and', 'as', 'at', 'by', 'for', 'in', 'of', 'on', 'or', 'the', 'to']);
/** The text with the glossary's proper names taken out (they keep their own capitals). */
const withoutNames = (text: string) =>
  glossary.properNames.reduce((t, n) => t.replace(new RegExp(`\\b${n}\\b`, 'g'), ' '), text);
const isAcronym = (w: string) => /^[A-Z0-9]{2,}$/.test(w.replace(/[^A-Za-z0-9]/g, '')) || /\d/.test(w);

test('titles and menu entries are in Title Case', () => {
  const wrong = keysOf(titles).filter((key) =>
    withoutNames(en[key])
      .split(/\s+/)
      .filter(Boolean)
      .some((w) => /^[a-z]/.test(w) && !SMALL.has(w)),
  );
  expect(wrong.map((k) => `${k}: ${en[k]}`)).toEqual([]);
});

test('labels, column headers, actions and options are in sentence case', () => {
  const wrong = keysOf(labels).filter((key) => {
    const text = en[key];
    if (titles.has(key)) return false; // a key used as both (a dialog's title on its button) follows the title rule
    const words = withoutNames(text).split(/\s+/).filter(Boolean);
    const first = text.trim()[0] ?? '';
    const startsLower = /[a-z]/.test(first) && !glossary.properNames.some((n) => text.startsWith(n));
    return startsLower || words.slice(1).some((w) => /^[A-Z]/.test(w) && !isAcronym(w));
  });
  expect(wrong.map((k) => `${k}: ${en[k]}`)).toEqual([]);
});

test('a menu entry reads like the title of the screen it opens, in every language', () => {
  const routeTitles = new Map<string, string>();
  for (const [, def] of definitions)
    if (def.route && def.title && def.id) routeTitles.set(def.route.toLowerCase(), def.title);
  const mismatches: string[] = [];
  for (const file of ['screen-definitions/menu.json', 'screen-definitions/routes.json']) {
    for (const e of menuLabels((read(file) as Def).menu, [])) {
      const title = e.route && routeTitles.get(e.route.toLowerCase());
      if (!title) continue;
      for (const [lang, cat] of Object.entries(catalogues)) {
        if (cat[e.label] !== cat[title])
          mismatches.push(`${file} ${e.route} (${lang}): menu "${cat[e.label]}", page "${cat[title]}"`);
      }
    }
  }
  expect(mismatches).toEqual([]);
});

test("every term has its word in every language, and each is the catalogues' word", () => {
  // Each term is spelled as in its catalogue somewhere (so the glossary does not drift from what is shown).
  const all = Object.fromEntries(
    Object.entries(catalogues).map(([l, c]) => [l, Object.values(c).join('\n').toLowerCase()]),
  );
  const missing = glossary.terms.flatMap((t) =>
    languages.filter((l) => !t[l] || !all[l].includes(t[l]!.toLowerCase())).map((l) => `${t.en} (${l}: ${t[l]})`),
  );
  expect(missing).toEqual([]);
});
