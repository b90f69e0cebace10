// The login screen through the engine's parts rather than the whole engine: resolving loads with the page, the
// validator (Ajv, the engine's heaviest part) and the payload mapping on the first keystroke or submit. The page
// renders at once and validates exactly as engine.validate does: the same resolveScreen and validateResolved.
// Only the login form as each site composes it, its rules and the sites' configuration files are bundled here
// (virtual:login-sources, vite.config.mts: composed at build time by the engine's loader); the schema's
// configuration defaults are not needed: the login page's configuration comes from common/queryloginconfig.
import login from 'virtual:login-sources';
import { resolveScreen } from '../../engine/resolve';
import type { Context, ResolvedScreen, SiteId } from '../../engine/types';

const sites = Object.keys(login.sites);

/**
 * The login page's site: the deployment's (SITE), or the base site's login form when the portal was built without
 * that site's folder (the page still signs in; an account of such a site then gets the unknown-site page).
 */
export function loginSite(site: string | undefined): SiteId {
  if (site === undefined || sites.includes(site)) return site ?? login.base;
  console.error(
    `The server's site "${site}" is not in this build of the portal (built with ${sites.join(', ')}): the login page uses ${login.base}'s.`,
  );
  return login.base;
}

/** The context engine.context() builds: the site's configuration under the login configuration. */
export function loginContext(site: SiteId, config: Record<string, string>, form: Record<string, unknown>): Context {
  return { config: { ...login.sites[site].config, ...config }, user: {}, site, mode: 'add', form };
}

export const resolveLogin = (ctx: Context): ResolvedScreen =>
  resolveScreen(login.sites[ctx.site].screen, ctx, login.sites[ctx.site].rules);

/** The call's payload (engine/payload.ts, loaded on submit: the page does not need it before). */
export const loginPayload = async (screen: ResolvedScreen, call: string, ctx: Context) =>
  (await import('../../engine/payload')).buildPayload(screen.calls[call], screen, ctx);

export type { Validate as Validator } from '../../engine/engine';
/** engine.validate's own function, loaded once (shared with the portal's forms). */
export { loadValidator } from '../validator';
