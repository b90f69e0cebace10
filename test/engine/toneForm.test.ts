// The tone upload/edit form (rbtUploading) per rule of 001 §5.1 and per variant: generic, Kenya and Ais sites,
// the jockey-flag site and the first variant (configuration flags), add and edit mode. Each rule is checked by
// the message key it gives on the field the user sees it on.
import { engineFor } from './helpers';
import type { SiteId } from '../../src/engine';

const user = { code: '8800123', monthlyPrefix: '1', weeklyPrefix: '2', believeCP: '0' };
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/** A form that passes on the generic site in add mode. */
const good = (): Record<string, unknown> => ({
  toneName: 'Sunrise',
  artist: 'Amani',
  singerSex: '1',
  lyricAuthor: 'Lee',
  melodyComposer: 'Kim',
  musicArranger: 'Ode',
  catalogID: '3',
  language: '1',
  price: '5.00',
  callerPrice: '5.00',
  toneValidDay: inDays(400),
  relativeTime: '365',
  tags: 'calm~morning',
  uploadMode: '1',
  webFile: 'w.wav',
  ivrFile: 'i.wav',
  hdFile: 'h.3gp',
  image: 'c.gif',
  priceGroupChoice: '1',
});

function errors(
  form: Record<string, unknown>,
  opts: { site?: SiteId; mode?: 'add' | 'edit'; config?: Record<string, string>; u?: Record<string, unknown> } = {},
) {
  return engineFor(opts.site ?? 'generic').validate('rbtUploading', {
    form,
    mode: opts.mode ?? 'add',
    config: opts.config ?? {},
    user: opts.u ?? user,
  });
}
const on = (form: Record<string, unknown>, field: string, opts: Parameters<typeof errors>[1] = {}) =>
  errors(form, opts)
    .filter((e) => e.field === field)
    .map((e) => e.message);
const resolve = (site: SiteId, opts: { mode?: 'add' | 'edit'; config?: Record<string, string> } = {}) =>
  engineFor(site).resolve('rbtUploading', {
    user,
    mode: opts.mode ?? 'add',
    config: opts.config ?? {},
    form: { uploadMode: '1' },
  });
const names = (site: SiteId, opts: Parameters<typeof resolve>[1] = {}) => resolve(site, opts).fields.map((f) => f.name);
const field = (site: SiteId, name: string, opts: Parameters<typeof resolve>[1] = {}) =>
  resolve(site, opts).fields.find((f) => f.name === name);

test('a complete form passes on every site', () => {
  expect(errors(good())).toEqual([]);
  expect(errors(good(), { site: 'ais' })).toEqual([]);
  expect(
    errors(
      { ...good(), price: '4.00', callerPrice: '4.00' },
      { site: 'kenya', config: { support_copyright_maintenance: '0' } },
    ),
  ).toEqual([]);
});

