// IVR salutatory and help prompts (001 §2.7, §4): wav prompts of the provider, kind '1' salutatory (the one
// greeting of its IVR) or '2' help. A new prompt goes through the approval lifecycle: on air at once for a trusted
// provider (believeCP '1'/'2'), otherwise 'to be approved' until the operator decides; an approved salutatory
// replaces the previous one (lifecycle/entities/ivrPrompt.ts). Removing a prompt is the provider's own and applies
// at once, withdrawing a request still waiting for it.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { pageOf, type PageRange } from '../db/paging';
import { orNotFound } from '../envelope';
import { auditBy } from './audit';
import type { Actor } from './actor';
import { fileUrl } from './uploadedFiles';
import { addForApproval } from '../lifecycle/lifecycle';
import { withdrawPending } from '../lifecycle/changes';
import { IVR_PROMPT } from '../lifecycle/entities/ivrPrompt';
import { wireMarks } from '../lifecycle/states';

type Db = Kysely<Database> | Transaction<Database>;

export function listPrompts(db: Db, providerId: number, kind: string, range: PageRange) {
  const base = db.selectFrom('ivr_prompts').where('provider_id', '=', providerId).where('kind', '=', kind);
  return pageOf(base, range, async (page) =>
    (await page.selectAll().orderBy('id', 'desc').execute()).map((r) => ({
      promptID: String(r.id),
      promptType: r.kind,
      promptName: r.name,
      promptFile: r.prompt_file,
      promptUrl: fileUrl(r.prompt_file),
      status: r.status,
      ...wireMarks(r),
      uploadTime: new Date(r.created_at).toISOString(),
    })),
  );
}

/** sp/addivrwelhlp: a new prompt (the caller checked its file), on air at once or waiting for the operator. */
export async function createPrompt(
  db: Kysely<Database>,
  a: Actor,
  c: { kind: string; name: string; promptFile: string },
): Promise<number> {
  return db.transaction().execute(async (tx) => {
    const { id } = await addForApproval(
      tx,
      IVR_PROMPT,
      a.provider,
      { kind: c.kind, name: c.name, prompt_file: c.promptFile },
      a.now,
    );
    await auditBy(tx, a, {
      action: 'addivrwelhlp',
      entityType: IVR_PROMPT,
      entityId: id,
      detail: { name: c.name, type: c.kind },
    });
    return id;
  });
}

/** sp/delivrwelhlp: the provider's prompt goes at once (950005 for any other), with any request still waiting. */
export async function removePrompt(db: Kysely<Database>, a: Actor, promptId: number) {
  await db.transaction().execute(async (tx) => {
    const prompt = orNotFound(
      await tx
        .selectFrom('ivr_prompts')
        .selectAll()
        .where('id', '=', promptId)
        .where('provider_id', '=', a.provider.id)
        .executeTakeFirst(),
    );
    await withdrawPending(tx, IVR_PROMPT, prompt.id);
    await tx.deleteFrom('ivr_prompts').where('id', '=', prompt.id).execute();
    await auditBy(tx, a, {
      action: 'delivrwelhlp',
      entityType: IVR_PROMPT,
      entityId: prompt.id,
      detail: { name: prompt.name },
    });
  });
}
