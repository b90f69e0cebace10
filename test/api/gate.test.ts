// The capability gate on the server, generated from the route table x every site x every configuration flag the
// definitions gate screens or actions by: for each site's demo provider and each flag flipped from the site's value
// (one at a time, then back), every call the gate closes (src/engine/gate.ts, the same function the browser's
// router uses) answers 950016 naming the screen and the reason, whatever its parameters, and changes nothing;
// every read-only call it leaves open is not refused by it. The browser half is test/e2e/menu.test.ts.
import { startServer, DEMO, type TestServer, type Client } from './helpers';
import { apiRouteTable } from '../../src/server/routeTable';
import { gateOf } from '../../src/engine/gate';
import { engineFor } from '../../src/server/validation';
import type { ApiRoute } from '../../src/server/http/route';

let s: TestServer;
const clients: Record<string, Client> = {};
const PROVIDERS: Record<string, { account: string; password: string }> = {
  generic: DEMO.generic,
  kenya: DEMO.kenya,
  ais: DEMO.ais,
};

beforeAll(async () => {
  s = await startServer();
  for (const [site, who] of Object.entries(PROVIDERS)) clients[site] = await s.login(who.account, who.password);
});
afterAll(async () => {
  await s.close();
});

/** Every configuration key a condition of the shell menus, a screen or an action reads: the flags that gate. */
function gatingKeys(site: string): string[] {
  const engine = engineFor(site);
  const keys = new Set<string>();
  const visit = (v: unknown, inCondition: boolean) => {
    if (Array.isArray(v)) v.forEach((x) => visit(x, inCondition));
    else if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) {
        if (inCondition && k === 'var' && typeof x === 'string' && x.startsWith('config.')) keys.add(x.slice(7));
        else visit(x, inCondition || k === 'visible');
      }
  };
  for (const id of engine.screenIds()) {
    const d = engine.definition(id);
    visit({ visible: d.visible }, false);
    visit(d.menu ?? {}, false);
    visit(d.actions ?? {}, false);
    visit(d.tabs ?? {}, false);
  }
  return [...keys].sort();
}

/** A concrete path of a route ('/sp/browsebatchtask/:taskType' -> '/sp/browsebatchtask/1'). */
const concrete = (url: string) => url.replace(/:[^/]+/g, (p) => (p === ':taskType' ? '1' : 'x'));
const gated = () => apiRouteTable().filter((r) => r.auth === 'session');
const COUNTED = [
  'tones',
  'tone_boxes',
  'change_requests',
  'copyright_companies',
  'batch_tasks',
  'ivr_directories',
] as const;
const counts = async () =>
  Promise.all(
    COUNTED.map(async (t) =>
      Number(
        (
          await s.ctx.db
            .selectFrom(t)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ),
  );

async function call(c: Client, route: ApiRoute) {
  const url = concrete(route.url);
  return route.method === 'POST' && !route.multipart ? c.post(url, {}) : c.get(url, {});
}

/** Checks every gated call of one site in the configuration now set; the closed ones it met. */
async function checkSite(site: string): Promise<string[]> {
  const c = clients[site];
  const { userInfo, config } = (await c.get('/checkLoginInfo')).body.record;
  const engine = engineFor(site);
  const user = { ...userInfo, expired: false, needChangePwd: '0', ossLogin: false };
  const gate = gateOf(engine, { config, user });
  const closed: string[] = [];
  for (const route of gated()) {
    const access = gate.call(concrete(route.url));
    if (access.open) {
      if (route.method === 'POST' || route.write) continue;
      const r = await call(c, route);
      expect([route.url, r.body?.returnCode]).not.toEqual([route.url, '950016']);
      continue;
    }
    closed.push(route.url);
    const r = await call(c, route);
    const title = engine.definition(access.screen!).title;
    expect([route.url, r.body.returnCode]).toEqual([route.url, '950016']);
    expect(r.body.returnMsg).toContain(' is not available for your account: ');
    expect(r.body.returnMsg).not.toContain(title); // the key is translated, never shown as is
  }
  return closed;
}

test('the gating flags are read from the definitions', () => {
  const keys = gatingKeys('generic');
  for (const k of ['support_musicbox', 'support_copyright_maintenance', 'support_kenya_batch_operation'])
    expect(keys).toContain(k);
});

test.each(Object.keys(PROVIDERS))(
  '%s: every call of a closed screen or action is refused, for every flag',
  async (site) => {
    const before = await counts();
    const closedByDefault = await checkSite(site);
    const seen = new Set(closedByDefault);
    const config = await s.ctx.config.forSite(site);
    for (const key of gatingKeys(site)) {
      const value = config[key];
      await s.ctx.config.set(key, value === '1' ? '0' : '1', site);
      try {
        for (const url of await checkSite(site)) seen.add(url);
      } finally {
        await s.ctx.config.unset(key, site);
      }
    }
    // Nothing a closed call reached changed anything.
    expect(await counts()).toEqual(before);
    // Between them the flags close the calls of every feature the menu can hide.
    expect(seen.size).toBeGreaterThan(5);
  },
);

test('with support_musicbox 0 every music box call is refused; back on, they answer again', async () => {
  // The box calls the portal's screens make (a route no definition calls is not the gate's to close).
  const engine = engineFor('generic');
  const declared = new Set(
    engine.screenIds().flatMap((id) => Object.values(engine.definition(id).calls ?? {}).map((c) => `/${c.path}`)),
  );
  const box = (u: string) => u.includes('tonebox') || u.includes('recommendtone');
  const boxCalls = gated().filter((r) => box(r.url) && declared.has(r.url));
  expect(boxCalls.length).toBeGreaterThan(4);
  await s.ctx.config.set('support_musicbox', '0', 'generic');
  try {
    for (const route of boxCalls) {
      const r = await call(clients.generic, route);
      expect([route.url, r.body.returnCode]).toEqual([route.url, '950016']);
      expect(r.body.returnMsg).toContain('Music Box');
    }
  } finally {
    await s.ctx.config.unset('support_musicbox', 'generic');
  }
  expect((await clients.generic.get('/sp/querytonebox', { status: '1' })).body.returnCode).toBe('000000');
});
