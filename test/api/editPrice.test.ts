// The tone's price through the edit form with a VAT factor (orange_vat_percentage): the form shows the stored
// price divided by it (000 §9, 001 §4) and saves it back unchanged (issue 12's reading), so an edit that does not
// touch the price never changes it, whatever the VAT; a price the provider changes is the shown (pre-VAT) price
// and is stored with the VAT, so the next edit shows what was typed. The form is filled and sent the way the
// browser does it (the definition's load mapping and the edit call's payload, through the engine), against the
// real server; the operator approves with the CLI.
import { startServer, DEMO, type TestServer, type Client } from './helpers';
import { formFromRecord } from '../../src/engine';
import { engineFor } from '../../src/server/validation';
import { runOperator } from '../../src/server/cli/commands';
import { sineWav } from '../../src/server/files/wav';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(async () => {
  await s.close();
});

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const operator = async (...args: string[]) => expect(await runOperator(args, s.ctx, () => undefined)).toBe(0);

async function addTone(c: Client, price: string): Promise<string> {
  const up = async (name: string) =>
    (await c.upload([[name, sineWav({ seconds: 1 })]])).body.record[name].savedFilename;
  const hd = Buffer.alloc(64);
  hd.writeUInt32BE(24, 0);
  hd.write('ftyp3gp4', 4, 'latin1');
  const gif = Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.from([0x5e, 0x01, 0x5e, 0x01]), Buffer.alloc(20)]);
  const catalogue = await s.ctx.db
    .selectFrom('catalogues')
    .select('id')
    .where('resource_type', '=', 1)
    .executeTakeFirstOrThrow();
  const r = await c.post('/sp/addtone', {
    toneName: 'Priced',
    singerName: 'Amani',
    singerSex: '1',
    lyricAuthor: 'Lee',
    melodyComposer: 'Kim',
    musicArranger: 'Ode',
    catalogID: String(catalogue.id),
    contentLanguage: '1',
    price,
    callerPrice: price,
    toneValidDay: inDays(400),
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
      webAuditon: await up('web.wav'),
      aipPlay: await up('ivr.wav'),
      hdPlay: (await c.upload([['hd.3gp', hd]])).body.record['hd.3gp'].savedFilename,
      image: (await c.upload([['c.gif', gif]])).body.record['c.gif'].savedFilename,
    }),
  });
  expect(r.body.returnCode).toBe('000000');
  return r.body.record.toneID;
}

/** Opens the tone in the edit form as the browser does: the fields' defaults, then its record through the definition's load mapping. */
async function editForm(c: Client, toneID: string, config: Record<string, string>) {
  const engine = engineFor('generic');
  const defaults = Object.fromEntries(
    engine
      .resolve('rbtUploading', { config, mode: 'edit' })
      .fields.filter((f) => f.default !== undefined)
      .map((f) => [f.name, f.default]),
  );
  const record = (await c.get('/sp/qrytonedetail', { toneID })).body.record;
  return {
    ...defaults,
    ...formFromRecord(engine.definition('rbtUploading').load!, record, engine.context({ config, mode: 'edit' })),
  };
}

/** Sends the edit form (the edit call's payload, as the browser builds it), then approves it as the operator. */
async function saveEdit(c: Client, toneID: string, form: Record<string, unknown>, config: Record<string, string>) {
  const payload = engineFor('generic').payload('rbtUploading', 'edit', {
    form: { ...form, modifyReason: 'Price check' },
    mode: 'edit',
    config,
  });
  const r = await c.post('/sp/edittone', payload);
  expect([r.body.returnCode, r.body.record?.errors]).toEqual(['000000', undefined]);
  const pending = await s.ctx.db
    .selectFrom('change_requests')
    .select('id')
    .where('entity_id', '=', Number(toneID))
    .where('kind', '=', 'modify')
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  await operator('changes', 'approve', String(pending.id));
  return (await s.ctx.db.selectFrom('tones').select('price').where('id', '=', Number(toneID)).executeTakeFirstOrThrow())
    .price;
}

describe.each([['1.16'], ['1']])('with orange_vat_percentage %s', (vat) => {
  const config = { orange_vat_percentage: vat };
  beforeAll(async () => {
    await operator('config', 'set', 'orange_vat_percentage', vat, '--site', 'generic');
    s.clock.now += 5000; // past the configuration cache
  });
  afterAll(async () => {
    await operator('config', 'unset', 'orange_vat_percentage', '--site', 'generic');
    s.clock.now += 5000;
  });

  test('the edit form shows the price divided by the VAT; saved untouched, the stored price is unchanged', async () => {
    const c = await s.login(DEMO.believe.account, DEMO.believe.password);
    const toneID = await addTone(c, '10.00');
    const form = await editForm(c, toneID, config);
    expect(form.price).toBe((10 / Number(vat)).toFixed(2));
    expect(await saveEdit(c, toneID, form, config)).toBe('10.00');
    // And again: as many saves as you like never move it.
    expect(await saveEdit(c, toneID, await editForm(c, toneID, config), config)).toBe('10.00');
  });

  test('a price the provider changes is stored with the VAT, so the next edit shows what was typed', async () => {
    const c = await s.login(DEMO.believe.account, DEMO.believe.password);
    const toneID = await addTone(c, '10.00');
    const form = await editForm(c, toneID, config);
    const stored = await saveEdit(c, toneID, { ...form, price: '7.50' }, config);
    expect(stored).toBe((7.5 * Number(vat)).toFixed(2));
    expect((await editForm(c, toneID, config)).price).toBe('7.50');
  });

  test('the server checks the shown price against the price range, as the form does', async () => {
    const c = await s.login(DEMO.believe.account, DEMO.believe.password);
    const toneID = await addTone(c, '10.00');
    const form = await editForm(c, toneID, config);
    // 10.50 typed is above max_tone_price (10) on the generic site, whatever it becomes with the VAT.
    const payload = engineFor('generic').payload('rbtUploading', 'edit', {
      form: { ...form, price: '10.50', modifyReason: 'Too much' },
      mode: 'edit',
      config,
    });
    const r = await c.post('/sp/edittone', payload);
    expect(r.body.record?.errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'price', message: 'CommonRes.priceRange' })]),
    );
  });
});
