// The engine of the public pages, built from their own definitions only (login.json and its site overlays,
// the shared rules and the site configurations), so the first page a provider sees does not bundle every
// screen definition of the portal.
import { buildDefinitionSet, createEngine, type DefinitionSources, type Engine } from '../../engine';
import { SITES, type ScreenDef, type SiteId } from '../../engine/types';
import login from '../../../screen-definitions/login.json';
import rules from '../../../schemas/rules.json';

const overlays = import.meta.glob<Record<string, unknown>>('../../../site-variants/*/login.json', { eager: true, import: 'default' });
const configs = import.meta.glob<{ values: Record<string, string> }>('../../../site-variants/*/config.json', { eager: true, import: 'default' });

const siteOfPath = (path: string) => path.split('/').slice(-2)[0] as SiteId;

function sources(): DefinitionSources {
  const empty = () => Object.fromEntries(SITES.map((s) => [s, {}]));
  const o = empty() as DefinitionSources['overlays'];
  const c = empty() as DefinitionSources['siteConfig'];
  for (const [path, file] of Object.entries(overlays)) o[siteOfPath(path)] = { login: file };
  for (const [path, file] of Object.entries(configs)) c[siteOfPath(path)] = file.values;
  return { screens: { login: login as unknown as ScreenDef }, overlays: o, siteConfig: c, rules: rules as unknown as DefinitionSources['rules'] };
}

const engines = new Map<SiteId, Engine>();

export function loginEngine(site: SiteId): Engine {
  let e = engines.get(site);
  if (!e) {
    e = createEngine(buildDefinitionSet(sources(), site));
    engines.set(site, e);
  }
  return e;
}