describe('required set with the spec messages', () => {
  test.each([
    ['toneName', 'ToneForm.toneNameEmpty'],
    ['artist', 'ToneForm.artistEmpty'],
    ['lyricAuthor', 'ToneForm.lyricAuthorEmpty'],
    ['melodyComposer', 'ToneForm.melodyComposerEmpty'],
    ['musicArranger', 'ToneForm.musicArrangerEmpty'],
    ['price', 'ToneForm.priceEmpty'],
    ['callerPrice', 'ToneForm.callerPriceEmpty'],
    ['catalogID', 'ToneForm.catalogEmpty'],
    ['toneValidDay', 'ToneForm.validDayEmpty'],
    ['relativeTime', 'ToneForm.relativeTimeEmpty'],
    ['language', 'ToneForm.languageEmpty'],
    ['tags', 'ToneForm.tagsEmpty'],
    ['webFile', 'ToneForm.webFileEmpty'],
    ['ivrFile', 'ToneForm.ivrFileEmpty'],
    ['hdFile', 'ToneForm.hdFileEmpty'],
    ['image', 'ToneForm.imageEmpty'],
  ])('%s empty gives %s', (name, message) => {
    const form = good();
    delete form[name];
    expect(on(form, name)).toContain(message);
  });

  test('the messages of 001 §5.1 are the English texts', () => {
    const en = require('../../i18n/en.json') as Record<string, string>;
    expect(en['ToneForm.toneNameEmpty']).toBe('Tone Name is required');
    expect(en['ToneForm.catalogEmpty']).toBe('Category is required');
    expect(en['ToneForm.validDayEmpty']).toBe('Absolute Validity Date is required');
    expect(en['ToneForm.webFileEmpty']).toBe('Tone file is required');
    expect(en['ToneForm.ivrFileEmpty']).toBe('Tone call node file is required');
  });

  test('unified mode needs the media file instead of the separate files', () => {
    const form = { ...good(), uploadMode: '2', webFile: undefined, ivrFile: undefined, hdFile: undefined };
    expect(on(form, 'mediaFile')).toEqual(['ToneForm.mediaFileEmpty']);
    expect(errors({ ...form, mediaFile: 'm.mp4' })).toEqual([]);
  });

  test('short code required when the input-type config is on; ISRC when the ISRC setting is on (not on edit)', () => {
    expect(on(good(), 'shortCode', { config: { shortcode_input_type: '1' } })).toEqual(['ToneForm.shortCodeEmpty']);
    expect(on(good(), 'isrc', { config: { support_isrc_check: '1' } })).toEqual(['ToneForm.isrcEmpty']);
    expect(field('generic', 'isrc', { mode: 'edit', config: { support_isrc_check: '1' } })).toMatchObject({
      required: false,
      disabled: false,
    });
    expect(field('generic', 'isrc', { mode: 'edit' })).toMatchObject({ disabled: true });
  });

  test('copyright file required when support_upload_copyright_file is 2', () => {
    expect(on(good(), 'copyrightFile', { config: { support_upload_copyright_file: '2' } })).toEqual([
      'ToneForm.copyrightFileEmpty',
    ]);
    expect(on(good(), 'copyrightFile', { config: { support_upload_copyright_file: '1' } })).toEqual([]);
  });
});

