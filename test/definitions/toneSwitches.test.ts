// The feature toggles of 001 §6 that govern parts of the tone screens (tariff price, additional tag, volte, mate
// info), each resolved on and off on every site, the price unit per language (001 §9) and the tips that name the
// provider code without its first three characters (001 §6). Resolved as the browser and the server resolve them
// (createEngine over the definitions on disk), the gate included: a screen switched off is closed by its route.
import { createEngine, type ContextInput, type Engine } from '../../src/engine';
import { loadDefinitionSetFromDisk, siteIds } from '../../src/engine/fsLoader';
import { computeGate } from '../../src/engine/gate';
import { holds } from '../../src/engine/logic';
import { priceUnit, priceUnits } from '../../src/engine/priceUnit';
import { REPRESENTATIVE_USER } from '../../src/cli/representativeUser';

const engines = new Map<string, Engine>();
const engineOf = (site: string) => {
  if (!engines.has(site)) engines.set(site, createEngine(loadDefinitionSetFromDisk(site)));
  return engines.get(site)!;
};
const USER = { ...REPRESENTATIVE_USER, code: '8800010' };
const input = (config: Record<string, string>, extra: ContextInput = {}): ContextInput => ({
  user: USER,
  config,
  ...extra,
});
const names = (list: Array<{ name: string }>) => list.map((x) => x.name);

/** Per switch: what it shows while on, as [screen, part, name], resolved in separated upload mode and with the tariff table chosen. */
const SWITCHES: Record<string, Array<[string, 'fields' | 'columns' | 'summary' | 'actions', string]>> = {
  support_tariff_price: [
    ['rbtUploading', 'fields', 'priceGroupChoice'],
    ['rbtUploading', 'fields', 'priceGroupID'],
    ['rbtUploading', 'actions', 'tariffDetail'],
    ['toneSelection', 'columns', 'tariffPrice'],
    ['toneDetail', 'summary', 'tariff'],
  ],
  support_additional_tag: [
    ['rbtUploading', 'fields', 'tags'],
    ['toneDetail', 'summary', 'tags'],
  ],
  support_image_upload: [
    ['rbtUploading', 'fields', 'image'],
    ['toneDetail', 'summary', 'image'],
  ],
  support_volte: [['rbtUploading', 'fields', 'hdFile']],
  support_mate_info: [
    ['rbtUploading', 'fields', 'mateInfo'],
    ['toneDetail', 'summary', 'mateInfo'],
  ],
};
const FORM = { uploadMode: '1', priceGroupChoice: '2' };

