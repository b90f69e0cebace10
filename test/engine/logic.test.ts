// The JSON Logic operations the engine adds (src/engine/logic.ts): definitions rely on each of them, so each
// gets its edge cases here. Today is fixed for the date operations.
import { evaluate, holds } from '../../src/engine';

beforeAll(() => {
  jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate'] });
  jest.setSystemTime(new Date(2030, 2, 30, 23, 30, 0)); // local 2030-03-30, late evening
});
afterAll(() => jest.useRealTimers());

const run = (expr: unknown, data: object = {}) => evaluate(expr, data);

test('dates: on or before, empty passes, latest of a list, days from today', () => {
  expect(run({ dateOnOrBefore: ['2030-01-01', '2030-01-01'] })).toBe(true);
  expect(run({ dateOnOrBefore: ['2030-01-02', '2030-01-01'] })).toBe(false);
  expect(run({ dateOnOrBefore: ['2030-01-01 10:00:00', '2030-01-01'] })).toBe(true);
  expect(run({ dateOnOrBefore: ['', '2030-01-01'] })).toBe(true);
  expect(run({ dateOnOrBefore: ['2030-01-01', { var: 'none' }] })).toBe(true);
  expect(run({ maxDate: [['2030-05-01', '', '2031-01-01', '2030-12-31']] })).toBe('2031-01-01');
  expect(run({ maxDate: [[]] })).toBe('');
  expect(run({ today: [] })).toBe('2030-03-30');
  expect(run({ daysFromToday: '2030-03-30' })).toBe(0);
  expect(run({ daysFromToday: '2030-04-09' })).toBe(10);
  expect(run({ daysFromToday: '2030-03-29' })).toBe(-1);
  expect(run({ daysFromToday: '' })).toBeNull();
  expect(Number.isNaN(run({ daysFromToday: 'soon' }))).toBe(true);
});

test('dates: a year away, 29 February into a common year is 1 March (as the server counts)', () => {
  expect(run({ addYears: ['2030-03-30', -1] })).toBe('2029-03-30');
  expect(run({ addYears: ['2028-02-29', -1] })).toBe('2027-03-01');
  expect(run({ addYears: ['2029-12-31', 1] })).toBe('2030-12-31');
  expect(run({ addYears: ['', -1] })).toBe('');
  expect(run({ addYears: ['soon', -1] })).toBe('');
});

test('lists: split, join, pluck, wrap, first, last, length, isEmpty, inPipeList', () => {
  expect(run({ split: ['30|90', '|'] })).toEqual(['30', '90']);
  expect(run({ split: ['', '|'] })).toEqual([]);
  expect(run({ join: [['a', 'b'], ','] })).toBe('a,b');
  expect(
    run({ pluck: [{ var: 'tones' }, 'toneCode'] }, { tones: [{ toneCode: '1' }, null, { toneCode: '3' }] }),
  ).toEqual(['1', undefined, '3']);
  expect(run({ wrap: [['1', '2'], 'toneCode'] })).toEqual([{ toneCode: '1' }, { toneCode: '2' }]);
  expect(run({ first: [['a', 'b']] })).toBe('a');
  expect(run({ last: [['a', 'b']] })).toBe('b');
  expect(run({ length: 'abc' })).toBe(3);
  expect(run({ length: [[1, 2]] })).toBe(2);
  for (const empty of ['', null, []]) expect(run({ isEmpty: [empty] })).toBe(true);
  expect(run({ isEmpty: [0] })).toBe(false);
  expect(run({ inPipeList: ['8800002', '8800001| 8800002'] })).toBe(true);
  expect(run({ inPipeList: ['880000', '8800001|8800002'] })).toBe(false);
});

test('values: first letter upper-cased, JSON, numbers, fixed decimals, decimal places, trim, options', () => {
  expect(run({ firstLetterUpper: '  hello' })).toBe('H');
  expect(run({ firstLetterUpper: '' })).toBe('');
  expect(run({ toJson: [{ var: 'x' }] }, { x: { a: 1 } })).toBe('{"a":1}');
  expect(run({ toJson: [{ var: 'x' }] })).toBe('{}');
  expect(run({ number: '12.5' })).toBe(12.5);
  expect(run({ number: '' })).toBeNull();
  expect(run({ toFixed: ['12.5', 2] })).toBe('12.50');
  expect(run({ toFixed: ['abc', 2] })).toBe('abc');
  expect(run({ decimalPlaces: '0.000' })).toBe(3);
  expect(run({ decimalPlaces: '0' })).toBe(0);
  expect(run({ trim: '  a b ' })).toBe('a b');
  expect(run({ options: [['30', '90']] })).toEqual([
    { value: '30', label: '30' },
    { value: '90', label: '90' },
  ]);
});

test('conditions: absent means the fallback, booleans as given, JSON Logic truthiness otherwise', () => {
  expect(holds(undefined, {}, true)).toBe(true);
  expect(holds(undefined, {}, false)).toBe(false);
  expect(holds(false, {}, true)).toBe(false);
  expect(holds({ var: 'user.code' }, { user: { code: '' } }, true)).toBe(false);
  expect(holds({ var: 'user.items' }, { user: { items: [] } }, true)).toBe(false);
  expect(holds({ '==': [{ var: 'site' }, 'ais'] }, { site: 'ais' }, false)).toBe(true);
});
