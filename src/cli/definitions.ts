// npm run definitions -- validate
// npm run definitions -- snapshot --site SITE
// npm run definitions -- resolve SCREEN [--site SITE] [--config FILE] [--user FILE] [--mode add|edit] [--form FILE]
// The integrator's tool: checks every definition and overlay, and prints a screen as a site and configuration
// resolve it. Snapshot tests call the same functions. The sites are the folders of site-variants/.
import { spawnSync } from 'node:child_process';
import { resolve as resolvePath } from 'node:path';
import { siteIds } from '../engine/fsLoader';
import { didYouMean } from '../engine/names';
import { option, resolveCommand, type CliResult } from './resolve';
import { validateDefinitions } from './validate';

const USAGE = `usage:
  npm run definitions -- validate
  npm run definitions -- snapshot --site SITE[,SITE...]
  npm run definitions -- resolve SCREEN [--site SITE] [--config FILE] [--user FILE] [--mode add|edit] [--form FILE]

SITE is the name of a folder of site-variants/ (default generic).`;

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}

/** Prints what a command gives; the process ends with its code once the output is written. */
function finish(result: CliResult): void {
  process.stdout.write(result.stdout);
  process.stderr.write(result.stderr);
  process.exitCode = result.exitCode;
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
if (command === 'validate') finish(validateDefinitions());
else if (command === 'snapshot') snapshot(rest);
else if (command === 'resolve') finish(resolveCommand(rest, USAGE));
else fail(USAGE);
