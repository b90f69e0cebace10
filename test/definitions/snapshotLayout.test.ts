// The layout of the definition snapshots (test/definitions/snapshots/): one file per screen, every case of
// every site, mode and configuration recorded, nothing lost by recording a case as its differences, no copies,
// within the size a tester can read, and a one-label change in an overlay changing exactly one entry, which
// names the field.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { copyTree, ROOT } from './cli';
import { siteIds } from '../../src/engine/fsLoader';
import {
  applyChanges,
  CASE_NAMES,
  CASES,
  MODES,
  screenCases,
  screenEntries,
  screenIds,
  snapshotFile,
  SNAPSHOT_TIME,
  type Changes,
  type Json,
} from './snapshots/screenSnapshots';

const DIR = join(__dirname, 'snapshots');
const SNAPSHOTS = join(DIR, '__snapshots__');

beforeAll(() => {
  jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate'] });
  jest.setSystemTime(SNAPSHOT_TIME);
});
afterAll(() => jest.useRealTimers());

test('every screen has its snapshot file, and every snapshot file a screen', () => {
  const files = (dir: string, suffix: string) =>
    readdirSync(dir)
      .filter((f) => f.endsWith(suffix))
      .map((f) => f.slice(0, -suffix.length))
      .sort();
  expect(files(DIR, '.test.ts')).toEqual([...screenIds()].sort());
  expect(files(SNAPSHOTS, '.test.ts.snap')).toEqual([...screenIds()].sort());
});

test('the snapshot files record every screen x site x mode x configuration case, without undefined, within 400 KB a file and 1.5 MB in all', () => {
  let total = 0;
  let entries = 0;
  for (const screen of screenIds()) {
    const file = join(SNAPSHOTS, `${screen}.test.ts.snap`);
    const text = readFileSync(file, 'utf8');
    total += statSync(file).size;
    expect({ screen, size: statSync(file).size <= 400 * 1024 }).toEqual({ screen, size: true });
    expect(text).not.toContain('undefined');
    const names = [...text.matchAll(/^exports\[`(.*) 1`\]/gm)].map((m) => m[1]);
    expect(names).toEqual([...CASE_NAMES].sort());
    entries += names.length;
  }
  expect(total).toBeLessThanOrEqual(1.5 * 1024 * 1024);
  // The same coverage as a snapshot per case: 3 sites x 2 modes x 5 cases of every screen (600 in all).
  expect(CASE_NAMES).toHaveLength(siteIds().length * MODES.length * Object.keys(CASES).length);
  expect(entries).toBe(screenIds().length * siteIds().length * MODES.length * Object.keys(CASES).length);
});

describe('recording a case by its differences loses nothing', () => {
  test.each(screenIds())('%s: every case rebuilds from its entry to the screen it resolves to', (screen) => {
    const { entries, outputs } = screenCases(screen);
    const rebuilt = new Map<string, Json>();
    const diffOf = (name: string): Changes => {
      const e = entries.get(name) as Record<string, any>;
      return e['same changes as']
        ? diffOf(e['same changes as'])
        : { set: e.set ?? {}, removed: e.removed ?? [], order: e['new order'] ?? {} };
    };
    for (const name of CASE_NAMES) {
      const entry = entries.get(name) as Record<string, any>;
      const { site: _site, mode: _mode, ...whole } = entry;
      const output = entry['same as']
        ? rebuilt.get(entry['same as'])!
        : entry['compared with']
          ? applyChanges(rebuilt.get(entry['compared with'])!, diffOf(name))
          : whole;
      rebuilt.set(name, output);
      expect({ name, output }).toEqual({ name, output: outputs.get(name) });
    }
  });
});

test('a site added as a folder fails once, saying how to record its snapshots, and nothing is written', () => {
  const tree = copyTree();
  try {
    tree.write('site-variants/zambia/config.json', {
      $schema: '../../schemas/site-config.schema.json',
      description: 'Zambia: as generic.',
      values: {},
    });
    const before = readFileSync(snapshotFile('copyrightAdd'), 'utf8');
    const r = spawnSync(
      join(ROOT, 'node_modules', '.bin', 'jest'),
      ['--ci', '--json', 'test/definitions/snapshots/copyrightAdd.test.ts', 'test/definitions/snapshotSites.test.ts'],
      { cwd: ROOT, encoding: 'utf8', env: { ...process.env, DEFINITIONS_ROOT: tree.dir, SNAPSHOT_SITE: '' } },
    );
    const result = JSON.parse(r.stdout) as {
      numFailedTests: number;
      numPassedTests: number;
      snapshot: { added: number; unmatched: number };
      testResults: Array<{ assertionResults: Array<{ status: string; failureMessages: string[] }> }>;
    };
    const failures = result.testResults.flatMap((f) => f.assertionResults).filter((a) => a.status === 'failed');
    expect(failures).toHaveLength(1);
    expect(failures[0].failureMessages[0]).toContain(
      'site "zambia" has no snapshots yet of any screen: record them with `npm run definitions -- snapshot --site zambia`',
    );
    // The other sites' entries are compared as ever; none is written, none is changed.
    expect(result.numPassedTests).toBeGreaterThan(20);
    expect(result.snapshot).toMatchObject({ added: 0, unmatched: 0 });
    expect(readFileSync(snapshotFile('copyrightAdd'), 'utf8')).toBe(before);
  } finally {
    tree.remove();
  }
}, 120_000);

describe('a one-label change', () => {
  /** Entries of `screen` that differ between the repository and a copy changed by `change`. */
  function changedEntries(screen: string, change: (t: ReturnType<typeof copyTree>) => void) {
    const tree = copyTree();
    try {
      change(tree);
      const before = screenEntries(screen);
      const after = screenEntries(screen, tree.dir);
      return CASE_NAMES.filter((n) => JSON.stringify(before.get(n)) !== JSON.stringify(after.get(n))).map(
        (n) => [n, JSON.stringify(after.get(n))] as const,
      );
    } finally {
      tree.remove();
    }
  }

  test('in the Kenya overlay changes exactly one entry, which names the field', () => {
    const changed = changedEntries('rbtUploading', (t) =>
      t.edit('site-variants/kenya/rbtUploading.json', (d) => {
        d.fields.price.label = 'ToneForm.skizaTonePrice';
      }),
    );
    expect(changed.map(([n]) => n)).toEqual(['kenya / add / site defaults']);
    expect(changed[0][1]).toContain('"fields[price].label":"ToneForm.skizaTonePrice"');
  });

  test('in a base definition changes exactly one entry, the full one', () => {
    const changed = changedEntries('copyrightAdd', (t) =>
      // The Add Copyright dialog's fields are the fragment it shares with the Modify dialog.
      t.edit('screen-definitions/fragments/copyrightFields.json', (d) => {
        d.value.officialName.label = 'Copyright.stageName';
      }),
    );
    expect(changed.map(([n]) => n)).toEqual(['generic / add / site defaults']);
    expect(changed[0][1]).toContain('"label":"Copyright.stageName"');
  });
});
