// npm run definitions -- validate
// npm run definitions -- snapshot --site SITE
// npm run definitions -- resolve SCREEN [--site SITE] [--config FILE] [--user FILE] [--mode add|edit] [--form FILE]
// The integrator's tool: checks every definition and overlay, and prints a screen as a site and configuration
// resolve it. Snapshot tests call the same functions. The sites are the folders of site-variants/.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve as resolvePath } from 'node:path';
import { BASE_SITE, createEngine } from '../engine';
import { loadConfigSchemaFromDisk, loadDefinitionSetFromDisk, siteIds } from '../engine/fsLoader';
import { parseJsonSource } from '../engine/jsonSource';
import { didYouMean } from '../engine/names';
import { REPRESENTATIVE_USER } from './representativeUser';
import { validateDefinitions } from './validate';

const USAGE = `usage:
  npm run definitions -- validate
  npm run definitions -- snapshot --site SITE[,SITE...]
  npm run definitions -- resolve SCREEN [--site SITE] [--config FILE] [--user FILE] [--mode add|edit] [--form FILE]

SITE is the name of a folder of site-variants/ (default generic).`;

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
}

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}

function readObject(file: string | undefined, what: string): Record<string, any> {
  if (!file) return {};
  let text: string;
  try {
    text = readFileSync(resolvePath(file), 'utf8');
  } catch (e) {
    return fail(`cannot read ${what} file ${file}: ${(e as Error).message}`);
  }
  const source = parseJsonSource(text);
  const error = source.syntaxError ?? source.duplicateKeys[0];
  if (error) fail(`${file}:${error.line}:${error.column}: ${error.reason}`);
  const value = source.value as any;
  if (!value || typeof value !== 'object' || Array.isArray(value))
    fail(`${file}: the ${what} file must hold a JSON object`);
  // A configuration file may be a flat map or a site config document ({"values": {...}}).
  return what === 'config' && value && typeof value.values === 'object' ? value.values : value;
}

function validate(): void {
  const result = validateDefinitions();
  process.stdout.write(result.stdout);
  process.stderr.write(result.stderr);
  process.exit(result.exitCode);
}

function resolveCommand(args: string[]): void {
  const screen = args[0];
  if (!screen || screen.startsWith('--')) fail(USAGE);
  const site = option(args, 'site') ?? BASE_SITE;
  if (!siteIds().includes(site))
    fail(
      `unknown site "${site}": no folder site-variants/${site}/${didYouMean(site, siteIds())} (sites: ${siteIds().join(', ')})`,
    );
  const mode = option(args, 'mode') ?? 'add';
  if (mode !== 'add' && mode !== 'edit') fail(`unknown mode "${mode}" (add, edit)`);
  const config = readObject(option(args, 'config'), 'config');
  const known = new Set(Object.keys(loadConfigSchemaFromDisk().properties));
  const unknown = Object.keys(config).filter((k) => k !== '$schema' && !known.has(k));
  if (unknown.length)
    fail(
      `unknown configuration key(s) in ${option(args, 'config')}: ${unknown.map((k) => `${k}${didYouMean(k, known)}`).join(', ')}`,
    );
  const engine = createEngine(loadDefinitionSetFromDisk(site));
  if (!engine.screenIds().includes(screen))
    fail(
      `unknown screen "${screen}"${didYouMean(screen, engine.screenIds())}; screens: ${engine.screenIds().join(', ')}`,
    );
  // Without --user, a representative provider: conditions on the user (the menu's) then show what most see.
  const userFile = option(args, 'user');
  if (!userFile)
    process.stderr.write(
      `as a representative provider (${JSON.stringify(REPRESENTATIVE_USER)}); --user FILE resolves for another\n`,
    );
  const resolved = engine.resolve(screen, {
    config,
    user: userFile ? readObject(userFile, 'user') : { ...REPRESENTATIVE_USER },
    mode,
    form: readObject(option(args, 'form'), 'form'),
  });
  process.stdout.write(`${JSON.stringify(resolved, null, 2)}\n`);
}

/**
 * Records the snapshots of a site that has none yet (a site just added): the snapshot suite with that site's cases
 * included and Jest writing the entries it does not have. Entries it has are compared as usual, so nothing recorded
 * before changes unseen.
 */
function snapshot(args: string[]): void {
  const site = option(args, 'site');
  if (!site) fail(USAGE);
  const unknown = site.split(',').filter((s) => !siteIds().includes(s));
  if (unknown.length)
    fail(
      `unknown site(s): ${unknown.map((s) => `"${s}"${didYouMean(s, siteIds())}`).join(', ')} (sites: ${siteIds().join(', ')})`,
    );
  const root = resolvePath(__dirname, '../..');
  const jest = resolvePath(root, 'node_modules', '.bin', 'jest');
  const r = spawnSync(
    jest,
    [
      '--ci=false',
      '--selectProjects',
      'definitions',
      'test/definitions/snapshots',
      'test/definitions/snapshotSites.test.ts',
    ],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, SNAPSHOT_SITE: site },
    },
  );
  if (r.status === 0)
    process.stdout.write(
      `recorded the snapshots of ${site}: review what test/definitions/snapshots/__snapshots__/ gained, then commit it\n`,
    );
  process.exit(r.status ?? 1);
}

const [command, ...rest] = process.argv.slice(2);
if (command === 'validate') validate();
else if (command === 'snapshot') snapshot(rest);
else if (command === 'resolve') resolveCommand(rest);
else fail(USAGE);
