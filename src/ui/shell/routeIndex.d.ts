// The build-time index of the screen definitions (vite.config.mts, plugin route-index).
declare module 'virtual:route-index' {
  const index: Array<{
    id: string;
    route?: string;
    kind: import('../../engine/types').ScreenDef['kind'];
    title: string;
    /** Edit mode: when the query says so, its title and the menu route it belongs to. */
    edit?: { query?: string; equals?: string; parent?: string; title?: string };
    /** The menu route the screen is opened from (breadcrumb, sidebar). */
    parent?: string;
    /** This route shows the form in a dialog over the page of `over` (the definition's dialogRoute). */
    dialog?: { route: string; over: string; size?: 'small' | 'medium' | 'large' };
  }>;
  export default index;
}

// The interface languages of i18n/languages.json, and a loader of each one's catalogue parts (vite.config.mts,
// plugin languages).
declare module 'virtual:languages' {
  export const languages: Array<{
    code: string;
    /** The language's name in itself. */
    name: string;
    dir: 'ltr' | 'rtl';
    locale: string;
    numerals: string;
  }>;
  export const loaders: Record<
    string,
    Record<'core' | 'rest', () => Promise<{ default: import('../i18nParts.mts').NestedPart }>>
  >;
}

// One part of one language's catalogue, resolved along its fallback chain and grouped by the keys' first segment
// (vite.config.mts, plugin i18n-parts).
declare module 'virtual:i18n/*' {
  const catalogue: import('../i18nParts.mts').NestedPart;
  export default catalogue;
}
