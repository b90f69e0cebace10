// `npm run definitions -- resolve musicBoxUpload --site kenya|ais|generic --config FILE`: valid JSON on stdout that
// differs between sites exactly as 000 §4/§5 say. The cases run the command's function in process (src/cli/resolve.ts,
// what the CLI prints and exits with); one runs the CLI process itself, as an integrator does.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveCommand } from '../../src/cli/resolve';
import { ROOT, runCli as runCliProcess, type CliResult } from './cli';

/** What `npm run definitions -- resolve ...` prints and exits with (args start with 'resolve', as on the command line). */
function runCli(args: string[]): CliResult {
  const r = resolveCommand(args.slice(1), 'usage');
  return { status: r.exitCode, stdout: r.stdout, stderr: r.stderr };
}

const WEEKLY_CONFIG = join(ROOT, 'test', 'fixtures', 'config-weekly.json');
let dir: string;
const file = (name: string, json: unknown) => {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(json));
  return path;
};
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'rbt-resolve-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function resolved(site: string, ...more: string[]) {
  const r = runCli(['resolve', 'musicBoxUpload', '--site', site, '--config', WEEKLY_CONFIG, ...more]);
  // Without --user it says whom it resolves for, and nothing else.
  if (!more.includes('--user'))
    expect(r.stderr).toMatch(
      /^as a representative provider \(\{"code":"8800010",.*\}\); --user FILE resolves for another\n$/,
    );
  expect(r.status).toBe(0);
  return JSON.parse(r.stdout);
}

test("resolve menu shows a representative provider's menu by default, and a given user's with --user", () => {
  const menu = (...more: string[]) => {
    const r = runCli(['resolve', 'menu', '--site', 'kenya', ...more]);
    expect(r.status).toBe(0);
    return (JSON.parse(r.stdout) as { menu: Array<{ name: string; children: Array<{ name: string }> }> }).menu;
  };
  const groups = menu();
  expect(groups.map((g) => g.name)).toEqual(expect.arrayContaining(['rbt', 'musicBox']));
  expect(groups.find((g) => g.name === 'rbt')!.children.map((e) => e.name)).toEqual(
    expect.arrayContaining(['upload', 'maintenance', 'copyrightMaintenance', 'batchOperation']),
  );
  // A provider that must first change its password sees no menu.
  const file = join(mkdtempSync(join(tmpdir(), 'rbt-user-')), 'user.json');
  writeFileSync(file, JSON.stringify({ code: '8800040', firstLogin: '1', needChangePwd: '1' }));
  expect(menu('--user', file)).toEqual([]);
});
const field = (screen: any, name: string) => screen.fields.find((f: any) => f.name === name);
const names = (list: Array<{ name: string }>) => list.map((x) => x.name);

describe('the three sites resolve the music box form differently', () => {
  const screens: Record<string, any> = {};
  beforeAll(() => {
    const form = file('disc.json', { toneBoxType: '2' });
    for (const site of ['generic', 'kenya', 'ais']) screens[site] = resolved(site, '--form', form);
  });

  test('the outputs differ from each other', () => {
    expect(screens.kenya).not.toEqual(screens.generic);
    expect(screens.ais).not.toEqual(screens.generic);
    for (const site of ['generic', 'kenya', 'ais']) expect(screens[site].site).toBe(site);
  });

  test("package type is '5' on Kenya and '4' elsewhere, disc '2' everywhere", () => {
    expect(field(screens.kenya, 'toneBoxType').options.map((o: any) => o.value)).toEqual(['5', '2']);
    expect(field(screens.kenya, 'toneBoxType').default).toBe('5');
    expect(field(screens.kenya, 'toneBoxType').schema.enum).toEqual(['5', '2']);
    for (const site of ['generic', 'ais']) {
      expect(field(screens[site], 'toneBoxType').options.map((o: any) => o.value)).toEqual(['4', '2']);
      expect(field(screens[site], 'toneBoxType').default).toBe('4');
    }
  });

  test('the box validity check is skipped on Ais only', () => {
    expect(names(screens.ais.checks)).not.toContain('boxValidity');
    expect(names(screens.generic.checks)).toContain('boxValidity');
    expect(names(screens.kenya.checks)).toContain('boxValidity');
    expect(names(screens.ais.checks)).toEqual(expect.arrayContaining(['leastOnePrice', 'relativeShorterThanAbsolute']));
  });

  test("Kenya's price range ends at its max_tone_price 5, the others at 10", () => {
    const max = (s: any) => JSON.stringify(field(s, 'price').schema).match(/"numericMaximum":(\d+)/)?.[1];
    expect(max(screens.kenya)).toBe('5');
    expect(max(screens.generic)).toBe('10');
    expect(max(screens.ais)).toBe('10');
  });

  test('Kenya defaults the relative validity to the first period, the others to the last', () => {
    expect(field(screens.kenya, 'relativeTime').default).toBe('30');
    expect(field(screens.generic, 'relativeTime').default).toBe('365');
    expect(field(screens.ais, 'relativeTime').default).toBe('365');
  });

  test('the configuration file applies on every site: weekly plan prices and the expand_tone_infos fields', () => {
    for (const site of ['generic', 'kenya', 'ais']) {
      expect(names(screens[site].fields)).toEqual(
        expect.arrayContaining(['monthlyPrice', 'weeklyPrice', 'additionalToneBoxInfo']),
      );
      const extra = field(screens[site], 'additionalToneBoxInfo').schema;
      expect(Object.keys(extra.properties)).toEqual(['genre', 'mood']);
      expect(extra.required).toEqual(['genre']);
      expect(field(screens[site], 'tones').schema.maxItems).toBe(10);
    }
  });
});

