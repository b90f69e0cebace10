// The home page's work queue (issue 25, item 4: sp/homesummary) on the real server and database (SQLite, and
// PostgreSQL in the second pass): its counts are the tone list's own states and follow an upload, a rejected tone
// appears with the operator's reason and leaves the changes waiting, a tone ending within 30 days is listed as
// expiring, and every count equals what the tone list filtered by that state finds.
import { startServer, providerIdOf, DEMO, type TestServer, type Client } from './helpers';
import { runOperator } from '../../src/server/cli/commands';
import { stateValues } from '../../src/server/http/listOrder';
import { goodTone, inDays } from './tonePayload';

let s: TestServer;
let c: Client; // 8800010, generic, in the approval flow (believeCP 0)

beforeAll(async () => {
  s = await startServer();
  c = await s.login(DEMO.generic.account, DEMO.generic.password);
});
afterAll(async () => {
  await s.close();
});

const summary = async () => {
  const r = await c.get('/sp/homesummary', {});
  expect(r.body.returnCode).toBe('000000');
  return r.body.record as {
    toneTotal: string;
    waitingTotal: string;
    counts: Array<{ state: string; count: string }>;
    rejected: Array<Record<string, string>>;
    waiting: Array<Record<string, string>>;
    expiring: Array<Record<string, string>>;
    tasks: Array<Record<string, string>>;
  };
};
const countOf = (r: Awaited<ReturnType<typeof summary>>, state: string) =>
  Number(r.counts.find((x) => x.state === state)?.count);

const reject = async (id: number, reason: string) => {
  const { id: request } = await s.ctx.db
    .selectFrom('change_requests')
    .select('id')
    .where('entity_type', '=', 'tone')
    .where('entity_id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  expect(await runOperator(['changes', 'reject', String(request), '--reason', reason], s.ctx, () => {})).toBe(0);
};

/** Each count equals what the tone list filtered by that state finds. */
const expectCountsAsListed = async () => {
  const r = await summary();
  for (const { state, count } of r.counts) {
    const list = await c.get('/sp/qrytone', { state, queryType: 1 });
    expect([state, String(list.body.recordSum)]).toEqual([state, count]);
  }
  return r;
};

test('the counts cover every state of the status column, each equal to the filtered tone list', async () => {
  const r = await expectCountsAsListed();
  expect(r.counts.map((x) => x.state)).toEqual(stateValues('toneTranscodeStatus').filter((v) => v !== ''));
  const all = await c.get('/sp/qrytone', { queryType: 1 });
  expect(r.toneTotal).toBe(String(all.body.recordSum));
});

test('the counts stay exact through many changes of many tones at once, and after the kept changes are folded', async () => {
  // The counts are sums of the changes the database's triggers record (migration 036); a provider's changes are
  // folded into one a group once they pass a hundred. Statements that move many tones at once, back and forth,
  // past that number: every count must still be what the list finds.
  const providerId = await providerIdOf(s, DEMO.generic.account);
  const ids = (
    await s.ctx.db.selectFrom('tones').select('id').where('provider_id', '=', providerId).orderBy('id').execute()
  ).map((t) => t.id);
  const before = await expectCountsAsListed();
  const saved = await s.ctx.db.selectFrom('tones').selectAll().where('id', 'in', ids).execute();
  for (let round = 0; round < 4; round += 1) {
    for (const state of ['1', '3', '2']) {
      await s.ctx.db.updateTable('tones').set({ transcode_state: state }).where('id', 'in', ids).execute();
      await s.ctx.db
        .updateTable('tones')
        .set({ refuse_reason: `r${round}` })
        .where('id', 'in', ids)
        .execute();
    }
    await expectCountsAsListed();
  }
  // Back to what they were, one statement a tone: the counts are the first ones again.
  for (const t of saved)
    await s.ctx.db
      .updateTable('tones')
      .set({ transcode_state: t.transcode_state, refuse_reason: t.refuse_reason })
      .where('id', '=', t.id)
      .execute();
  expect((await expectCountsAsListed()).counts).toEqual(before.counts);
  // Folded: the provider's changes are a handful of rows again, not one per change.
  await summary();
  const kept = await s.ctx.db
    .selectFrom('tone_state_deltas')
    .select((e) => e.fn.countAll<number>().as('n'))
    .where('provider_id', '=', providerId)
    .executeTakeFirstOrThrow();
  expect(Number(kept.n)).toBeLessThanOrEqual(before.counts.length * 4 + 100);
});

test('an upload raises "addition to be approved"; a rejection shows with its reason; a tone ending soon is expiring', async () => {
  const before = await summary();
  const added = await c.post('/sp/addtone', await goodTone(s, c, { toneName: 'Home Queue Song' }));
  expect(added.body.returnCode).toBe('000000');
  const id = Number(added.body.record.toneID);
  // Time passes: the tone's validity (at least a year ahead when uploaded) now ends in 12 days.
  await s.ctx.db
    .updateTable('tones')
    .set({ tone_valid_day: inDays(12) })
    .where('id', '=', id)
    .execute();

  const after = await summary();
  expect(countOf(after, 'add')).toBe(countOf(before, 'add') + 1);
  expect(Number(after.toneTotal)).toBe(Number(before.toneTotal) + 1);
  expect(Number(after.waitingTotal)).toBe(Number(before.waitingTotal) + 1);
  expect(after.expiring).toContainEqual(
    expect.objectContaining({ type: 'tone', id: String(id), name: 'Home Queue Song', validDay: inDays(12) }),
  );
  // Oldest first.
  const since = after.waiting.map((w) => w.since);
  expect(since.length).toBe(Math.min(5, Number(after.waitingTotal)));
  expect(since).toEqual([...since].sort());

  s.clock.now = Date.now() + 60_000; // the operator decides later than anything the demo data holds
  await reject(id, 'The lyrics sheet is missing');
  const rejected = await summary();
  expect(countOf(rejected, 'add')).toBe(countOf(before, 'add'));
  expect(countOf(rejected, 'rejected')).toBe(countOf(before, 'rejected') + 1);
  expect(rejected.rejected[0]).toMatchObject({
    type: 'tone',
    id: String(id),
    name: 'Home Queue Song',
    refuseReason: 'The lyrics sheet is missing',
  });
  expect(rejected.waitingTotal).toBe(before.waitingTotal);
});

test('the last batch tasks carry a result from their lines', async () => {
  const r = await summary();
  expect(r.tasks.length).toBeLessThanOrEqual(5);
  for (const t of r.tasks) expect(['running', 'succeeded', 'partial', 'failed']).toContain(t.result);
});