describe('value rules', () => {
  test.each([
    ['toneName', 'Sun|rise', 'CommonRes.illegalChar'],
    ['toneName', 'Sun"rise', 'CommonRes.illegalChar'],
    ['artist', 'A<b>', 'CommonRes.illegalChar'],
    ['toneName', 'Sun&rise', 'CommonRes.illegalChar'],
    ['toneName', 'x'.repeat(1025), 'ToneForm.toneNameLength'],
    ['price', '10.01', 'CommonRes.priceRange'],
    ['price', '5.', 'CommonRes.priceFormat'],
    ['callerPrice', '1.234', 'CommonRes.priceDecimals'],
    ['callerPrice', '-1', 'CommonRes.priceRange'],
    ['mateInfo', 'm'.repeat(257), 'ToneForm.mateInfoLength'],
    ['isrc', 'i'.repeat(33), 'ToneForm.isrcLength'],
    ['isrc', 'AB@CD', 'ToneForm.isrcAt'],
    ['shortCode', '0123', 'ToneForm.codeDigits'],
    ['shortCode', '12a4', 'ToneForm.codeDigits'],
    ['shortCode', '123', 'ToneForm.shortCodeLength'],
    ['shortCode', '12345678', 'ToneForm.shortCodeLength'],
    ['tags', 'a~~b', 'ToneForm.tagEmpty'],
    ['tags', 'a~b~c~d~e~f', 'ToneForm.tagsMax'],
    ['tags', 't'.repeat(101), 'ToneForm.tagLength'],
    ['description', 'd'.repeat(1001), 'CommonRes.descriptionLength'],
  ])('%s = %j gives %s', (name, value, message) => {
    expect(on({ ...good(), [name]: value }, name)).toContain(message);
  });

  test('tags: at most additional_tag_num', () => {
    expect(on({ ...good(), tags: 'a~b~c' }, 'tags', { config: { additional_tag_num: '2' } })).toEqual([
      'ToneForm.tagsMax',
    ]);
  });

  test('the valid day is at least the relative period from now, and the relative period shorter than it', () => {
    expect(on({ ...good(), toneValidDay: inDays(20), relativeTime: '30' }, 'toneValidDay')).toEqual([
      'ToneForm.validDayTooEarly',
    ]);
    expect(on({ ...good(), toneValidDay: inDays(20), relativeTime: '30' }, 'relativeTime')).toEqual([
      'CommonRes.relativeShorterThanAbsolute',
    ]);
    expect(errors({ ...good(), toneValidDay: inDays(40), relativeTime: '30' })).toEqual([]);
  });

  test('copyright validity on or after the tone validity', () => {
    const config = { support_copyright_maintenance: '1' };
    const form = {
      ...good(),
      lyricCompany: [{ companyID: '1' }],
      recordCompany: [{ companyID: '2' }],
      tuneCompany: [{ companyID: '3' }],
      lyricValidDay: inDays(300),
      recordValidDay: inDays(400),
      tuneValidDay: inDays(500),
    };
    expect(on(form, 'lyricValidDay', { config })).toEqual(['ToneForm.copyrightBeforeTone']);
    expect(on(form, 'recordValidDay', { config })).toEqual([]);
    expect(on({ ...form, lyricCompany: undefined }, 'lyricCompany', { config })).toEqual([
      'ToneForm.lyricCompanyEmpty',
    ]);
  });

  test('at most 10 tune companies', () => {
    const config = { support_copyright_maintenance: '1' };
    const many = Array.from({ length: 11 }, (_, i) => ({ companyID: String(i) }));
    expect(on({ ...good(), tuneCompany: many }, 'tuneCompany', { config })).toEqual(['ToneForm.companyMax']);
  });

  test('caller price equals the price when same_skiza_price is on', () => {
    expect(on({ ...good(), callerPrice: '3.00' }, 'callerPrice')).toEqual([]);
    expect(on({ ...good(), callerPrice: '3.00' }, 'callerPrice', { config: { same_skiza_price: '1' } })).toEqual([
      'ToneForm.callerPriceNotEqual',
    ]);
  });

  test('price locked to default_tone_price when the administrator specifies it', () => {
    const config = { cp_admin_can_specify_rbt_price: '2', default_tone_price: '3.00' };
    expect(field('generic', 'price', { config })).toMatchObject({ disabled: true, default: '3.00' });
    expect(on({ ...good(), price: '5.00', callerPrice: '5.00' }, 'price', { config })).toEqual([
      'ToneForm.priceLocked',
    ]);
  });

  test('the 7-digit short code rule: monthly or weekly prefix, then the last 3 digits of the SP code', () => {
    const config = { support_seven_digit_tonecode: '1' };
    expect(on({ ...good(), shortCode: '1123456' }, 'shortCode', { config })).toEqual([]);
    expect(on({ ...good(), shortCode: '2123999' }, 'shortCode', { config })).toEqual([]);
    expect(on({ ...good(), shortCode: '3123456' }, 'shortCode', { config })).toEqual(['ToneForm.shortCodeSevenDigit']);
    expect(on({ ...good(), shortCode: '1456456' }, 'shortCode', { config })).toEqual(['ToneForm.shortCodeSevenDigit']);
  });

  test('weekly and monthly codes follow their prefixes', () => {
    const config = { support_weekly_plan_content: '1' };
    const form = {
      ...good(),
      monthlyPrice: '2',
      weeklyPrice: '1',
      monthlyUserToneCode: '1555',
      weeklyUserToneCode: '1555',
    };
    expect(on(form, 'monthlyUserToneCode', { config })).toEqual([]);
    expect(on(form, 'weeklyUserToneCode', { config })).toEqual(['ToneForm.weeklyCodePrefix']);
    expect(on({ ...form, monthlyUserToneCode: undefined }, 'monthlyUserToneCode', { config })).toEqual([
      'ToneForm.monthlyCodeEmpty',
    ]);
  });

  test('web audition and IVR files both or neither (edit mode, where they are not required)', () => {
    const edit = {
      ...good(),
      toneID: '5',
      modifyReason: 'fix',
      webFile: undefined,
      ivrFile: undefined,
      hdFile: undefined,
      image: undefined,
    };
    expect(errors(edit, { mode: 'edit' })).toEqual([]);
    expect(on({ ...edit, webFile: 'w.wav' }, 'ivrFile', { mode: 'edit' })).toEqual(['ToneForm.ivrFileMissing']);
    expect(on({ ...edit, ivrFile: 'i.wav' }, 'webFile', { mode: 'edit' })).toEqual(['ToneForm.webFileMissing']);
  });

  test('expanded info fields from expand_tone_infos: required when Y', () => {
    const config = { expand_tone_infos: 'genre:Y|mood:N' };
    expect(on(good(), 'additionalToneInfo', { config })).toEqual(['ToneForm.extraInfoRequired']);
    // Not sent at all, as a form whose provider never typed in the extra fields: each required one is still missing.
    expect(on({ ...good(), additionalToneInfo: undefined }, 'additionalToneInfo', { config })).toEqual([
      'ToneForm.extraInfoRequired',
    ]);
    expect(on({ ...good(), additionalToneInfo: { genre: 'Pop' } }, 'additionalToneInfo', { config })).toEqual([]);
  });
});

