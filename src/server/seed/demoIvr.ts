// Demo IVR data (001 §2.6, §2.7, §4): for each site provider whose site has IVR on (support_ivr_function and
// ivr_portal_enabled '1', not the radio account), directories in every state (normal with tones, addition,
// modification and deletion to be approved, rejected; and an empty one of music boxes)
// and salutatory and help prompts (normal, to be approved, rejected), each prompt a real 8000 Hz 8-bit wav, with
// the change requests behind the pending ones so `npm run operator -- changes list` shows them by name.
import type { AppContext } from '../context';
import type { ChangeKind } from '../services/changeRequests';
import { createChangeRequest } from '../services/changeRequests';
import type { FileStore } from '../files/storage';
import { seedWav } from './demoFiles';

// The site providers (the approval-flow account keeps to tones, so its pending list is the tones').
const PROVIDERS = ['8800010', '8800020', '8800030'];

/** [name, status, pending, reject reason]: one directory per state of 001 §4. */
const DIRECTORIES: Array<[string, string, ChangeKind | '', string]> = [
  ['Top Hits', '1', '', ''],
  ['Love Songs', '1', '', ''],
  ['Gospel', '0', 'add', ''],
  ['Classics', '1', 'modify', ''],
  ['Old Favourites', '1', 'delete', ''],
  ['Untitled', '3', '', 'The prompt does not say the directory name'],
];
/** [kind 1 salutatory / 2 help, name, status, reject reason]. */
const PROMPTS: Array<[string, string, string, string]> = [
  ['1', 'Welcome', '1', ''],
  ['1', 'Welcome (new year)', '0', ''],
  ['2', 'Press 1 for the top hits', '1', ''],
  ['2', 'Press 9 to hear this again', '0', ''],
  ['2', 'Press 0 for help', '3', 'Too quiet'],
];

export async function seedDemoIvr(ctx: AppContext, store: FileStore, byCode: Map<string, number>): Promise<void> {
  const { db } = ctx;
  const now = ctx.now();
  let n = 0;
  const prompt = (providerId: number, name: string) =>
    seedWav(db, store, {
      providerId,
      original: `${name.toLowerCase().replace(/\W+/g, '_')}.wav`,
      frequency: 500 + (n++ % 12) * 40,
      now,
    });
  for (const code of PROVIDERS) {
    const providerId = byCode.get(code);
    if (providerId === undefined) continue;
    const provider = await db.selectFrom('providers').select('site').where('id', '=', providerId).executeTakeFirst();
    const config = await ctx.config.forSite(provider?.site ?? ctx.site);
    if (config.support_ivr_function !== '1' || config.ivr_portal_enabled !== '1' || code === config.radio_cp_code)
      continue;
    const tones = await db
      .selectFrom('tones')
      .select('id')
      .where('provider_id', '=', providerId)
      .where('status', '=', '1')
      .where('approve_type', '=', '2')
      .orderBy('seq')
      .execute();
    for (const [i, [name, status, pending, reason]] of DIRECTORIES.entries()) {
      const { id } = await db
        .insertInto('ivr_directories')
        .values({
          provider_id: providerId,
          position: i + 1,
          name,
          type: '1',
          prompt_file: await prompt(providerId, name),
          status,
          pending,
          reject_reason: reason,
          created_at: now - (DIRECTORIES.length - i) * 3600_000,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (pending)
        await createChangeRequest(db, {
          entityType: 'ivrDirectory',
          entityId: id,
          providerId,
          kind: pending,
          payload: pending === 'modify' ? { name: `${name} (renamed)` } : { name },
          now,
        });
      // The first two directories hold the provider's normal tones, in an order of their own.
      const entries = i === 0 ? tones.slice(0, 3) : i === 1 ? tones.slice(1, 3).reverse() : [];
      if (entries.length)
        await db
          .insertInto('ivr_directory_items')
          .values(entries.map((t, p) => ({ directory_id: id, resource_type: '1', resource_id: t.id, position: p + 1 })))
          .execute();
    }
    // A directory of music boxes (type 2), empty: the provider's box on sale is there to be added.
    await db
      .insertInto('ivr_directories')
      .values({
        provider_id: providerId,
        position: DIRECTORIES.length + 1,
        name: 'Music Boxes',
        type: '2',
        prompt_file: await prompt(providerId, 'Music Boxes'),
        status: '1',
        pending: '',
        reject_reason: '',
        created_at: now,
        updated_at: now,
      })
      .execute();
    for (const [i, [kind, name, status, reason]] of PROMPTS.entries()) {
      const { id } = await db
        .insertInto('ivr_prompts')
        .values({
          provider_id: providerId,
          kind,
          name,
          prompt_file: await prompt(providerId, name),
          status,
          reject_reason: reason,
          created_at: now - (PROMPTS.length - i) * 3600_000,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (status === '0')
        await createChangeRequest(db, {
          entityType: 'ivrPrompt',
          entityId: id,
          providerId,
          kind: 'add',
          payload: { name, kind: kind === '1' ? 'salutatory' : 'help' },
          now,
        });
    }
  }
}
