// Pure rules of the list renderer (000 §2, §9): search normalisation, page sizes, operation width, pager window.
import {
  columnLayout,
  END_GUTTER,
  initialState,
  MIN_TEXT_WIDTH,
  nextSort,
  normaliseFilters,
  operationButtons,
  operationWidth,
  orderByOf,
  pageSizesOf,
  rowActionsFor,
  showsPager,
  splitRowActions,
} from '../../src/ui/list/listState';
import { pageWindow } from '../../src/ui/list/Pager';
import type { ResolvedAction, ResolvedField } from '../../src/engine';

const field = (name: string, ui: Record<string, unknown>): ResolvedField => ({
  name,
  order: 1,
  schema: { type: 'string' },
  required: false,
  disabled: false,
  messages: {},
  ui,
});

describe('search filters', () => {
  const fields = [field('status', { statusFilter: true }), field('from', { inputType: 'digits' }), field('name', {})];
  test('status above 10 becomes empty (not sent), below 0 becomes 2, others stay', () => {
    expect(normaliseFilters({ status: '11' }, fields)).toEqual({});
    expect(normaliseFilters({ status: '10' }, fields)).toEqual({ status: '10' });
    expect(normaliseFilters({ status: '-1' }, fields)).toEqual({ status: '2' });
    expect(normaliseFilters({ status: '0' }, fields)).toEqual({ status: '0' });
  });
  test('digits-only inputs keep digits; empty values are dropped', () => {
    expect(normaliseFilters({ from: '1a2 3', name: '' }, fields)).toEqual({ from: '123' });
    expect(normaliseFilters({ name: ' x ' }, fields)).toEqual({ name: ' x ' });
  });
});

describe('paging', () => {
  test('page sizes 10/20/50/100 default 10 unless the definition names its own', () => {
    expect(pageSizesOf({})).toEqual([10, 20, 50, 100]);
    expect(initialState({}).pageSize).toBe(10);
    expect(pageSizesOf({ list: { rowKey: 'id', pageSizes: [10, 20, 50] } })).toEqual([10, 20, 50]);
    expect(initialState({ list: { rowKey: 'id', pageSizes: [5], pageSize: 5 } })).toEqual({
      page: 1,
      pageSize: 5,
      filters: {},
    });
  });
  test('operation column: 150 px for up to two buttons, else 60 per button plus 32', () => {
    expect(operationWidth(0)).toBe(150);
    expect(operationWidth(2)).toBe(150);
    expect(operationWidth(3)).toBe(212);
    expect(operationWidth(5)).toBe(332);
  });
  test('pager window: first, last and two around the current page with gaps', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(6, 12)).toEqual([1, null, 4, 5, 6, 7, 8, null, 12]);
  });
});

test('the pager: above 10 rows by default (000 §2), from list.pagerAt when given (tariffs from 5, 000 §9), never at 0', () => {
  expect(showsPager({}, 10)).toBe(false);
  expect(showsPager({}, 11)).toBe(true);
  expect(showsPager({ list: { rowKey: 'id', pagerAt: 5 } }, 4)).toBe(false);
  expect(showsPager({ list: { rowKey: 'id', pagerAt: 5 } }, 5)).toBe(true);
  expect(showsPager({ list: { rowKey: 'id', pagerAt: 0 } }, 500)).toBe(false);
});

describe('row actions', () => {
  const item = (name: string, primary?: boolean) => ({ action: { name, primary } });
  test("primary actions are the row's buttons, the others go to its More menu", () => {
    const { inline, more } = splitRowActions([item('hide', true), item('edit', true), item('editTag'), item('delete')]);
    expect(inline.map((i) => i.action.name)).toEqual(['hide', 'edit']);
    expect(more.map((i) => i.action.name)).toEqual(['editTag', 'delete']);
  });
  test('a list that marks no action primary shows them all as buttons', () => {
    expect(splitRowActions([item('detail')])).toEqual({ inline: [item('detail')], more: [] });
  });
  test('a row whose menu actions are all hidden or all disabled for it gets no More menu, whatever the list', () => {
    const ctx = { config: {}, user: {} };
    const actions: ResolvedAction[] = [
      { name: 'edit', order: 1, label: 'x', scope: 'row', primary: true },
      { name: 'hide', order: 1, label: 'x', scope: 'row', visibleFor: { '==': [{ var: 'row.status' }, '1'] } },
      {
        name: 'delete',
        order: 1,
        label: 'x',
        scope: 'row',
        visibleFor: { '!=': [{ var: 'row.status' }, '6'] },
        disabledFor: { '==': [{ var: 'row.locked' }, '1'] },
      },
    ];
    const names = (row: Record<string, unknown>) => {
      const { inline, more } = splitRowActions(rowActionsFor(actions, row, ctx));
      return { inline: inline.map((i) => i.action.name), more: more.map((i) => i.action.name) };
    };
    expect(names({ status: '1' })).toEqual({ inline: ['edit'], more: ['hide', 'delete'] });
    // Hide hidden, Delete shown but disabled: a menu of one greyed item stays (one usable item is enough).
    expect(names({ status: '1', locked: '1' })).toEqual({ inline: ['edit'], more: ['hide', 'delete'] });
    // Every menu item hidden for the row: no menu.
    expect(names({ status: '6' })).toEqual({ inline: ['edit'], more: [] });
    // The only menu item left is disabled: nothing the menu could do, so no menu either.
    expect(names({ status: '2', locked: '1' })).toEqual({ inline: ['edit'], more: [] });
  });
  test('the operation column is sized from the definition (primary actions plus More), not from the rows of a page', () => {
    expect(operationButtons([{ primary: true }, { primary: true }, {}, {}, {}])).toBe(3);
    expect(operationButtons([{ primary: true }])).toBe(1);
    expect(operationButtons([{}, {}])).toBe(2);
    expect(operationButtons([])).toBe(0);
  });
});