describe('variants', () => {
  test('Kenya: My Skiza price equals the Skiza price, no tune company, first relative period, tip 0.00-5.00', () => {
    expect(on({ ...good(), price: '4.00', callerPrice: '3.00' }, 'callerPrice', { site: 'kenya' })).toEqual([
      'ToneForm.myPriceNotEqual',
    ]);
    expect(names('kenya')).not.toContain('tuneCompany');
    expect(names('kenya', { config: { support_copyright_maintenance: '1' } })).toEqual(
      expect.arrayContaining(['lyricCompany', 'recordCompany']),
    );
    expect(names('generic', { config: { support_copyright_maintenance: '1' } })).toContain('tuneCompany');
    expect(field('kenya', 'relativeTime')!.default).toBe('30');
    expect(field('generic', 'relativeTime')!.default).toBe('365');
    expect(field('kenya', 'price')!.ui!.tipParams).toEqual({ min: '0.00', max: '5.00' });
    expect(field('generic', 'price')!.ui!.tipParams).toEqual({ min: '0.00', max: '10.00' });
    expect(field('kenya', 'callerPrice')!.label).toBe('ToneForm.myPrice');
  });

  test('Kenya differs from the generic site exactly where 001 says, in add and edit mode', () => {
    /** The fields, checks and other parts of the resolved screen that differ (the derived jsonSchema and required list aside). */
    const differing = (mode: 'add' | 'edit') => {
      const a = engineFor('generic').resolve('rbtUploading', { user, mode, config: {}, form: { uploadMode: '1' } });
      const b = engineFor('kenya').resolve('rbtUploading', { user, mode, config: {}, form: { uploadMode: '1' } });
      const byName = <T extends { name: string }>(xs: T[]) =>
        Object.fromEntries(xs.map((x) => [x.name, JSON.stringify(x)]));
      const parts = (r: typeof a) => ({
        ...Object.fromEntries(Object.entries(byName(r.fields)).map(([k, v]) => [`field ${k}`, v])),
        ...Object.fromEntries(Object.entries(byName(r.checks)).map(([k, v]) => [`check ${k}`, v])),
        ...Object.fromEntries(Object.entries(byName(r.actions)).map(([k, v]) => [`action ${k}`, v])),
        ...Object.fromEntries(Object.entries(byName(r.columns)).map(([k, v]) => [`column ${k}`, v])),
        title: r.title,
        calls: JSON.stringify(r.calls),
      });
      const pa: Record<string, string> = parts(a);
      const pb: Record<string, string> = parts(b);
      return [...new Set([...Object.keys(pa), ...Object.keys(pb)])].filter((k) => pa[k] !== pb[k]).sort();
    };
    const expected = [
      'field price', // Skiza price label and message, 0.00-5.00 tip and range
      'field callerPrice', // My Skiza price label and message
      'field relativeTime', // the first relative period by default
      'field lyricCompany',
      'field lyricValidDay',
      'field recordCompany',
      'field recordValidDay',
      'field copyrightFile', // owners with their validity dates
      'check callerPriceEqualsPrice', // My Skiza price must equal the Skiza price
      'check tuneAfterTone', // no tune company
    ].sort();
    expect(differing('add')).toEqual(expected);
    expect(differing('edit')).toEqual(expected);
  });

  test('Ais resolves like the generic site (the spec names no tone-form difference)', () => {
    const strip = (site: SiteId) => JSON.stringify({ ...resolve(site), site: undefined });
    expect(strip('ais')).toBe(strip('generic'));
  });

  test('first variant: singer sex group, no default price, no HD file', () => {
    const config = { tone_form_first_variant: '1' };
    expect(field('generic', 'singerSex', { config })!.default).toBe('-1');
    expect(field('generic', 'singerSex')!.default).toBe('1');
    expect(field('generic', 'price', { config })!.default).toBe('');
    expect(field('generic', 'price')!.default).toBe('5.00');
    expect(names('generic', { config })).not.toContain('hdFile');
    const form = good();
    delete form.hdFile;
    expect(errors(form, { config })).toEqual([]);
  });

  test('jockey-flag site: cutFlag and rental price; a provider without jockey rights cannot mark a jockey tone', () => {
    const config = { support_jockey_flag: '1' };
    expect(names('generic', { config })).toEqual(expect.arrayContaining(['cutFlag', 'totalPrice']));
    expect(names('generic')).not.toContain('cutFlag');
    const form = { ...good(), totalPrice: '2.00', cutFlag: '1' };
    expect(on(form, 'cutFlag', { config })).toEqual(['ToneForm.jockeyNotAllowed']);
    expect(on(form, 'cutFlag', { config, u: { ...user, jockeyRight: '1' } })).toEqual([]);
    expect(on({ ...form, totalPrice: undefined }, 'totalPrice', { config })).toEqual(['ToneForm.totalPriceEmpty']);
  });

  test('edit mode: modify reason, keep-same tariff, singer sex disabled, files not required', () => {
    const edit = resolve('generic', { mode: 'edit' });
    expect(edit.fields.map((f) => f.name)).toContain('modifyReason');
    expect(
      (field('generic', 'priceGroupChoice', { mode: 'edit' })!.options as Array<{ value: string }>).map((o) => o.value),
    ).toEqual(['0', '1', '2']);
    expect((field('generic', 'priceGroupChoice')!.options as Array<{ value: string }>).map((o) => o.value)).toEqual([
      '1',
      '2',
    ]);
    expect(field('generic', 'singerSex', { mode: 'edit' })!.disabled).toBe(true);
    for (const f of ['webFile', 'ivrFile', 'hdFile', 'image'])
      expect(field('generic', f, { mode: 'edit' })!.required).toBe(false);
    expect(on({ ...good(), toneID: '5' }, 'modifyReason', { mode: 'edit' })).toEqual(['ToneForm.modifyReasonEmpty']);
  });
});

