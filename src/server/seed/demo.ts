// Demo data for an empty database (README: demo accounts): reference data, the accounts of
// demo-accounts.json with their roles, about fifty tones in every state with real short wav files, music boxes
// (seed/boxes.ts), and the change requests behind the pending ones, so the portal has something in it and the
// approval flow moves.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { AppContext } from '../context';
import type { Database } from '../db/schema';
import { createProvider, type ProviderInput } from '../services/providers';
import { seedState, type DemoState } from './states';
import { ALL_SITES, createOperator } from '../services/operators';
import { marks, STATUS } from '../lifecycle/states';
import { insertTone } from '../services/tones';
import { translateDemoReferenceData } from '../services/translations';
import type { FileStore } from '../files/storage';
import {
  CATALOGUES,
  detailDescription,
  DICTIONARIES,
  LANGUAGES,
  OWNERS,
  TARIFFS,
  type CatalogueSeed,
} from './reference';
import { saveToneCopyrights } from '../services/copyright';
import { seedDemoBatch } from './demoBatch';
import { seedDemoIvr } from './demoIvr';
import { seedDemoNameTones } from './demoNameTones';
import { seedWav } from './demoFiles';
import { seedBoxes } from './boxes';

export interface DemoAccount {
  account: string;
  password: string;
  site: string;
  note: string;
}
export const DEMO_ACCOUNTS_FILE = join(__dirname, '..', '..', '..', 'demo-accounts.json');
/** A demo account of demo-accounts.json: a provider, or with a role an operator of the console. */
interface DemoEntry extends DemoAccount {
  name?: string;
  role?: 'reviewer' | 'admin';
  sites?: string[];
}
const demoEntries = (): DemoEntry[] => JSON.parse(readFileSync(DEMO_ACCOUNTS_FILE, 'utf8'));
/** The demo providers. */
export const demoAccounts = (): DemoAccount[] => demoEntries().filter((a) => !a.role);
/** The demo operators (a reviewer of Kenya, an administrator of every site). */
export const demoOperators = () => demoEntries().filter((a) => a.role);

const DAY = 86_400_000;

/** Roles of the demo accounts beyond demo-accounts.json's fields. */
function rolesOf(account: string, radioCode: string): Partial<ProviderInput> & { name: string } {
  switch (account) {
    case '8800010':
      return { name: 'Generic Music Ltd', namerbtPrivilege: true };
    case '8800020':
      return { name: 'Nairobi Sounds', namerbtPrivilege: true };
    case '8800030':
      return { name: 'Yangon Records', namerbtPrivilege: true };
    case '8800002':
      return { name: 'Disc Super SP', spType: '2' };
    case '8800040':
      return { name: 'New Provider', firstLogin: true };
    case '8800050':
      return { name: 'Trusted Label', believeCP: '1' };
    case '8800060':
      return { name: 'Pending Approvals Co' };
    case '8800070':
      return { name: 'Lapsed Contract', expiresAt: Date.now() - DAY };
    default:
      return { name: account === radioCode ? 'City Radio FM' : `Provider ${account}` };
  }
}

/** Every demo account's contact details are complete, so My Account can be saved as it opens. */
function contactOf(account: string): Pick<ProviderInput, 'contact' | 'phone' | 'email' | 'address'> {
  const people = [
    'Amina Odhiambo',
    'Brian Kiptoo',
    'Chen Wei',
    'Daw Khin',
    'Esther Njeri',
    'Farah Ali',
    'Grace Mwangi',
    'Hassan Omar',
    'Irene Wambui',
  ];
  const n = Number(account.slice(-2)) % people.length;
  return {
    contact: people[n],
    phone: `2547000${account.slice(-5)}`,
    email: `cp${account}@example.com`,
    address: `${10 + n} Moi Avenue, Nairobi`,
  };
}

