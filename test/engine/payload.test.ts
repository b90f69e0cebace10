// Mapping form data to a call's payload and back (the server reads the browser's payload through the reverse
// mapping and validates it with the very schema the form used), record ranges and list answers.
import {
  buildDefinitionSet,
  createEngine,
  formFromRecord,
  pageRange,
  readListAnswer,
  sourcesFromFiles,
  type ScreenDef,
} from '../../src/engine';
import { engineFor } from './helpers';

// A tone upload call in the shape 000 §7 describes: renames, a derived value, a JSON-string map, constants.
const toneUpload = {
  id: 'toneSample',
  kind: 'form',
  title: 'Sample.title',
  fields: {
    toneName: { order: 1, label: 'Sample.name', schema: { type: 'string', maxLength: 10 }, required: true },
    artist: { order: 2, label: 'Sample.artist', schema: { type: 'string' }, required: true },
    price: { order: 3, label: 'Sample.price', schema: { type: 'string', pattern: '^\\d+$' } },
    info: {
      order: 4,
      label: 'Sample.info',
      schema: { type: 'object', properties: { genre: { type: 'string' } }, required: ['genre'] },
    },
    prompt: { order: 5, label: 'Sample.prompt', schema: { type: 'string' } },
    confirm: { order: 6, label: 'Sample.confirm', schema: { type: 'string' }, clientOnly: true, required: true },
  },
  calls: {
    add: {
      path: 'sp/uploadtone',
      client: 'form',
      sendFields: true,
      payload: {
        toneName: { var: 'form.toneName' },
        singerName: { var: 'form.artist' },
        firstLetter: { firstLetterUpper: { var: 'form.toneName' } },
        additionalToneInfo: { $json: { var: 'form.info' } },
        toneFile: { $json: { '1': { var: 'form.prompt' }, portal: 'web' } },
        portalType: 1,
        spCode: { var: 'user.code' },
      },
    },
  },
} as unknown as ScreenDef;

const engine = createEngine(
  buildDefinitionSet(
    sourcesFromFiles({
      'screen-definitions/toneSample.json': toneUpload,
      'site-variants/generic/config.json': { values: {} },
      'schemas/rules.json': engineFor('generic').set.rules,
    }),
    'generic',
  ),
);

const form = { toneName: 'hello', artist: 'Ada', price: '5', info: { genre: 'pop' }, prompt: 'p1.wav', confirm: 'x' };

describe('form -> payload', () => {
  const payload = engine.payload('toneSample', 'add', { form, user: { code: '8800010' } });

  test('renames, derived first letter, JSON strings, constants, context values and other fields under their names', () => {
    expect(payload).toEqual({
      toneName: 'hello',
      singerName: 'Ada',
      firstLetter: 'H',
      additionalToneInfo: '{"genre":"pop"}',
      toneFile: '{"1":"p1.wav","portal":"web"}',
      portalType: 1,
      spCode: '8800010',
      price: '5',
      confirm: 'x',
    });
    expect(payload).not.toHaveProperty('artist');
  });
  test('empty entries of a JSON map are left out; an empty object field is sent as {}', () => {
    const p = engine.payload('toneSample', 'add', { form: { toneName: ' élan', artist: 'A' } });
    expect(p.toneFile).toBe('{"portal":"web"}');
    expect(p.additionalToneInfo).toBe('{}');
    expect(p.firstLetter).toBe('É');
  });
});

