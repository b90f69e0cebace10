// Copyright owners (000 §3) as one catalogue per site, shared by its providers: an owner entered by one
// provider can be chosen by the others (a tone's lyric, tune or record company), which is why each record
// names its creator (spCode). Contact data stays with the creator: the phone number is sent only on the
// creator's own records, and searching by phone number finds only those, so a provider cannot probe for
// another provider's numbers. A national ID names one owner: entering it twice is refused (302031).
import { sql, type Insertable, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { PageRange } from '../db/paging';
import { countRows } from '../db/paging';

export interface OwnerFilter {
  site: string;
  providerId: number;
  copyRightType?: string;
  officialName?: string;
  phoneNumber?: string;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => '\\' + c);
const contains = (s: string) => `%${escapeLike(s.toLowerCase())}%`;

function ownersQuery(db: Kysely<Database>, f: OwnerFilter) {
  let q = db
    .selectFrom('copyright_companies as c')
    .innerJoin('providers as p', 'p.id', 'c.provider_id')
    .where('p.site', '=', f.site);
  if (f.copyRightType) q = q.where('c.copyright_type', '=', f.copyRightType);
  if (f.officialName) q = q.where(sql<string>`lower(c.official_name)`, 'like', contains(f.officialName));
  if (f.phoneNumber)
    q = q.where('c.provider_id', '=', f.providerId).where('c.phone_number', 'like', contains(f.phoneNumber));
  return q;
}

export async function listOwners(db: Kysely<Database>, f: OwnerFilter, range: PageRange) {
  const q = ownersQuery(db, f);
  const n = await countRows(q);
  if (range.countOnly) return { recordSum: n };
  const rows = await q
    .select([
      'c.id',
      'c.provider_id',
      'c.copyright_type',
      'c.company_name',
      'c.official_name',
      'c.phone_number',
      'c.email',
      'c.stage_name',
      'c.id_number',
      'c.description',
      'p.code',
    ])
    .orderBy('c.id', 'desc')
    .limit(range.limit)
    .offset(range.offset)
    .execute();
  const record = rows.map((r) => ({
    companyID: String(r.id),
    companyName: r.company_name,
    copyRightType: r.copyright_type,
    officialName: r.official_name,
    // Only the creator sees the number (000 §3); others get the empty value the list shows as ----.
    phoneNumber: r.provider_id === f.providerId ? r.phone_number : '',
    email: r.email,
    stageName: r.stage_name,
    idNumber: r.id_number,
    description: r.description,
    spCode: r.code,
  }));
  return { record, recordSum: n };
}

/** An owner with this national ID already in the site's catalogue (case-insensitive). */
export async function ownerExists(
  db: Kysely<Database>,
  site: string,
  copyRightType: string,
  idNumber: string,
  /** An owner being edited: its own ID is not a duplicate. */
  except?: number,
): Promise<boolean> {
  let q = db
    .selectFrom('copyright_companies as c')
    .innerJoin('providers as p', 'p.id', 'c.provider_id')
    .select('c.id')
    .where('p.site', '=', site)
    .where('c.copyright_type', '=', copyRightType)
    .where(sql<string>`lower(c.id_number)`, '=', idNumber.toLowerCase());
  if (except !== undefined) q = q.where('c.id', '!=', except);
  return (await q.executeTakeFirst()) !== undefined;
}

/** The tones naming an owner in any role (its codes, a few), so an owner in use is not deleted. */
export async function tonesOfOwner(db: Kysely<Database>, companyId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('tone_copyrights as t')
    .innerJoin('tones', 'tones.id', 't.tone_id')
    .select('tones.tone_code')
    .where('t.company_id', '=', companyId)
    .where('tones.status', '!=', '6')
    .distinct()
    .limit(5)
    .execute();
  return rows.map((r) => r.tone_code);
}

/** The provider's first copyright owner (its number), if it has any. */
export async function firstOwnId(db: Kysely<Database>, providerId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('copyright_companies')
    .select('id')
    .where('provider_id', '=', providerId)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row?.id;
}

export type CopyrightRole = 'lyric' | 'tune' | 'record';
export const COPYRIGHT_ROLES: readonly CopyrightRole[] = ['lyric', 'tune', 'record'];

/**
 * Replaces the copyright owners of a tone (sp/addtone and sp/edittone store the form's lyricCompanyID,
 * tuneCompanyID (up to 10, comma list) and recordCompanyID with their validity dates through this).
 */
export async function saveToneCopyrights(
  db: Kysely<Database>,
  toneId: number,
  entries: Array<{ role: CopyrightRole; companyId: number; validDay: string }>,
): Promise<void> {
  await db.deleteFrom('tone_copyrights').where('tone_id', '=', toneId).execute();
  if (entries.length)
    await db
      .insertInto('tone_copyrights')
      .values(entries.map((e) => ({ tone_id: toneId, role: e.role, company_id: e.companyId, valid_day: e.validDay })))
      .execute();
}

/**
 * A tone's copyright owners in every role, by company id, each with its validity date and what the catalogue says
 * of the company (null names when the company is no longer in it).
 */
export const ownersOfTone = (db: Kysely<Database>, toneId: number) =>
  db
    .selectFrom('tone_copyrights as r')
    .leftJoin('copyright_companies as c', 'c.id', 'r.company_id')
    .select(['r.role', 'r.company_id', 'r.valid_day', 'c.company_name', 'c.official_name', 'c.stage_name'])
    .where('r.tone_id', '=', toneId)
    .orderBy('r.company_id')
    .execute();

/** The owners of one of the provider's tones by role, or undefined when the provider has no such tone. */
export async function toneCopyrights(
  db: Kysely<Database>,
  providerId: number,
  tone: { toneID?: number; toneCode?: string },
) {
  let q = db.selectFrom('tones').select(['id', 'tone_code']).where('provider_id', '=', providerId);
  if (tone.toneID !== undefined) q = q.where('id', '=', tone.toneID);
  if (tone.toneCode !== undefined) q = q.where('tone_code', '=', tone.toneCode);
  const found = await q.executeTakeFirst();
  if (!found) return undefined;
  // Only owners still in the catalogue.
  const rows = (await ownersOfTone(db, found.id)).filter((r) => r.company_name !== null);
  return {
    toneID: String(found.id),
    toneCode: found.tone_code,
    copyrights: rows
      .sort(
        (a, b) => COPYRIGHT_ROLES.indexOf(a.role as CopyrightRole) - COPYRIGHT_ROLES.indexOf(b.role as CopyrightRole),
      )
      .map((r) => ({
        copyrightRole: r.role,
        companyID: String(r.company_id),
        companyName: r.company_name,
        officialName: r.official_name,
        validDay: r.valid_day,
      })),
  };
}

/** A new copyright owner of the provider; its id. */
export async function addOwner(
  db: Kysely<Database>,
  owner: Insertable<Database['copyright_companies']>,
): Promise<number> {
  const { id } = await db.insertInto('copyright_companies').values(owner).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** One of the provider's own owners (it added it): its id and type, or undefined. */
export function ownOwner(db: Kysely<Database>, providerId: number, id: number) {
  return db
    .selectFrom('copyright_companies')
    .select(['id', 'copyright_type'])
    .where('id', '=', id)
    .where('provider_id', '=', providerId)
    .executeTakeFirst();
}

/** The columns an owner's dialog writes (Add and Modify Copyright): the same fields, the same defaults. */
export function ownerColumns(f: {
  officialName: unknown;
  phoneNumber: unknown;
  idNumber: unknown;
  email?: unknown;
  stageName?: unknown;
  description?: unknown;
}) {
  return {
    official_name: String(f.officialName),
    phone_number: String(f.phoneNumber),
    email: String(f.email ?? ''),
    stage_name: String(f.stageName ?? ''),
    id_number: String(f.idNumber),
    description: String(f.description ?? ''),
  };
}

/** Corrects an owner (company name follows the official name, as the Modify dialog shows one name). */
export async function updateOwner(db: Kysely<Database>, id: number, columns: ReturnType<typeof ownerColumns>) {
  await db
    .updateTable('copyright_companies')
    .set({ ...columns, company_name: columns.official_name })
    .where('id', '=', id)
    .execute();
}

export async function deleteOwner(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('copyright_companies').where('id', '=', id).execute();
}