test('column widths come from the definition and the formats alone; text columns share the rest, at least MIN_TEXT_WIDTH each', () => {
  const columns = [
    { name: 'code', width: 120 },
    { name: 'name' },
    { name: 'status', format: 'status' as const },
    { name: 'day', format: 'date' as const },
  ];
  const { widths, minWidth } = columnLayout(columns, { selectable: true, operationButtons: 3 });
  expect([...widths.keys()]).toEqual(['__select', 'code', 'name', 'status', 'day', '__operation']);
  expect(widths.get('name')).toBeUndefined();
  // A last data column is wider by the gutter its cells keep from the table's edge; the operation column is not.
  expect(widths.get('__operation')).toBe(operationWidth(3));
  expect(columnLayout(columns.slice(0, 1), { selectable: false, operationButtons: 0 }).widths.get('code')).toBe(
    120 + END_GUTTER,
  );
  expect(minWidth).toBe([...widths.values()].reduce<number>((sum, w) => sum + (w ?? MIN_TEXT_WIDTH), 0));
  expect(columnLayout(columns, { selectable: false, operationButtons: 0 }).widths.has('__operation')).toBe(false);
});

test('a wide box gives a status or date-time column of its format room for one line before the text columns', () => {
  const columns = [
    { name: 'name' },
    { name: 'status', format: 'status' as const },
    { name: 'uploaded', format: 'datetime' as const },
    { name: 'fixed', format: 'status' as const, width: 100 },
  ];
  const narrow = columnLayout(columns, { selectable: false, operationButtons: 0 });
  // No room measured, or none beyond the least width: the formats' own widths.
  expect(columnLayout(columns, { selectable: false, operationButtons: 0, available: narrow.minWidth }).widths).toEqual(
    narrow.widths,
  );
  // Plenty of room: each grows to its one-line width; a width the definition gives is kept; the text column has no
  // width of its own and takes the rest.
  const wide = columnLayout(columns, { selectable: false, operationButtons: 0, available: narrow.minWidth + 800 });
  expect(wide.widths.get('status')).toBeGreaterThan(narrow.widths.get('status')!);
  expect(wide.widths.get('uploaded')).toBeGreaterThan(narrow.widths.get('uploaded')!);
  expect(wide.widths.get('fixed')).toBe(narrow.widths.get('fixed'));
  expect(wide.widths.get('name')).toBeUndefined();
  expect(wide.minWidth).toBe(narrow.minWidth);
  // A little room: the columns take at most their share of it, first come first.
  const some = columnLayout(columns, { selectable: false, operationButtons: 0, available: narrow.minWidth + 50 });
  const grown =
    some.widths.get('status')! -
    narrow.widths.get('status')! +
    some.widths.get('uploaded')! -
    narrow.widths.get('uploaded')!;
  expect(grown).toBeLessThan(50);
  expect(grown).toBeGreaterThan(0);
  // What the table measured a date with its time to take in its font stands over the guess; as the last column it
  // keeps its gutter besides.
  const measured = columnLayout(columns.slice(0, 3), {
    selectable: false,
    operationButtons: 0,
    available: narrow.minWidth + 800,
    oneLine: { datetime: 171 },
  });
  expect(measured.widths.get('uploaded')).toBe(171 + END_GUTTER);
});

describe('sorting by a header (issue 25)', () => {
  test('a click sorts ascending, the next descending, the third returns to the list order; another column starts ascending', () => {
    const asc = nextSort(undefined, 'toneName');
    expect(asc).toEqual({ field: 'toneName', direction: 'asc' });
    const desc = nextSort(asc, 'toneName');
    expect(desc).toEqual({ field: 'toneName', direction: 'desc' });
    expect(nextSort(desc, 'toneName')).toBeUndefined();
    expect(nextSort(desc, 'price')).toEqual({ field: 'price', direction: 'asc' });
  });
  test('the list call carries orderBy only while sorted', () => {
    expect(orderByOf(undefined)).toEqual({});
    expect(orderByOf({ field: 'uploadTime', direction: 'desc' })).toEqual({ orderBy: 'uploadTime desc' });
  });
});
