// The records (screen-definitions/records/) against the migrated database, on SQLite and PostgreSQL alike: every
// column a record names exists in its table, so a field declared in JSON is a field the server can store.
import { startServer, type TestServer } from './helpers';
import { loadSourcesFromDisk } from '../../src/engine/fsLoader';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(async () => {
  await s.close();
});

test('every column a record names is a column of its table', async () => {
  const tables = new Map(
    (await s.ctx.db.introspection.getTables()).map((t) => [t.name, new Set(t.columns.map((c) => c.name))]),
  );
  const records = Object.entries(loadSourcesFromDisk().records);
  expect(records.map(([name]) => name)).toEqual(expect.arrayContaining(['tone', 'toneBox']));
  for (const [name, record] of records) {
    const columns = tables.get(record.table);
    expect([name, record.table, columns !== undefined]).toEqual([name, record.table, true]);
    const missing = Object.entries(record.fields)
      .filter(([, f]) => !columns!.has(f.column))
      .map(([field, f]) => `${field}: ${f.column}`);
    expect([name, missing]).toEqual([name, []]);
  }
});