describe('payload -> form (what the server validates)', () => {
  const payload = engine.payload('toneSample', 'add', { form, user: { code: '8800010' } });

  test('the reverse mapping recovers the form fields, derived values are not trusted back', () => {
    const { form: recovered, errors } = engine.validateCall('toneSample', 'add', payload);
    expect(errors).toEqual([]);
    expect(recovered).toEqual({
      toneName: 'hello',
      artist: 'Ada',
      price: '5',
      info: { genre: 'pop' },
      prompt: 'p1.wav',
    });
  });
  test('bad input reports on the form field name, client-only fields are not required of the server', () => {
    const { errors } = engine.validateCall('toneSample', 'add', {
      ...payload,
      singerName: '',
      toneName: 'x'.repeat(11),
      additionalToneInfo: '{}',
    });
    expect(errors.map((e) => e.field).sort()).toEqual(['artist', 'info', 'toneName']);
  });
  test('a JSON-string field that is not JSON is reported by its schema, not thrown', () => {
    const { errors } = engine.validateCall('toneSample', 'add', { ...payload, additionalToneInfo: 'not json' });
    expect(errors).toEqual([expect.objectContaining({ field: 'info', message: 'Validation.type' })]);
  });

  test('music box: the add payload round-trips through the server view with recover expressions', () => {
    const box = engineFor('generic');
    const boxForm = {
      toneBoxType: '4',
      name: 'Box',
      price: '5',
      toneValidDay: '2030-01-01',
      priceGroupChoice: '2',
      priceGroupID: '77',
      catalogID: '3',
      tones: [{ toneCode: '1001' }, { toneCode: '1002' }],
    };
    const payload = box.payload('musicBoxUpload', 'add', { form: boxForm, user: { code: '8800010' } });
    expect(payload).toMatchObject({
      toneCode: '1001,1002',
      priceGroupID: '77',
      type: 3,
      portalType: 1,
      uploadType: 1,
      toneFile: '{}',
    });
    const { form: recovered, errors } = box.validateCall('musicBoxUpload', 'add', payload, {
      user: { code: '8800010' },
    });
    expect(errors).toEqual([]);
    expect(recovered).toMatchObject({
      name: 'Box',
      tones: [{ toneCode: '1001' }, { toneCode: '1002' }],
      priceGroupChoice: '2',
      priceGroupID: '77',
    });
    const none = box.payload('musicBoxUpload', 'add', { form: { ...boxForm, priceGroupChoice: '1' } });
    expect(none.priceGroupID).toBe('-1');
    expect(box.validateCall('musicBoxUpload', 'add', none).form.priceGroupChoice).toBe('1');
  });
});

test('record ranges of a page (startRecordNum/endRecordNum)', () => {
  expect(pageRange(1, 10)).toEqual({ startRecordNum: 1, endRecordNum: 10 });
  expect(pageRange(3, 20)).toEqual({ startRecordNum: 41, endRecordNum: 60 });
  expect(pageRange(2, 5)).toEqual({ startRecordNum: 6, endRecordNum: 10 });
});

describe('readListAnswer', () => {
  test('rows under a nested path and the summary object the call names (tariff detail: record.details, record)', () => {
    const answer = {
      returnCode: '000000',
      record: { priceGroupID: '8', priceGroupName: 'Package monthly', details: [{ detailID: '1' }] },
      recordSum: 1,
    };
    expect(readListAnswer(answer, { rows: 'record.details', total: 'recordSum', summary: 'record' })).toEqual({
      rows: [{ detailID: '1' }],
      total: 1,
      summary: answer.record,
    });
    expect(readListAnswer(answer, { rows: 'record.details' })).not.toHaveProperty('summary');
  });

  test('record and recordSum by default', () => {
    expect(readListAnswer({ returnCode: '000000', record: [{ a: 1 }, { a: 2 }], recordSum: '25' })).toEqual({
      rows: [{ a: 1 }, { a: 2 }],
      total: 25,
    });
  });
  test('where the call says, nested paths too', () => {
    expect(
      readListAnswer({ data: { items: [{ a: 1 }], count: 7 } }, { rows: 'data.items', total: 'data.count' }),
    ).toEqual({ rows: [{ a: 1 }], total: 7 });
  });
  test('no rows or no total: an empty list, or the row count', () => {
    expect(readListAnswer({ returnCode: '000000' })).toEqual({ rows: [], total: 0 });
    expect(readListAnswer({ record: [{ a: 1 }] })).toEqual({ rows: [{ a: 1 }], total: 1 });
    expect(readListAnswer(null)).toEqual({ rows: [], total: 0 });
  });
});

test('edit mode: the music box form from its record, price divided by orange_vat_percentage to 2 decimals', () => {
  const box = engineFor('generic');
  const load = box.definition('musicBoxUpload').load!;
  const record = {
    toneBoxID: 'B1',
    toneBoxName: 'Box',
    price: '6',
    validDay: '2030-01-01',
    priceGroupID: '9',
    catalogInfo: { catalogID: '4' },
    toneInfos: [{ toneCode: '1' }],
  };
  const form = formFromRecord(
    load as { form: Record<string, unknown> },
    record,
    box.context({ config: { orange_vat_percentage: '1.2' }, mode: 'edit' }),
  );
  expect(form).toMatchObject({
    toneBoxID: 'B1',
    name: 'Box',
    price: '5.00',
    toneValidDay: '2030-01-01',
    oldPriceGroupID: '9',
    priceGroupChoice: '3',
    catalogID: '4',
    oldCatalogID: '4',
    tones: [{ toneCode: '1' }],
  });
  expect(form).not.toHaveProperty('description');
});
