// Adding a tone field touches only the definitions, a migration and the words (issue 10, "one field map"). In a
// temporary copy of the project a new field, the tone's mood, is added exactly that way (docs/integrators.md,
// "Adding a tone field"): an entry in the tone record, a form field (with its payload and load entries) in
// rbtUploading, a column in rbtMaintenance, a migration file, and its label in the three catalogues. The test proves
// no other file changed, that the copy validates, then runs the copy's own server and follows a value from the
// form's call to the database, the list, the detail (and the edit form reading it back), an approved modification
// and the export.
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import Database from 'better-sqlite3';
import { buildDefinitionSet, createEngine, formFromRecord } from '../../src/engine';
import { loadSourcesFromDisk } from '../../src/engine/fsLoader';
import { sineWav } from '../../src/server/files/wav';
import { runCli } from '../definitions/cli';
import { Client } from './helpers';
import { startProcess, type ServerProcess } from './serverProcess';

jest.setTimeout(120_000);

const ROOT = join(__dirname, '..', '..');
/** What the server needs to run from a copy: its sources, the definition tree, the demo accounts. */
const COPIED = [
  'src',
  'screen-definitions',
  'site-variants',
  'schemas',
  'i18n',
  'demo-accounts.json',
  'package.json',
  'tsconfig.json',
];
const MIGRATION = 'src/server/db/migrations/099_tone_mood.ts';

let dir: string;
let dataDir: string;
let server: ServerProcess | undefined;
/** The copy's server and operator CLI: its own tree and its own SQLite database. */
const COPY_ENV = () => ({ DATA_DIR: dataDir, DEFINITIONS_ROOT: '', DATABASE_URL: '', DATABASE_SCHEMA: '' });

const readJson = (file: string) => JSON.parse(readFileSync(join(dir, file), 'utf8'));
const writeJson = (file: string, value: unknown) =>
  writeFileSync(join(dir, file), JSON.stringify(value, null, 2) + '\n');
const edit = (file: string, change: (json: any) => void) => {
  const json = readJson(file);
  change(json);
  writeJson(file, json);
};

/** Every file under a folder, relative to it. */
function filesUnder(root: string, at = root): string[] {
  return readdirSync(at).flatMap((name) => {
    const path = join(at, name);
    return statSync(path).isDirectory() ? filesUnder(root, path) : [relative(root, path)];
  });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rbt-field-'));
  dataDir = mkdtempSync(join(tmpdir(), 'rbt-field-data-'));
  for (const entry of COPIED) cpSync(join(ROOT, entry), join(dir, entry), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');

  // 1. The record: the field's wire name, column and meaning, and where it travels.
  edit('screen-definitions/records/tone.json', (r) => {
    r.fields.mood = {
      label: 'Tone.mood',
      column: 'mood',
      write: true,
      list: true,
      detail: true,
      export: true,
      freeText: true,
    };
  });
  // 2. The form: a field, sent by the add call (and so by edit, which extends it), read back in edit mode.
  edit('screen-definitions/rbtUploading.json', (d) => {
    d.fields.mood = { order: 105, label: 'Tone.mood', schema: { type: 'string', maxLength: 20 } };
    d.calls.add.payload.mood = { var: 'form.mood' };
    d.load.form.mood = { var: 'record.mood' };
  });
  // 3. The list shows it.
  edit('screen-definitions/rbtMaintenance.json', (d) => {
    d.columns.mood = { order: 35, label: 'Tone.mood', field: 'mood' };
  });
  // 4. The words.
  edit('i18n/en.json', (c) => {
    c['Tone.mood'] = 'Mood';
  });
  edit('i18n/zh.json', (c) => {
    c['Tone.mood'] = '情绪';
  });
  edit('i18n/fa.json', (c) => {
    c['Tone.mood'] = 'حال‌وهوا';
  });
  // 5. The column.
  writeFileSync(
    join(dir, MIGRATION),
    [
      "import type { Kysely } from 'kysely';",
      'export async function up(db: Kysely<any>): Promise<void> {',
      "  await db.schema.alterTable('tones').addColumn('mood', 'varchar(20)', (c) => c.notNull().defaultTo('')).execute();",
      '}',
      '',
    ].join('\n'),
  );
});

afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

test('only the definitions, a migration and the catalogues differ from the project', () => {
  const changed = COPIED.flatMap((entry) => {
    const from = join(ROOT, entry);
    if (!statSync(from).isDirectory())
      return readFileSync(from, 'utf8') === readFileSync(join(dir, entry), 'utf8') ? [] : [entry];
    return filesUnder(join(dir, entry))
      .map((f) => join(entry, f))
      .filter((f) => {
        try {
          return readFileSync(join(ROOT, f), 'utf8') !== readFileSync(join(dir, f), 'utf8');
        } catch {
          return true;
        }
      });
  });
  expect(changed.sort()).toEqual(
    [
      'i18n/en.json',
      'i18n/fa.json',
      'i18n/zh.json',
      'screen-definitions/rbtMaintenance.json',
      'screen-definitions/rbtUploading.json',
      'screen-definitions/records/tone.json',
      MIGRATION,
    ].sort(),
  );
});

test('the copy validates', () => {
  const r = runCli(['validate'], dir);
  expect(r.stderr.split('\n').filter((l) => /^\S+:\d+:\d+: (?!warning)/.test(l))).toEqual([]);
  expect(r.status).toBe(0);
});

