// Demo name tones (001 §2.8, §4): for each site provider with the name-tone privilege whose site has name tones
// on (support_namerbt_feature '1'), name tones in every state (normal, to be approved as a first upload and as a
// new recording, rejected with the reason), each recording a real wav in the wav_* format, with the change
// requests behind the waiting ones so `npm run operator -- changes list --type nameTone` shows them by name.
import type { AppContext } from '../context';
import type { FileStore } from '../files/storage';
import { nameToneCategory } from '../services/referenceData';
import { seedWav } from './demoFiles';
import { seededAccounts } from './seededAccounts';
import { seedState, type DemoState } from './states';
import { marks, STATUS } from '../lifecycle/states';
import { NAME_TONE } from '../lifecycle/entities/nameTone';

const PROVIDERS = ['8800010', '8800020', '8800030'];
const DAY = 86_400_000;

/** [name, MSISDN, upload count, state, days since the request]; Daniel's new recording waits for the operator. */
const NAME_TONES: Array<[string, string, number, DemoState, number]> = [
  ['Amina', '254700000101', 2, 'normal', 40],
  ['Brian', '', 1, 'normal', 32],
  ['Chen', '254700000103', 1, 'add', 2],
  ['Daniel', '254700000104', 3, 'modify', 20],
  ['Esther', '', 1, 'rejected', 9],
];

export async function seedDemoNameTones(ctx: AppContext, store: FileStore, byCode: Map<string, number>) {
  const { db } = ctx;
  const now = ctx.now();
  const category = await nameToneCategory(db);
  if (!category) return;
  for await (const { providerId, provider: p, config } of seededAccounts(ctx, byCode, PROVIDERS)) {
    if (p.namerbt_privilege !== '1' || config.support_namerbt_feature !== '1') continue;
    for (const [i, [name, msisdn, count, state, days]] of NAME_TONES.entries()) {
      const recording = (take: string, frequency: number) =>
        seedWav(db, store, { providerId, original: `${name.toLowerCase()}${take}.wav`, frequency, now });
      const file = await recording('', 420 + i * 60);
      const { id } = await db
        .insertInto('name_tones')
        .values({
          provider_id: providerId,
          catalog_id: category.id,
          name,
          request_date: new Date(now - days * DAY).toISOString().slice(0, 10),
          initial_letter: name[0].toLowerCase(),
          msisdn,
          upload_count: count,
          upload_link: file,
          status: STATUS.new,
          ...marks('add'),
          created_at: now - days * DAY,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const payload =
        state === 'modify'
          ? { uploadLink: await recording('_new', 380 + i * 60), initialLetter: name[0].toLowerCase() }
          : {};
      await seedState(db, { entityType: NAME_TONE, table: 'name_tones', providerId, id }, state, {
        now,
        payload,
        reason: 'The recording is cut off',
      });
    }
  }
}
