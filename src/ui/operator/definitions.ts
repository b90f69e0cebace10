// The operator console's definitions: its screens (screen-definitions/operator/), the shared fragments and named
// expressions, the field rules and the base site's configuration file, bundled by Vite into the console's chunk
// only (the portal's bundle globs screen-definitions/*.json, which leaves this folder out). One engine, the base
// site's: the console's screens have no site variants.
import { buildDefinitionSet } from '../../engine/definitionSet';
import { engineWith, type Engine } from '../../engine/engine';
import { BASE_SITE, sourcesFromFiles } from '../../engine/sources';
import { lazyValidate } from '../validator';

const sources = sourcesFromFiles(
  import.meta.glob(
    [
      '@definitions/screen-definitions/operator/*.json',
      '@definitions/screen-definitions/{fragments,expressions}/*.json',
      '@definitions/site-variants/generic/config.json',
      '@definitions/schemas/rules.json',
    ],
    { eager: true, import: 'default' },
  ),
);

let engine: Engine | undefined;
export const operatorEngine = (): Engine =>
  (engine ??= engineWith(buildDefinitionSet(sources, BASE_SITE), lazyValidate));

/** The console's routes: each definition with a route, by lowercased path. */
export function operatorRoute(pathname: string) {
  const e = operatorEngine();
  const path = pathname.replace(/\/+$/, '').toLowerCase();
  const id = e.screenIds().find((i) => e.definition(i).route?.toLowerCase() === path);
  return id ? { screenId: id, def: e.definition(id) } : undefined;
}

export const CONSOLE_HOME = '/console/queue';
export const CONSOLE_LOGIN = '/console/login';
export const CONSOLE_PASSWORD = '/console/password';
