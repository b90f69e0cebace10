// Vite config of the test harness only: the portal's own config (plugins such as the i18n parts) with another
// root, base and output. Built into test-results/harness and routed by the e2e tests under /__harness/ on the
// real server's origin. Never part of the shipped app.
import { fileURLToPath } from 'node:url';
import { mergeConfig } from 'vite';
import portal from '../../../vite.config.mts';

const config = mergeConfig(portal, {
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/__harness/',
  logLevel: 'warn',
  // HARNESS_OUT: each e2e file builds into its own directory, so files running in parallel never share one.
  build: {
    outDir: process.env.HARNESS_OUT ?? fileURLToPath(new URL('../../../test-results/harness', import.meta.url)),
    emptyOutDir: true,
    manifest: false,
    chunkSizeWarningLimit: 4000,
  },
});
// The portal builds two pages (index and the operator console); the harness is one page of its own.
config.build.rolldownOptions = {
  ...config.build.rolldownOptions,
  input: fileURLToPath(new URL('./index.html', import.meta.url)),
};
export default config;