test('a radio account gets no price field and no disc type (--user)', () => {
  const screen = resolved('generic', '--user', file('radio.json', { code: '8800001' }));
  expect(names(screen.fields)).not.toContain('price');
  expect(field(screen, 'toneBoxType').options.map((o: any) => o.value)).toEqual(['4']);
});

test('edit mode (--mode edit) shows the hidden record fields and the keep-tariff choice', () => {
  const screen = resolved('generic', '--mode', 'edit');
  expect(screen.mode).toBe('edit');
  expect(names(screen.fields)).toEqual(
    expect.arrayContaining(['toneBoxID', 'askType', 'oldCatalogID', 'oldPriceGroupID']),
  );
  expect(field(screen, 'priceGroupChoice').options.map((o: any) => o.value)).toEqual(['1', '2', '3']);
  expect(field(screen, 'toneBoxType').disabled).toBe(true);
  expect(names(screen.actions)).toEqual(['submitEdit', 'back']);
});

test('a configuration file with an unknown key is refused with its name', () => {
  const r = runCli([
    'resolve',
    'musicBoxUpload',
    '--site',
    'kenya',
    '--config',
    file('typo.json', { max_tone_prize: '5' }),
  ]);
  expect(r.status).not.toBe(0);
  expect(r.stderr).toContain('max_tone_prize (did you mean "max_tone_price"?)');
  expect(r.stdout).toBe('');
});

test('an unknown screen or site is refused', () => {
  expect(runCli(['resolve', 'musicBoxUplaod', '--site', 'kenya']).stderr).toContain(
    'unknown screen "musicBoxUplaod" (did you mean "musicBoxUpload"?)',
  );
  expect(runCli(['resolve', 'musicBoxUpload', '--site', 'narnia']).stderr).toContain('unknown site "narnia"');
  expect(runCli(['resolve', 'musicBoxUpload', '--site', 'kenia']).stderr).toContain(
    'unknown site "kenia": no folder site-variants/kenia/ (did you mean "kenya"?)',
  );
});

test('the CLI process prints the whole screen and exits 0; a configuration file that is not JSON is refused with its line, column and reason', () => {
  const ok = runCliProcess(['resolve', 'musicBoxUpload', '--site', 'kenya', '--config', WEEKLY_CONFIG]);
  expect(ok.status).toBe(0);
  expect(JSON.parse(ok.stdout)).toEqual(
    JSON.parse(runCli(['resolve', 'musicBoxUpload', '--site', 'kenya', '--config', WEEKLY_CONFIG]).stdout),
  );
  const path = join(dir, 'trailing.json');
  writeFileSync(path, '{\n  "max_tone_price": "5",\n}\n');
  const r = runCliProcess(['resolve', 'musicBoxUpload', '--site', 'kenya', '--config', path]);
  expect(r.status).toBe(2);
  expect(r.stderr).toBe(`${path}:3:1: a comma before "}" (trailing comma) is not allowed in JSON\n`);
  expect(r.stdout).toBe('');
});
