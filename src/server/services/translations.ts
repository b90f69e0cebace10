// Names of operator reference data in the portal's languages: content languages, catalogues, tariffs and
// their detail rows carry English names in their own tables; the translations table holds the other
// languages (entity, id, field, language -> text). Every answer that shows such a name (option lists, the tone
// list and detail, the tariff tables, the export) reads it in the request's language, the English name where
// no translation exists.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { fallbackChain } from '../../engine/languages';
import { serverLanguages, type Lang } from '../http/lang';
import { CATALOGUES, detailDescription, LANGUAGE_NAMES, TARIFFS, type CatalogueSeed } from '../seed/reference';

export type Translated = 'language' | 'catalogue' | 'tariff' | 'tariff_detail';
type Db = Kysely<Database>;

/** A lookup: the translation of (id, field), or the English text given. English needs no query. */
export type Names = (id: number | null | undefined, field: string, english: string) => string;

/**
 * The language of the names the reference tables hold themselves (languages.language_desc, catalogues.name,
 * tariffs.name...): a fact of the database's columns, whatever languages the portal offers.
 */
export const TABLE_LANGUAGE = 'en';

/**
 * Names in a portal language, falling back along its chain (i18n/languages.json) name by name: Persian, else
 * the next language of its chain that has one, else the table's own English name.
 */
export async function namesIn(db: Db, entity: Translated, lang: Lang): Promise<Names> {
  const chain = fallbackChain(serverLanguages(), lang);
  // Languages after the tables' own are never needed: the table has its name.
  const at = chain.indexOf(TABLE_LANGUAGE);
  const wanted = at >= 0 ? chain.slice(0, at) : chain;
  if (wanted.length === 0) return (_id, _field, english) => english;
  const rows = await db
    .selectFrom('translations')
    .select(['entity_id', 'field', 'lang', 'text'])
    .where('entity', '=', entity)
    .where('lang', 'in', wanted)
    .execute();
  const map = new Map<string, string>();
  // The chain's earlier languages win: fill from its end so they overwrite.
  for (const l of [...wanted].reverse())
    for (const r of rows) if (r.lang === l) map.set(`${r.entity_id}:${r.field}`, r.text);
  return (id, field, english) => (id === null || id === undefined ? english : (map.get(`${id}:${field}`) ?? english));
}

/** How long the language names a list or an export shows are kept (reference data changes rarely). */
const LANGUAGE_NAMES_TTL_MS = 30_000;
const languageCache = new WeakMap<object, Map<Lang, { at: number; names: Map<number, string> }>>();

/** Every content language's name in a portal language, by language id (cached per database for 30 s). */
export async function languageNames(db: Db, lang: Lang, now = Date.now()): Promise<Map<number, string>> {
  let byLang = languageCache.get(db);
  if (!byLang) languageCache.set(db, (byLang = new Map()));
  const hit = byLang.get(lang);
  if (hit && now - hit.at < LANGUAGE_NAMES_TTL_MS) return hit.names;
  const [rows, names] = await Promise.all([
    db.selectFrom('languages').select(['id', 'language_desc']).execute(),
    namesIn(db, 'language', lang),
  ]);
  const map = new Map(rows.map((r) => [r.id, names(r.id, 'name', r.language_desc)]));
  byLang.set(lang, { at: now, names: map });
  return map;
}

interface TranslationRow {
  entity: Translated;
  entity_id: number;
  field: string;
  lang: string;
  text: string;
}

/**
 * The names of the demo reference data (seed/reference.ts) in the other portal languages, for the rows of it the
 * database holds (matched by language code and English name). Run by the demo seed and by migrations 007
 * (Chinese) and 029 (Persian) for databases seeded before; rows already translated are left as they are.
 */
export async function translateDemoReferenceData(db: Kysely<any>): Promise<void> {
  const rows: TranslationRow[] = [];
  const languages = (await db.selectFrom('languages').select(['id', 'language_code']).execute()) as Array<{
    id: number;
    language_code: string;
  }>;
  for (const l of languages)
    for (const [lang, text] of Object.entries(LANGUAGE_NAMES[l.language_code] ?? {}))
      rows.push({ entity: 'language', entity_id: l.id, field: 'name', lang, text });

  const namesByName = new Map<string, Record<string, string>>();
  const walk = (list: CatalogueSeed[]) =>
    list.forEach((c) => {
      namesByName.set(c.name, c.names);
      walk(c.children ?? []);
    });
  Object.values(CATALOGUES).forEach(walk);
  const catalogues = (await db.selectFrom('catalogues').select(['id', 'name']).execute()) as Array<{
    id: number;
    name: string;
  }>;
  for (const c of catalogues)
    for (const [lang, text] of Object.entries(namesByName.get(c.name) ?? {}))
      rows.push({ entity: 'catalogue', entity_id: c.id, field: 'name', lang, text });

  const tariffs = (await db.selectFrom('tariffs').select(['id', 'name']).execute()) as Array<{
    id: number;
    name: string;
  }>;
  const details = (await db
    .selectFrom('tariff_details')
    .select(['id', 'tariff_id', 'price', 'description'])
    .execute()) as Array<{ id: number; tariff_id: number; price: string; description: string }>;
  for (const t of tariffs) {
    const seed = TARIFFS.find((s) => s.name === t.name);
    if (!seed) continue;
    for (const [lang, named] of Object.entries(seed.names)) {
      rows.push(
        { entity: 'tariff', entity_id: t.id, field: 'name', lang, text: named.name },
        { entity: 'tariff', entity_id: t.id, field: 'description', lang, text: named.description },
      );
      for (const d of details) {
        if (d.tariff_id === t.id && d.description === detailDescription(seed.name, d.price)) {
          rows.push({
            entity: 'tariff_detail',
            entity_id: d.id,
            field: 'description',
            lang,
            text: detailDescription(named.name, d.price),
          });
        }
      }
    }
  }
  for (let i = 0; i < rows.length; i += 200) {
    await db
      .insertInto('translations')
      .values(rows.slice(i, i + 200))
      .onConflict((oc: any) => oc.columns(['entity', 'entity_id', 'field', 'lang']).doNothing())
      .execute();
  }
}