async function seedCatalogues(
  db: Kysely<Database>,
  type: 1 | 2 | 3,
  items: CatalogueSeed[],
  parent: number | null,
): Promise<number[]> {
  const ids: number[] = [];
  for (const [i, c] of items.entries()) {
    const { id } = await db
      .insertInto('catalogues')
      .values({
        parent_id: parent,
        name: c.name,
        resource_type: type,
        relative_validity_period: c.period ?? '',
        sort_order: i,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(id, ...(c.children ? await seedCatalogues(db, type, c.children, id) : []));
  }
  return ids;
}

const SINGERS = [
  'Amani Otieno',
  'Lina Haddad',
  'Tesfaye Bekele',
  'Hodan Warsame',
  'Claire Dubois',
  'Daniel Mwangi',
  'Sara Rahimi',
  'Group Sawti',
];
const TITLES = [
  'Morning Light',
  'Safari Road',
  'Desert Rain',
  'Blue Nile',
  'City Lights',
  'Hello Friend',
  'Golden Hour',
  'Ocean Breeze',
  'Heartbeat',
  'Sunrise Prayer',
  'Market Day',
  'Long Distance',
];

/** Tone states cycled through: [status, approveType, tableType, askType, refuseReason, change request kind]. */
const STATES: DemoState[] = ['normal', 'normal', 'hidden', 'hiddenUnavailable', 'add', 'modify', 'delete', 'rejected'];

export async function seedIfEmpty(ctx: AppContext, store: FileStore): Promise<boolean> {
  const { db } = ctx;
  const existing = await db.selectFrom('languages').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  const now = ctx.now();
  try {
    await db.insertInto('languages').values(LANGUAGES).execute();
  } catch (e) {
    // Several servers starting together on one empty PostgreSQL: the first to write the languages seeds.
    if (/unique|duplicate key/i.test(String((e as Error)?.message))) return false;
    throw e;
  }
  // The configuration is not seeded: it comes from the files (schema defaults and site config.json) at every start.
  const config = await ctx.config.forSite(ctx.site);
  const toneCatalogues = await seedCatalogues(db, 1, CATALOGUES[1], null);
  await seedCatalogues(db, 2, CATALOGUES[2], null);
  await seedCatalogues(db, 3, CATALOGUES[3], null);
  const tariffIds: number[] = [];
  for (const t of TARIFFS) {
    const { id } = await db
      .insertInto('tariffs')
      // The tone form lists the tariffs offered for order type 2 (001 §7: orderType 2); the demo's package
      // plans (type 3, chosen by priceGroupType in the music box form) are offered for downloads (1), so the
      // tone form does not offer them.
      .values({ name: t.name, description: t.description, price_group_type: t.type, order_type: t.type === 3 ? 1 : 2 })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (t.type === 2) tariffIds.push(id);
    await db
      .insertInto('tariff_details')
      .values(
        t.details.map(([operator, order_type, price, user_type, service_code, promotion_id = '-1']) => ({
          tariff_id: id,
          operator,
          order_type,
          price,
          user_type,
          service_code,
          start_date: '2024-01-01',
          end_date: '2030-12-31',
          promotion_id,
          description: detailDescription(t.name, price),
        })),
      )
      .execute();
  }
  await translateDemoReferenceData(db);
  const dictRows = Object.entries(DICTIONARIES).flatMap(([type, items]) =>
    items.map(([code, label, value], i) => ({
      dict_type: type,
      item_code: code,
      item_label_value: label,
      item_value: value,
      sort_order: i,
    })),
  );
  await db.insertInto('dictionary_items').values(dictRows).execute();

  // Accounts: hashing is the slow part (scrypt at OWASP cost), so all hash in parallel.
  const accounts = demoAccounts();
  const ids = await Promise.all(
    accounts.map((a) =>
      createProvider(
        db,
        {
          code: a.account,
          password: a.password,
          site: a.site,
          ...contactOf(a.account),
          ...rolesOf(a.account, config.radio_cp_code ?? ''),
        },
        now,
      ),
    ),
  );
  const byCode = new Map(accounts.map((a, i) => [a.account, ids[i]]));

  // Tones: twelve for each site provider and the approval account, a few for the others (~50 in all).
  const plan: Array<[string, number]> = [
    ['8800010', 12],
    ['8800020', 10],
    ['8800030', 8],
    ['8800060', 13],
    ['8800050', 4],
    ['8800001', 2],
    ['8800002', 2],
  ];
  let n = 0;
  for (const [code, count] of plan) {
    const providerId = byCode.get(code)!;
    for (let seq = 1; seq <= count; seq++, n++) {
      const state = STATES[(seq - 1) % STATES.length];
      const saved = await seedWav(db, store, {
        providerId,
        original: `tone${n + 1}.wav`,
        frequency: 330 + n * 11,
        now,
      });
      const title = `${TITLES[n % TITLES.length]}${n >= TITLES.length ? ` ${Math.floor(n / TITLES.length) + 1}` : ''}`;
      const { id } = await insertTone(db, {
        provider_id: providerId,
        tone_name: title,
        singer_name: SINGERS[n % SINGERS.length],
        singer_sex: String([1, 2, -1][n % 3]),
        status: STATUS.new,
        ...marks('add'),
        price: (1 + (n % 5)).toFixed(2),
        caller_price: (1 + (n % 5)).toFixed(2),
        total_price: '',
        tariff_price: '5.00',
        relative_time: '90',
        tone_valid_day: new Date(now + (200 + n) * DAY).toISOString().slice(0, 10),
        order_times: (n * 37) % 500,
        language_id: LANGUAGES[n % LANGUAGES.length].id,
        catalog_id: toneCatalogues[n % toneCatalogues.length],
        price_group_id: tariffIds[n % tariffIds.length],
        isrc: `KE-A1B-24-${String(10000 + n)}`,
        mate_info: '',
        info: `Demo tone ${n + 1}`,
        cut_flag: '0',
        tone_file: JSON.stringify({ webAuditon: saved, aipPlay: saved }),
        additional_tone_info: '{}',
        upload_type: '1',
        created_at: now - (count - seq) * 3600_000,
        updated_at: now,
        // The authors the tone form asks for, so editing a demo tone starts complete.
        details: JSON.stringify({
          lyricAuthor: SINGERS[(n + 1) % SINGERS.length],
          melodyComposer: SINGERS[(n + 2) % SINGERS.length],
          musicArranger: SINGERS[(n + 3) % SINGERS.length],
        }),
      });
      await seedState(db, { entityType: 'tone', table: 'tones', providerId, id }, state, {
        now,
        payload: state === 'modify' ? { toneName: `${title} (new mix)` } : {},
        reason: 'Audio quality too low',
      });
      // Every tone has its tags (the tone form requires them): its title's first word, and 'demo' on the first two.
      const tags = [...(seq <= 2 ? ['demo'] : []), title.split(' ')[0].toLowerCase()];
      await db
        .insertInto('tags')
        .values(tags.map((name) => ({ provider_id: providerId, tone_id: id, name })))
        .execute();
    }
  }
  // Copyright owners: a few per provider in the shared catalogue of its site (some without stage name,
  // email or description, shown as ----), so the owner list and the tone form have something to pick.
  const ownerIds = new Map<number, number[]>();
  for (const [code, providerId] of byCode) {
    const owners = OWNERS.map(([official, stage, email, description], i) => ({
      provider_id: providerId,
      copyright_type: '2',
      company_name: i === 0 ? `Rights of ${code}` : `${official} ${code.slice(-2)}`,
      official_name: i === 0 ? `Owner ${code}` : `${official} ${code.slice(-2)}`,
      phone_number: `2547${code.slice(-6)}${i}`,
      email: email ? `${email}${code.slice(-2)}@example.com` : '',
      stage_name: stage,
      id_number: `ID${code}${i}`,
      description,
      created_at: now - i * 60_000,
    }));
    const rows = await db.insertInto('copyright_companies').values(owners).returning('id').execute();
    ownerIds.set(
      providerId,
      rows.map((r) => r.id),
    );
  }
  // Lyric, tune and record owners of every demo tone (sp/querytonecopyright; a site's tone form may require them).
  const validDay = new Date(now + 400 * DAY).toISOString().slice(0, 10);
  for (const [providerId, owners] of ownerIds) {
    const tones = await db
      .selectFrom('tones')
      .select('id')
      .where('provider_id', '=', providerId)
      .orderBy('seq')
      .execute();
    for (const t of tones) {
      await saveToneCopyrights(db, t.id, [
        { role: 'lyric', companyId: owners[0], validDay },
        { role: 'tune', companyId: owners[1], validDay },
        { role: 'tune', companyId: owners[2], validDay },
        { role: 'record', companyId: owners[3], validDay },
      ]);
    }
  }
  await seedDemoBatch(ctx, store, byCode);
  await seedBoxes(ctx, store, byCode);
  await seedDemoIvr(ctx, store, byCode);
  await seedDemoNameTones(ctx, store, byCode);
  // The operator console's demo accounts, ready to sign in (no first-login change, as the demo providers).
  await Promise.all(
    demoOperators().map((o) =>
      createOperator(
        db,
        {
          code: o.account,
          name: o.name ?? o.account,
          role: o.role!,
          sites: o.sites ?? [ALL_SITES],
          password: o.password,
          mustChangePassword: false,
        },
        now,
      ),
    ),
  );
  return true;
}
