// The files of the login form, by path (vite.config.mts, plugin login-sources).
declare module 'virtual:login-sources' {
  const files: Record<string, unknown>;
  export default files;
}