describe('payloads', () => {
  const engine = engineFor('generic');
  test('add: renamed and derived fields, toneFile and additionalToneInfo as JSON strings', () => {
    const p = engine.payload('rbtUploading', 'add', {
      user,
      form: {
        ...good(),
        artist: 'amani',
        toneName: 'sunrise',
        auto: true,
        shortCode: '1234',
        description: 'Nice',
        additionalToneInfo: { genre: 'Pop' },
      },
    });
    expect(p).toMatchObject({
      singerName: 'amani',
      singerNameLetter: 'A',
      toneNameLetter: 'S',
      userToneCode: '1234',
      toneInfo: 'Nice',
      tagNames: 'calm,morning',
      extendAbsoluteDateFlag: 1,
      uploadChannel: 0,
      uploadType: 1,
      portalType: 1,
      priceGroupID: '-1',
      additionalToneInfo: '{"genre":"Pop"}',
    });
    expect(JSON.parse(p.toneFile as string)).toEqual({
      webAuditon: 'w.wav',
      aipPlay: 'i.wav',
      hdPlay: 'h.3gp',
      image: 'c.gif',
    });
    const unified = engine.payload('rbtUploading', 'add', {
      user,
      form: { ...good(), uploadMode: '2', mediaFile: 'm.mp4' },
    });
    expect(unified).toMatchObject({ uploadChannel: 1, uploadType: 2 });
  });

  test('edit: the approval fields of 001 §7 and the keep-same tariff', () => {
    const p = engine.payload('rbtUploading', 'edit', {
      user,
      mode: 'edit',
      form: {
        ...good(),
        toneID: '9',
        toneCode: '1239',
        modifyReason: 'typo',
        oldCatalogID: '2',
        catalogID: '3',
        priceGroupChoice: '0',
        oldPriceGroupID: '7',
      },
    });
    expect(p).toMatchObject({
      needApproved: 1,
      approveType: 2,
      tableType: 1,
      resourceServiceType: 1,
      uploadChannel: 0,
      uploadType: 1,
      toneID: '9',
      toneCode: '1239',
      reason: 'typo',
      oldCatalogId: '2',
      newCatalogId: '3',
      priceGroupID: '7',
    });
  });

  test('the success message follows believeCP (000 §4)', () => {
    const msg = (believeCP: string) =>
      engine.resolve('rbtUploading', { user: { ...user, believeCP } }).actions.find((a) => a.name === 'submitAdd')!
        .successMessage;
    expect(msg('1')).toBe('Form.saved');
    expect(msg('2')).toBe('Form.saved');
    expect(msg('0')).toBe('ToneForm.submittedForApproval');
  });
});

