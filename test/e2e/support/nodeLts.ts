// The current Node LTS line, installed from the npm registry's `node` package into node_modules/.cache (the
// machine's own Node stays the default): the production install test runs the portal on it, and the Dockerfile's
// base image names the same line (the test holds them together). Node 26 has been the Active LTS since October 2026.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './server';

export const NODE_LTS = '26';

export interface NodeInstall {
  /** The node binary. */
  node: string;
  /** Its folder: put first on PATH so npm and node-gyp run on it. */
  bin: string;
  /** Its headers (include/node), for node-gyp to build native modules against (npm_config_nodedir). */
  nodedir: string;
}

export function installNodeLts(): NodeInstall {
  const dir = join(ROOT, 'node_modules', '.cache', `node-lts-${NODE_LTS}`);
  const pkg = join(dir, 'node_modules', 'node');
  const bin = join(pkg, 'bin');
  const platform = `node-${process.platform}-${process.arch}`;
  const nodedirOf = () => [join(pkg, 'node_modules', platform), join(dir, 'node_modules', platform)].find(existsSync);
  if (!existsSync(join(bin, 'node')) || !nodedirOf()) {
    const r = spawnSync(
      'npm',
      ['install', '--prefix', dir, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', `node@${NODE_LTS}`],
      { encoding: 'utf8' },
    );
    if (r.status !== 0) throw new Error(`npm install node@${NODE_LTS} failed:\n${r.stdout}${r.stderr}`);
  }
  const nodedir = nodedirOf();
  if (!nodedir || !existsSync(join(nodedir, 'include', 'node')))
    throw new Error(`no Node ${NODE_LTS} headers in ${dir}`);
  return { node: join(bin, 'node'), bin, nodedir };
}
