// What an approved IVR directory change does to live data (001 §2.6, §4): an addition puts the directory on air, a
// modification writes its staged name, type and prompt and its staged entries (tones or boxes added and removed;
// the provider's reordering applies at once and is kept), a deletion removes the directory and its entries.
import { describeBy, writeColumns, type ApprovableEntity, type Payload, type Tx } from '../entity';
import { onAirEntity } from './onAir';
import { addEntries, entryIds, removeEntries } from '../../services/ivrEntries';
import { field, sides } from '../review';

export const IVR_DIRECTORY = 'ivrDirectory';

const ids = (v: unknown): number[] => (Array.isArray(v) ? v.map(Number) : []);

async function writeChange(tx: Tx, id: number, c: Payload, now: number) {
  const set = {
    ...(typeof c.name === 'string' ? { name: c.name } : {}),
    ...(typeof c.type === 'string' ? { type: c.type } : {}),
    ...(typeof c.promptFile === 'string' ? { prompt_file: c.promptFile } : {}),
  };
  await writeColumns(tx, 'ivr_directories', id, set, now);
  const dir = await tx
    .selectFrom('ivr_directories')
    .select(['id', 'type'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  await removeEntries(tx, id, ids(c.removeEntries));
  await addEntries(tx, dir, ids(c.addEntries));
}

export const ivrDirectoryEntity: ApprovableEntity = {
  ...onAirEntity(IVR_DIRECTORY, 'ivr_directories', writeChange, async (tx, id) => {
    await tx.deleteFrom('ivr_directory_items').where('directory_id', '=', id).execute();
    await tx.deleteFrom('ivr_directories').where('id', '=', id).execute();
  }),
  async review(db, id, kind, c) {
    const d = await db.selectFrom('ivr_directories').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const live = await entryIds(db, id);
    const staged = [...live.filter((e) => !ids(c.removeEntries).includes(e)), ...ids(c.addEntries)];
    const pick = (v: unknown, fallback: string) => (typeof v === 'string' ? v : fallback);
    const [name, type, entries] = [
      sides(kind, d.name, pick(c.name, d.name), ''),
      sides(kind, d.type, pick(c.type, d.type), ''),
      sides(kind, live.join(', '), staged.join(', '), ''),
    ];
    const prompt = sides(kind, d.prompt_file, pick(c.promptFile, d.prompt_file), '');
    return {
      fields: [
        field('catalogName', 'Ivr.directoryName', ...name),
        field('catalogType', 'Ivr.directoryType', ...type),
        field('entries', 'Ivr.tones', ...entries),
      ],
      files: [
        {
          name: 'promptFile',
          label: 'Ivr.promptTone',
          old: prompt[0],
          new: prompt[1],
          changed: prompt[0] !== prompt[1],
        },
      ],
    };
  },
  describe: describeBy('ivr_directories', ['name'], (r) => `"${r.name}"`),
};
