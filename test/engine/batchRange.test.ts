// Batch Operation's tabs and its management list's date range (000 §2, §5; 001 §9): the tabs resolve in order
// with the tab a submit switches to; the range's checks are the search bar's (validateSearch) and the server's
// (engine.check), one definition with one set of message keys. Today is fixed.
import { engineWith } from '../../src/engine';
import { validateResolved } from '../../src/engine/validate';
import { engineFor } from './helpers';

beforeAll(() => {
  jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate'] });
  jest.setSystemTime(new Date(2030, 2, 30, 12, 0, 0)); // local 2030-03-30
});
afterAll(() => jest.useRealTimers());

const kenya = () => engineFor('kenya');
const search = (form: Record<string, unknown>) =>
  kenya()
    .validateSearch('batchTaskList', { form })
    .map((e) => [e.field, e.message]);

test('Batch Operation is two tabs, upload then management, a submit switching to management with its type', () => {
  const tabs = kenya().resolve('batchOperation').tabs!;
  expect(tabs.map((t) => [t.name, t.screen])).toEqual([
    ['operation', 'batchTaskSubmit'],
    ['management', 'batchTaskList'],
  ]);
  expect(tabs[0].after).toEqual({ tab: 'management', filters: { taskType: { var: 'form.taskType' } } });
  expect(kenya().resolve('batchTaskSubmit').kind).toBe('form');
  // A screen without tabs has none in its resolved form (snapshots stay as they were).
  expect('tabs' in kenya().resolve('batchTaskList')).toBe(false);
});

test('a tab may be hidden by a condition', () => {
  const base = engineFor('kenya').set;
  const def = base.screens.batchOperation;
  const set = {
    ...base,
    screens: {
      ...base.screens,
      batchOperation: {
        ...def,
        tabs: { ...def.tabs!, operation: { ...def.tabs!.operation, visible: { '==': [{ var: 'config.x' }, '1'] } } },
      },
    },
  };
  const engine = engineWith(set, validateResolved);
  expect(engine.resolve('batchOperation').tabs!.map((t) => t.name)).toEqual(['management']);
  expect(engine.resolve('batchOperation', { config: { x: '1' } }).tabs!.map((t) => t.name)).toEqual([
    'operation',
    'management',
  ]);
});

test('the list starts with this month to today and the first task type', () => {
  const fields = Object.fromEntries(
    kenya()
      .resolve('batchTaskList')
      .search.map((f) => [f.name, f.default]),
  );
  expect(fields).toMatchObject({ taskType: '1', begin: '2030-03-01', end: '2030-03-30' });
});

test('the range: both ends, ending by today, in order, at most one year', () => {
  expect(search({ taskType: '1', begin: '2030-03-01', end: '2030-03-30' })).toEqual([]);
  expect(search({ begin: '2029-03-30', end: '2030-03-30' })).toEqual([]);
  expect(search({ begin: '2029-03-29', end: '2030-03-30' })).toEqual([['begin', 'Batch.dateRangeYear']]);
  expect(search({ begin: '2030-03-01', end: '2030-03-31' })).toEqual([['end', 'RBTBatchUpload.dateRangeTips']]);
  expect(search({ begin: '2030-03-20', end: '2030-03-10' })).toEqual([['begin', 'RBTBatchUpload.dateRangeTips']]);
  expect(search({ end: '2030-03-10' })).toEqual([['begin', 'RBTBatchUpload.dateRangeTips']]);
  // The server asks the same checks one by one.
  expect(kenya().check('batchTaskList', 'withinOneYear', { form: { begin: '2028-01-01', end: '2030-01-01' } })).toBe(
    'Batch.dateRangeYear',
  );
  expect(kenya().check('batchTaskList', 'endByToday', { form: { begin: '2030-01-01', end: '2030-03-30' } })).toBeNull();
});