describe('subCompanyId (001 §3): an optional short code of letters and digits, on every site', () => {
  const sites: SiteId[] = ['generic', 'kenya', 'ais'];
  const form = (subCompanyId: string, site: SiteId) =>
    site === 'kenya' ? { ...good(), price: '4.00', callerPrice: '4.00', subCompanyId } : { ...good(), subCompanyId };
  test.each(sites)(
    '%s: empty or letters and digits up to 32 pass; anything else is refused with its message',
    (site) => {
      for (const mode of ['add', 'edit'] as const) {
        expect(on(form('', site), 'subCompanyId', { site, mode })).toEqual([]);
        expect(on(form('East7', site), 'subCompanyId', { site, mode })).toEqual([]);
        expect(on(form('S'.repeat(32), site), 'subCompanyId', { site, mode })).toEqual([]);
        expect(on(form('S'.repeat(33), site), 'subCompanyId', { site, mode })).toEqual(['ToneForm.subCompanyIdLength']);
        for (const bad of ['SUB-01', 'SUB 01', 'شرکت', '子公司'])
          expect(on(form(bad, site), 'subCompanyId', { site, mode })).toEqual(['ToneForm.subCompanyIdChars']);
      }
    },
  );
  test.each(sites)(
    '%s: sent by sp/addtone and sp/edittone, refused on the server alike, read back by the edit form',
    (site) => {
      const engine = engineFor(site);
      const f = form('East7', site);
      expect(engine.payload('rbtUploading', 'add', { user, form: f }).subCompanyId).toBe('East7');
      const edit = engine.payload('rbtUploading', 'edit', { user, mode: 'edit', form: { ...f, toneID: '9' } });
      expect(edit.subCompanyId).toBe('East7');
      const refused = engine.validateCall(
        'rbtUploading',
        'add',
        { ...engine.payload('rbtUploading', 'add', { user, form: f }), subCompanyId: 'a|b' },
        { user },
      );
      expect(refused.errors.filter((e) => e.field === 'subCompanyId').map((e) => e.message)).toEqual([
        'ToneForm.subCompanyIdChars',
      ]);
      expect(engine.definition('rbtUploading').load!.form.subCompanyId).toEqual({ var: 'record.subCompanyId' });
    },
  );
});
