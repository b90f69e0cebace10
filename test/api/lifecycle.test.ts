// The approval lifecycle (src/server/lifecycle) end to end through the calls a provider makes and the operator's
// CLI, on the real server and database (SQLite, and PostgreSQL in the second pass of npm test): for tones and
// music boxes, an addition, a modification and a deletion each leave live data exactly as it was while they wait
// (the row, box and directory memberships, files, the list's values and the export), a rejection changes nothing
// but the state and the reason, and only the approval of a resubmission applies the change. IVR directories and
// their entries, IVR prompts and name tones go through the same lifecycle (ivr.test.ts, nameTone.test.ts).
import { startServer, shownState, DEMO, type TestServer, type Client } from './helpers';
import { runOperator } from '../../src/server/cli/commands';
import { decide } from '../../src/server/lifecycle/lifecycle';
import { goodTone, inDays } from './tonePayload';
import { boxCatalogue, editForm, formPayload, freeTones, send, uploadWav } from './boxSupport';

let s: TestServer;
let c: Client; // 8800010, generic, in the approval flow (believeCP 0)

beforeAll(async () => {
  s = await startServer();
  c = await s.login(DEMO.generic.account, DEMO.generic.password);
});
afterAll(async () => {
  await s.close();
});

const operator = async (...args: string[]) => {
  const out: string[] = [];
  expect(await runOperator(args, s.ctx, (l) => out.push(l))).toBe(0);
  return out.join('\n');
};
/** The one request waiting for an entity. */
const waitingRequest = async (entityType: string, id: number) =>
  String(
    (
      await s.ctx.db
        .selectFrom('change_requests')
        .select('id')
        .where('entity_type', '=', entityType)
        .where('entity_id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirstOrThrow()
    ).id,
  );
const approve = async (type: string, id: number) => operator('changes', 'approve', await waitingRequest(type, id));
const reject = async (type: string, id: number, reason: string) =>
  operator('changes', 'reject', await waitingRequest(type, id), '--reason', reason);

// ---- tones ----------------------------------------------------------------------------------------------

/** Everything live about a tone: its row, where it is in use, its list row's values and its export line. */
async function liveTone(id: number) {
  const row = await s.ctx.db
    .selectFrom('tones')
    .select(['status', 'tone_name', 'singer_name', 'tone_file', 'price'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const boxes = await s.ctx.db
    .selectFrom('tone_box_items')
    .select(['box_id', 'position'])
    .where('tone_id', '=', id)
    .orderBy('box_id')
    .execute();
  const directories = await s.ctx.db
    .selectFrom('ivr_directory_items')
    .select(['directory_id', 'position'])
    .where('resource_type', '=', '1')
    .where('resource_id', '=', id)
    .orderBy('directory_id')
    .execute();
  const listed = (await c.get('/sp/qrytone', { startRecordNum: 1, endRecordNum: 200 })).body.record.find(
    (t: { toneID: string }) => t.toneID === String(id),
  );
  const exported = (await c.get('/sp/exporttone', { format: 'raw' })).raw
    .split('\n')
    .find((l: string) => l.includes(listed?.toneCode ?? '-'));
  return {
    row,
    boxes,
    directories,
    list: listed && { toneName: listed.toneName, singerName: listed.singerName, price: listed.price },
    export: exported?.split(',').slice(1, 3).join(','),
    state: listed && shownState(listed),
    refuseReason: listed?.refuseReason,
  };
}
/** sp/edittone's parameters as the tone form sends them in edit mode, with new files. */
async function editTone(tone: { toneID: number; toneCode: string }, over: Record<string, unknown>) {
  const { catalogID, ...form } = await goodTone(s, c, over);
  return {
    ...form,
    ...tone,
    newCatalogId: catalogID,
    oldCatalogId: catalogID,
    reason: 'Edited',
    needApproved: 1,
    approveType: 2,
    tableType: 1,
    resourceServiceType: 1,
  };
}

/** The live part of a tone's picture, without its approval state. */
const liveOf = ({ state: _state, refuseReason: _reason, ...rest }: Awaited<ReturnType<typeof liveTone>>) => rest;

describe('tones', () => {
  test('a forced deletion leaves the tone in its boxes and directories until approved; a rejection changes nothing', async () => {
    // A demo tone of the provider in a music box and, for this test, in an IVR directory too.
    const inBox = await s.ctx.db
      .selectFrom('tone_box_items as i')
      .innerJoin('tones as t', 't.id', 'i.tone_id')
      .innerJoin('providers as p', 'p.id', 't.provider_id')
      .select('t.id')
      .where('p.code', '=', DEMO.generic.account)
      .where('t.status', '=', '1')
      .where('t.approve_type', '=', '2')
      .executeTakeFirstOrThrow();
    const id = inBox.id;
    const dir = (await c.post('/sp/qryivrcatalog', { startRecordNum: 1, endRecordNum: -1 })).body.record.find(
      (d: { catalogName: string }) => d.catalogName === 'Top Hits',
    );
    await s.ctx.db
      .insertInto('ivr_directory_items')
      .values({ directory_id: Number(dir.catalogID), resource_type: '1', resource_id: id, position: 99 })
      .onConflict((oc) => oc.doNothing())
      .execute();
    const before = await liveTone(id);
    expect(before.boxes.length).toBeGreaterThan(0);
    expect(before.directories.length).toBeGreaterThan(0);

    const inUse = await c.post('/sp/deltones', { toneIDs: String(id) });
    expect(inUse.body.returnCode).toBe('961001');
    expect(inUse.body.returnMsg).toContain('"Top Hits"');
    const forced = await c.post('/sp/deltones', { toneIDs: String(id), force: '1' });
    expect(forced.body).toMatchObject({ returnCode: '000000', record: { approval: true } });
    const waiting = await liveTone(id);
    expect(liveOf(waiting)).toEqual(liveOf(before));
    expect(waiting.state).toBe('delete');
    // One change at a time.
    expect((await c.post('/sp/deltones', { toneIDs: String(id), force: '1' })).body.returnCode).toBe('961003');

    await reject('tone', id, 'Subscribers still use it');
    const rejected = await liveTone(id);
    expect(liveOf(rejected)).toEqual(liveOf(before));
    expect(rejected).toMatchObject({ state: 'rejected', refuseReason: 'Subscribers still use it' });

    await c.post('/sp/deltones', { toneIDs: String(id), force: '1' });
    await approve('tone', id);
    const gone = await liveTone(id);
    expect(gone.row.status).toBe('6');
    expect(gone.boxes).toEqual([]);
    expect(gone.directories).toEqual([]);
  });

  test('a modification waits with the tone on sale as it was; rejected it changes nothing; approved it applies', async () => {
    const tone = await s.ctx.db
      .selectFrom('tones as t')
      .innerJoin('providers as p', 'p.id', 't.provider_id')
      .select(['t.id', 't.tone_code'])
      .where('p.code', '=', DEMO.generic.account)
      .where('t.status', '=', '1')
      .where('t.approve_type', '=', '2')
      .orderBy('t.id', 'desc')
      .executeTakeFirstOrThrow();
    const edit = (toneName: string) =>
      editTone({ toneID: tone.id, toneCode: tone.tone_code }, { toneName, price: '4.00', callerPrice: '4.00' });
    const before = await liveTone(tone.id);
    expect((await c.post('/sp/edittone', await edit('Retitled'))).body.returnCode).toBe('000000');
    const waiting = await liveTone(tone.id);
    // The new files, name and price are staged: the row, the list, the export and the files stay as they were.
    expect(liveOf(waiting)).toEqual(liveOf(before));
    expect(waiting.state).toBe('modify');

    await reject('tone', tone.id, 'Title already taken');
    const rejected = await liveTone(tone.id);
    expect(liveOf(rejected)).toEqual(liveOf(before));
    expect(rejected).toMatchObject({ state: 'rejected', refuseReason: 'Title already taken' });

    expect((await c.post('/sp/edittone', await edit('Retitled Again'))).body.returnCode).toBe('000000');
    await approve('tone', tone.id);
    const applied = await liveTone(tone.id);
    expect(applied.row).toMatchObject({ status: '1', tone_name: 'Retitled Again', price: '4.00' });
    expect(applied.row.tone_file).not.toBe(before.row.tone_file);
    expect(applied.export).toContain('Retitled Again');
    expect(applied).toMatchObject({ state: '1', refuseReason: '' });
  });

  test('an addition stays off sale until approved; a refused one is resubmitted by editing it', async () => {
    const added = await c.post('/sp/addtone', await goodTone(s, c, { toneName: 'Draft Song' }));
    expect(added.body).toMatchObject({ returnCode: '000000', record: { status: '0' } });
    const id = Number(added.body.record.toneID);
    expect((await liveTone(id)).state).toBe('add');
    await reject('tone', id, 'No lyrics sheet');
    expect(await liveTone(id)).toMatchObject({
      state: 'rejected',
      refuseReason: 'No lyrics sheet',
      row: { status: '0' },
    });
    const resubmit = await editTone(
      { toneID: id, toneCode: added.body.record.toneCode },
      { toneName: 'Draft Song (fixed)' },
    );
    expect((await c.post('/sp/edittone', resubmit)).body.returnCode).toBe('000000');
    expect((await liveTone(id)).state).toBe('add');
    await approve('tone', id);
    expect((await liveTone(id)).row).toMatchObject({ status: '1', tone_name: 'Draft Song (fixed)' });
  });

  test('two operators deciding one change: one wins, the other is told, nothing applies twice', async () => {
    const added = await c.post('/sp/addtone', await goodTone(s, c, { toneName: 'Race' }));
    const id = Number(added.body.record.toneID);
    const request = Number(await waitingRequest('tone', id));
    const results = await Promise.all([
      decide(s.ctx.db, request, { approve: true, reason: '', actor: 'reviewer-a' }),
      decide(s.ctx.db, request, { approve: false, reason: 'No', actor: 'reviewer-b' }),
    ]);
    expect(results.sort()).toEqual(['not-pending', 'ok']);
    const decisions = await s.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_type', '=', 'tone')
      .where('entity_id', '=', String(id))
      .where('action', 'like', 'change.%')
      .execute();
    expect(decisions).toHaveLength(1);
  });
});

// ---- music boxes ----------------------------------------------------------------------------------------

async function liveBox(id: number) {
  const row = await s.ctx.db
    .selectFrom('tone_boxes')
    .select(['status', 'name', 'price', 'tone_file'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const tones = await s.ctx.db
    .selectFrom('tone_box_items')
    .select(['tone_id', 'position'])
    .where('box_id', '=', id)
    .orderBy('position')
    .execute();
  const detail = (await c.get('/sp/querytoneboxdetail', { toneBoxID: id })).body.record;
  return { row, tones, state: detail && shownState(detail), refuseReason: detail?.refuseReason };
}
const liveBoxOf = ({ state: _state, refuseReason: _reason, ...rest }: Awaited<ReturnType<typeof liveBox>>) => rest;

describe('music boxes', () => {
  test('a modification with other tones, then a deletion, leave the box and its tones as they were until approved', async () => {
    const free = await freeTones(s, DEMO.generic.account);
    const tones = free.slice(0, 2);
    const form = {
      toneBoxType: '4',
      name: 'Lifecycle Package',
      price: '2.50',
      toneValidDay: inDays(100),
      catalogID: await boxCatalogue(s),
      priceGroupChoice: '1',
      description: 'Lifecycle',
      toneFile: { en: await uploadWav(c) },
      additionalToneBoxInfo: {},
      tones: tones.map((t) => ({ toneCode: t.toneCode, toneValidDay: t.toneValidDay })),
    };
    const added = await send(c, '/sp/addtonebox', await formPayload(c, form));
    expect(added.body.returnCode).toBe('000000');
    const id = Number(added.body.record.toneBoxID);
    await approve('toneBox', id);
    const before = await liveBox(id);
    expect(before).toMatchObject({ state: '1', row: { status: '1', name: 'Lifecycle Package' } });

    const other = free.slice(2, 3);
    const edited = await formPayload(
      c,
      {
        ...(await editForm(c, String(id))),
        name: 'Lifecycle Package II',
        tones: other.map((t) => ({ toneCode: t.toneCode, toneValidDay: t.toneValidDay })),
      },
      'edit',
    );
    expect((await send(c, '/sp/edittonebox', edited)).body.returnCode).toBe('000000');
    const waiting = await liveBox(id);
    expect(liveBoxOf(waiting)).toEqual(liveBoxOf(before));
    expect(waiting.state).toBe('modify');
    await reject('toneBox', id, 'Too few tones');
    expect(liveBoxOf(await liveBox(id))).toEqual(liveBoxOf(before));
    expect(await liveBox(id)).toMatchObject({ state: 'rejected', refuseReason: 'Too few tones' });

    expect((await send(c, '/sp/deltonebox', { toneBoxID: id, reason: 'Season over' })).body.returnCode).toBe('000000');
    expect(liveBoxOf(await liveBox(id))).toEqual(liveBoxOf(before));
    expect((await liveBox(id)).state).toBe('delete');
    await approve('toneBox', id);
    const gone = await s.ctx.db
      .selectFrom('tone_boxes')
      .select(['status', 'delete_reason'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(gone).toEqual({ status: '6', delete_reason: 'Season over' });
  });
});
