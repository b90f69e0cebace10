// Name tones (001 §2.8, §3, §5.6): tones that greet a caller by name, uploaded by a provider with the name-tone
// privilege into the name-tone category (sp/getcategoryid). One row per name (and subscriber MSISDN, when the
// tone is for one): its initial letter, the date it was first asked for, how many recordings were uploaded and
// the latest one. Every upload waits for the operator ('to be approved') unless the provider is trusted
// (believeCP '1'/'2'); a new recording of a name replaces the previous one (and a request still waiting for it)
// and waits again.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, Provider } from '../db/schema';
import type { PageRange } from '../db/paging';
import { createChangeRequest, registerApprovalHandler } from './changeRequests';
import { trusted } from './ivrDirectories';
import { nameToneCategory } from './referenceData';
import { fileUrl } from './uploadedFiles';

type Db = Kysely<Database> | Transaction<Database>;
export const NAME_TONE = 'nameTone';

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
export async function listNameTones(db: Db, providerId: number, f: NameToneFilter, range: PageRange) {
  let base = db.selectFrom('name_tones').where('provider_id', '=', providerId);
  if (f.name) base = base.where(sql<boolean>`lower(name) like ${contains(f.name)} escape '\\'`);
  if (f.initialLetter) base = base.where('initial_letter', '=', f.initialLetter);
  if (f.msisdn) base = base.where('msisdn', '=', f.msisdn);
  const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const recordSum = Number(total.n);
  if (range.countOnly) return { record: [], recordSum };
  const rows = await base.selectAll().orderBy('id', 'desc').offset(range.offset).limit(range.limit).execute();
  return {
    record: rows.map((r) => ({
      nameToneID: String(r.id),
      name: r.name,
      requestDate: r.request_date,
      initialLetter: r.initial_letter,
      msisdn: r.msisdn,
      uploadCount: String(r.upload_count),
      uploadLink: r.upload_link ? fileUrl(r.upload_link) : '',
      status: r.status,
      refuseReason: r.reject_reason,
    })),
    recordSum,
  };
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
 * Records an upload: a new name tone, or a new recording of an existing one (its count goes up). Waits for the
 * operator unless the provider is trusted. Returns the name tone's id.
 */
export async function uploadNameTone(tx: Transaction<Database>, p: Provider, u: NameToneUpload, now: number) {
  const ok = trusted(p);
  const status = ok ? '1' : '0';
  const existing = await sameNameTone(tx, p.id, u.name, u.msisdn);
  let id: number;
  if (existing) {
    id = existing.id;
    await tx
      .updateTable('name_tones')
      .set({
        catalog_id: u.catalogId,
        initial_letter: u.initialLetter,
        upload_link: u.file,
        upload_count: existing.upload_count + 1,
        status,
        reject_reason: '',
        updated_at: now,
      })
      .where('id', '=', id)
      .execute();
  } else {
    ({ id } = await tx
      .insertInto('name_tones')
      .values({
        provider_id: p.id,
        catalog_id: u.catalogId,
        name: u.name,
        request_date: new Date(now).toISOString().slice(0, 10),
        initial_letter: u.initialLetter,
        msisdn: u.msisdn,
        upload_count: 1,
        upload_link: u.file,
        status,
        reject_reason: '',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow());
  }
  // A recording uploaded while an earlier one still waits replaces that request: the operator decides once.
  if (existing)
    await tx
      .deleteFrom('change_requests')
      .where('entity_type', '=', NAME_TONE)
      .where('entity_id', '=', id)
      .where('status', '=', 'pending')
      .execute();
  if (!ok)
    await createChangeRequest(tx, {
      entityType: NAME_TONE,
      entityId: id,
      providerId: p.id,
      kind: existing ? 'modify' : 'add',
      payload: { name: u.name, msisdn: u.msisdn, initialLetter: u.initialLetter },
      now,
    });
  return id;
}

registerApprovalHandler(NAME_TONE, {
  async approve(tx, id, _kind, _payload, now) {
    await tx
      .updateTable('name_tones')
      .set({ status: '1', reject_reason: '', updated_at: now })
      .where('id', '=', id)
      .execute();
  },
  async reject(tx, id, _kind, reason, now) {
    await tx
      .updateTable('name_tones')
      .set({ status: '3', reject_reason: reason || '-', updated_at: now })
      .where('id', '=', id)
      .execute();
  },
  async describe(db, ids) {
    const rows = ids.length
      ? await db.selectFrom('name_tones').select(['id', 'name', 'msisdn']).where('id', 'in', ids).execute()
      : [];
    return new Map(rows.map((r) => [r.id, `"${r.name}"${r.msisdn ? ` ${r.msisdn}` : ''}`]));
  },
});
