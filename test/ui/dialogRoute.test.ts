// A list page's detail dialog in the address (src/ui/runtime/dialogRoute.ts): opening adds the action and the row
// key to whatever the page's query already holds, closing takes exactly those away, and a list route's starting
// filters never include them (the detail's ?row=5 must not become a filter of the list under it).
import {
  dialogEntryState,
  listFiltersOf,
  searchWithDialog,
  searchWithoutDialog,
} from '../../src/ui/runtime/dialogRoute';

test("opening keeps the page's own query; closing restores it exactly", () => {
  const opened = searchWithDialog('?tab=manage&toneBoxID=5', 'detail', '10000000010');
  expect(new URLSearchParams(opened).get('dialog')).toBe('detail');
  expect(new URLSearchParams(opened).get('row')).toBe('10000000010');
  expect(searchWithoutDialog(opened)).toBe('?tab=manage&toneBoxID=5');
  expect(searchWithoutDialog(searchWithDialog('', 'detail', '7'))).toBe('');
  // Opening another row replaces the open one rather than stacking names.
  expect(searchWithDialog(opened, 'tariff', '8').match(/dialog=/g)).toHaveLength(1);
});

test("a list route's starting filters leave the dialog's names out", () => {
  expect(listFiltersOf(new URLSearchParams('toneBoxID=5&dialog=detail&row=9'))).toEqual({ toneBoxID: '5' });
});

test("the history entry's state is read defensively (another page's state, or none)", () => {
  expect(dialogEntryState(null)).toEqual({});
  expect(dialogEntryState('x')).toEqual({});
  expect(dialogEntryState({ dialogRow: { toneID: 1 }, dialogPushed: true }).dialogPushed).toBe(true);
});
