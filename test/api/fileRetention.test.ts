// The files of a deleted tone leave storage after deleted_file_retention_days (issue 28, Deliver 1): not before,
// not when something live still uses them, not at all with '0'; and with them their rows, so the provider's quota
// is freed.
import { startServer, plainTone, providerIdOf, DEMO, type TestServer, type Client } from './helpers';
import { insertTone } from '../../src/server/services/tones';
import { sweepDeletedFiles } from '../../src/server/services/fileRetention';
import { uploadUsage } from '../../src/server/files/quota';
import { sineWav } from '../../src/server/files/wav';

const DAY = 86_400_000;
let s: TestServer;
let c: Client;
let pid: number;
beforeAll(async () => {
  s = await startServer({ workers: false });
  c = await s.login(DEMO.believe.account, DEMO.believe.password);
  pid = await providerIdOf(s, DEMO.believe.account);
});
afterAll(async () => {
  await s?.close();
});

async function upload(name: string, frequency: number): Promise<string> {
  const r = await c.upload([[name, sineWav({ seconds: 1, frequency })]]);
  expect(r.body.returnCode).toBe('000000');
  return r.body.record[name].savedFilename;
}

const stored = (saved: string) => s.storedFiles().some((f) => f.endsWith(`/${pid}/${saved}`));
const rowOf = (saved: string) =>
  s.ctx.db.selectFrom('uploaded_files').select('size').where('saved_filename', '=', saved).executeTakeFirst();

async function deletedTone(name: string, files: Record<string, string>, deletedAt: number) {
  const t = await insertTone(
    s.ctx.db,
    plainTone({ provider_id: pid, tone_name: name, tone_file: JSON.stringify(files) }),
  );
  await s.ctx.db.updateTable('tones').set({ status: '6', updated_at: deletedAt }).where('id', '=', t.id).execute();
  return t.id;
}

test("a deleted tone's files go after the retention, with their rows, unless a live tone shares them", async () => {
  const [own, shared, prelisten] = [
    await upload('own.wav', 300),
    await upload('shared.wav', 400),
    await upload('pre.wav', 500),
  ];
  const deletedAt = s.clock.now;
  const gone = await deletedTone('Gone', { webAuditon: own, mediaPlay: shared, aipPlay: prelisten }, deletedAt);
  await insertTone(
    s.ctx.db,
    plainTone({ provider_id: pid, tone_name: 'Alive', tone_file: JSON.stringify({ webAuditon: shared }) }),
  );
  const before = await uploadUsage(s.ctx.db, pid, s.clock.now);

  // Within the 30 days of the default: nothing moves.
  expect(await sweepDeletedFiles(s.ctx, s.store, deletedAt + 29 * DAY)).toEqual({ rows: 0, files: 0 });
  expect([own, shared, prelisten].map(stored)).toEqual([true, true, true]);

  expect(await sweepDeletedFiles(s.ctx, s.store, deletedAt + 31 * DAY)).toEqual({ rows: 1, files: 2 });
  expect([own, shared, prelisten].map(stored)).toEqual([false, true, false]);
  expect([await rowOf(own), await rowOf(prelisten)]).toEqual([undefined, undefined]);
  expect(await rowOf(shared)).toBeDefined();
  const after = await uploadUsage(s.ctx.db, pid, s.clock.now);
  expect(after.files).toBe(before.files - 2);
  // The tone stays deleted, its file map empty: the next sweep has nothing to do.
  const row = await s.ctx.db
    .selectFrom('tones')
    .select(['status', 'tone_file'])
    .where('id', '=', gone)
    .executeTakeFirstOrThrow();
  expect(row).toEqual({ status: '6', tone_file: '{}' });
  expect(await sweepDeletedFiles(s.ctx, s.store, deletedAt + 60 * DAY)).toEqual({ rows: 0, files: 0 });
});

test("the operator's retention decides, per site; '0' keeps the files for ever", async () => {
  const file = await upload('kept.wav', 600);
  const deletedAt = s.clock.now;
  await deletedTone('Kept', { webAuditon: file }, deletedAt);
  await s.ctx.config.set('deleted_file_retention_days', '0');
  expect(await sweepDeletedFiles(s.ctx, s.store, deletedAt + 3650 * DAY)).toEqual({ rows: 0, files: 0 });
  expect(stored(file)).toBe(true);
  await s.ctx.config.set('deleted_file_retention_days', '2', 'generic');
  expect(await sweepDeletedFiles(s.ctx, s.store, deletedAt + 1 * DAY)).toEqual({ rows: 0, files: 0 });
  expect(await sweepDeletedFiles(s.ctx, s.store, deletedAt + 3 * DAY)).toEqual({ rows: 1, files: 1 });
  expect(stored(file)).toBe(false);
});
