// A change's ids shown to the operator by name: the language, catalogue, tariff or owner a tone or box names is
// reviewed as "Pop (3)", not "3", in the operator's language. Which table a field's parameter names is
// records/references.json's `parameters` (the same entries that check the ids on the way in); how a table's rows
// are named, its `names`.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { rowNamesOf, type Reference } from '../http/contract';
import type { Lang } from '../http/lang';
import { namesIn } from '../services/translations';
import type { ViewField } from './review';

/** The ids a field's text holds (several when the reference is a list), without the "none" values. */
const idsIn = (text: string, ref: Reference) =>
  (ref.list ? text.split(ref.list) : [text])
    .map((v) => v.trim())
    .filter((v) => /^\d+$/.test(v) && !(ref.none ?? []).includes(v));

/** The view's fields with every id named where its table has names; the reference itself is not answered. */
export async function withReferenceNames(db: Kysely<Database>, fields: ViewField[], lang: Lang): Promise<ViewField[]> {
  const byTable = new Map<string, Set<number>>();
  for (const f of fields)
    if (f.reference && rowNamesOf(f.reference.table))
      for (const id of [...idsIn(f.old, f.reference), ...idsIn(f.new, f.reference)])
        byTable.set(f.reference.table, (byTable.get(f.reference.table) ?? new Set()).add(Number(id)));
  const names = new Map<string, Map<number, string>>();
  for (const [table, ids] of byTable) {
    const how = rowNamesOf(table)!;
    const [rows, translated] = await Promise.all([
      (db as unknown as Kysely<Record<string, Record<string, unknown>>>)
        .selectFrom(table)
        .select(['id', how.column])
        .where('id', 'in', [...ids])
        .execute(),
      how.translations ? namesIn(db, how.translations, lang) : undefined,
    ]);
    names.set(
      table,
      new Map(
        rows.map((r) => {
          const id = Number(r.id);
          const own = String(r[how.column] ?? '');
          return [id, translated ? translated(id, 'name', own) : own];
        }),
      ),
    );
  }
  return fields.map(({ reference, ...f }) => {
    const named = reference && names.get(reference.table);
    if (!named) return f;
    const name = (text: string) =>
      text
        .split(reference.list ?? '\u0000')
        .map((v) => {
          const n = /^\d+$/.test(v.trim()) ? named.get(Number(v.trim())) : undefined;
          return n ? `${n} (${v.trim()})` : v;
        })
        .join(reference.list ? `${reference.list} ` : '');
    return { ...f, old: name(f.old), new: name(f.new) };
  });
}
