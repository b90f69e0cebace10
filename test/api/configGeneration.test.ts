// A configuration change reaches every server process with the very next request (issue 24): servers keep what
// they derive from the configuration (the sites' values, resolved screens, compiled rules) until the config
// table's generation moves, which they read with each session. Two servers share one database here, as two
// processes behind a load balancer do; the operator's change comes through a store of its own, as from the CLI.
import { openDatabase } from '../../src/server/db/connection';
import { ConfigStore } from '../../src/server/services/config';
import { siteCache } from '../../src/server/siteCache';
import { DEMO, startServer, type Client, type TestServer } from './helpers';

let one: TestServer;
let two: TestServer;
beforeAll(async () => {
  one = await startServer();
  two = await startServer({ sharing: one });
});
afterAll(async () => {
  await two?.close();
  await one?.close();
});

/** The operator CLI's side: its own connection and store, another process as far as the servers can tell. */
async function operatorSets(key: string, value: string | undefined, site?: string): Promise<void> {
  const handle = await openDatabase({
    dataDir: one.dataDir,
    databaseUrl: one.databaseUrl,
    pgSchema: one.pgSchema,
  });
  try {
    const store = new ConfigStore(handle.db);
    if (value === undefined) await store.unset(key, site);
    else await store.set(key, value, site);
  } finally {
    await handle.close();
  }
}

const tags = (c: Client, toneID: string, tagNames: string) => c.post('/sp/tagmaintenance', { toneID, tagNames });
async function aToneOf(c: Client): Promise<string> {
  const list = await c.get('/sp/qrytone', { startRecordNum: 1, endRecordNum: 10, status: '1' });
  return list.body.record[0].toneID;
}

test('a rule the operator changes applies on every server at the next request, and no later', async () => {
  const a = await one.login(DEMO.generic.account, DEMO.generic.password);
  const b = await two.login(DEMO.generic.account, DEMO.generic.password);
  const tone = await aToneOf(a);
  // Both servers have resolved the edit-tags screen and compiled its rule with the default limit.
  expect((await tags(a, tone, 'a~b~c')).body.returnCode).toBe('000000');
  expect((await tags(b, tone, 'a~b~c')).body.returnCode).toBe('000000');

  await operatorSets('additional_tag_num', '2');
  for (const c of [a, b]) {
    const r = await tags(c, tone, 'a~b~c');
    expect(r.body.returnCode).toBe('950004');
    expect(r.body.record.errors[0]).toMatchObject({ field: 'tagNames', message: 'EditTag.tooMany' });
    expect((await c.get('/common/queryconfig')).body.record.additional_tag_num).toBe('2');
  }

  // A value for another site changes nothing here; removing the operator's value brings the files' back.
  await operatorSets('additional_tag_num', '9', 'kenya');
  expect((await tags(b, tone, 'a~b~c')).body.returnCode).toBe('950004');
  await operatorSets('additional_tag_num', undefined);
  expect((await tags(a, tone, 'a~b~c')).body.returnCode).toBe('000000');
  expect((await tags(b, tone, 'a~b~c')).body.returnCode).toBe('000000');
});

test("a change keeps every other site's configuration object, and what was derived from it", async () => {
  const store = one.ctx.config;
  const built: string[] = [];
  const perSite = siteCache((site, config) => {
    built.push(site);
    return { site, price: config.max_tone_price };
  });
  const generic = await store.forSite('generic');
  const kenya = await store.forSite('kenya');
  const g = perSite.get('generic', generic);
  perSite.get('kenya', kenya);
  expect(perSite.get('generic', await store.forSite('generic'))).toBe(g);

  await operatorSets('max_tone_price', '7', 'kenya');
  expect(await store.forSite('generic')).toBe(generic);
  const kenyaNow = await store.forSite('kenya');
  expect(kenyaNow).not.toBe(kenya);
  expect(perSite.get('generic', await store.forSite('generic'))).toBe(g);
  expect(perSite.get('kenya', kenyaNow).price).toBe('7');
  expect(built).toEqual(['generic', 'kenya', 'kenya']);
  await operatorSets('max_tone_price', undefined, 'kenya');
});

test('values that also depend on a key are built once a key, and the site keeps at most maxKeys of them', () => {
  let builds = 0;
  const cache = siteCache((_site, config, key) => `${config.x}:${key}:${++builds}`, { maxKeys: 2 });
  const config = Object.freeze({ x: '1' });
  expect(cache.get('generic', config, 'a')).toBe('1:a:1');
  expect(cache.get('generic', config, 'a')).toBe('1:a:1');
  cache.get('generic', config, 'b');
  cache.get('generic', config, 'c');
  expect(cache.get('generic', config, 'a')).toBe('1:a:4');
  expect(cache.get('generic', Object.freeze({ x: '2' }), 'a')).toBe('2:a:5');
});
