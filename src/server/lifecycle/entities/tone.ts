// What an approved tone change does to live data (001 §3-§4): an addition puts the tone on sale, a modification
// writes the edited fields as the tone's record maps them (records/tone.json) with its tags and copyright owners,
// a deletion marks it deleted ('6', tones are never removed) and takes it out of every music box and IVR
// directory that holds it. That last step is why a forced delete asks first (001 §4): once the deletion is
// approved, those boxes' and directories' subscribers lose the tone. Until then nothing moves.
import { sql } from 'kysely';
import { describeBy, writeColumns, type ApprovableEntity, type Payload, type Tx } from '../entity';
import { STATUS } from '../states';
import { onAirEntity } from './onAir';
import { toneFields } from '../../services/toneRecord';
import { field, recordView, sides } from '../review';

/** The files of a tone's file map (001 §3 toneFile) with the labels the tone form gives them. */
const TONE_FILES = {
  webAuditon: 'ToneForm.webFile',
  aipPlay: 'ToneForm.ivrFile',
  hdPlay: 'ToneForm.hdFile',
  mediaPlay: 'ToneForm.mediaFile',
  image: 'ToneForm.image',
};

/** The staged fields of a tone change: columns of its record, the whole tag list, the copyright owners. */
async function writeFields(tx: Tx, id: number, payload: Payload, now: number) {
  await writeColumns(tx, 'tones', id, toneFields().changeColumns(payload), now);
  // The tone form's edit carries the whole tag list: it replaces the tone's tags.
  if (Array.isArray(payload.tags)) {
    const tone = await tx.selectFrom('tones').select('provider_id').where('id', '=', id).executeTakeFirstOrThrow();
    await tx.deleteFrom('tags').where('tone_id', '=', id).execute();
    const names = payload.tags.map(String).filter(Boolean);
    if (names.length)
      await tx
        .insertInto('tags')
        .values(names.map((name) => ({ provider_id: tone.provider_id, tone_id: id, name })))
        .execute();
  }
  // Likewise the copyright owners with their validity dates (roles lyric, tune, record).
  if (Array.isArray(payload.copyrights)) {
    await tx.deleteFrom('tone_copyrights').where('tone_id', '=', id).execute();
    const owners = payload.copyrights as Array<{ role: string; company_id: number; valid_day: string }>;
    if (owners.length)
      await tx
        .insertInto('tone_copyrights')
        .values(owners.map((o) => ({ tone_id: id, role: o.role, company_id: o.company_id, valid_day: o.valid_day })))
        .execute();
  }
}

/** Where a tone is in use: the boxes and IVR directories that hold it (sp/deltones names them before a forced delete). */
export async function toneUses(tx: Tx | Parameters<ApprovableEntity['describe']>[0], ids: number[]) {
  if (!ids.length) return { boxes: [], directories: [] };
  const boxes = await tx
    .selectFrom('tone_box_items as i')
    .innerJoin('tone_boxes as b', 'b.id', 'i.box_id')
    .select(['i.tone_id', 'b.id', 'b.code', 'b.name'])
    .where('i.tone_id', 'in', ids)
    .where('b.status', '!=', STATUS.deleted)
    .orderBy('b.id')
    .execute();
  const directories = await tx
    .selectFrom('ivr_directory_items as i')
    .innerJoin('ivr_directories as d', 'd.id', 'i.directory_id')
    .select(['i.resource_id as tone_id', 'd.id', 'd.name'])
    .where('i.resource_type', '=', '1')
    .where('i.resource_id', 'in', ids)
    .orderBy('d.id')
    .execute();
  return { boxes, directories };
}

/**
 * Many tones' edited columns in one statement per set of columns (an UPDATE joined to a VALUES list): a batch line
 * group's changes. Changes with tags or copyright owners (the tone form's) take the one-by-one path.
 */
async function writeManyFields(tx: Tx, changes: Array<{ id: number; payload: Payload }>, now: number) {
  const bySet = new Map<string, Array<[number, Record<string, unknown>]>>();
  for (const { id, payload } of changes) {
    if (Array.isArray(payload.tags) || Array.isArray(payload.copyrights)) {
      await writeFields(tx, id, payload, now);
      continue;
    }
    const columns = toneFields().changeColumns(payload) as Record<string, unknown>;
    const key = Object.keys(columns).sort().join(',');
    bySet.set(key, [...(bySet.get(key) ?? []), [id, columns]]);
  }
  for (const [key, rows] of bySet) {
    const columns = key ? key.split(',') : [];
    const set = sql.join([
      ...columns.map((c, i) => sql`${sql.ref(c)} = ${sql.ref(`v.column${i + 2}`)}`),
      sql`updated_at = ${now}`,
    ]);
    const values = sql.join(
      rows.map(([id, row]) => sql`(${sql.join([sql`cast(${id} as integer)`, ...columns.map((c) => sql`${row[c]}`)])})`),
    );
    await sql`update tones set ${set} from (values ${values}) as v where tones.id = v.column1`.execute(tx);
  }
}

export const toneEntity: ApprovableEntity = {
  ...onAirEntity('tone', 'tones', writeFields, async (tx, id, _payload, now) => {
    await tx.deleteFrom('tone_box_items').where('tone_id', '=', id).execute();
    await tx.deleteFrom('ivr_directory_items').where('resource_type', '=', '1').where('resource_id', '=', id).execute();
    await tx.updateTable('tones').set({ status: STATUS.deleted, updated_at: now }).where('id', '=', id).execute();
  }),
  applyMany: { modify: writeManyFields },
  async review(db, id, kind, payload, { site }) {
    const row = await db.selectFrom('tones').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const view = recordView(toneFields(), row, payload, kind, {
      tag: 'tones',
      site,
      files: { field: 'toneFile', labels: TONE_FILES },
    });
    const tags = (await db.selectFrom('tags').select('name').where('tone_id', '=', id).orderBy('id').execute()).map(
      (t) => t.name,
    );
    const [before, after] = sides(kind, tags, Array.isArray(payload.tags) ? payload.tags.map(String) : tags, []);
    view.fields.push(field('tags', 'ToneForm.tags', before.join('~'), after.join('~')));
    return view;
  },
  describe: describeBy('tones', ['tone_code', 'tone_name'], (r) => `${r.tone_code} "${r.tone_name}"`),
};
