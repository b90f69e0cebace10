// Cross-field checks of the music box form (000 §5), run through engine.validate as the browser does and
// through engine.validateCall as the server does. Today is fixed so date rules give the same answer every day.
import { engineFor } from './helpers';

beforeAll(() => {
  jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate'] });
  jest.setSystemTime(new Date(2030, 0, 10, 12, 0, 0)); // local 2030-01-10
});
afterAll(() => jest.useRealTimers());

const USER = { code: '8800010' };
const RADIO = { code: '8800001' };
const WEEKLY = { support_weekly_plan_content: '1' };
const base = {
  toneBoxType: '4',
  name: 'Box',
  price: '5',
  toneValidDay: '2030-06-01',
  priceGroupChoice: '1',
  catalogID: '3',
  tones: [
    { toneCode: '1001', toneName: 'Early Bird', toneValidDay: '2030-05-01' },
    { toneCode: '1002', toneName: 'Night Owl', toneValidDay: '2030-12-31' },
    { toneCode: '1003', toneName: 'Midday', toneValidDay: '2030-08-01' },
  ],
};
type Site = 'generic' | 'kenya' | 'ais';
const errors = (
  form: Record<string, unknown>,
  input: { config?: Record<string, string>; user?: Record<string, unknown>; mode?: 'add' | 'edit'; site?: Site } = {},
) =>
  engineFor(input.site ?? 'generic').validate('musicBoxUpload', { user: USER, ...input, form: { ...base, ...form } });
const messageOf = (list: ReturnType<typeof errors>, field: string) => list.find((e) => e.field === field)?.message;

test('a complete package box passes', () => {
  expect(errors({})).toEqual([]);
});

describe('box validity on or before the latest selected tone validity', () => {
  test('on the latest tone date passes, a day after fails with MusicBox.musicBoxValidityErr', () => {
    expect(messageOf(errors({ toneValidDay: '2030-12-31' }), 'toneValidDay')).toBeUndefined();
    expect(messageOf(errors({ toneValidDay: '2031-01-01' }), 'toneValidDay')).toBe('MusicBox.musicBoxValidityErr');
  });
  test("the refusal names the box's date and the tone that ends last (name, code, validity), whatever the order", () => {
    const refusal = errors({ toneValidDay: '2031-01-01' }).find((e) => e.field === 'toneValidDay');
    expect(refusal?.params).toEqual({
      date: '2031-01-01',
      toneDate: '2030-12-31',
      toneName: 'Night Owl',
      toneCode: '1002',
    });
  });
  test('on Kenya too, skipped on Ais', () => {
    expect(messageOf(errors({ toneBoxType: '5', toneValidDay: '2031-01-01' }, { site: 'kenya' }), 'toneValidDay')).toBe(
      'MusicBox.musicBoxValidityErr',
    );
    expect(errors({ toneValidDay: '2031-01-01' }, { site: 'ais' })).toEqual([]);
  });
  test('without tones the tone rule reports, not the validity check', () => {
    const list = errors({ toneValidDay: '2031-01-01', tones: [] });
    expect(messageOf(list, 'toneValidDay')).toBeUndefined();
    expect(messageOf(list, 'tones')).toBe('MusicBox.toneCodeEmpty');
  });
});

describe('weekly or monthly price, at least one (disc with weekly plan, add mode)', () => {
  const disc = { toneBoxType: '2', relativeTime: '30' };
  test('neither fails with MusicBox.leastOnePrice, either one passes', () => {
    expect(messageOf(errors(disc, { config: WEEKLY }), 'monthlyPrice')).toBe('MusicBox.leastOnePrice');
    expect(errors({ ...disc, weeklyPrice: '1' }, { config: WEEKLY })).toEqual([]);
    expect(errors({ ...disc, monthlyPrice: '2' }, { config: WEEKLY })).toEqual([]);
  });
  test('not without the weekly plan, not for a package, not in edit mode', () => {
    expect(errors(disc)).toEqual([]);
    expect(errors({ toneBoxType: '4' }, { config: WEEKLY })).toEqual([]);
    const edit = errors({ ...disc, toneBoxID: 'B1' }, { config: WEEKLY, mode: 'edit' });
    expect(messageOf(edit, 'monthlyPrice')).toBeUndefined();
  });
  test('the weekly and monthly prices follow the price rule', () => {
    expect(messageOf(errors({ ...disc, weeklyPrice: '11' }, { config: WEEKLY }), 'weeklyPrice')).toBe(
      'CommonRes.priceRange',
    );
    expect(messageOf(errors({ ...disc, monthlyPrice: '1.' }, { config: WEEKLY }), 'monthlyPrice')).toBe(
      'CommonRes.priceFormat',
    );
  });
});

