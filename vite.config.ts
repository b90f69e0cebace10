// The portal's build: index.html + src/ui/main.tsx -> dist/. Screens are lazy chunks (see src/ui/shell/screens.tsx),
// so the login page loads neither rjsf nor the tables. In `npm run dev` the API calls go to a running server
// (API_URL, default http://127.0.0.1:3000); in production the server serves dist/ on the same origin.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const DEFINITIONS = join(__dirname, 'screen-definitions');
const ROUTE_INDEX = 'virtual:route-index';

/**
 * `virtual:route-index`: id, route, kind and title of every screen definition, read at build time. The router
 * needs only these, so the first page load does not bundle the definitions themselves.
 */
function routeIndex(): Plugin {
  return {
    name: 'route-index',
    resolveId: (id) => (id === ROUTE_INDEX ? `\0${ROUTE_INDEX}` : undefined),
    load(id) {
      if (id !== `\0${ROUTE_INDEX}`) return undefined;
      const index = readdirSync(DEFINITIONS).filter((f) => f.endsWith('.json')).sort().map((f) => {
        this.addWatchFile(join(DEFINITIONS, f));
        const { id: screenId, route, kind, title } = JSON.parse(readFileSync(join(DEFINITIONS, f), 'utf8'));
        return { id: screenId, route, kind, title };
      });
      return `export default ${JSON.stringify(index)};`;
    },
  };
}

const apiUrl = process.env.API_URL ?? 'http://127.0.0.1:3000';
// First path segments of the calls (000 §7); everything else is a client-side route.
const apiPrefixes = ['/sp', '/common', '/admin', '/checkLoginInfo', '/docs', '/files'];

export default defineConfig({
  plugins: [react(), routeIndex()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    target: 'es2022',
    chunkSizeWarningLimit: 400,
  },
  server: {
    proxy: Object.fromEntries(apiPrefixes.map((p) => [p, { target: apiUrl, changeOrigin: false }])),
  },
});
