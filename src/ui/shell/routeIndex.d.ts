// The build-time index of the screen definitions (vite.config.mts, plugin route-index).
declare module 'virtual:route-index' {
  const index: Array<{
    id: string;
    route?: string;
    kind: import('../../engine/types').ScreenDef['kind'];
    title: string;
    /** Edit mode: when the query says so, its title and the menu route it belongs to. */
    edit?: { query?: string; equals?: string; parent?: string; title?: string };
  }>;
  export default index;
}

// One part of one language's catalogue (vite.config.mts, plugin i18n-parts).
declare module 'virtual:i18n/*' {
  const catalogue: Record<string, string>;
  export default catalogue;
}
