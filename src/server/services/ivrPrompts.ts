// IVR salutatory and help prompts (001 §2.7, §4): wav prompts of the provider, kind '1' salutatory (the one
// greeting of its IVR) or '2' help, with status '0' to be approved or '1' normal ('3' when the operator refused
// it, with the reason). A new prompt waits for the operator unless the provider is trusted (believeCP '1'/'2');
// once a new salutatory is approved it replaces the previous one. Removing a prompt applies at once.
import type { Kysely, Transaction } from 'kysely';
import type { Database, Provider } from '../db/schema';
import type { PageRange } from '../db/paging';
import { createChangeRequest, registerApprovalHandler } from './changeRequests';
import { trusted } from './ivrDirectories';
import { fileUrl } from './uploadedFiles';

type Db = Kysely<Database> | Transaction<Database>;
export const SALUTATORY = '1';

export async function listPrompts(db: Db, providerId: number, kind: string, range: PageRange) {
  const base = db.selectFrom('ivr_prompts').where('provider_id', '=', providerId).where('kind', '=', kind);
  const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const recordSum = Number(total.n);
  if (range.countOnly) return { record: [], recordSum };
  const rows = await base.selectAll().orderBy('id', 'desc').offset(range.offset).limit(range.limit).execute();
  return {
    record: rows.map((r) => ({
      promptID: String(r.id),
      promptType: r.kind,
      promptName: r.name,
      promptFile: r.prompt_file,
      promptUrl: fileUrl(r.prompt_file),
      status: r.status,
      refuseReason: r.reject_reason,
      uploadTime: new Date(r.created_at).toISOString(),
    })),
    recordSum,
  };
}

export async function addPrompt(
  tx: Transaction<Database>,
  p: Provider,
  c: { kind: string; name: string; promptFile: string },
  now: number,
) {
  const ok = trusted(p);
  const row = await tx
    .insertInto('ivr_prompts')
    .values({
      provider_id: p.id,
      kind: c.kind,
      name: c.name,
      prompt_file: c.promptFile,
      status: ok ? '1' : '0',
      reject_reason: '',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (ok) await replaceSalutatory(tx, row.id);
  else
    await createChangeRequest(tx, {
      entityType: 'ivrPrompt',
      entityId: row.id,
      providerId: p.id,
      kind: 'add',
      payload: { name: c.name, kind: c.kind === SALUTATORY ? 'salutatory' : 'help' },
      now,
    });
  return row.id;
}

/** A salutatory that went on air: the provider's earlier one (normal) goes. */
async function replaceSalutatory(tx: Transaction<Database>, id: number) {
  const p = await tx.selectFrom('ivr_prompts').select(['provider_id', 'kind']).where('id', '=', id).executeTakeFirst();
  if (p?.kind !== SALUTATORY) return;
  await tx
    .deleteFrom('ivr_prompts')
    .where('provider_id', '=', p.provider_id)
    .where('kind', '=', SALUTATORY)
    .where('status', '=', '1')
    .where('id', '!=', id)
    .execute();
}

export const ownPrompt = (db: Db, providerId: number, id: number) =>
  db
    .selectFrom('ivr_prompts')
    .selectAll()
    .where('id', '=', id)
    .where('provider_id', '=', providerId)
    .executeTakeFirst();

export async function removePrompt(tx: Transaction<Database>, id: number) {
  await tx
    .deleteFrom('change_requests')
    .where('entity_type', '=', 'ivrPrompt')
    .where('entity_id', '=', id)
    .where('status', '=', 'pending')
    .execute();
  await tx.deleteFrom('ivr_prompts').where('id', '=', id).execute();
}

registerApprovalHandler('ivrPrompt', {
  async approve(tx, id, _kind, _payload, now) {
    await tx
      .updateTable('ivr_prompts')
      .set({ status: '1', reject_reason: '', updated_at: now })
      .where('id', '=', id)
      .execute();
    await replaceSalutatory(tx, id);
  },
  async reject(tx, id, _kind, reason, now) {
    await tx
      .updateTable('ivr_prompts')
      .set({ status: '3', reject_reason: reason || '-', updated_at: now })
      .where('id', '=', id)
      .execute();
  },
});
