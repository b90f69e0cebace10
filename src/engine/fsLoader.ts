// Node only: reads screen-definitions/, site-variants/ and schemas/rules.json from disk. The browser gets the same
// sources bundled by Vite (src/ui/definitions.ts). Not exported from index.ts so the browser bundle never sees fs.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { DefinitionSources } from './definitionSet';
import { buildDefinitionSet } from './definitionSet';
import { SITES, type SiteId } from './types';

/** The repository root; DEFINITIONS_ROOT points the CLI at another tree (the linter's own tests use a copy). */
export const PROJECT_ROOT = process.env.DEFINITIONS_ROOT ? resolve(process.env.DEFINITIONS_ROOT) : resolve(__dirname, '../..');

export function readJson(path: string): any {
  return JSON.parse(readFileSync(path, 'utf8'));
}

function jsonFiles(dir: string): Record<string, any> {
  const out: Record<string, any> = {};
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir).sort()) if (name.endsWith('.json')) out[name.slice(0, -5)] = readJson(join(dir, name));
  return out;
}

export function loadSourcesFromDisk(root = PROJECT_ROOT): DefinitionSources {
  const screens = jsonFiles(join(root, 'screen-definitions'));
  const overlays = {} as DefinitionSources['overlays'];
  const siteConfig = {} as DefinitionSources['siteConfig'];
  for (const site of SITES) {
    const files = jsonFiles(join(root, 'site-variants', site));
    const { config, ...screenOverlays } = files;
    overlays[site] = screenOverlays;
    siteConfig[site] = config?.values ?? {};
  }
  return { screens, overlays, siteConfig, rules: readJson(join(root, 'schemas', 'rules.json')) };
}

export function loadDefinitionSetFromDisk(site: SiteId, root = PROJECT_ROOT) {
  return buildDefinitionSet(loadSourcesFromDisk(root), site);
}
