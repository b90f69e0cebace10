// Conditions are data evaluated against one context {config, user, site, mode, form}. Each case changes one part
// of the context on the repository's own definitions and checks what the user would see change.
import { engineFor } from './helpers';

const USER = { code: '8800010', firstLogin: '0', needChangePwd: '0' };
const RADIO = { ...USER, code: '8800001' }; // radio_cp_code of the generic configuration

const box = (
  input: Parameters<ReturnType<typeof engineFor>['resolve']>[1] = {},
  site: 'generic' | 'kenya' | 'ais' = 'generic',
) => engineFor(site).resolve('musicBoxUpload', { user: USER, ...input });
const field = (screen: ReturnType<typeof box>, name: string) => screen.fields.find((f) => f.name === name);
const names = (list: Array<{ name: string }>) => list.map((x) => x.name);
const values = (options: unknown) => (options as Array<{ value: string }>).map((o) => o.value);

describe('visible', () => {
  test('on user: a radio account has no price field', () => {
    expect(field(box(), 'price')).toBeDefined();
    expect(field(box({ user: RADIO }), 'price')).toBeUndefined();
  });
  test('on config and form: weekly and monthly prices only with the weekly plan and the disc type', () => {
    const disc = { form: { toneBoxType: '2' } };
    expect(field(box(disc), 'weeklyPrice')).toBeUndefined();
    expect(names(box({ ...disc, config: { support_weekly_plan_content: '1' } }).fields)).toEqual(
      expect.arrayContaining(['monthlyPrice', 'weeklyPrice']),
    );
    expect(
      field(box({ form: { toneBoxType: '4' }, config: { support_weekly_plan_content: '1' } }), 'weeklyPrice'),
    ).toBeUndefined();
  });
  test('on form: weekly-only drops the relative validity', () => {
    const config = { support_weekly_plan_content: '1' };
    expect(field(box({ config, form: { toneBoxType: '2' } }), 'relativeTime')).toBeDefined();
    expect(field(box({ config, form: { toneBoxType: '2', weeklyPrice: '1' } }), 'relativeTime')).toBeUndefined();
    expect(
      field(box({ config, form: { toneBoxType: '2', weeklyPrice: '1', monthlyPrice: '2' } }), 'relativeTime'),
    ).toBeDefined();
  });
  test('on config: relative validity only with system_sp_charge_strategy 1', () => {
    expect(
      field(box({ form: { toneBoxType: '2' }, config: { system_sp_charge_strategy: '0' } }), 'relativeTime'),
    ).toBeUndefined();
  });
  test('on mode: the record keys exist in edit mode only', () => {
    expect(field(box(), 'toneBoxID')).toBeUndefined();
    expect(field(box({ mode: 'edit' }), 'toneBoxID')).toMatchObject({ required: true });
  });
  test('on mode: actions', () => {
    expect(names(box().actions)).toEqual(['submitAdd']);
    expect(names(box({ mode: 'edit' }).actions)).toEqual(['submitEdit', 'back']);
  });
});

describe('required', () => {
  test('on config: price unless pretermit_musicbox_price is 1, catalogue when support_catalog is 1, prompt when flagged', () => {
    expect(box().required).toEqual(expect.arrayContaining(['price', 'catalogID']));
    expect(box().required).not.toContain('toneFile');
    const changed = box({
      config: { pretermit_musicbox_price: '1', support_catalog: '0', musicbox_prompt_required: '1' },
    });
    expect(changed.required).not.toContain('price');
    expect(changed.required).not.toContain('catalogID');
    expect(changed.required).toContain('toneFile');
  });
});

describe('disabled', () => {
  test("on config: price when cp_admin_can_specify_rbt_price is '2'", () => {
    expect(field(box(), 'price')!.disabled).toBe(false);
    expect(field(box({ config: { cp_admin_can_specify_rbt_price: '2' } }), 'price')!.disabled).toBe(true);
  });
  test('on mode: the box type in edit mode', () => {
    expect(field(box(), 'toneBoxType')!.disabled).toBe(false);
    expect(field(box({ mode: 'edit' }), 'toneBoxType')!.disabled).toBe(true);
  });
  test('on user: submit of a radio account with pending approvals', () => {
    expect(box({ user: { ...RADIO, pendingApprovals: 2 } }).actions[0].disabled).toBe(true);
    expect(box({ user: { ...RADIO, pendingApprovals: 0 } }).actions[0].disabled).toBe(false);
    expect(box({ user: { ...USER, pendingApprovals: 2 } }).actions[0].disabled).toBe(false);
  });
});

