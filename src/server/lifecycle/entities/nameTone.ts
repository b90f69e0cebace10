// What an approved name tone change does to live data (001 §2.8): an addition puts the name tone on air, a new
// recording (a modification) replaces the live one, with its initial letter and category, and counts as one more
// upload. Until the operator approves, the name tone keeps the recording subscribers hear.
import { describeBy, type ApprovableEntity, type Payload, type Tx } from '../entity';
import { onAirEntity } from './onAir';
import { field, sides } from '../review';

export const NAME_TONE = 'nameTone';

async function writeRecording(tx: Tx, id: number, c: Payload, now: number) {
  if (typeof c.uploadLink !== 'string') return;
  const row = await tx.selectFrom('name_tones').select('upload_count').where('id', '=', id).executeTakeFirstOrThrow();
  await tx
    .updateTable('name_tones')
    .set({
      upload_link: c.uploadLink,
      upload_count: row.upload_count + 1,
      ...(typeof c.initialLetter === 'string' ? { initial_letter: c.initialLetter } : {}),
      ...(typeof c.catalogId === 'number' ? { catalog_id: c.catalogId } : {}),
      updated_at: now,
    })
    .where('id', '=', id)
    .execute();
}

export const nameToneEntity: ApprovableEntity = {
  ...onAirEntity(NAME_TONE, 'name_tones', writeRecording, async (tx, id) => {
    await tx.deleteFrom('name_tones').where('id', '=', id).execute();
  }),
  async review(db, id, kind, c) {
    const t = await db.selectFrom('name_tones').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const pick = (v: unknown, fallback: string) => (typeof v === 'string' ? v : fallback);
    const letter = sides(kind, t.initial_letter, pick(c.initialLetter, t.initial_letter), '');
    const file = sides(kind, t.upload_link, pick(c.uploadLink, t.upload_link), '');
    return {
      fields: [
        field('name', 'NameTone.name', t.name, t.name),
        field('msisdn', 'NameTone.msisdn', t.msisdn, t.msisdn),
        field('initialLetter', 'NameTone.initialLetter', ...letter),
      ],
      files: [
        { name: 'uploadLink', label: 'NameTone.uploadLink', old: file[0], new: file[1], changed: file[0] !== file[1] },
      ],
    };
  },
  describe: describeBy('name_tones', ['name', 'msisdn'], (r) => `"${r.name}"${r.msisdn ? ` ${r.msisdn}` : ''}`),
};
