// A status column's values and their conditions, read from its expression (engine/outcomes.ts): the list's status
// filter offers exactly these and the server filters by these conditions. Checked against the expression itself
// over every combination of the fields it reads: each row satisfies exactly the condition of the value it gets.
import { evaluate, holds } from '../../src/engine';
import { outcomesOf } from '../../src/engine/outcomes';
import { engineFor } from './helpers';

test('toneStatus: every value the column can show, in its order, with a condition true exactly for its rows', () => {
  const expression = engineFor('generic').expression('toneStatus');
  const outcomes = outcomesOf(expression);
  expect(outcomes.map((o) => o.value)).toEqual(['add', 'modify', 'delete', 'rejected', '1', '2', '4', '6', '---']);
  let rows = 0;
  for (const status of ['0', '1', '2', '4', '6', '9'])
    for (const approveType of ['', '1', '2', '3'])
      for (const tableType of ['', '1'])
        for (const askType of ['', '1', '2', '3'])
          for (const refuseReason of ['', 'Too loud']) {
            const row = { status, approveType, tableType, askType, refuseReason };
            const shown = evaluate(expression, { row });
            const matching = outcomes.filter((o) => holds(o.when, { row }, false)).map((o) => o.value);
            expect({ row, matching }).toEqual({ row, matching: [shown] });
            rows++;
          }
  expect(rows).toBe(6 * 4 * 2 * 4 * 2);
});

test('the status filters of the tone and box lists are the column values, labelled as the column labels them', () => {
  for (const screen of ['rbtMaintenance', 'musicBoxMaintenance']) {
    const resolved = engineFor('generic').resolve(screen);
    const options = resolved.search.find((f) => f.name === 'status')!.options as Array<{
      value: string;
      label: string;
    }>;
    const column = resolved.columns.find((c) => c.name === 'status')!;
    expect(options[0]).toEqual({ value: '', label: 'ToneMaintenance.allStatus' });
    expect(options.slice(1)).toEqual(
      outcomesOf(column.value).map((o) => ({ value: o.value, label: column.labels![o.value] })),
    );
  }
});

test('an expression without a finite list of values is refused, naming the branch', () => {
  expect(() => outcomesOf({ var: 'row.status' })).toThrow(/not an "if" chain/);
  expect(() => outcomesOf({ if: [true, { cat: ['a', 'b'] }, 'x'] })).toThrow(/literal or its guarded field/);
  expect(() => outcomesOf({ if: [true, 'a', { var: 'row.x' }] })).toThrow(/last value must be a literal or a chain/);
});
