// sp/addtonebox, sp/edittonebox and sp/deltonebox against the real server and database: the payload the
// musicBoxUpload definition builds in the browser is stored with its tones and a change request the operator
// decides with the CLI; every music box rule of 000 §5 / 001 §5.4 refuses a request that bypasses the browser,
// with the definition's message key and nothing stored; values a column cannot hold never reach the database;
// the site, radio, administrator-price, trusted and super-SP variants; only the provider's own boxes and tones.
import { startServer, DEMO, type TestServer, type Client } from './helpers';
import { runOperator } from '../../src/server/cli/commands';
import {
  boxCatalogue,
  count,
  formPayload,
  freeTones,
  inDays,
  providerId,
  send,
  tariffOf,
  uploadWav,
  editForm,
} from './boxSupport';

let s: TestServer;
let generic: Client;
beforeAll(async () => {
  s = await startServer();
  generic = await s.login(DEMO.generic.account, DEMO.generic.password);
  // Each box form uploads its prompt anew, more within a minute than the per-minute rate allows on a fast
  // database (upload.test.ts tests the rate).
  await s.ctx.config.set('upload_rate_per_minute', '0', 'generic');
});
afterAll(async () => {
  await s.close();
});

const operator = async (...args: string[]) => {
  const out: string[] = [];
  const code = await runOperator(
    args,
    s.ctx,
    (l) => out.push(l),
    (l) => out.push(l),
  );
  return { code, out: out.join('\n') };
};
const setConfig = (key: string, value: string, site = 'generic') => s.ctx.config.set(key, value, site);
const unsetConfig = (key: string, site = 'generic') => s.ctx.config.unset(key, site);

/** A complete package form of the generic provider: two of its free tones, a prompt, a category. */
async function packageForm(c: Client, code: string, over: Record<string, unknown> = {}) {
  const tones = (await freeTones(s, code)).slice(0, 2);
  return {
    toneBoxType: '4',
    name: 'Evening Package',
    price: '2.50',
    toneValidDay: tones.map((t) => t.toneValidDay).sort()[0],
    catalogID: await boxCatalogue(s),
    priceGroupChoice: '1',
    description: 'Calm tones for the evening',
    toneFile: { en: await uploadWav(c) },
    additionalToneBoxInfo: {},
    tones: tones.map((t) => ({ toneCode: t.toneCode, toneValidDay: t.toneValidDay })),
    ...over,
  };
}
const errorsOf = (r: { body: any }) =>
  (r.body.record?.errors ?? []).map((e: { field: string; message: string }) => `${e.field}:${e.message}`);

