// Site configuration comes from the files at every start; the config table holds only what the operator set.
// Databases of earlier versions held copies of the files (seeded into an empty database); migration 006 drops
// them and keeps what the operator set. Accounts of a site whose folder is gone are named at start.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openContext } from '../../src/server/openContext';
import { openDatabase } from '../../src/server/db/connection';
import { migrate } from '../../src/server/db/migrate';
import { usingPostgres } from './helpers';

const dataDir = mkdtempSync(join(tmpdir(), 'rbt-siteconfig-'));
const pgSchema = usingPostgres ? `t_${randomBytes(6).toString('hex')}` : undefined;
const open = () =>
  openDatabase({ dataDir, databaseUrl: usingPostgres ? process.env.DATABASE_URL : undefined, pgSchema });

afterAll(async () => {
  if (pgSchema) {
    const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await c.connect();
    await c.query(`DROP SCHEMA IF EXISTS ${pgSchema} CASCADE`);
    await c.end();
  }
  rmSync(dataDir, { recursive: true, force: true });
});

test('migration 006 drops the seeded copies of the files and keeps what the operator set', async () => {
  const handle = await open();
  try {
    await migrate(handle, '005_jockey_right');
    const row = (site: string, key: string, value: string) => ({ site, key, value, description: '', updated_at: 1 });
    // As an earlier version seeded it (deployment values and per-site copies), plus two operator changes.
    await handle.db
      .insertInto('config')
      .values([
        row('*', 'max_tone_price', '10'),
        row('*', 'maintenance_window', '00:00-05:00'),
        row('kenya', 'max_tone_price', '5'),
        row('*', 'max_export_num', '7'),
        row('kenya', 'support_persian_calendar', '1'),
      ])
      .execute();
    const audited = (entityId: string) => ({
      at: 2,
      provider_id: null,
      actor: 'operator',
      action: 'config.set',
      entity_type: 'config',
      entity_id: entityId,
      detail: '',
      ip: '',
    });
    await handle.db
      .insertInto('audit_log')
      .values([audited('*:max_export_num'), audited('kenya:support_persian_calendar')])
      .execute();
    await migrate(handle);
    const left = await handle.db
      .selectFrom('config')
      .select(['site', 'key', 'value'])
      .orderBy('site')
      .orderBy('key')
      .execute();
    expect(left).toEqual([
      { site: '*', key: 'max_export_num', value: '7' },
      { site: 'kenya', key: 'support_persian_calendar', value: '1' },
    ]);
  } finally {
    await handle.close();
  }
});

test('the files are layered under the operator values that survived', async () => {
  const { ctx } = await openContext({
    dataDir,
    databaseUrl: usingPostgres ? process.env.DATABASE_URL : undefined,
    pgSchema,
    site: 'generic',
    seed: false,
  });
  try {
    const kenya = await ctx.config.explain('kenya');
    expect(kenya.max_tone_price).toEqual({ value: '5', source: 'site-variants/kenya/config.json' });
    expect(kenya.max_export_num).toEqual({ value: '7', source: 'operator, deployment (config set without --site)' });
    expect(kenya.support_persian_calendar).toEqual({
      value: '1',
      source: 'operator, site kenya (config set --site kenya)',
    });
    expect(await ctx.config.forSite('generic')).toMatchObject({
      max_tone_price: '10',
      maintenance_window: '00:00-05:00',
      support_persian_calendar: '0',
    });
  } finally {
    await ctx.handle.close();
  }
});

test('accounts of a site without a folder are named at every start', async () => {
  const first = await openContext({
    dataDir,
    databaseUrl: usingPostgres ? process.env.DATABASE_URL : undefined,
    pgSchema,
    site: 'generic',
    seed: false,
  });
  await first.ctx.db
    .insertInto('providers')
    .values({
      code: '7700001',
      name: 'Left behind',
      site: 'atlantis',
      password_hash: 'x',
      created_at: 1,
      updated_at: 1,
    } as never)
    .execute();
  await first.ctx.handle.close();
  const warnings: string[] = [];
  const again = await openContext(
    {
      dataDir,
      databaseUrl: usingPostgres ? process.env.DATABASE_URL : undefined,
      pgSchema,
      site: 'generic',
      seed: false,
    },
    undefined,
    (l) => warnings.push(l),
  );
  await again.ctx.handle.close();
  expect(warnings).toEqual([
    expect.stringContaining('1 account(s) belong to site "atlantis", which has no folder in site-variants/ (7700001)'),
  ]);
});

test('a server cannot start on a site without a folder', async () => {
  await expect(
    openContext({
      dataDir,
      databaseUrl: usingPostgres ? process.env.DATABASE_URL : undefined,
      pgSchema,
      site: 'atlantis',
      seed: false,
    }),
  ).rejects.toThrow('site "atlantis" has no folder in site-variants/ (sites: generic, ais, kenya)');
});
