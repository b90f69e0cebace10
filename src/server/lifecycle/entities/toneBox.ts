// What an approved music box change does to live data (000 §2-§4, 001 §2.5): an addition puts the box on sale, a
// modification writes the edited fields as the box's record maps them (records/toneBox.json) and replaces its
// tones with the staged list, a deletion marks it deleted with its reason and takes it out of the IVR directories
// of tone boxes that hold it. Until the operator approves, the box, its tones and those directories stay as they were.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { languageNames } from '../../services/translations';
import { describeBy, type ApprovableEntity, type Payload, type Tx } from '../entity';
import { STATUS } from '../states';
import { onAirEntity } from './onAir';
import { toneBoxFields } from '../../services/toneBoxRecord';
import { field, recordView, sides } from '../review';

export const TONE_BOX = 'toneBox';

/** Replaces a box's tones with `toneIds`, in that order. */
export async function setBoxTones(db: Kysely<Database>, boxId: number, toneIds: number[]): Promise<void> {
  await db.deleteFrom('tone_box_items').where('box_id', '=', boxId).execute();
  if (toneIds.length)
    await db
      .insertInto('tone_box_items')
      .values(toneIds.map((tone_id, position) => ({ box_id: boxId, tone_id, position })))
      .execute();
}

async function writeFields(tx: Tx, id: number, payload: Payload, now: number) {
  await tx
    .updateTable('tone_boxes')
    .set({ ...toneBoxFields().changeColumns(payload), updated_at: now })
    .where('id', '=', id)
    .execute();
  if (Array.isArray(payload.tones)) await setBoxTones(tx, id, payload.tones.map(Number));
}

export const toneBoxEntity: ApprovableEntity = {
  ...onAirEntity(TONE_BOX, 'tone_boxes', writeFields, async (tx, id, payload, now) => {
    await tx.deleteFrom('ivr_directory_items').where('resource_type', '=', '2').where('resource_id', '=', id).execute();
    await tx
      .updateTable('tone_boxes')
      .set({ status: STATUS.deleted, delete_reason: String(payload.reason ?? ''), updated_at: now })
      .where('id', '=', id)
      .execute();
  }),
  async review(db, id, kind, payload, { lang, site }) {
    const row = await db.selectFrom('tone_boxes').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const [languages, names] = await Promise.all([
      db.selectFrom('languages').select(['id', 'language_code']).orderBy('priority', 'desc').execute(),
      languageNames(db, lang),
    ]);
    // One prompt per content language: each headed by its language, in the operator's language.
    const prompts = Object.fromEntries(
      languages.map((l) => [
        l.language_code,
        { label: 'MusicBox.promptFileOf', params: { language: names.get(l.id) ?? l.language_code } },
      ]),
    );
    const view = recordView(toneBoxFields(), row, payload, kind, {
      tag: 'music boxes',
      site,
      files: { field: 'toneFile', labels: prompts },
    });
    const codes = async (ids: number[]) =>
      ids.length
        ? (await db.selectFrom('tones').select(['id', 'tone_code']).where('id', 'in', ids).execute())
            .sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id))
            .map((t) => t.tone_code)
        : [];
    const live = (
      await db.selectFrom('tone_box_items').select('tone_id').where('box_id', '=', id).orderBy('position').execute()
    ).map((r) => r.tone_id);
    const staged = Array.isArray(payload.tones) ? payload.tones.map(Number) : live;
    const [before, after] = sides(kind, await codes(live), await codes(staged), []);
    view.fields.push(field('tones', 'MusicBox.tones', before.join(', '), after.join(', ')));
    return view;
  },
  describe: describeBy('tone_boxes', ['code', 'name'], (r) => `${r.code} "${r.name}"`),
};
