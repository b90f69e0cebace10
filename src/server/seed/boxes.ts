// Demo music boxes (README: demo accounts): each site provider and the approval account has boxes in the states
// a provider meets (normal, addition to be approved, modification to be approved, rejected with a reason), with
// the change requests behind the pending ones and an English prompt file that plays; the trusted account's boxes
// are normal; the radio account has a package waiting for approval, so its submit button shows the radio rule
// (000 §4); the super SP has a disc of tones from other providers of its site (the CP filter of 000 §6).
// Boxes are written through the box's record (services/toneBoxRecord.ts), as sp/addtonebox writes them.
import type { AppContext } from '../context';
import { FileStore } from '../files/storage';
import { seedWav } from './demoFiles';
import { seededAccounts } from './seededAccounts';
import { toneBoxFields } from '../services/toneBoxRecord';
import { boxCode } from '../services/toneBoxes';
import { setBoxTones, TONE_BOX } from '../lifecycle/entities/toneBox';
import { marks, stateOf, STATUS } from '../lifecycle/states';
import { seedState } from './states';

const DAY = 86_400_000;

type State = 'normal' | 'add' | 'modify' | 'rejected';
interface BoxPlan {
  name: string;
  type: 'package' | 'disc';
  state: State;
  prompt?: boolean;
  otherCps?: boolean;
}

const FOUR: BoxPlan[] = [
  { name: 'Top Hits Package', type: 'package', state: 'normal', prompt: true },
  { name: 'Weekend Disc', type: 'disc', state: 'add', prompt: true },
  { name: 'Classics Package', type: 'package', state: 'modify' },
  { name: 'Night Drive Disc', type: 'disc', state: 'rejected' },
];

const PLANS: Record<string, BoxPlan[]> = {
  '8800010': FOUR,
  '8800020': FOUR,
  '8800030': FOUR,
  '8800060': FOUR,
  '8800050': [
    { name: 'Trusted Favourites', type: 'package', state: 'normal', prompt: true },
    { name: 'Trusted Disc', type: 'disc', state: 'normal' },
  ],
  '8800001': [
    { name: 'Morning Show Package', type: 'package', state: 'normal', prompt: true },
    { name: 'Drive Time Package', type: 'package', state: 'add' },
  ],
  '8800002': [
    { name: 'Best of the Site', type: 'disc', state: 'normal', prompt: true, otherCps: true },
    { name: 'Label Sampler', type: 'disc', state: 'add', otherCps: true },
  ],
};

export async function seedBoxes(ctx: AppContext, store: FileStore, byCode: Map<string, number>): Promise<void> {
  const { db } = ctx;
  const now = ctx.now();
  const fields = toneBoxFields();
  const catalogs = (
    await db.selectFrom('catalogues').select('id').where('resource_type', '=', 2).orderBy('id').execute()
  ).map((c) => c.id);
  const tariffs = await db.selectFrom('tariffs').select(['id', 'price_group_type']).orderBy('id').execute();
  const tariffOf = (type: number) => tariffs.find((t) => t.price_group_type === type)?.id ?? -1;
  const english = (
    await db.selectFrom('languages').select('language_code').orderBy('priority', 'desc').executeTakeFirstOrThrow()
  ).language_code;
  let n = 0;
  for await (const { code, providerId, provider } of seededAccounts(ctx, byCode, Object.keys(PLANS))) {
    const plans = PLANS[code];
    const packageType = provider.site === 'kenya' ? '5' : '4';
    // Tones a box may hold: normal, no change waiting, not a jockey tone (the super SP also takes its site's).
    const selectable = async (ids: number[]) =>
      (
        await db
          .selectFrom('tones')
          .selectAll()
          .where('provider_id', 'in', ids)
          .where('status', '=', STATUS.normal)
          .where('cut_flag', '!=', '1')
          .orderBy('id')
          .execute()
      ).filter((t) => stateOf(t) === 'settled' || stateOf(t) === 'rejected');
    for (const [i, plan] of plans.entries()) {
      n++;
      const sameSite = plan.otherCps
        ? (await db.selectFrom('providers').select('id').where('site', '=', provider.site).execute()).map((r) => r.id)
        : [providerId];
      // The latest selectable tones (two of the provider's, three of the site's for the super SP), in an order
      // that differs from box to box; the earlier ones stay free for tone maintenance (a boxed tone is in use).
      const pool = (await selectable(sameSite)).slice(plan.otherCps ? -3 : -2);
      const tones = i % 2 === 0 ? pool : [...pool].reverse();
      if (tones.length === 0) continue;
      const earliest = tones.map((t) => t.tone_valid_day).sort()[0];
      let toneFile = '{}';
      if (plan.prompt) {
        const saved = await seedWav(db, store, { providerId, original: `prompt${n}.wav`, frequency: 440 + n * 7, now });
        toneFile = JSON.stringify({ [english]: saved });
      }
      const disc = plan.type === 'disc';
      const values = fields.insertValues({
        name: plan.name,
        description: `Demo ${plan.type}: ${tones.length} tones`,
        toneBoxType: disc ? '2' : packageType,
        price: code === '8800001' ? '' : disc ? '3.00' : '2.50',
        bundlePrice: code === '8800001' ? '' : disc ? '4.50' : '4.00',
        remark: `Demo remark ${n}`,
        toneValidDay: new Date(Math.min(Date.parse(earliest), now + 150 * DAY)).toISOString().slice(0, 10),
        relativeTime: disc ? '30' : '',
        catalogID: String(catalogs[n % catalogs.length]),
        priceGroupID: String(tariffOf(disc ? 2 : 3)),
        toneFile,
        additionalToneBoxInfo: '{}',
        uploadType: plan.otherCps ? '2' : '1',
      });
      const { id } = await db
        .insertInto('tone_boxes')
        .values({
          ...(values as object),
          provider_id: providerId,
          code: `seed-${n}`,
          status: STATUS.new,
          ...marks('add'),
          created_at: now - (plans.length - i) * 3600_000,
          updated_at: now,
        } as any)
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .updateTable('tone_boxes')
        .set({ code: boxCode(code, id) })
        .where('id', '=', id)
        .execute();
      await setBoxTones(
        db,
        id,
        tones.map((t) => t.id),
      );
      await seedState(db, { entityType: TONE_BOX, table: 'tone_boxes', providerId, id }, plan.state, {
        now,
        payload:
          plan.state === 'modify'
            ? { toneBoxName: `${plan.name} (new edition)`, tones: [...tones.map((t) => t.id)].reverse() }
            : {},
        reason: 'The prompt file is too quiet',
      });
    }
  }
}