describe('sp/addtonebox', () => {
  test("the form's package is stored with its tones in order, waits for the operator, and is approved with the CLI", async () => {
    const before = (await generic.get('/checkLoginInfo')).body.record.userInfo.pendingApprovals;
    const form = await packageForm(generic, DEMO.generic.account);
    form.tones.reverse();
    const r = await send(generic, '/sp/addtonebox', await formPayload(generic, form));
    expect(r.body.returnCode).toBe('000000');
    const { toneBoxID, toneBoxCode, status, pendingApprovals } = r.body.record;
    expect(toneBoxCode).toMatch(/^9010\d{6}$/);
    expect(status).toBe('0');
    expect(pendingApprovals).toBe(before + 1);
    const box = await s.ctx.db
      .selectFrom('tone_boxes')
      .selectAll()
      .where('id', '=', Number(toneBoxID))
      .executeTakeFirstOrThrow();
    expect(box).toMatchObject({
      name: 'Evening Package',
      tone_box_type: '4',
      type: '3',
      price: '2.50',
      approve_type: '1',
      table_type: '1',
      ask_type: '1',
      description: 'Calm tones for the evening',
    });
    expect(JSON.parse(box.tone_file)).toEqual(form.toneFile);
    const items = await s.ctx.db
      .selectFrom('tone_box_items')
      .innerJoin('tones', 'tones.id', 'tone_box_items.tone_id')
      .select('tones.tone_code')
      .where('box_id', '=', box.id)
      .orderBy('position')
      .execute();
    expect(items.map((i) => i.tone_code)).toEqual(form.tones.map((t) => t.toneCode));
    expect(
      await s.ctx.db
        .selectFrom('audit_log')
        .select('action')
        .where('entity_type', '=', 'toneBox')
        .where('entity_id', '=', toneBoxID)
        .execute(),
    ).toEqual([{ action: 'addtonebox' }]);
    expect((await generic.get('/checkLoginInfo')).body.record.userInfo.pendingApprovals).toBe(before + 1);

    // The operator sees it by code and name, and approves it.
    const listed = (await operator('changes', 'list', '--type', 'toneBox', '--provider', DEMO.generic.account)).out
      .split('\n')
      .find((l) => l.includes(toneBoxCode))!;
    expect(listed).toMatch(
      new RegExp(
        `^#(\\d+)\\t${DEMO.generic.account}\\tadd\\ttoneBox ${toneBoxID}\\t${toneBoxCode} "Evening Package"\\t`,
      ),
    );
    expect((await operator('changes', 'approve', listed.match(/^#(\d+)/)![1])).code).toBe(0);
    const row = (await generic.get('/sp/querytonebox', { toneBoxCode })).body.record[0];
    expect(row).toMatchObject({
      toneBoxID,
      toneBoxName: 'Evening Package',
      status: '1',
      approveType: '2',
      askType: '',
      toneNum: '2',
    });
    expect((await generic.get('/checkLoginInfo')).body.record.userInfo.pendingApprovals).toBe(before);
  });

  test('a trusted provider (believeCP 1) publishes at once, without a change request', async () => {
    const c = await s.login(DEMO.believe.account, DEMO.believe.password);
    const requests = await count(s, 'change_requests');
    const r = await send(c, '/sp/addtonebox', await formPayload(c, await packageForm(c, DEMO.believe.account)));
    expect(r.body.record.status).toBe('1');
    expect(await count(s, 'change_requests')).toBe(requests);
  });

  test('a disc with the weekly plan: at least one of the weekly and monthly prices (add mode), relative validity kept', async () => {
    await setConfig('support_weekly_plan_content', '1');
    try {
      const tariff = await tariffOf(s, 2);
      const disc = await packageForm(generic, DEMO.generic.account, {
        toneBoxType: '2',
        name: 'Weekly Disc',
        relativeTime: '30',
        priceGroupChoice: '2',
        priceGroupID: tariff,
      });
      const none = await send(generic, '/sp/addtonebox', await formPayload(generic, disc));
      expect(errorsOf(none)).toContain('monthlyPrice:MusicBox.leastOnePrice');
      const ok = await send(generic, '/sp/addtonebox', await formPayload(generic, { ...disc, monthlyPrice: '4.00' }));
      expect(ok.body.returnCode).toBe('000000');
      expect(
        await s.ctx.db
          .selectFrom('tone_boxes')
          .select(['tone_box_type', 'monthly_price', 'weekly_price', 'relative_time', 'price_group_id'])
          .where('id', '=', Number(ok.body.record.toneBoxID))
          .executeTakeFirstOrThrow(),
      ).toEqual({
        tone_box_type: '2',
        monthly_price: '4.00',
        weekly_price: '',
        relative_time: '30',
        price_group_id: Number(tariff),
      });
    } finally {
      await unsetConfig('support_weekly_plan_content');
    }
  });

  describe("every rule refuses a request that bypasses the browser, with the definition's message, storing nothing", () => {
    const cases: Array<[string, (f: any) => Promise<Record<string, unknown>> | Record<string, unknown>, string]> = [
      ['name required', (f) => ({ ...f, name: '' }), 'name:MusicBox.checkMusicBoxNameEmpty'],
      ['name at most 100', (f) => ({ ...f, name: 'n'.repeat(101) }), 'name:Validation.maxLength'],
      ['name rule (rule_valid_name)', (f) => ({ ...f, name: 'Hits | more' }), 'name:CommonRes.invalidChar'],
      ['price required', (f) => ({ ...f, price: '' }), 'price:MusicBox.priceEmpty'],
      ['price range', (f) => ({ ...f, price: '10.50' }), 'price:CommonRes.priceRange'],
      ['price decimals (page_price_form)', (f) => ({ ...f, price: '1.234' }), 'price:CommonRes.priceDecimals'],
      ['validity required', (f) => ({ ...f, toneValidDay: '' }), 'toneValidDay:MusicBox.validDayEmpty'],
      [
        'validity not before yesterday',
        (f) => ({ ...f, toneValidDay: inDays(-3) }),
        'toneValidDay:MusicBox.validDayPast',
      ],
      [
        "box validity on or before the tones'",
        (f) => ({ ...f, toneValidDay: inDays(2000) }),
        'toneValidDay:MusicBox.musicBoxValidityErr',
      ],
      ['category required', (f) => ({ ...f, catalogID: '' }), 'catalogID:MusicBox.catalogEmpty'],
      [
        'description at most 1024',
        (f) => ({ ...f, description: 'd'.repeat(1025) }),
        'description:Validation.maxLength',
      ],
      ['description without edge blanks', (f) => ({ ...f, description: ' calm' }), 'description:CommonRes.blankReg'],
      ['at least one tone', (f) => ({ ...f, tones: [] }), 'tones:MusicBox.toneCodeEmpty'],
    ];
    test.each(cases)('%s', async (_what, change, expected) => {
      const boxes = await count(s, 'tone_boxes');
      const requests = await count(s, 'change_requests');
      const r = await send(
        generic,
        '/sp/addtonebox',
        await formPayload(generic, await change(await packageForm(generic, DEMO.generic.account))),
      );
      expect(r.body.returnCode).toBe('950004');
      expect(errorsOf(r)).toContain(expected);
      expect(await count(s, 'tone_boxes')).toBe(boxes);
      expect(await count(s, 'change_requests')).toBe(requests);
    });

    test("the box-validity refusal names the box's date and the tone that ends last, with its code and validity, in the session's language", async () => {
      const form = await packageForm(generic, DEMO.generic.account);
      const latest = await s.ctx.db
        .selectFrom('tones')
        .select(['tone_code', 'tone_name', 'tone_valid_day'])
        .where(
          'tone_code',
          'in',
          form.tones.map((t) => t.toneCode),
        )
        .orderBy('tone_valid_day', 'desc')
        .executeTakeFirstOrThrow();
      const late = { ...form, toneValidDay: inDays(2000) };
      const en = await send(generic, '/sp/addtonebox', await formPayload(generic, late));
      expect(en.body.record.errors[0].text).toBe(
        `toneValidDay: The music box is valid until ${inDays(2000)}, later than every tone it holds: the latest, ` +
          `"${latest.tone_name}" (${latest.tone_code}), is valid until ${latest.tone_valid_day}. ` +
          `Choose ${latest.tone_valid_day} or earlier.`,
      );
      const zh = await s.login(DEMO.generic.account, DEMO.generic.password, { 'accept-language': 'zh' });
      const zhAnswer = await send(zh, '/sp/addtonebox', await formPayload(zh, late));
      expect(zhAnswer.body.record.errors[0].text).toContain(`“${latest.tone_name}”（${latest.tone_code}）`);
      expect(zhAnswer.body.record.errors[0].text).toContain(`有效期至 ${latest.tone_valid_day}`);
    });

    test('the tone limit (limit_number_rings_per_tonebox) and the prompt per language (musicbox_prompt_required)', async () => {
      await setConfig('limit_number_rings_per_tonebox', '1');
      await setConfig('musicbox_prompt_required', '1');
      try {
        const form = await packageForm(generic, DEMO.generic.account, { toneFile: {} });
        const r = await send(generic, '/sp/addtonebox', await formPayload(generic, form));
        expect(errorsOf(r)).toEqual(
          expect.arrayContaining(['tones:MusicBox.exceededLimit', 'toneFile:MusicBox.promptRBTEmpty']),
        );
        await setConfig('multi_language_support', '1');
        const one = await send(
          generic,
          '/sp/addtonebox',
          await formPayload(generic, {
            ...form,
            tones: form.tones.slice(0, 1),
            toneFile: { en: await uploadWav(generic) },
          }),
        );
        expect(errorsOf(one)).toEqual(['toneFile:MusicBox.promptLanguageEmpty']);
        expect(one.body.record.errors[0].text).toBe('toneFile: The prompt file for French is required.');
      } finally {
        for (const k of ['limit_number_rings_per_tonebox', 'musicbox_prompt_required', 'multi_language_support'])
          await unsetConfig(k);
      }
    });

    test('relative validity shorter than absolute (a disc with system_sp_charge_strategy 1)', async () => {
      const form = await packageForm(generic, DEMO.generic.account, {
        toneBoxType: '2',
        toneValidDay: inDays(20),
        relativeTime: '30',
      });
      expect(errorsOf(await send(generic, '/sp/addtonebox', await formPayload(generic, form)))).toContain(
        'relativeTime:CommonRes.relativeShorterThanAbsolute',
      );
    });

    test('checks only the server can make: tones, prompt files, category and tariff', async () => {
      const base = await packageForm(generic, DEMO.generic.account);
      const pid = await providerId(s, DEMO.generic.account);
      const hidden = await s.ctx.db
        .selectFrom('tones')
        .select('tone_code')
        .where('provider_id', '=', pid)
        .where('status', '=', '2')
        .executeTakeFirstOrThrow();
      const jockey = await s.ctx.db
        .selectFrom('tones')
        .select(['id', 'tone_code'])
        .where('provider_id', '=', pid)
        .where('status', '=', '1')
        .where('approve_type', '=', '2')
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const gif = (
        await generic.upload([
          ['cover.gif', Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.from([1, 0, 1, 0]), Buffer.alloc(20)])],
        ])
      ).body.record['cover.gif'].savedFilename;
      const other = await s.login(DEMO.believe.account, DEMO.believe.password);
      const theirs = await uploadWav(other, 'theirs.wav');
      const raw = await formPayload(generic, base);
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ toneCode: `${base.tones[0].toneCode},${hidden.tone_code}` }, 'tones:MusicBox.toneNotSelectable'],
        [{ toneCode: `${base.tones[0].toneCode},${base.tones[0].toneCode}` }, 'tones:MusicBox.toneTwice'],
        [{ toneFile: JSON.stringify({ en: theirs }) }, 'toneFile:MusicBox.promptNotYours'],
        [{ toneFile: JSON.stringify({ en: gif }) }, 'toneFile:MusicBox.promptFormatError'],
        [{ toneFile: JSON.stringify({ xx: base.toneFile.en }) }, 'toneFile:MusicBox.promptLanguageUnknown'],
        [{ toneFile: '{not json' }, 'toneFile:Validation.type'],
        [
          {
            catalogID: String(
              (
                await s.ctx.db
                  .selectFrom('catalogues')
                  .select('id')
                  .where('resource_type', '=', 1)
                  .executeTakeFirstOrThrow()
              ).id,
            ),
          },
          'catalogID:MusicBox.catalogMissing',
        ],
        [{ priceGroupID: await tariffOf(s, 2) }, 'priceGroupID:MusicBox.tariffMissing'],
      ];
      const boxes = await count(s, 'tone_boxes');
      for (const [change, expected] of cases)
        expect([expected, errorsOf(await send(generic, '/sp/addtonebox', { ...raw, ...change }))]).toEqual([
          expected,
          expect.arrayContaining([expected]),
        ]);
      // A jockey tone (cutFlag 1) is not one a box may hold either.
      await s.ctx.db.updateTable('tones').set({ cut_flag: '1' }).where('id', '=', jockey.id).execute();
      try {
        expect(errorsOf(await send(generic, '/sp/addtonebox', { ...raw, toneCode: jockey.tone_code }))).toContain(
          'tones:MusicBox.toneNotSelectable',
        );
      } finally {
        await s.ctx.db.updateTable('tones').set({ cut_flag: '0' }).where('id', '=', jockey.id).execute();
      }
      expect(await count(s, 'tone_boxes')).toBe(boxes);
    });

    test("the box validity is compared with the tones' dates the server reads, not with those sent", async () => {
      const form = await packageForm(generic, DEMO.generic.account);
      const lying = await formPayload(generic, {
        ...form,
        toneValidDay: inDays(2000),
        tones: form.tones.map((t: any) => ({ ...t, toneValidDay: inDays(3000) })),
      });
      expect(errorsOf(await send(generic, '/sp/addtonebox', lying))).toContain(
        'toneValidDay:MusicBox.musicBoxValidityErr',
      );
    });
  });

  test('values a column cannot hold are refused before the database, with the limit named', async () => {
    const raw = await formPayload(generic, await packageForm(generic, DEMO.generic.account));
    const boxes = await count(s, 'tone_boxes');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: 'x'.repeat(5000) }, 'name: At most 100 characters.'],
      [{ catalogID: '99999999999' }, 'catalogID: The format is not valid.'],
      [{ priceGroupID: '12345678901' }, 'priceGroupID: The format is not valid.'],
      [{ toneValidDay: '2030-01-011' }, 'toneValidDay: At most 10 characters.'],
      [{ price: '1'.repeat(33) }, 'price: At most 32 characters.'],
      [{ toneBoxType: '44444' }, 'toneBoxType: At most 4 characters.'],
      [{ description: 'd'.repeat(1025) }, 'description: At most 1024 characters.'],
      [
        { additionalToneBoxInfo: JSON.stringify({ a: 'x'.repeat(17000) }) },
        'additionalToneBoxInfo: At most 16384 characters.',
      ],
      [{ toneCode: '1,2,x' }, 'toneCode: The format is not valid.'],
      // The form sends type as one of its constants, so only those are taken (http/contract.ts).
      [{ type: '12345' }, 'type: Choose one of the options.'],
    ];
    for (const [change, text] of cases) {
      const r = await send(generic, '/sp/addtonebox', { ...raw, ...change });
      expect([text, r.body.returnCode, r.body.returnMsg]).toEqual([
        text,
        '950004',
        `Please check the validation. ${text}`,
      ]);
    }
    // A JSON body's numbers are read as text, and the text must fit the column as well.
    const json = await generic.post('/sp/addtonebox', { ...raw, type: 12345, catalogID: 12345678901 });
    expect(json.body.record.errors.map((e: { text: string }) => e.text).sort()).toEqual([
      'catalogID: The format is not valid.',
      'type: Choose one of the options.',
    ]);
    expect(await count(s, 'tone_boxes')).toBe(boxes);
  });

  test("another provider's tone code is refused as a resource that does not exist", async () => {
    const raw = await formPayload(generic, await packageForm(generic, DEMO.generic.account));
    const [kenyaTone] = await freeTones(s, DEMO.kenya.account);
    const r = await send(generic, '/sp/addtonebox', {
      ...raw,
      toneCode: `${String(raw.toneCode).split(',')[0]},${kenyaTone.toneCode}`,
    });
    expect(r.body).toMatchObject({ returnCode: '950005', returnMsg: 'The resource does not exist.' });
    expect((await send(generic, '/sp/addtonebox', { ...raw, toneCode: '99999999999' })).body.returnCode).toBe('950005');
  });

  test("sites: Kenya packages are type 5; Ais does not compare the box validity with the tones'", async () => {
    const kenya = await s.login(DEMO.kenya.account, DEMO.kenya.password);
    const kForm = await packageForm(kenya, DEMO.kenya.account, { price: '2.00' });
    expect(errorsOf(await send(kenya, '/sp/addtonebox', await formPayload(kenya, kForm)))).toContain(
      'toneBoxType:Validation.enum',
    );
    const k = await send(kenya, '/sp/addtonebox', await formPayload(kenya, { ...kForm, toneBoxType: '5' }));
    expect(k.body.returnCode).toBe('000000');
    const ais = await s.login(DEMO.ais.account, DEMO.ais.password);
    const late = await packageForm(ais, DEMO.ais.account, { toneValidDay: inDays(2000) });
    expect((await send(ais, '/sp/addtonebox', await formPayload(ais, late))).body.returnCode).toBe('000000');
  });

  test('radio account: packages only, no price or bundle price stored, and no new box while its boxes wait for approval', async () => {
    const radio = await s.login(DEMO.radio.account, DEMO.radio.password);
    const info = (await radio.get('/checkLoginInfo')).body.record.userInfo;
    expect(info.pendingApprovals).toBe(1); // the demo's package waiting for approval
    const form = await packageForm(radio, DEMO.radio.account, { price: '9.99' });
    const waiting = await send(radio, '/sp/addtonebox', await formPayload(radio, form));
    expect(waiting.body.returnCode).toBe('950004');
    expect(waiting.body.record.errors[0]).toMatchObject({ field: '', message: 'MusicBox.pendingApprovals' });
    expect(waiting.body.returnMsg).toContain('a radio account can submit a new one once the operator has decided');
    for (const line of (
      await operator('changes', 'list', '--provider', DEMO.radio.account, '--type', 'toneBox')
    ).out.split('\n')) {
      expect((await operator('changes', 'approve', line.match(/^#(\d+)/)![1])).code).toBe(0);
    }
    const disc = await send(radio, '/sp/addtonebox', { ...(await formPayload(radio, form)), toneBoxType: '2' });
    expect(errorsOf(disc)).toContain('toneBoxType:Validation.enum');
    // The form offers the radio account no price and no bundle price: neither is stored when sent anyway.
    const r = await send(radio, '/sp/addtonebox', {
      ...(await formPayload(radio, form)),
      price: '9.99',
      bundlePrice: '3.00',
    });
    expect(r.body.returnCode).toBe('000000');
    expect(
      await s.ctx.db
        .selectFrom('tone_boxes')
        .select(['price', 'bundle_price'])
        .where('id', '=', Number(r.body.record.toneBoxID))
        .executeTakeFirstOrThrow(),
    ).toEqual({ price: '', bundle_price: '' });
  });

  test("the administrator's price (cp_admin_can_specify_rbt_price 2) replaces the one sent", async () => {
    await setConfig('cp_admin_can_specify_rbt_price', '2');
    try {
      const c = await s.login(DEMO.believe.account, DEMO.believe.password);
      const raw = await formPayload(c, await packageForm(c, DEMO.believe.account));
      const r = await send(c, '/sp/addtonebox', { ...raw, price: '9.99' });
      expect(r.body.returnCode).toBe('000000');
      expect(
        (
          await s.ctx.db
            .selectFrom('tone_boxes')
            .select('price')
            .where('id', '=', Number(r.body.record.toneBoxID))
            .executeTakeFirstOrThrow()
        ).price,
      ).toBe('5.00');
    } finally {
      await unsetConfig('cp_admin_can_specify_rbt_price');
    }
  });

  test("super SP: a disc of other providers' tones of its site (uploadType 2); not a package, not another site's tones", async () => {
    const sup = await s.login(DEMO.superSP.account, DEMO.superSP.password);
    expect((await sup.get('/checkLoginInfo')).body.record.userInfo.isSuperSP).toBe('1');
    const [g1, g2] = await freeTones(s, DEMO.generic.account);
    const form = await packageForm(sup, DEMO.superSP.account, {
      toneBoxType: '2',
      name: 'Site Sampler',
      relativeTime: '30',
      toneValidDay: [g1, g2].map((t) => t.toneValidDay).sort()[0],
      tones: [g1, g2].map((t) => ({ toneCode: t.toneCode, toneValidDay: t.toneValidDay })),
    });
    const payload = await formPayload(sup, form);
    expect(payload).toMatchObject({ uploadType: 2, musicDiscSuperSP: 1 });
    const r = await send(sup, '/sp/addtonebox', payload);
    expect(r.body.returnCode).toBe('000000');
    const detail = (await sup.get('/sp/querytoneboxdetail', { toneBoxID: r.body.record.toneBoxID })).body.record;
    expect(detail).toMatchObject({ uploadType: '2', toneNum: '2' });
    expect(detail.toneInfos.map((t: any) => t.cpName)).toEqual(['Generic Music Ltd', 'Generic Music Ltd']);
    expect(
      (await send(sup, '/sp/addtonebox', await formPayload(sup, { ...form, toneBoxType: '4' }))).body.returnCode,
    ).toBe('950005');
    const [k] = await freeTones(s, DEMO.kenya.account);
    expect((await send(sup, '/sp/addtonebox', { ...payload, toneCode: k.toneCode })).body.returnCode).toBe('950005');
  });
});

/** A normal box of the provider made for the test (approved at once by the operator). */
async function normalBox(c: Client, code: string, name: string) {
  const r = await send(c, '/sp/addtonebox', await formPayload(c, await packageForm(c, code, { name })));
  expect(r.body.returnCode).toBe('000000');
  if (r.body.record.status !== '1') {
    const line = (await operator('changes', 'list', '--type', 'toneBox')).out
      .split('\n')
      .find((l) => l.includes(`toneBox ${r.body.record.toneBoxID}\t`))!;
    await operator('changes', 'approve', line.match(/^#(\d+)/)![1]);
  }
  return r.body.record.toneBoxID as string;
}

/** The edit form of a box as the definition's load fills it from sp/querytoneboxdetail. */
describe('sp/edittonebox', () => {
  test('a modification waits for the operator: approved it applies the fields and the tones; rejected it shows the reason', async () => {
    const id = await normalBox(generic, DEMO.generic.account, 'Before Edit');
    const form = await editForm(generic, id);
    const r = await send(
      generic,
      '/sp/edittonebox',
      await formPayload(generic, { ...form, name: 'After Edit', tones: form.tones.slice(0, 1) }, 'edit'),
    );
    expect(r.body.returnCode).toBe('000000');
    const pending = (
      await generic.get('/sp/querytonebox', {
        toneBoxCode: (await generic.get('/sp/querytoneboxdetail', { toneBoxID: id })).body.record.toneBoxCode,
      })
    ).body.record[0];
    expect(pending).toMatchObject({
      toneBoxName: 'Before Edit',
      status: '1',
      approveType: '1',
      tableType: '1',
      askType: '3',
      toneNum: '2',
    });
    // While it waits, the box cannot be changed again.
    expect((await send(generic, '/sp/edittonebox', await formPayload(generic, form, 'edit'))).body.returnCode).toBe(
      '961003',
    );
    expect((await send(generic, '/sp/deltonebox', { toneBoxID: id, reason: 'gone' })).body.returnCode).toBe('961003');
    const line = (await operator('changes', 'list', '--type', 'toneBox')).out
      .split('\n')
      .find((l) => l.includes(`toneBox ${id}\t`))!;
    expect(line).toContain('\tmodify\t');
    expect(line).toContain('"Before Edit"');
    await operator('changes', 'approve', line.match(/^#(\d+)/)![1]);
    const after = (await generic.get('/sp/querytoneboxdetail', { toneBoxID: id })).body.record;
    expect(after).toMatchObject({
      toneBoxName: 'After Edit',
      status: '1',
      approveType: '2',
      askType: '',
      toneNum: '1',
    });
    expect(after.toneInfos.map((t: any) => t.toneCode)).toEqual([form.tones[0].toneCode]);

    await send(
      generic,
      '/sp/edittonebox',
      await formPayload(generic, { ...(await editForm(generic, id)), name: 'Rejected Name' }, 'edit'),
    );
    const again = (await operator('changes', 'list', '--type', 'toneBox')).out
      .split('\n')
      .find((l) => l.includes(`toneBox ${id}\t`))!;
    expect((await operator('changes', 'reject', again.match(/^#(\d+)/)![1], '--reason', 'Name not allowed')).code).toBe(
      0,
    );
    expect((await generic.get('/sp/querytoneboxdetail', { toneBoxID: id })).body.record).toMatchObject({
      toneBoxName: 'After Edit',
      approveType: '3',
      tableType: '1',
      refuseReason: 'Name not allowed',
    });
  });

  test('the type is the stored one: the disc rules do not apply to a package whatever the request says', async () => {
    await setConfig('support_weekly_plan_content', '1');
    try {
      const id = await normalBox(generic, DEMO.generic.account, 'Typed Box');
      const payload = await formPayload(generic, await editForm(generic, id), 'edit');
      const r = await send(generic, '/sp/edittonebox', { ...payload, toneBoxType: '2', relativeTime: '' });
      expect(r.body.returnCode).toBe('000000');
      expect(
        (
          await s.ctx.db
            .selectFrom('tone_boxes')
            .select('tone_box_type')
            .where('id', '=', Number(id))
            .executeTakeFirstOrThrow()
        ).tone_box_type,
      ).toBe('4');
    } finally {
      await unsetConfig('support_weekly_plan_content');
    }
  });

  test('rules and bad input, with nothing changed', async () => {
    const id = await normalBox(generic, DEMO.generic.account, 'Guarded Box');
    const form = await editForm(generic, id);
    const requests = await count(s, 'change_requests');
    expect(
      errorsOf(await send(generic, '/sp/edittonebox', await formPayload(generic, { ...form, name: '' }, 'edit'))),
    ).toContain('name:MusicBox.checkMusicBoxNameEmpty');
    expect(
      errorsOf(await send(generic, '/sp/edittonebox', await formPayload(generic, { ...form, tones: [] }, 'edit'))),
    ).toContain('tones:MusicBox.toneCodeEmpty');
    expect(
      errorsOf(
        await send(
          generic,
          '/sp/edittonebox',
          await formPayload(generic, { ...form, toneValidDay: inDays(2000) }, 'edit'),
        ),
      ),
    ).toContain('toneValidDay:MusicBox.musicBoxValidityErr');
    expect(
      (await send(generic, '/sp/edittonebox', { ...(await formPayload(generic, form, 'edit')), toneBoxID: 'abc' })).body
        .returnCode,
    ).toBe('950004');
    expect(
      (await send(generic, '/sp/edittonebox', { ...(await formPayload(generic, form, 'edit')), toneBoxID: '999999' }))
        .body.returnCode,
    ).toBe('950005');
    expect(
      (await send(generic, '/sp/edittonebox', { ...(await formPayload(generic, form, 'edit')), newCatalogID: '1e5' }))
        .body.returnCode,
    ).toBe('950004');
    expect(await count(s, 'change_requests')).toBe(requests);
  });

  test("another provider's box is not found, and stays as it was", async () => {
    const id = await normalBox(generic, DEMO.generic.account, 'Not Yours');
    const form = await editForm(generic, id);
    const kenya = await s.login(DEMO.kenya.account, DEMO.kenya.password);
    expect((await send(kenya, '/sp/edittonebox', await formPayload(kenya, form, 'edit'))).body.returnCode).toBe(
      '950005',
    );
    expect((await kenya.get('/sp/querytoneboxdetail', { toneBoxID: id })).body.returnCode).toBe('950005');
    expect((await send(kenya, '/sp/deltonebox', { toneBoxID: id, reason: 'mine now' })).body.returnCode).toBe('950005');
    expect((await generic.get('/sp/querytoneboxdetail', { toneBoxID: id })).body.record).toMatchObject({
      toneBoxName: 'Not Yours',
      status: '1',
      approveType: '2',
    });
  });
});

describe('sp/deltonebox', () => {
  test('the reason is required and at most 180 characters; the deletion waits for the operator', async () => {
    const id = await normalBox(generic, DEMO.generic.account, 'To Delete');
    expect(errorsOf(await send(generic, '/sp/deltonebox', { toneBoxID: id, reason: '' }))).toEqual([
      'reason:MusicBox.deleteReasonEmpty',
    ]);
    expect((await send(generic, '/sp/deltonebox', { toneBoxID: id, reason: 'r'.repeat(181) })).body.returnMsg).toBe(
      'Please check the validation. reason: At most 180 characters.',
    );
    expect(errorsOf(await send(generic, '/sp/deltonebox', { toneBoxID: id, reason: ' padded ' }))).toEqual([
      'reason:CommonRes.blankReg',
    ]);
    expect((await send(generic, '/sp/deltonebox', { toneBoxID: 'x', reason: 'r' })).body.returnCode).toBe('950004');
    const r = await send(generic, '/sp/deltonebox', { toneBoxID: id, reason: 'Licence ended', portalType: 1 });
    expect(r.body.returnCode).toBe('000000');
    expect((await generic.get('/sp/querytoneboxdetail', { toneBoxID: id })).body.record).toMatchObject({
      askType: '2',
      approveType: '1',
      deleteReason: 'Licence ended',
    });
    const line = (await operator('changes', 'list', '--type', 'toneBox')).out
      .split('\n')
      .find((l) => l.includes(`toneBox ${id}\t`))!;
    expect(line).toContain('\tdelete\t');
    await operator('changes', 'approve', line.match(/^#(\d+)/)![1]);
    expect((await generic.get('/sp/querytoneboxdetail', { toneBoxID: id })).body.returnCode).toBe('950005');
    expect(
      await s.ctx.db
        .selectFrom('tone_boxes')
        .select(['status', 'delete_reason'])
        .where('id', '=', Number(id))
        .executeTakeFirstOrThrow(),
    ).toEqual({ status: '6', delete_reason: 'Licence ended' });
  });

  test('a trusted provider deletes at once', async () => {
    const c = await s.login(DEMO.believe.account, DEMO.believe.password);
    const id = await normalBox(c, DEMO.believe.account, 'Trusted Delete');
    expect((await send(c, '/sp/deltonebox', { toneBoxID: id, reason: 'Done' })).body).toMatchObject({
      returnCode: '000000',
      record: { status: '6' },
    });
    expect((await c.get('/sp/querytoneboxdetail', { toneBoxID: id })).body.returnCode).toBe('950005');
  });
});

describe('bundle price, remark and description (001 §2.5, §3: three fields of the box)', () => {
  const fieldsOf = (r: Record<string, unknown>) => ({
    bundlePrice: r.bundlePrice,
    remark: r.remark,
    toneBoxDescription: r.toneBoxDescription,
  });
  const listed = async (toneBoxCode: string) =>
    (await generic.get('/sp/querytonebox', { toneBoxCode })).body.record[0] as Record<string, string>;
  const detail = async (toneBoxID: string) =>
    (await generic.get('/sp/querytoneboxdetail', { toneBoxID })).body.record as Record<string, string>;
  const requestOf = async (id: string) =>
    (await operator('changes', 'list', '--type', 'toneBox')).out
      .split('\n')
      .find((l) => l.includes(`toneBox ${id}\t`))!
      .match(/^#(\d+)/)![1];

  test('an added box waits with the three fields; an edit of them is staged, reviewed old against new, and live only once approved', async () => {
    const first = {
      bundlePrice: '7.50',
      remark: 'For the evening slot',
      toneBoxDescription: 'Calm tones for the evening',
    };
    const added = await send(
      generic,
      '/sp/addtonebox',
      await formPayload(
        generic,
        await packageForm(generic, DEMO.generic.account, {
          name: 'Bundle Box',
          bundlePrice: first.bundlePrice,
          remark: first.remark,
          description: first.toneBoxDescription,
        }),
      ),
    );
    expect(added.body.returnCode).toBe('000000');
    const { toneBoxID, toneBoxCode } = added.body.record;
    // Waiting for the operator: not on sale (status 0, addition to be approved), its fields as sent.
    expect(await listed(toneBoxCode)).toMatchObject({ status: '0', approveType: '1', askType: '1', ...first });
    await operator('changes', 'approve', await requestOf(toneBoxID));
    expect(await listed(toneBoxCode)).toMatchObject({ status: '1', approveType: '2', ...first });
    expect(fieldsOf(await detail(toneBoxID))).toEqual(first);

    // The edit form reads them back, and an edit of them waits in the change request: the live box keeps its own.
    const form = await editForm(generic, toneBoxID);
    expect({ bundlePrice: form.bundlePrice, remark: form.remark, description: form.description }).toEqual({
      bundlePrice: first.bundlePrice,
      remark: first.remark,
      description: first.toneBoxDescription,
    });
    const second = { bundlePrice: '8.25', remark: 'Moved to the night slot', toneBoxDescription: 'Quiet night tones' };
    const edited = await send(
      generic,
      '/sp/edittonebox',
      await formPayload(
        generic,
        { ...form, bundlePrice: second.bundlePrice, remark: second.remark, description: second.toneBoxDescription },
        'edit',
      ),
    );
    expect(edited.body.returnCode).toBe('000000');
    expect(await listed(toneBoxCode)).toMatchObject({ approveType: '1', askType: '3', ...first });
    expect(fieldsOf(await detail(toneBoxID))).toEqual(first);
    expect(
      await s.ctx.db
        .selectFrom('tone_boxes')
        .select(['bundle_price', 'remark', 'description'])
        .where('id', '=', Number(toneBoxID))
        .executeTakeFirstOrThrow(),
    ).toEqual({ bundle_price: '7.50', remark: first.remark, description: first.toneBoxDescription });

    // The operator console's review compares the live values with the staged ones.
    const op = s.client();
    expect(
      (await op.post('/op/login', { account: DEMO.opAdmin.account, pwd: DEMO.opAdmin.password })).body.returnCode,
    ).toBe('000000');
    const requestID = await requestOf(toneBoxID);
    const review = (await op.get('/op/change', { requestID })).body.record;
    const compared = (name: string) => review.fields.find((f: { name: string }) => f.name === name);
    expect([compared('bundlePrice'), compared('remark'), compared('toneBoxDescription')]).toEqual([
      {
        name: 'bundlePrice',
        label: 'MusicBox.bundlePrice',
        old: first.bundlePrice,
        new: second.bundlePrice,
        changed: true,
      },
      { name: 'remark', label: 'MusicBox.remark', old: first.remark, new: second.remark, changed: true },
      {
        name: 'toneBoxDescription',
        label: 'MusicBox.description',
        old: first.toneBoxDescription,
        new: second.toneBoxDescription,
        changed: true,
      },
    ]);

    // The box's type by the upload form's words; one prompt per content language, each headed by its language.
    expect(compared('toneBoxType')).toMatchObject({
      labels: { '2': 'MusicBox.typeDisc', '4': 'MusicBox.typePackage' },
    });
    const languages = await s.ctx.db.selectFrom('languages').select(['language_code', 'language_desc']).execute();
    expect(
      review.files.map((f: { name: string; label: string; params: unknown }) => [f.name, f.label, f.params]),
    ).toEqual(
      expect.arrayContaining(
        languages.map((l) => [l.language_code, 'MusicBox.promptFileOf', { language: l.language_desc }]),
      ),
    );

    await operator('changes', 'approve', requestID);
    expect(await listed(toneBoxCode)).toMatchObject({ approveType: '2', askType: '', ...second });
    expect(fieldsOf(await detail(toneBoxID))).toEqual(second);
  });

  test("the review reads a box's type by its own site's words: Kenya's package is type 5, which only its form offers", async () => {
    const kenya = await s.login(DEMO.kenya.account, DEMO.kenya.password);
    const form = await packageForm(kenya, DEMO.kenya.account, {
      toneBoxType: '5',
      additionalToneBoxInfo: { genre: 'Taarab' },
    });
    const r = await send(kenya, '/sp/addtonebox', await formPayload(kenya, form));
    expect(r.body.returnCode).toBe('000000');
    const op = s.client();
    await op.post('/op/login', { account: DEMO.opAdmin.account, pwd: DEMO.opAdmin.password });
    const review = (await op.get('/op/change', { requestID: await requestOf(r.body.record.toneBoxID) })).body.record;
    expect(review.fields.find((f: { name: string }) => f.name === 'toneBoxType')).toMatchObject({
      new: '5',
      labels: { '5': 'MusicBox.typePackage' },
    });
  });

  const refusals: Array<[string, Record<string, unknown>, string, string]> = [
    ['bundle price out of range', { bundlePrice: '10.50' }, 'bundlePrice:CommonRes.priceRange', 'bundlePrice: '],
    ['bundle price with 3 decimals', { bundlePrice: '1.255' }, 'bundlePrice:CommonRes.priceDecimals', 'bundlePrice: '],
    ['bundle price not a number', { bundlePrice: '7.' }, 'bundlePrice:CommonRes.priceFormat', 'bundlePrice: '],
    ['remark at most 256', { remark: 'r'.repeat(257) }, 'remark:Validation.maxLength', 'remark: At most 256'],
    ['remark without edge blanks', { remark: 'note ' }, 'remark:CommonRes.blankReg', 'remark: '],
  ];
  test.each(refusals)('%s: refused with its message, nothing stored', async (_what, change, expected, text) => {
    const boxes = await count(s, 'tone_boxes');
    const requests = await count(s, 'change_requests');
    const r = await send(
      generic,
      '/sp/addtonebox',
      await formPayload(generic, { ...(await packageForm(generic, DEMO.generic.account)), ...change }),
    );
    expect(r.body.returnCode).toBe('950004');
    expect(errorsOf(r)).toContain(expected);
    const error = r.body.record.errors.find((e: { field: string }) => e.field === expected.split(':')[0]);
    expect(error.text.startsWith(text)).toBe(true);
    expect(r.body.returnMsg).toContain(error.text);
    expect(await count(s, 'tone_boxes')).toBe(boxes);
    expect(await count(s, 'change_requests')).toBe(requests);
  });

  test('an invalid bundle price is refused in Chinese for a Chinese session, and on edit nothing is staged', async () => {
    const zh = await s.login(DEMO.generic.account, DEMO.generic.password);
    expect((await zh.post('/common/switchlanguage', { language: 'zh' }, { form: true })).body.returnCode).toBe(
      '000000',
    );
    const id = await normalBox(generic, DEMO.generic.account, 'Priced Box');
    const requests = await count(s, 'change_requests');
    const r = await send(
      zh,
      '/sp/edittonebox',
      await formPayload(zh, { ...(await editForm(zh, id)), bundlePrice: '99' }, 'edit'),
    );
    expect(r.body.returnCode).toBe('950004');
    expect(errorsOf(r)).toEqual(['bundlePrice:CommonRes.priceRange']);
    expect(r.body.record.errors[0].text).toMatch(/^bundlePrice: .*[\u4e00-\u9fff]/);
    expect(await count(s, 'change_requests')).toBe(requests);
    expect((await detail(id)).bundlePrice).toBe('');
  });
});
