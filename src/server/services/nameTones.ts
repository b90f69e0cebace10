// Name tones (001 §2.8, §3, §5.6): tones that greet a caller by name, uploaded by a provider with the name-tone
// privilege into the name-tone category (sp/getcategoryid). One row per name (and subscriber MSISDN, when the
// tone is for one): its initial letter, the date it was first asked for, how many recordings were uploaded and
// the live one. Every upload goes through the approval lifecycle (uploadNameTone).
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, Provider } from '../db/schema';
import { pageOf, type PageRange } from '../db/paging';
import { nameToneCategory } from './referenceData';
import { auditBy } from './audit';
import type { Actor } from './actor';
import { submit } from '../lifecycle/lifecycle';
import { withdrawPending } from '../lifecycle/changes';
import { NAME_TONE } from '../lifecycle/entities/nameTone';
import { addedRow, wireMarks } from '../lifecycle/states';
import { fileUrl } from './uploadedFiles';

type Db = Kysely<Database> | Transaction<Database>;

/** The provider's name-tone category (000 §2: the upload opens with it), or undefined without the privilege. */
export async function nameToneCategoryOf(db: Db, p: Pick<Provider, 'namerbt_privilege'>) {
  if (p.namerbt_privilege !== '1') return undefined;
  return nameToneCategory(db as Kysely<Database>);
}

export interface NameToneFilter {
  name?: string;
  initialLetter?: string;
  msisdn?: string;
}

const contains = (s: string) => `%${s.toLowerCase().replace(/[\\%_]/g, (c) => '\\' + c)}%`;

/** One page of the provider's name tones, newest first, with their total. */
export function listNameTones(db: Db, providerId: number, f: NameToneFilter, range: PageRange) {
  let base = db.selectFrom('name_tones').where('provider_id', '=', providerId);
  if (f.name) base = base.where(sql<boolean>`lower(name) like ${contains(f.name)} escape '\\'`);
  if (f.initialLetter) base = base.where('initial_letter', '=', f.initialLetter);
  if (f.msisdn) base = base.where('msisdn', '=', f.msisdn);
  return pageOf(base, range, async (page) =>
    (await page.selectAll().orderBy('request_date', 'desc').orderBy('id', 'desc').execute()).map((r) => ({
      nameToneID: String(r.id),
      name: r.name,
      requestDate: r.request_date,
      initialLetter: r.initial_letter,
      msisdn: r.msisdn,
      uploadCount: String(r.upload_count),
      uploadLink: r.upload_link ? fileUrl(r.upload_link) : '',
      status: r.status,
      ...wireMarks(r),
    })),
  );
}

/** The provider's name tone of this name and MSISDN (names compare as written). */
export const sameNameTone = (db: Db, providerId: number, name: string, msisdn: string) =>
  db
    .selectFrom('name_tones')
    .selectAll()
    .where('provider_id', '=', providerId)
    .where('name', '=', name)
    .where('msisdn', '=', msisdn)
    .executeTakeFirst();

export interface NameToneUpload {
  catalogId: number;
  name: string;
  initialLetter: string;
  msisdn: string;
  file: string;
}

/**
 * sp/uploadnametone: a new name tone, or a new recording of one the provider has (same name and MSISDN), through
 * the lifecycle: on air at once for a trusted provider, otherwise waiting for the operator while subscribers keep
 * hearing the live recording. A recording uploaded while an earlier one still waits replaces that request: the
 * operator decides once. Answers the name tone's id and whether the upload waits.
 */
export async function uploadNameTone(db: Kysely<Database>, a: Actor, u: NameToneUpload) {
  return db.transaction().execute(async (tx) => {
    const existing = await sameNameTone(tx, a.provider.id, u.name, u.msisdn);
    const recording = { uploadLink: u.file, initialLetter: u.initialLetter, catalogId: u.catalogId };
    let id: number;
    let kind: 'add' | 'modify';
    if (existing) {
      id = existing.id;
      kind = 'modify';
      await withdrawPending(tx, NAME_TONE, id);
    } else {
      kind = 'add';
      ({ id } = await tx
        .insertInto('name_tones')
        .values({
          provider_id: a.provider.id,
          catalog_id: u.catalogId,
          name: u.name,
          request_date: new Date(a.now).toISOString().slice(0, 10),
          initial_letter: u.initialLetter,
          msisdn: u.msisdn,
          upload_count: 1,
          upload_link: u.file,
          ...addedRow(a.now),
        })
        .returning('id')
        .executeTakeFirstOrThrow());
    }
    const state = await submit(tx, NAME_TONE, a.provider, [{ id, kind, payload: existing ? recording : {} }], {
      now: a.now,
    });
    await auditBy(tx, a, {
      action: 'uploadnametone',
      entityType: NAME_TONE,
      entityId: id,
      detail: { name: u.name, msisdn: u.msisdn },
    });
    return { id, approval: state === 'pending' };
  });
}