describe('default', () => {
  test("on config: price defaults to default_tone_price when cp_admin_can_specify_rbt_price is '2'", () => {
    expect(field(box(), 'price')!.default).toBe('');
    expect(
      field(box({ config: { cp_admin_can_specify_rbt_price: '2', default_tone_price: '3.50' } }), 'price')!.default,
    ).toBe('3.50');
  });
  test('on config: box type is the package unless packages are off', () => {
    expect(field(box(), 'toneBoxType')!.default).toBe('4');
    expect(field(box({ config: { support_music_package: '0' } }), 'toneBoxType')!.default).toBe('2');
  });
  test('on site: the package default is 5 on Kenya; the relative period default is the first there, the last elsewhere', () => {
    expect(field(box({}, 'kenya'), 'toneBoxType')!.default).toBe('5');
    const disc = { form: { toneBoxType: '2' }, config: { relative_range_period: '7|30|90' } };
    expect(field(box(disc, 'kenya'), 'relativeTime')!.default).toBe('7');
    expect(field(box(disc, 'generic'), 'relativeTime')!.default).toBe('90');
  });
});

describe('options', () => {
  test('on config and user: the type choice', () => {
    expect(values(field(box(), 'toneBoxType')!.options)).toEqual(['4', '2']);
    expect(values(field(box({ config: { support_music_disc: '0' } }), 'toneBoxType')!.options)).toEqual(['4']);
    expect(values(field(box({ user: RADIO }), 'toneBoxType')!.options)).toEqual(['4']);
    expect(field(box({ user: RADIO }), 'toneBoxType')!.schema.enum).toEqual(['4']);
  });
  test('on mode: keep the same tariff only when editing', () => {
    expect(values(field(box(), 'priceGroupChoice')!.options)).toEqual(['1', '2']);
    expect(values(field(box({ mode: 'edit' }), 'priceGroupChoice')!.options)).toEqual(['1', '2', '3']);
  });
  test('from config: the relative periods', () => {
    expect(
      values(
        field(box({ form: { toneBoxType: '2' }, config: { relative_range_period: '7|30' } }), 'relativeTime')!.options,
      ),
    ).toEqual(['7', '30']);
  });
});

describe('menu entries', () => {
  const menu = (site: 'generic' | 'kenya' | 'ais', input: object = {}) =>
    engineFor(site).resolve('menu', { user: USER, ...input }).menu;
  const childrenOf = (m: ReturnType<typeof menu>, group: string) =>
    names(m.find((e) => e.name === group)?.children ?? []);

  test('on site: batch expire-date update on Ais only, copyright maintenance never on Ais', () => {
    expect(childrenOf(menu('ais'), 'rbt')).toContain('batchUpdateExpireDate');
    expect(childrenOf(menu('generic'), 'rbt')).not.toContain('batchUpdateExpireDate');
    expect(childrenOf(menu('ais', { config: { support_copyright_maintenance: '1' } }), 'rbt')).not.toContain(
      'copyrightMaintenance',
    );
  });
  test('on config: Kenya flags, music box dialog variant, groups switched off', () => {
    expect(childrenOf(menu('kenya'), 'rbt')).toEqual(
      expect.arrayContaining(['copyrightMaintenance', 'batchOperation']),
    );
    expect(childrenOf(menu('generic'), 'rbt')).not.toContain('batchOperation');
    expect(childrenOf(menu('generic', { config: { sp_add_music_box_dialog: '1' } }), 'musicBox')).toEqual([
      'uploadDialog',
      'maintenance',
    ]);
    expect(names(menu('generic', { config: { support_music_disc: '0', support_music_package: '0' } }))).not.toContain(
      'musicBox',
    );
  });
  test('on user: no IVR for a radio account, no menu at all on first login', () => {
    expect(names(menu('generic'))).toContain('ivr');
    expect(names(menu('generic', { user: RADIO }))).not.toContain('ivr');
    expect(menu('generic', { user: { ...USER, firstLogin: '1' } })).toEqual([]);
  });
});
