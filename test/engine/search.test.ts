// A list's search filters are checked by the engine as a form's fields are (engine.validateSearch): the
// definition's rules and message keys, never `required`, and only the filters the screen shows. The browser
// runs it when the provider presses Search, before anything is sent.
import { engineWith } from '../../src/engine';
import { engineFor } from './helpers';

const search = (screenId: string, form: Record<string, unknown>, config: Record<string, string> = {}) =>
  engineFor('generic').validateSearch(screenId, { config, user: { code: '8800010' }, form });

test('no filter, or filters within their rules, pass', () => {
  expect(search('rbtMaintenance', {})).toEqual([]);
  expect(
    search('rbtMaintenance', {
      toneName: 'Sunrise',
      toneCode: '10000000001',
      status: '1',
      validStartDay: '2030-01-01',
    }),
  ).toEqual([]);
});

test('a tone code of 23 digits is refused with the definition message', () => {
  expect(search('rbtMaintenance', { toneCode: '1'.repeat(23) })).toMatchObject([
    { field: 'toneCode', message: 'ToneMaintenance.codeDigits' },
  ]);
  expect(search('toneSelection', { toneCode: '1'.repeat(23) })).toMatchObject([
    { field: 'toneCode', message: 'ToneMaintenance.codeDigits' },
  ]);
});

test('a price filter that is not a price is refused where the screen shows it (support_jockey_flag), and only there', () => {
  const on = { support_jockey_flag: '1' };
  expect(search('toneSelection', { minPrice: 'abc', maxPrice: '5.5' }, on)).toMatchObject([
    { field: 'minPrice', message: 'CommonRes.priceFormat' },
  ]);
  expect(search('toneSelection', { minPrice: 'abc' }, { support_jockey_flag: '0' })).toEqual([]);
});

test('a tone name longer than its limit names the limit', () => {
  expect(search('rbtMaintenance', { toneName: 'a'.repeat(1025) })).toEqual([
    { field: 'toneName', message: 'Validation.maxLength', params: { limit: 1024, max: 1024 } },
  ]);
});

test('the engine validates with the validator it is given (the browser hands it over once loaded)', () => {
  const seen: string[] = [];
  const engine = engineWith(engineFor('generic').set, (screen) => {
    seen.push(screen.id);
    return [];
  });
  expect(engine.validateSearch('rbtMaintenance', { form: { toneCode: '1'.repeat(23) } })).toEqual([]);
  expect(engine.validate('login', { form: {} })).toEqual([]);
  expect(seen).toEqual(['rbtMaintenance', 'login']);
});
