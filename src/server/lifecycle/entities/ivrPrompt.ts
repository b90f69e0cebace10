// What an approved IVR prompt change does to live data (001 §2.7): an addition puts the prompt on air, and a new
// salutatory replaces the provider's earlier one (one greeting per IVR). A prompt is not modified; the provider's
// removal of its own prompt applies at once (services/ivrPrompts.ts).
import { describeBy, type ApprovableEntity, type Tx } from '../entity';
import { STATUS } from '../states';
import { putOnAir } from './onAir';
import { field, sides } from '../review';

export const IVR_PROMPT = 'ivrPrompt';
/** Kind '1' salutatory (the one greeting), '2' help. */
export const SALUTATORY = '1';

/** A salutatory that went on air: the provider's earlier one (normal) goes. */
async function replaceSalutatory(tx: Tx, id: number) {
  const p = await tx.selectFrom('ivr_prompts').select(['provider_id', 'kind']).where('id', '=', id).executeTakeFirst();
  if (p?.kind !== SALUTATORY) return;
  await tx
    .deleteFrom('ivr_prompts')
    .where('provider_id', '=', p.provider_id)
    .where('kind', '=', SALUTATORY)
    .where('status', '=', STATUS.normal)
    .where('id', '!=', id)
    .execute();
}

const notModified = async () => {
  throw new Error('an IVR prompt is replaced by a new one, never modified');
};

export const ivrPromptEntity: ApprovableEntity = {
  type: IVR_PROMPT,
  table: 'ivr_prompts',
  apply: {
    async add(tx, id, _payload, now) {
      await putOnAir(tx, 'ivr_prompts', id, now);
      await replaceSalutatory(tx, id);
    },
    modify: notModified,
    async delete(tx, id) {
      await tx.deleteFrom('ivr_prompts').where('id', '=', id).execute();
    },
  },
  async review(db, id, kind) {
    const p = await db.selectFrom('ivr_prompts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const [name, file] = [sides(kind, p.name, p.name, ''), sides(kind, p.prompt_file, p.prompt_file, '')];
    return {
      fields: [
        field(
          'promptType',
          'Ivr.promptType',
          p.kind === SALUTATORY ? 'Menu.salutatory' : 'Menu.help',
          p.kind === SALUTATORY ? 'Menu.salutatory' : 'Menu.help',
        ),
        field('promptName', 'Ivr.promptName', ...name),
      ],
      files: [
        { name: 'promptFile', label: 'Ivr.promptTone', old: file[0], new: file[1], changed: file[0] !== file[1] },
      ],
    };
  },
  describe: describeBy(
    'ivr_prompts',
    ['name', 'kind'],
    (r) => `${r.kind === SALUTATORY ? 'salutatory' : 'help'} "${r.name}"`,
  ),
};
