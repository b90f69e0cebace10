// The login screen through the engine's parts rather than the whole engine: resolving and payload mapping load
// with the page, the validator (Ajv, the engine's heaviest part) on the first keystroke or submit. The page
// renders at once and validates exactly as engine.validate does: the same resolveScreen and validateResolved.
import { buildDefinitionSet, type DefinitionSet, type DefinitionSources } from '../../engine/definitionSet';
import { buildPayload } from '../../engine/payload';
import { resolveScreen } from '../../engine/resolve';
import { SITES, type Context, type FieldError, type ResolvedScreen, type ScreenDef, type SiteId } from '../../engine/types';
import login from '../../../screen-definitions/login.json';
import rules from '../../../schemas/rules.json';

const SCREEN = 'login';
const overlays = import.meta.glob<Record<string, unknown>>('../../../site-variants/*/login.json', { eager: true, import: 'default' });
const configs = import.meta.glob<{ values: Record<string, string> }>('../../../site-variants/*/config.json', { eager: true, import: 'default' });
const siteOfPath = (path: string) => path.split('/').slice(-2)[0] as SiteId;

function sources(): DefinitionSources {
  const empty = () => Object.fromEntries(SITES.map((s) => [s, {}]));
  const o = empty() as DefinitionSources['overlays'];
  const c = empty() as DefinitionSources['siteConfig'];
  for (const [path, file] of Object.entries(overlays)) o[siteOfPath(path)] = { [SCREEN]: file };
  for (const [path, file] of Object.entries(configs)) c[siteOfPath(path)] = file.values;
  return { screens: { [SCREEN]: login as unknown as ScreenDef }, overlays: o, siteConfig: c, rules: rules as unknown as DefinitionSources['rules'] };
}

const sets = new Map<SiteId, DefinitionSet>();
const setFor = (site: SiteId): DefinitionSet => {
  if (!sets.has(site)) sets.set(site, buildDefinitionSet(sources(), site));
  return sets.get(site)!;
};

/** The context engine.context() builds: the site's configuration under the login configuration. */
export function loginContext(site: SiteId, config: Record<string, string>, form: Record<string, unknown>): Context {
  const set = setFor(site);
  return { config: { ...set.config, ...config }, user: {}, site, mode: 'add', form };
}

export const resolveLogin = (ctx: Context): ResolvedScreen => resolveScreen(setFor(ctx.site).screens[SCREEN], ctx, setFor(ctx.site).rules);

export const loginPayload = (screen: ResolvedScreen, call: string, ctx: Context) => buildPayload(screen.calls[call], screen, ctx);

export type Validator = (screen: ResolvedScreen, form: Record<string, unknown>, ctx: Context) => FieldError[];

let validator: Promise<Validator> | undefined;
/** engine.validate's own function, loaded once. */
export function loadValidator(): Promise<Validator> {
  validator ??= import('../../engine/validate').then((m) => m.validateResolved);
  return validator;
}
