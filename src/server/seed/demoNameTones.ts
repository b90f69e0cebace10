// Demo name tones (001 §2.8, §4): for each site provider with the name-tone privilege whose site has name tones
// on (support_namerbt_feature '1'), name tones in every state (normal, to be approved as a first upload and as a
// new recording, rejected with the reason), each recording a real wav in the wav_* format, with the change
// requests behind the waiting ones so `npm run operator -- changes list --type nameTone` shows them by name.
import type { AppContext } from '../context';
import type { FileStore } from '../files/storage';
import { createChangeRequest, type ChangeKind } from '../services/changeRequests';
import { NAME_TONE } from '../services/nameTones';
import { nameToneCategory } from '../services/referenceData';
import { seedWav } from './demoFiles';

const PROVIDERS = ['8800010', '8800020', '8800030'];
const DAY = 86_400_000;

/** [name, MSISDN, upload count, status, pending change, reject reason, days since the request]. */
const NAME_TONES: Array<[string, string, number, string, ChangeKind | '', string, number]> = [
  ['Amina', '254700000101', 2, '1', '', '', 40],
  ['Brian', '', 1, '1', '', '', 32],
  ['Chen', '254700000103', 1, '0', 'add', '', 2],
  ['Daniel', '254700000104', 3, '0', 'modify', '', 20],
  ['Esther', '', 1, '3', '', 'The recording is cut off', 9],
];

export async function seedDemoNameTones(ctx: AppContext, store: FileStore, byCode: Map<string, number>) {
  const { db } = ctx;
  const now = ctx.now();
  const category = await nameToneCategory(db);
  if (!category) return;
  for (const code of PROVIDERS) {
    const providerId = byCode.get(code);
    if (providerId === undefined) continue;
    const p = await db
      .selectFrom('providers')
      .select(['site', 'namerbt_privilege'])
      .where('id', '=', providerId)
      .executeTakeFirst();
    const config = await ctx.config.forSite(p?.site ?? ctx.site);
    if (p?.namerbt_privilege !== '1' || config.support_namerbt_feature !== '1') continue;
    for (const [i, [name, msisdn, count, status, pending, reason, days]] of NAME_TONES.entries()) {
      const file = await seedWav(db, store, {
        providerId,
        original: `${name.toLowerCase()}.wav`,
        frequency: 420 + i * 60,
        now,
      });
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
          status,
          reject_reason: reason,
          created_at: now - days * DAY,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (pending)
        await createChangeRequest(db, {
          entityType: NAME_TONE,
          entityId: id,
          providerId,
          kind: pending,
          payload: { name, msisdn, initialLetter: name[0].toLowerCase() },
          now,
        });
    }
  }
}
