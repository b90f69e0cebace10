// `npm run definitions -- resolve SCREEN [--site SITE] [--config FILE] [--user FILE] [--mode add|edit] [--form FILE]`:
// a screen as a site, a configuration and a user resolve it, as JSON on stdout. A function returning what the CLI
// prints and its exit code (as validate.ts), so that its tests run it in process: a child process each cost about
// a second of CPU (tsx compiling the engine again), thirteen of them a run.
import { readFileSync } from 'node:fs';
import { resolve as resolvePath } from 'node:path';
import { BASE_SITE, createEngine } from '../engine';
import { loadConfigSchemaFromDisk, loadDefinitionSetFromDisk, siteIds } from '../engine/fsLoader';
import { parseJsonSource } from '../engine/jsonSource';
import { didYouMean } from '../engine/names';
import { REPRESENTATIVE_USER } from './representativeUser';

export interface CliResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/** A refusal: its message goes to stderr and the command exits 2. */
export class CliFailure extends Error {}

export function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
}

function readObject(file: string | undefined, what: string): Record<string, any> {
  if (!file) return {};
  let text: string;
  try {
    text = readFileSync(resolvePath(file), 'utf8');
  } catch (e) {
    throw new CliFailure(`cannot read ${what} file ${file}: ${(e as Error).message}`);
  }
  const source = parseJsonSource(text);
  const error = source.syntaxError ?? source.duplicateKeys[0];
  if (error) throw new CliFailure(`${file}:${error.line}:${error.column}: ${error.reason}`);
  const value = source.value as any;
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw new CliFailure(`${file}: the ${what} file must hold a JSON object`);
  // A configuration file may be a flat map or a site config document ({"values": {...}}).
  return what === 'config' && value && typeof value.values === 'object' ? value.values : value;
}

function resolveScreen(args: string[], usage: string): CliResult {
  const screen = args[0];
  if (!screen || screen.startsWith('--')) throw new CliFailure(usage);
  const site = option(args, 'site') ?? BASE_SITE;
  if (!siteIds().includes(site))
    throw new CliFailure(
      `unknown site "${site}": no folder site-variants/${site}/${didYouMean(site, siteIds())} (sites: ${siteIds().join(', ')})`,
    );
  const mode = option(args, 'mode') ?? 'add';
  if (mode !== 'add' && mode !== 'edit') throw new CliFailure(`unknown mode "${mode}" (add, edit)`);
  const config = readObject(option(args, 'config'), 'config');
  const known = new Set(Object.keys(loadConfigSchemaFromDisk().properties));
  const unknown = Object.keys(config).filter((k) => k !== '$schema' && !known.has(k));
  if (unknown.length)
    throw new CliFailure(
      `unknown configuration key(s) in ${option(args, 'config')}: ${unknown.map((k) => `${k}${didYouMean(k, known)}`).join(', ')}`,
    );
  const engine = createEngine(loadDefinitionSetFromDisk(site));
  if (!engine.screenIds().includes(screen))
    throw new CliFailure(
      `unknown screen "${screen}"${didYouMean(screen, engine.screenIds())}; screens: ${engine.screenIds().join(', ')}`,
    );
  // Without --user, a representative provider: conditions on the user (the menu's) then show what most see.
  const userFile = option(args, 'user');
  const stderr = userFile
    ? ''
    : `as a representative provider (${JSON.stringify(REPRESENTATIVE_USER)}); --user FILE resolves for another\n`;
  const resolved = engine.resolve(screen, {
    config,
    user: userFile ? readObject(userFile, 'user') : { ...REPRESENTATIVE_USER },
    mode,
    form: readObject(option(args, 'form'), 'form'),
  });
  return { exitCode: 0, stdout: `${JSON.stringify(resolved, null, 2)}\n`, stderr };
}

/** What `resolve` prints and exits with: the screen as JSON, or a refusal on stderr with exit code 2. */
export function resolveCommand(args: string[], usage: string): CliResult {
  try {
    return resolveScreen(args, usage);
  } catch (e) {
    if (e instanceof CliFailure) return { exitCode: 2, stdout: '', stderr: `${e.message}\n` };
    throw e;
  }
}
