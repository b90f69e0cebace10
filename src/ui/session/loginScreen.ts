// The login screen through the engine's parts rather than the whole engine: resolving and payload mapping load
// with the page, the validator (Ajv, the engine's heaviest part) on the first keystroke or submit. The page
// renders at once and validates exactly as engine.validate does: the same resolveScreen and validateResolved.
// Only the login definition, its overlays, the fragments and expressions they use, the rules and the sites'
// config.json are bundled here (virtual:login-sources, vite.config.mts), through the engine's one loader; the
// schema's configuration defaults are not needed: the login page's configuration comes from common/queryloginconfig.
import loginFiles from 'virtual:login-sources';
import { BASE_SITE, sourcesFromFiles } from '../../engine/sources';
import { buildDefinitionSet, type DefinitionSet } from '../../engine/definitionSet';
import { buildPayload } from '../../engine/payload';
import { resolveScreen } from '../../engine/resolve';
import type { Context, ResolvedScreen, SiteId } from '../../engine/types';

const SCREEN = 'login';
const sources = sourcesFromFiles(loginFiles);

/**
 * The login page's site: the deployment's (SITE), or the base site's login form when the portal was built without
 * that site's folder (the page still signs in; an account of such a site then gets the unknown-site page).
 */
export function loginSite(site: string | undefined): SiteId {
  if (site === undefined || sources.sites.includes(site)) return site ?? BASE_SITE;
  console.error(
    `The server's site "${site}" is not in this build of the portal (built with ${sources.sites.join(', ')}): the login page uses ${BASE_SITE}'s.`,
  );
  return BASE_SITE;
}

const sets = new Map<SiteId, DefinitionSet>();
const setFor = (site: SiteId): DefinitionSet => {
  if (!sets.has(site)) sets.set(site, buildDefinitionSet(sources, site));
  return sets.get(site)!;
};

/** The context engine.context() builds: the site's configuration under the login configuration. */
export function loginContext(site: SiteId, config: Record<string, string>, form: Record<string, unknown>): Context {
  const set = setFor(site);
  return { config: { ...set.config, ...config }, user: {}, site, mode: 'add', form };
}

export const resolveLogin = (ctx: Context): ResolvedScreen =>
  resolveScreen(setFor(ctx.site).screens[SCREEN], ctx, setFor(ctx.site).rules);

export const loginPayload = (screen: ResolvedScreen, call: string, ctx: Context) =>
  buildPayload(screen.calls[call], screen, ctx);

export type { Validate as Validator } from '../../engine/engine';
/** engine.validate's own function, loaded once (shared with the portal's forms). */
export { loadValidator } from '../validator';
