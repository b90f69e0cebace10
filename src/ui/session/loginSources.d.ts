// The login form of every site, composed at build time (vite.config.mts, plugin login-sources).
declare module 'virtual:login-sources' {
  import type { Config, RulesDoc, ScreenDef } from '../../engine';
  const login: {
    /** The base site (site-variants/generic). */
    base: string;
    sites: Record<string, { screen: ScreenDef; rules: RulesDoc; config: Config }>;
  };
  export default login;
}
