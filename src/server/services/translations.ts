// Names of operator reference data in the portal's languages: content languages, catalogues, tariffs and
// their detail rows carry English names in their own tables; the translations table holds the other
// languages (entity, id, field, language -> text). Every answer that shows such a name (option lists, the tone
// list and detail, the tariff tables, the export) reads it in the request's language, the English name where
// no translation exists.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Lang } from '../returnCodes';
import { CATALOGUES, detailDescription, LANGUAGE_NAMES_ZH, TARIFFS, type CatalogueSeed } from '../seed/reference';

export type Translated = 'language' | 'catalogue' | 'tariff' | 'tariff_detail';
type Db = Kysely<Database>;

/** A lookup: the translation of (id, field), or the English text given. English needs no query. */
export type Names = (id: number | null | undefined, field: string, english: string) => string;

export async function namesIn(db: Db, entity: Translated, lang: Lang): Promise<Names> {
  if (lang === 'en') return (_id, _field, english) => english;
  const rows = await db
    .selectFrom('translations')
    .select(['entity_id', 'field', 'text'])
    .where('entity', '=', entity)
    .where('lang', '=', lang)
    .execute();
  const map = new Map(rows.map((r) => [`${r.entity_id}:${r.field}`, r.text]));
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
 * The Chinese names of the demo reference data (seed/reference.ts), for the rows of it the database holds
 * (matched by language code and English name). Run by the demo seed and by migration 007 for databases seeded
 * before translations existed; rows already translated are left as they are.
 */
export async function translateDemoReferenceData(db: Kysely<any>): Promise<void> {
  const rows: TranslationRow[] = [];
  const languages = (await db.selectFrom('languages').select(['id', 'language_code']).execute()) as Array<{
    id: number;
    language_code: string;
  }>;
  for (const l of languages)
    if (LANGUAGE_NAMES_ZH[l.language_code])
      rows.push({
        entity: 'language',
        entity_id: l.id,
        field: 'name',
        lang: 'zh',
        text: LANGUAGE_NAMES_ZH[l.language_code],
      });

  const zhByName = new Map<string, string>();
  const walk = (list: CatalogueSeed[]) =>
    list.forEach((c) => {
      zhByName.set(c.name, c.zh);
      walk(c.children ?? []);
    });
  Object.values(CATALOGUES).forEach(walk);
  const catalogues = (await db.selectFrom('catalogues').select(['id', 'name']).execute()) as Array<{
    id: number;
    name: string;
  }>;
  for (const c of catalogues)
    if (zhByName.has(c.name))
      rows.push({ entity: 'catalogue', entity_id: c.id, field: 'name', lang: 'zh', text: zhByName.get(c.name)! });

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
    rows.push(
      { entity: 'tariff', entity_id: t.id, field: 'name', lang: 'zh', text: seed.zh.name },
      { entity: 'tariff', entity_id: t.id, field: 'description', lang: 'zh', text: seed.zh.description },
    );
    for (const d of details) {
      if (d.tariff_id === t.id && d.description === detailDescription(seed.name, d.price)) {
        rows.push({
          entity: 'tariff_detail',
          entity_id: d.id,
          field: 'description',
          lang: 'zh',
          text: detailDescription(seed.zh.name, d.price),
        });
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