describe('relative validity shorter than the absolute one', () => {
  // Today is 2030-01-10: 2030-06-01 is 142 days away.
  const disc = { toneBoxType: '2', toneValidDay: '2030-06-01' };
  test('shorter passes, equal or longer fails with CommonRes.relativeShorterThanAbsolute', () => {
    const config = { relative_range_period: '30|141|142|180' };
    expect(errors({ ...disc, relativeTime: '141' }, { config })).toEqual([]);
    expect(messageOf(errors({ ...disc, relativeTime: '142' }, { config }), 'relativeTime')).toBe(
      'CommonRes.relativeShorterThanAbsolute',
    );
    expect(messageOf(errors({ ...disc, relativeTime: '180' }, { config }), 'relativeTime')).toBe(
      'CommonRes.relativeShorterThanAbsolute',
    );
  });
  test('not for a package box (no relative validity there)', () => {
    expect(errors({ toneBoxType: '4', relativeTime: '365' })).toEqual([]);
  });
  test('only the configured periods are allowed', () => {
    expect(messageOf(errors({ ...disc, relativeTime: '45' }), 'relativeTime')).toBe('Validation.enum');
  });
});

describe('price', () => {
  test('a radio account sends a package box without any price', () => {
    expect(errors({ price: undefined }, { user: RADIO })).toEqual([]);
    expect(errors({ price: 'junk' }, { user: RADIO })).toEqual([]);
  });
  test('required for others, with the music box message', () => {
    expect(messageOf(errors({ price: '' }), 'price')).toBe('MusicBox.priceEmpty');
    expect(errors({ price: '' }, { config: { pretermit_musicbox_price: '1' } })).toEqual([]);
  });
  test("disabled when cp_admin_can_specify_rbt_price is '2', holding the default price, which passes", () => {
    const config = { cp_admin_can_specify_rbt_price: '2', default_tone_price: '4.00' };
    const price = engineFor('generic')
      .resolve('musicBoxUpload', { user: USER, config })
      .fields.find((f) => f.name === 'price')!;
    expect(price).toMatchObject({ disabled: true, default: '4.00' });
    expect(errors({ price: price.default }, { config })).toEqual([]);
  });
});

describe('bundle price, remark and description: three fields of the box (001 §2.5, §3)', () => {
  const bundle = (value: string, input: Parameters<typeof errors>[1] = {}) =>
    messageOf(errors({ bundlePrice: value }, input), 'bundlePrice');
  test('the bundle price is optional and follows the price rules: format, 2 decimals, min..max_tone_price', () => {
    expect(bundle('')).toBeUndefined();
    expect(bundle('4.75')).toBeUndefined();
    expect(bundle('10')).toBeUndefined();
    expect(bundle('10.01')).toBe('CommonRes.priceRange');
    expect(bundle('-1')).toBe('CommonRes.priceRange');
    expect(bundle('1.234')).toBe('CommonRes.priceDecimals');
    expect(bundle('7.')).toBe('CommonRes.priceFormat');
    expect(bundle('abc')).toBe('CommonRes.priceFormat');
    // Two decimals at most even where page_price_form allows more; Kenya's price limit is 5.
    expect(bundle('1.234', { config: { page_price_form: '0.000' } })).toBe('CommonRes.priceDecimals');
    expect(bundle('5.50', { site: 'kenya' })).toBe('CommonRes.priceRange');
    expect(bundle('5.00', { site: 'kenya' })).toBeUndefined();
  });
  test('not offered to the radio account, nor where the administrator specifies prices', () => {
    const shown = (input: { user?: Record<string, unknown>; config?: Record<string, string> }) =>
      engineFor('generic')
        .resolve('musicBoxUpload', { user: USER, ...input })
        .fields.some((f) => f.name === 'bundlePrice');
    expect(shown({})).toBe(true);
    expect(shown({ user: RADIO })).toBe(false);
    expect(shown({ config: { cp_admin_can_specify_rbt_price: '2' } })).toBe(false);
    expect(bundle('junk', { user: RADIO })).toBeUndefined();
  });
  test('remark up to 256 characters, description up to 1024, neither with an edge blank', () => {
    expect(errors({ remark: 'r'.repeat(256), description: 'd'.repeat(1024) })).toEqual([]);
    expect(messageOf(errors({ remark: 'r'.repeat(257) }), 'remark')).toBe('MusicBox.remarkLength');
    expect(messageOf(errors({ remark: ' note' }), 'remark')).toBe('CommonRes.blankReg');
    expect(messageOf(errors({ description: 'd'.repeat(1025) }), 'description')).toBe('MusicBox.descriptionLength');
  });
  test('each is sent as its own parameter by add and edit, and the edit form reads each back', () => {
    const engine = engineFor('generic');
    const form = { ...base, bundlePrice: '4.75', remark: 'Morning slot', description: 'Calm tones' };
    const sent = { bundlePrice: '4.75', remark: 'Morning slot', description: 'Calm tones' };
    expect(engine.payload('musicBoxUpload', 'add', { user: USER, form })).toMatchObject(sent);
    expect(
      engine.payload('musicBoxUpload', 'edit', { user: USER, mode: 'edit', form: { ...form, toneBoxID: '7' } }),
    ).toMatchObject(sent);
    expect(
      engine.validateCall(
        'musicBoxUpload',
        'add',
        { ...engine.payload('musicBoxUpload', 'add', { user: USER, form }), bundlePrice: '12' },
        { user: USER },
      ).errors,
    ).toEqual([{ field: 'bundlePrice', message: 'CommonRes.priceRange', params: expect.anything() }]);
    const load = engine.definition('musicBoxUpload').load!.form;
    expect([load.bundlePrice, load.remark, load.description]).toEqual([
      { var: 'record.bundlePrice' },
      { var: 'record.remark' },
      { var: 'record.toneBoxDescription' },
    ]);
  });
});

