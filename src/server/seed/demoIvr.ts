// Demo IVR data (001 §2.6, §2.7, §4): for each site provider whose site has IVR on (support_ivr_function and
// ivr_portal_enabled '1', not the radio account), directories in every state (normal with tones, addition,
// modification and deletion to be approved, rejected; and an empty one of music boxes)
// and salutatory and help prompts (normal, to be approved, rejected), each prompt a real 8000 Hz 8-bit wav, with
// the change requests behind the pending ones so `npm run operator -- changes list` shows them by name.
import type { AppContext } from '../context';
import type { FileStore } from '../files/storage';
import { seedWav } from './demoFiles';
import { seededAccounts } from './seededAccounts';
import { seedState, type DemoState } from './states';
import { marks, stateOf, STATUS } from '../lifecycle/states';
import { IVR_DIRECTORY } from '../lifecycle/entities/ivrDirectory';
import { IVR_PROMPT, SALUTATORY } from '../lifecycle/entities/ivrPrompt';

// The site providers (the approval-flow account keeps to tones, so its pending list is the tones').
const PROVIDERS = ['8800010', '8800020', '8800030'];

/** [name, state]: one directory per state of 001 §4. */
const DIRECTORIES: Array<[string, DemoState]> = [
  ['Top Hits', 'normal'],
  ['Love Songs', 'normal'],
  ['Gospel', 'add'],
  ['Classics', 'modify'],
  ['Old Favourites', 'delete'],
  ['Untitled', 'rejected'],
];
const DIRECTORY_REFUSAL = 'The prompt does not say the directory name';
/** [kind 1 salutatory / 2 help, name, state]. */
const PROMPTS: Array<[string, string, DemoState]> = [
  [SALUTATORY, 'Welcome', 'normal'],
  [SALUTATORY, 'Welcome (new year)', 'add'],
  ['2', 'Press 1 for the top hits', 'normal'],
  ['2', 'Press 9 to hear this again', 'add'],
  ['2', 'Press 0 for help', 'rejected'],
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
  // The columns of a provider's new directory or prompt with its recording: the i-th of `count`, an hour apart.
  const added = async (providerId: number, name: string, i: number, count: number) => ({
    provider_id: providerId,
    name,
    prompt_file: await prompt(providerId, name),
    status: STATUS.new,
    ...marks('add'),
    created_at: now - (count - i) * 3600_000,
    updated_at: now,
  });
  for await (const { code, providerId, config } of seededAccounts(ctx, byCode, PROVIDERS)) {
    if (config.support_ivr_function !== '1' || config.ivr_portal_enabled !== '1' || code === config.radio_cp_code)
      continue;
    // The provider's tones on sale with no change waiting or refused.
    const tones = (
      await db
        .selectFrom('tones')
        .selectAll()
        .where('provider_id', '=', providerId)
        .where('status', '=', STATUS.normal)
        .orderBy('seq')
        .execute()
    ).filter((t) => stateOf(t) === 'settled');
    for (const [i, [name, state]] of DIRECTORIES.entries()) {
      const { id } = await db
        .insertInto('ivr_directories')
        .values({ ...(await added(providerId, name, i, DIRECTORIES.length)), position: i + 1, type: '1' })
        .returning('id')
        .executeTakeFirstOrThrow();
      // The first two directories hold the provider's normal tones, in an order of their own.
      const entries = i === 0 ? tones.slice(0, 3) : i === 1 ? tones.slice(1, 3).reverse() : [];
      if (entries.length)
        await db
          .insertInto('ivr_directory_items')
          .values(entries.map((t, p) => ({ directory_id: id, resource_type: '1', resource_id: t.id, position: p + 1 })))
          .execute();
      await seedState(db, { entityType: IVR_DIRECTORY, table: 'ivr_directories', providerId, id }, state, {
        now,
        payload: state === 'modify' ? { name: `${name} (renamed)` } : {},
        reason: DIRECTORY_REFUSAL,
      });
    }
    // A directory of music boxes (type 2), empty: the provider's box on sale is there to be added.
    const boxes = await db
      .insertInto('ivr_directories')
      .values({
        provider_id: providerId,
        position: DIRECTORIES.length + 1,
        name: 'Music Boxes',
        type: '2',
        prompt_file: await prompt(providerId, 'Music Boxes'),
        status: STATUS.new,
        ...marks('add'),
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await seedState(db, { entityType: IVR_DIRECTORY, table: 'ivr_directories', providerId, id: boxes.id }, 'normal', {
      now,
    });
    for (const [i, [kind, name, state]] of PROMPTS.entries()) {
      const { id } = await db
        .insertInto('ivr_prompts')
        .values({ ...(await added(providerId, name, i, PROMPTS.length)), kind })
        .returning('id')
        .executeTakeFirstOrThrow();
      await seedState(db, { entityType: IVR_PROMPT, table: 'ivr_prompts', providerId, id }, state, {
        now,
        reason: 'Too quiet',
      });
    }
  }
}