describe.each(siteIds())('site %s', (site) => {
  test("the tone detail's copyright owners follow copyright maintenance: a table where the form asks for them, none elsewhere", () => {
    const engine = engineOf(site);
    for (const value of ['0', '1']) {
      const config = { support_copyright_maintenance: value };
      const form = engine.resolve('rbtUploading', input(config, { form: FORM }));
      const detail = engine.resolve('toneDetail', input(config));
      const asked = names(form.fields).includes('lyricCompany');
      expect({ value, asked, table: names(detail.columns) }).toEqual({
        value,
        asked: value === '1',
        table: value === '1' ? ['role', 'companyName', 'validDay'] : [],
      });
    }
  });

  test.each(Object.keys(SWITCHES))("%s: '1' (the default) shows its parts, '0' removes them", (key) => {
    const engine = engineOf(site);
    for (const mode of ['add', 'edit'] as const)
      for (const [value, present] of [
        [undefined, true],
        ['1', true],
        ['0', false],
      ] as const) {
        const config = value === undefined ? {} : { [key]: value };
        for (const [screen, part, name] of SWITCHES[key]) {
          const resolved = engine.resolve(screen, input(config, { mode, form: FORM }));
          const found = names((resolved[part] ?? []) as Array<{ name: string }>).includes(name);
          expect({ site, mode, key, value, screen, name, present: found }).toEqual({
            site,
            mode,
            key,
            value,
            screen,
            name,
            present,
          });
        }
      }
  });

  test("volte off: the media file's tip no longer promises an HD play file", () => {
    const hint = (config: Record<string, string>) =>
      engineOf(site)
        .resolve('rbtUploading', input(config, { form: { uploadMode: '2' } }))
        .fields.find((f) => f.name === 'mediaFile')!.ui?.hint;
    expect(hint({})).toBe('ToneForm.mediaTip');
    expect(hint({ support_volte: '0' })).toBe('ToneForm.mediaTipNoHd');
    expect(hint({ tone_form_first_variant: '1' })).toBe('ToneForm.mediaTipNoHd');
  });

  test("the media file's tip names the types the field takes, as support_transcode_file_types lists them", () => {
    const ui = (config: Record<string, string>) =>
      engineOf(site)
        .resolve('rbtUploading', input(config, { form: { uploadMode: '2' } }))
        .fields.find((f) => f.name === 'mediaFile')!.ui!;
    const flac = ui({ support_transcode_file_types: 'mp3|flac' });
    expect(flac.hintParams).toMatchObject({ types: '.wav, .mp3, .flac, .mp4, .3gp' });
    expect(String(flac.accept).split(',')).toEqual(String((flac.hintParams as { types: string }).types).split(', '));
    expect(ui({ support_transcode_file_types: '' }).hintParams).toMatchObject({ types: '.wav, .mp4, .3gp' });
  });

  test('the row actions of tone maintenance: Edit Tags and the tariff follow their switches', () => {
    const engine = engineOf(site);
    const row = { status: '1', priceGroupID: '3' };
    const actionsFor = (config: Record<string, string>) => {
      const ctx = engine.context(input(config));
      return engine
        .resolve('rbtMaintenance', input(config))
        .actions.filter((a) => a.scope === 'row' && (!a.visibleFor || holds(a.visibleFor, { ...ctx, row }, true)))
        .map((a) => a.name);
    };
    expect(actionsFor({})).toEqual(expect.arrayContaining(['editTag', 'tariff']));
    expect(actionsFor({ support_additional_tag: '0' })).not.toContain('editTag');
    expect(actionsFor({ support_additional_tag: '0' })).toContain('tariff');
    expect(actionsFor({ support_tariff_price: '0' })).not.toContain('tariff');
    expect(actionsFor({ support_tariff_price: '0' })).toContain('editTag');
  });

  test('additional tag off closes the Edit Tags screen and its calls (the capability gate), on closes nothing', () => {
    const engine = engineOf(site);
    const gate = (config: Record<string, string>) =>
      computeGate({
        screens: Object.fromEntries(engine.screenIds().map((id) => [id, engine.definition(id)])),
        ctx: engine.context(input(config)),
        declaredCalls: engine.set.declaredCalls,
      });
    const on = gate({});
    expect(on.route('/editTag')).toEqual({ open: true });
    expect(on.call('sp/tagmaintenance')).toEqual({ open: true });
    const off = gate({ support_additional_tag: '0' });
    expect(off.route('/editTag')).toEqual({ open: false, reason: 'site', screen: 'editTag' });
    expect(off.call('sp/queryTag')).toMatchObject({ open: false, reason: 'site' });
    expect(off.call('sp/tagmaintenance')).toMatchObject({ open: false, reason: 'site' });
    // The tone form stays, without its tags field; the tariff dialog stays for the music boxes' tariffs.
    expect(off.route('/rbtUploading')).toEqual({ open: true });
    expect(gate({ support_tariff_price: '0' }).screen('tariffDetail')).toEqual({ open: true });
  });

  test('the tips of the short code and the weekly and monthly codes name the provider code without its first three characters', () => {
    const screen = engineOf(site).resolve(
      'rbtUploading',
      input({ support_weekly_plan_content: '1' }, { user: { ...USER, code: '8800020' } }),
    );
    const field = (name: string) => screen.fields.find((f) => f.name === name)!;
    expect(field('shortCode').help).toBe('ToneForm.shortCodeTip');
    expect(field('shortCode').ui?.tipParams).toMatchObject({ spCode: '0020' });
    for (const name of ['monthlyUserToneCode', 'weeklyUserToneCode']) {
      expect(field(name).help).toBe('ToneForm.userToneCodeTip');
      expect(field(name).ui?.tipParams).toEqual({ spCode: '0020' });
    }
  });

  test('every price field of the tone and box forms shows the price unit', () => {
    const engine = engineOf(site);
    const config = { support_weekly_plan_content: '1', support_jockey_flag: '1' };
    const priced = (screen: string, form = {}) =>
      engine
        .resolve(screen, input(config, { form }))
        .fields.filter((f) => f.ui?.priceUnit === true)
        .map((f) => f.name)
        .sort();
    expect(priced('rbtUploading')).toEqual(['callerPrice', 'monthlyPrice', 'price', 'totalPrice', 'weeklyPrice']);
    expect(priced('musicBoxUpload', { toneBoxType: '2' })).toEqual(['monthlyPrice', 'price', 'weeklyPrice']);
  });
});

describe('price unit per language (price_unit, 001 §9)', () => {
  test.each([
    ['generic', { en: 'USD', zh: '美元', fa: 'دلار' }],
    ['kenya', { en: 'KES', zh: 'KES', fa: 'KES' }],
    ['ais', { en: 'THB', zh: '泰铢', fa: 'بات' }],
  ])('the demo site %s sets its unit in every language', (site, units) => {
    const config = engineOf(site).context({ user: USER }).config;
    for (const [language, unit] of Object.entries(units)) expect(priceUnit(config, language)).toBe(unit);
  });

  test("an item without 'language:' serves every other language; none: no unit", () => {
    expect(priceUnit({ price_unit: 'KES|zh:肯尼亚先令' }, 'zh')).toBe('肯尼亚先令');
    expect(priceUnit({ price_unit: 'KES|zh:肯尼亚先令' }, 'fr')).toBe('KES');
    expect(priceUnit({ price_unit: 'en:USD|zh:美元' }, 'fa')).toBe('');
    expect(priceUnit({ price_unit: '' }, 'en')).toBe('');
    expect(priceUnit({}, 'en')).toBe('');
  });

  test('a configured value is read once, whatever the number of prices shown', () => {
    expect(priceUnits('KES|zh:肯尼亚先令')).toBe(priceUnits('KES|zh:肯尼亚先令'));
  });
});
