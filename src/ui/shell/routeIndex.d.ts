// The build-time index of the screen definitions (vite.config.ts, plugin route-index).
declare module 'virtual:route-index' {
  const index: Array<{ id: string; route?: string; kind: import('../../engine/types').ScreenDef['kind']; title: string }>;
  export default index;
}
