// Lists that sort and find (issue 25, item 2), against the real server and database:
// - sp/qrytone honours orderBy only for the columns rbtMaintenance/toneSelection declare sortable, in a stable
//   order (ties by id) across pages, and refuses anything else with 950004 naming orderBy and the allowed fields;
// - the state filter of the tone and box lists takes exactly the values the status column can show (toneStatus)
//   and finds exactly the rows the column labels so;
// - Name Tone Info lists newest first.
import { DEMO, shownState, startServer, type Client, type TestServer } from './helpers';
import { stateValues, sortableFields } from '../../src/server/http/listOrder';

let s: TestServer;
let c: Client;
beforeAll(async () => {
  s = await startServer();
  c = await s.login(DEMO.generic.account, DEMO.generic.password);
});
afterAll(async () => {
  await s.close();
});

type Row = Record<string, string>;
/** Every row of a list, page by page of 3 (so ties and page edges are crossed). */
async function allPages(path: string, params: Record<string, unknown>): Promise<Row[]> {
  const out: Row[] = [];
  for (let start = 1; ; start += 3) {
    const r = await c.get(path, { ...params, startRecordNum: start, endRecordNum: start + 2 });
    expect(r.body.returnCode).toBe('000000');
    out.push(...r.body.record);
    if (start + 2 >= r.body.recordSum) return out;
  }
}

test('the sortable fields are those the definitions declare', () => {
  expect(sortableFields('generic', ['rbtMaintenance', 'toneSelection'])).toEqual([
    'toneCode',
    'toneName',
    'price',
    'toneValidDay',
    'uploadTime',
  ]);
});

describe.each(['toneName', 'toneCode', 'price', 'toneValidDay', 'uploadTime'])('orderBy %s', (field) => {
  const key = (r: Row) => (field === 'price' ? Number(r.price) : r[field]);
  test.each(['asc', 'desc'] as const)('%s: every page in order, ties by id, nothing lost or repeated', async (dir) => {
    const rows = await allPages('/sp/qrytone', { orderBy: `${field} ${dir}` });
    const unsorted = await allPages('/sp/qrytone', {});
    expect(rows.map((r) => r.toneID).sort()).toEqual(unsorted.map((r) => r.toneID).sort());
    const sign = dir === 'asc' ? 1 : -1;
    const expected = [...rows].sort((a, b) => {
      const [x, y] = [key(a), key(b)];
      return (x < y ? -sign : x > y ? sign : 0) || sign * (Number(a.toneID) - Number(b.toneID));
    });
    expect(rows.map((r) => r.toneID)).toEqual(expected.map((r) => r.toneID));
    // Sorting really reorders the demo tones (the test could not pass on the default order alone).
    if (dir === 'asc') expect(rows.map((r) => r.toneID)).not.toEqual(unsorted.map((r) => r.toneID));
  });
});

test('orderBy works with a filter and with the state filter', async () => {
  const rows = await allPages('/sp/qrytone', { orderBy: 'toneName asc', state: '1' });
  expect(rows.length).toBeGreaterThan(1);
  expect(rows.every((r) => shownState(r) === '1')).toBe(true);
  const names = rows.map((r) => r.toneName);
  expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
});

test('orderBy naming anything but a sortable column is refused with 950004 naming orderBy, and nothing is listed', async () => {
  for (const bad of [
    'tone_name asc', // a column name, not a field
    'status asc', // a field no column declares sortable
    'toneName', // no direction
    'toneName up',
    'toneName asc, id desc',
    'toneName asc; DROP TABLE tones --',
    '1 asc',
  ]) {
    const r = await c.get('/sp/qrytone', { orderBy: bad });
    expect(r.body.returnCode).toBe('950004');
    expect(r.body.record.errors).toEqual([
      expect.objectContaining({ field: 'orderBy', message: 'List.orderByRefused' }),
    ]);
    expect(r.body.record.errors[0].text).toContain('toneName, price');
  }
  const zh = await s.login(DEMO.kenya.account, DEMO.kenya.password, { 'accept-language': 'zh' });
  const r = await zh.get('/sp/qrytone', { orderBy: 'status asc' });
  expect(r.body.record.errors[0].text).toMatch(/列表不能按“status asc”排序/);
  // The tones are all still there.
  expect((await c.get('/sp/qrytone', {})).body.returnCode).toBe('000000');
});

test('the tone state filter takes each state the status column can show and finds exactly those rows', async () => {
  const values = stateValues('toneStatus');
  expect(values).toEqual(['', 'add', 'modify', 'delete', 'rejected', '1', '2', '4', '6', '---']);
  const every = await allPages('/sp/qrytone', {});
  let found = 0;
  for (const value of values.slice(1)) {
    const rows = await allPages('/sp/qrytone', { state: value });
    expect(rows.map((r) => `${r.toneID}:${shownState(r)}`)).toEqual(rows.map((r) => `${r.toneID}:${value}`));
    expect(rows.length).toBe(every.filter((r) => shownState(r) === value).length);
    found += rows.length;
  }
  expect(found).toBe(every.length);
  // The demo provider has tones waiting in each way and refused ones: the filter is not trivially empty.
  for (const value of ['add', 'modify', 'rejected', '1'])
    expect((await c.get('/sp/qrytone', { state: value })).body.recordSum).toBeGreaterThan(0);
  const bad = await c.get('/sp/qrytone', { state: 'normal' });
  expect(bad.body.returnCode).toBe('950004');
});

test('the music box state filter finds exactly the boxes the status column labels so', async () => {
  const every = await allPages('/sp/querytonebox', {});
  let found = 0;
  for (const value of stateValues('toneStatus').slice(1)) {
    const rows = await allPages('/sp/querytonebox', { state: value });
    expect(rows.every((r) => shownState(r) === value)).toBe(true);
    found += rows.length;
  }
  expect(found).toBe(every.length);
  expect((await c.get('/sp/querytonebox', { state: 'rejected' })).body.recordSum).toBeGreaterThan(0);
});

test('Name Tone Info lists newest first', async () => {
  const rows = await allPages('/sp/qrynametone', {});
  expect(rows.length).toBeGreaterThan(1);
  const keys = rows.map((r) => `${r.requestDate}#${String(r.nameToneID).padStart(9, '0')}`);
  expect(keys).toEqual([...keys].sort().reverse());
});
