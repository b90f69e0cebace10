// The tone status of 001 §4 as the maintenance and selection lists derive it: the status column's JSON Logic
// `value` resolved over rows, then its label and colour (000 §4), for every case, on every site.
import { evaluate } from '../../src/engine';
import { siteIds } from '../../src/engine/fsLoader';
import { engineFor } from './helpers';

const row = (r: Partial<Record<'status' | 'approveType' | 'tableType' | 'askType' | 'refuseReason', string>>) => ({
  status: '',
  approveType: '2',
  tableType: '',
  askType: '',
  refuseReason: '',
  ...r,
});

const CASES: Array<[string, ReturnType<typeof row>, string, string, string]> = [
  ['normal', row({ status: '1' }), '1', 'ToneStatus.normal', 'green'],
  ['hidden', row({ status: '2' }), '2', 'ToneStatus.hidden', 'grey'],
  ['hidden and unavailable', row({ status: '4' }), '4', 'ToneStatus.hiddenUnavailable', 'grey'],
  [
    'addition to be approved',
    row({ status: '0', approveType: '1', tableType: '1', askType: '1' }),
    'add',
    'ToneStatus.addPending',
    'yellow',
  ],
  [
    'modification to be approved (tone stays on sale)',
    row({ status: '1', approveType: '1', tableType: '1', askType: '3' }),
    'modify',
    'ToneStatus.modifyPending',
    'yellow',
  ],
  [
    'deletion to be approved',
    row({ status: '1', approveType: '1', tableType: '1', askType: '2' }),
    'delete',
    'ToneStatus.deletePending',
    'yellow',
  ],
  [
    'modification with a refuse reason is not pending',
    row({ status: '7', approveType: '1', tableType: '1', askType: '3', refuseReason: 'x' }),
    '---',
    'ToneStatus.none',
    'grey',
  ],
  [
    'deletion with a refuse reason is not pending',
    row({ status: '7', approveType: '1', tableType: '1', askType: '2', refuseReason: 'x' }),
    '---',
    'ToneStatus.none',
    'grey',
  ],
  [
    'approveType 1 without tableType 1 is not pending',
    row({ status: '0', approveType: '1', tableType: '2', askType: '1' }),
    '---',
    'ToneStatus.none',
    'grey',
  ],
  [
    'rejected',
    row({ status: '0', approveType: '3', tableType: '1', refuseReason: 'Audio quality too low' }),
    'rejected',
    'ToneStatus.rejected',
    'red',
  ],
  ['deleted', row({ status: '6' }), '6', 'ToneStatus.deleted', 'red'],
  ['anything else', row({ status: '0' }), '---', 'ToneStatus.none', 'grey'],
  ['empty row', row({ approveType: '' }), '---', 'ToneStatus.none', 'grey'],
];

describe.each(siteIds())('%s', (site) => {
  describe.each(['rbtMaintenance', 'toneSelection'])('%s status column', (screenId) => {
    const screen = engineFor(site).resolve(screenId, { config: {}, user: {} });
    const column = screen.columns.find((c) => c.name === 'status')!;
    test.each(CASES)('%s', (_name, r, value, label, colour) => {
      const v = String(evaluate(column.value, { row: r, config: {}, user: {} }));
      expect(v).toBe(value);
      expect(column.labels?.[v]).toBe(label);
      expect(column.colours?.[v]).toBe(colour);
    });
  });
});
