// Snapshot of every screen the engine knows, for every site, in add and edit mode, under a few operator
// configurations and users: a change to a definition, an overlay or the engine shows up here as a readable
// diff of the resolved JSON. Same code as `npm run definitions -- resolve` (createEngine over the definition
// set on disk). Screens added later are picked up by engine.screenIds(); regenerate with `-u` after reviewing.
//
// Each screen is resolved as it first appears: once with an empty form, then again with the defaults that
// resolution gave (the renderer starts from them), so fields that depend on another field's default show.
import { createEngine, type ContextInput, type Mode, type SiteId } from '../../src/engine';
import { loadDefinitionSetFromDisk, siteIds } from '../../src/engine/fsLoader';

// Conditions and defaults may read today; a fixed local noon keeps the snapshots the same every day.
beforeAll(() => {
  jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate'] });
  jest.setSystemTime(new Date(2030, 0, 10, 12, 0, 0));
});
afterAll(() => jest.useRealTimers());

const USER = { code: '8800010', name: 'Demo provider', spType: '1', firstLogin: '0', needChangePwd: '0', isSuperSP: '0', believeCP: '1' };
const RADIO_CODE = '8800001'; // radio_cp_code of the generic configuration

const CASES: Record<string, ContextInput> = {
  'site defaults': { user: USER },
  'radio account': { user: { ...USER, code: RADIO_CODE } },
  'weekly plan on, disc type': { user: USER, config: { support_weekly_plan_content: '1' }, form: { toneBoxType: '2' } },
  'expand_tone_infos set': { user: USER, config: { expand_tone_infos: 'genre:Y|mood:N|label' } },
  'Persian calendar on': { user: USER, config: { support_persian_calendar: '1' } },
};
const MODES: Mode[] = ['add', 'edit'];

const SITES = siteIds();
const engines = Object.fromEntries(SITES.map((site) => [site, createEngine(loadDefinitionSetFromDisk(site))]));

function firstView(site: SiteId, screen: string, mode: Mode, input: ContextInput) {
  const engine = engines[site];
  const empty = engine.resolve(screen, { ...input, mode });
  const defaults = Object.fromEntries(empty.fields.filter((f) => f.default !== undefined && f.default !== '').map((f) => [f.name, f.default]));
  return engine.resolve(screen, { ...input, mode, form: { ...defaults, ...(input.form ?? {}) } });
}

const rows = SITES.flatMap((site) => engines[site].screenIds().flatMap((screen) =>
  MODES.flatMap((mode) => Object.keys(CASES).map((name) => [screen, site, mode, name] as const))));

test('every screen of every site is covered', () => {
  for (const site of SITES) expect(engines[site].screenIds()).toEqual(engines.generic.screenIds());
  expect(engines.generic.screenIds()).toContain('musicBoxUpload');
  expect(rows.length).toBe(engines.generic.screenIds().length * SITES.length * MODES.length * Object.keys(CASES).length);
});

test.each(rows)('%s / %s / %s / %s', (screen, site, mode, name) => {
  expect(firstView(site, screen, mode, CASES[name])).toMatchSnapshot();
});