describe('validity date not before yesterday (the date picker rule of 000 §5, checked on submit too)', () => {
  test('yesterday passes, the day before fails with MusicBox.validDayPast', () => {
    expect(messageOf(errors({ toneValidDay: '2030-01-09' }), 'toneValidDay')).toBeUndefined();
    expect(messageOf(errors({ toneValidDay: '2030-01-08' }), 'toneValidDay')).toBe('MusicBox.validDayPast');
  });
});

describe('on the server (validateCall): the payload the browser sends, with what the server looked up itself', () => {
  const engine = engineFor('generic');
  const payloadOf = (form: Record<string, unknown>) =>
    engine.payload('musicBoxUpload', 'add', { user: USER, form: { ...base, ...form } });
  const serverErrors = (
    payload: Record<string, unknown>,
    known?: Record<string, unknown>,
    config: Record<string, string> = {},
  ) => engine.validateCall('musicBoxUpload', 'add', payload, { user: USER, config, form: known }).errors;

  test("the payload carries only the tone codes: without the tones' dates the validity check has nothing to compare", () => {
    expect(serverErrors(payloadOf({ toneValidDay: '2031-01-01' }))).toEqual([]);
  });
  test("with the tones' dates the server read, the check applies, whatever the request claims", () => {
    const read = {
      tones: [
        { toneCode: '1001', toneName: 'Dusk', toneValidDay: '2030-05-01' },
        { toneCode: '1002', toneName: 'Dawn', toneValidDay: '2030-07-01' },
      ],
    };
    expect(serverErrors(payloadOf({ toneValidDay: '2030-07-01' }), read)).toEqual([]);
    expect(serverErrors(payloadOf({ toneValidDay: '2030-08-01' }), read)).toEqual([
      {
        field: 'toneValidDay',
        message: 'MusicBox.musicBoxValidityErr',
        params: { date: '2030-08-01', toneDate: '2030-07-01', toneName: 'Dawn', toneCode: '1002' },
      },
    ]);
  });
  test("a known value replaces the payload's in the conditions too (the stored box type decides the disc rules)", () => {
    const disc = payloadOf({ toneBoxType: '2', relativeTime: '365', toneValidDay: '2030-03-01' });
    expect(serverErrors(disc).map((e) => e.message)).toContain('CommonRes.relativeShorterThanAbsolute');
    expect(serverErrors(disc, { toneBoxType: '4' })).toEqual([]);
  });
  test("prompt files: the browser's empty map arrives as '{}' and counts as absent when a prompt is required", () => {
    const payload = payloadOf({ toneFile: undefined });
    expect(payload.toneFile).toBe('{}');
    expect(serverErrors(payload, undefined, { musicbox_prompt_required: '1' })).toEqual([
      expect.objectContaining({ field: 'toneFile', message: 'MusicBox.promptRBTEmpty' }),
    ]);
    expect(
      serverErrors(payloadOf({ toneFile: { en: 'p.wav' } }), undefined, { musicbox_prompt_required: '1' }),
    ).toEqual([]);
  });
  test('expanded information keeps its per-property required messages when sent empty', () => {
    const config = { expand_tone_infos: 'label:Y|mood:N' };
    const payload = engine.payload('musicBoxUpload', 'add', {
      user: USER,
      config,
      form: { ...base, additionalToneBoxInfo: {} },
    });
    expect(engine.validateCall('musicBoxUpload', 'add', payload, { user: USER, config }).errors).toEqual([
      expect.objectContaining({
        field: 'additionalToneBoxInfo',
        message: 'MusicBox.extraInfoRequired',
        params: expect.objectContaining({ property: 'label' }),
      }),
    ]);
  });
  test("the radio account's submit names why it is disabled (its disabledReason), for the button and the server alike", () => {
    const submit = (pendingApprovals: number) =>
      engine
        .resolve('musicBoxUpload', { user: { ...RADIO, pendingApprovals } })
        .actions.find((a) => a.name === 'submitAdd')!;
    expect(submit(1)).toMatchObject({ disabled: true, disabledReason: 'MusicBox.pendingApprovals' });
    expect(submit(0).disabled).toBe(false);
  });
});