test('a mood entered in the form reaches the database, the list, the detail, a modification and the export', async () => {
  // The copy's own SQLite database in its DATA_DIR, whatever database the suite runs on.
  server = await startProcess({ dataDir, cwd: dir, env: COPY_ENV() });
  const base = server.base;

  // The copy's own definitions, as its portal's build bundles them: the form's add call sends the mood.
  const engine = createEngine(buildDefinitionSet(loadSourcesFromDisk(dir), 'generic'));
  expect(engine.payload('rbtUploading', 'add', { form: { mood: 'Calm' } })).toMatchObject({ mood: 'Calm' });

  const trusted = (
    JSON.parse(readFileSync(join(dir, 'demo-accounts.json'), 'utf8')) as Array<{
      account: string;
      password: string;
      note: string;
    }>
  ).find((a) => a.account === '8800050')!;
  const c = new Client(base);
  const login = await c.post('/sp/sploginhs', { account: trusted.account, pwd: trusted.password }, { form: true });
  expect(login.body.returnCode).toBe('000000');
  expect(c.cookie).not.toBe('');
  const up = async (name: string, data: Buffer) => (await c.upload([[name, data]])).body.record[name].savedFilename;
  const hd = Buffer.alloc(64);
  hd.writeUInt32BE(24, 0);
  hd.write('ftyp3gp4', 4, 'latin1');
  const gif = Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.from([0x5e, 0x01, 0x5e, 0x01]), Buffer.alloc(20)]);
  const catalogues = (await c.get('/sp/filtertonecatalog', { resourceType: 1 })).body.record as Array<{
    catalogID: string;
  }>;
  const tone = {
    toneName: 'Mood piece',
    singerName: 'Amani',
    singerSex: '1',
    lyricAuthor: 'Lee',
    melodyComposer: 'Kim',
    musicArranger: 'Ode',
    catalogID: catalogues[0].catalogID,
    contentLanguage: '1',
    price: '5.00',
    callerPrice: '5.00',
    toneValidDay: new Date(Date.now() + 400 * 86_400_000).toISOString().slice(0, 10),
    relativeTime: '365',
    extendAbsoluteDateFlag: 0,
    tagNames: 'calm',
    uploadMode: '1',
    uploadChannel: 0,
    uploadType: 1,
    portalType: 1,
    crbtType: 1,
    priceGroupID: '-1',
    toneFile: JSON.stringify({
      webAuditon: await up('web.wav', sineWav({ seconds: 1 })),
      aipPlay: await up('ivr.wav', sineWav({ seconds: 1 })),
      hdPlay: await up('hd.3gp', hd),
      image: await up('c.gif', gif),
    }),
    mood: engine.payload('rbtUploading', 'add', { form: { mood: 'Calm' } }).mood,
  };
  const added = await c.post('/sp/addtone', tone);
  expect([added.body.returnCode, added.body.record?.errors]).toEqual(['000000', undefined]);
  const toneID = added.body.record.toneID;

  // The database.
  const db = new Database(join(dataDir, 'rbt.sqlite'), { readonly: true });
  try {
    expect(db.prepare('select mood from tones where id = ?').get(Number(toneID))).toEqual({ mood: 'Calm' });
  } finally {
    db.close();
  }
  // The list, as rbtMaintenance asks for it, and its column.
  const list = await c.get('/sp/qrytone', { startRecordNum: 1, endRecordNum: 10, toneName: 'Mood piece' });
  expect(list.body.record[0]).toMatchObject({ toneID, mood: 'Calm' });
  expect(engine.resolve('rbtMaintenance').columns.map((col) => col.name)).toContain('mood');
  // The detail, and the edit form reading it back.
  const detail = (await c.get('/sp/qrytonedetail', { toneID })).body.record;
  expect(detail.mood).toBe('Calm');
  const form = formFromRecord(engine.definition('rbtUploading').load!, detail, engine.context({ mode: 'edit' }));
  expect(form.mood).toBe('Calm');
  // A modification changes it once the operator approves.
  const edited = await c.post('/sp/edittone', {
    ...tone,
    toneFile: '{}',
    toneID,
    newCatalogId: tone.catalogID,
    reason: 'Brighter',
    mood: 'Bright',
  });
  expect([edited.body.returnCode, edited.body.record?.errors]).toEqual(['000000', undefined]);
  const pending = new Database(join(dataDir, 'rbt.sqlite'), { readonly: true });
  const request = pending
    .prepare("select id from change_requests where entity_id = ? and kind = 'modify' and status = 'pending'")
    .get(Number(toneID)) as { id: number };
  pending.close();
  const approve = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/server/cli/operator.ts', 'changes', 'approve', String(request.id)],
    { cwd: dir, env: { ...process.env, ...COPY_ENV() } },
  );
  expect(await new Promise((r) => approve.once('exit', r))).toBe(0);
  expect((await c.get('/sp/qrytonedetail', { toneID })).body.record.mood).toBe('Bright');
  // The export: a column headed with its label, the value in the tone's row.
  const exported = (await c.get('/sp/exporttone')).raw.replace(/^\uFEFF/, '').split('\n');
  const header = exported[0].split(',');
  expect(header).toContain('Mood');
  const row = exported.find((l) => l.includes('Mood piece'))!.split(',');
  expect(row[header.indexOf('Mood')]).toBe('Bright');
});
