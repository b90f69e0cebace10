// Configuration placeholders ({"$config": key, "as": transform}) resolved at run time from the operator's
// configuration, and expand_tone_infos turning 'name:flag|...' into extra fields.
import { resolvePlaceholders } from '../../src/engine/placeholders';
import { engineFor } from './helpers';

describe('$config placeholders', () => {
  const config = {
    max_tone_price: '12.5',
    limit_number_rings_per_tonebox: '20.9',
    page_price_form: '0.000',
    relative_range_period: '30| 90 |',
    rule_valid_name: '|<>',
    bad: 'abc',
  };
  const r = (tree: unknown) => resolvePlaceholders(tree, config, { config });

  test('each transform', () => {
    expect(r({ v: { $config: 'rule_valid_name' } })).toEqual({ v: '|<>' });
    expect(r({ v: { $config: 'rule_valid_name', as: 'text' } })).toEqual({ v: '|<>' });
    expect(r({ v: { $config: 'max_tone_price', as: 'number' } })).toEqual({ v: 12.5 });
    expect(r({ v: { $config: 'limit_number_rings_per_tonebox', as: 'integer' } })).toEqual({ v: 20 });
    expect(r({ v: { $config: 'page_price_form', as: 'decimalPlaces' } })).toEqual({ v: 3 });
    expect(r({ v: { $config: 'relative_range_period', as: 'pipeList' } })).toEqual({ v: ['30', '90'] });
  });
  test('a format without a dot has no decimal places', () => {
    expect(resolvePlaceholders({ v: { $config: 'f', as: 'decimalPlaces' } }, { f: '0' }, {})).toEqual({ v: 0 });
  });
  test('an unset, empty or non-numeric value removes the keyword that held it', () => {
    const schema = {
      type: 'string',
      maxLength: { $config: 'missing', as: 'integer' },
      forbiddenChars: { $config: 'empty' },
      maximum: { $config: 'bad', as: 'number' },
    };
    expect(resolvePlaceholders(schema, { empty: '', bad: 'abc' }, {})).toEqual({ type: 'string' });
  });
  test('inside arrays an unset value drops the item; nested objects are walked', () => {
    expect(
      r({
        allOf: [{ maxItems: { $config: 'nope', as: 'integer' } }, { $config: 'nope' }],
        enum: [{ $config: 'rule_valid_name' }, 'x'],
      }),
    ).toEqual({ allOf: [{}], enum: ['|<>', 'x'] });
  });
  test('$logic placeholders evaluate against the context, null removes', () => {
    expect(
      resolvePlaceholders(
        { a: { $logic: { var: 'config.max_tone_price' } }, b: { $logic: { var: 'config.none' } } },
        config,
        { config },
      ),
    ).toEqual({ a: '12.5' });
  });
  test('the input tree is not changed', () => {
    const tree = { v: { $config: 'max_tone_price', as: 'number' } };
    r(tree);
    expect(tree).toEqual({ v: { $config: 'max_tone_price', as: 'number' } });
  });

  test('through the engine: the configured limit applies, and an unset one imposes none', () => {
    const engine = engineFor('generic');
    const tones = (n: number) => Array.from({ length: n }, (_, i) => ({ toneCode: String(1000 + i) }));
    const err = (config: Record<string, string>, n: number) =>
      engine.validate('musicBoxUpload', { config, form: { tones: tones(n) } }).find((e) => e.field === 'tones');
    expect(err({ limit_number_rings_per_tonebox: '3' }, 3)).toBeUndefined();
    expect(err({ limit_number_rings_per_tonebox: '3' }, 4)).toMatchObject({ message: 'MusicBox.exceededLimit' });
    expect(err({ limit_number_rings_per_tonebox: '' }, 500)).toBeUndefined();
    expect(
      engine
        .resolve('musicBoxUpload', { config: { limit_number_rings_per_tonebox: '' } })
        .fields.find((f) => f.name === 'tones')!.schema,
    ).not.toHaveProperty('maxItems');
  });
});

describe("expand_tone_infos 'name:flag|...'", () => {
  const engine = engineFor('generic');
  const extra = (value: string) =>
    engine
      .resolve('musicBoxUpload', { config: { expand_tone_infos: value } })
      .fields.find((f) => f.name === 'additionalToneBoxInfo');

  test('flag N is optional, any other flag or none is required', () => {
    const f = extra('genre:Y|mood:N|label:X|album')!;
    expect(Object.keys(f.schema.properties as object)).toEqual(['genre', 'mood', 'label', 'album']);
    expect(f.schema.required).toEqual(['genre', 'label', 'album']);
    expect((f.schema.properties as any).genre).toEqual({ type: 'string', maxLength: 256, title: 'genre' });
  });
  test('blanks around items and flags are ignored, empty items skipped', () => {
    const f = extra(' genre : N || mood:Y ')!;
    expect(Object.keys(f.schema.properties as object)).toEqual(['genre', 'mood']);
    expect(f.schema.required).toEqual(['mood']);
  });
  test('unset or empty: no extra field at all', () => {
    expect(extra('')).toBeUndefined();
    expect(extra('|')).toBeUndefined();
  });
  test('validation: a missing required item and a long value, with their message keys', () => {
    const config = { expand_tone_infos: 'genre:Y|mood:N' };
    const errorOf = (value: object) =>
      engine
        .validate('musicBoxUpload', { config, form: { additionalToneBoxInfo: value } })
        .find((e) => e.field === 'additionalToneBoxInfo');
    expect(errorOf({ mood: 'calm' })).toMatchObject({
      field: 'additionalToneBoxInfo',
      message: 'MusicBox.extraInfoRequired',
      params: { property: 'genre' },
    });
    expect(errorOf({ genre: '', mood: 'calm' })).toMatchObject({ message: 'MusicBox.extraInfoRequired' });
    expect(errorOf({ genre: 'x'.repeat(257) })).toMatchObject({ message: 'MusicBox.extraInfoLength' });
    expect(errorOf({ genre: 'pop' })).toBeUndefined();
  });
});
