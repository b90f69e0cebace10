// The portal's build: index.html + src/ui/main.tsx -> dist/. Screens are lazy chunks (see src/ui/shell/screens.tsx),
// so the login page loads neither rjsf nor the tables. In `npm run dev` the API calls go to a running server
// (API_URL, default http://127.0.0.1:8080, the server's default port); in production the server serves dist/ on the same origin.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { isCoreKey, isServerKey, nestPart } from './src/ui/i18nParts.mts';
import { pureRouter } from './vite/pureRouter.mts';
import { rjsfRegistry } from './vite/rjsfRegistry.mts';
import { require as requireTs } from 'tsx/cjs/api';
import type { LanguageList } from './src/engine/languages';

// An ES module (.mts, as is src/ui/i18nParts.mts which it imports): the package itself stays CommonJS for the
// server build, Jest and tsx, and Vite loads this file as ESM without a warning.
const __dirname = dirname(fileURLToPath(import.meta.url));

/**
 * The engine's reading of the language list (fallback chains, catalogues resolved key by key), the very code the
 * server runs. Loaded through tsx rather than imported: the engine is CommonJS TypeScript, which Vite's config
 * bundler would otherwise pull into this ES module (and warn about).
 */
const { catalogueFor, fallbackChain, listedLanguages } = requireTs(
  join(__dirname, 'src', 'engine', 'languages.ts'),
  import.meta.url,
) as typeof import('./src/engine/languages');

/**
 * The tree of definitions, site variants, schemas and catalogues the portal bundles: this repository, or the copy
 * DEFINITIONS_ROOT names (the server and the CLIs honour the same variable). Source files reach it through the
 * `@definitions` alias, so the site folders are discovered at build time from whichever tree is built.
 */
const DATA_ROOT = process.env.DEFINITIONS_ROOT ? resolve(process.env.DEFINITIONS_ROOT) : __dirname;
const DEFINITIONS = join(DATA_ROOT, 'screen-definitions');
const CATALOGUES = join(DATA_ROOT, 'i18n');
const I18N_PART = /^virtual:i18n\/([a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*)\/(core|rest)$/;
const LANGUAGES = 'virtual:languages';
const ROUTE_INDEX = 'virtual:route-index';

/**
 * `virtual:route-index`: id, route, kind and title of every screen definition (and where its edit mode belongs:
 * editWhen's query and parent, editTitle), read at build time. The router, breadcrumb and sidebar need only
 * these, so the first page load does not bundle the definitions themselves.
 */
function routeIndex(): Plugin {
  return {
    name: 'route-index',
    resolveId: (id) => (id === ROUTE_INDEX ? `\0${ROUTE_INDEX}` : undefined),
    load(id) {
      if (id !== `\0${ROUTE_INDEX}`) return undefined;
      const index = readdirSync(DEFINITIONS)
        .filter((f) => f.endsWith('.json'))
        .sort()
        .flatMap((f) => {
          this.addWatchFile(join(DEFINITIONS, f));
          const {
            id: screenId,
            route,
            kind,
            title,
            editTitle,
            editWhen,
            parent,
            dialogRoute,
          } = JSON.parse(readFileSync(join(DEFINITIONS, f), 'utf8'));
          const edit =
            editWhen?.parent || editTitle
              ? { query: editWhen?.query, equals: editWhen?.equals, parent: editWhen?.parent, title: editTitle }
              : undefined;
          const entry = { id: screenId, route, kind, title, ...(parent ? { parent } : {}), ...(edit ? { edit } : {}) };
          // A form's dialog presentation is a route of its own, rendering the same definition in a dialog.
          return dialogRoute
            ? [entry, { id: screenId, route: dialogRoute.route, kind, title, dialog: dialogRoute }]
            : [entry];
        });
      return `export default ${JSON.stringify(index)};`;
    },
  };
}

const LOGIN_SOURCES = 'virtual:login-sources';

/**
 * `virtual:login-sources`: the login form of every site, composed here at build time by the engine's own loader
 * (src/ui/session/loginScreen.ts resolves it): login.json with the site's overlay, the fragments and named
 * expressions it reaches, the field rules it names (without their descriptions) and, of the site's configuration
 * files, the keys the form reads. The login page is the portal's first load: it carries the composed form rather than the loader that
 * composes it, and none of the shared folders and rules.json, which grow with every screen.
 */
function loginSources(): Plugin {
  return {
    name: 'login-sources',
    resolveId: (id) => (id === LOGIN_SOURCES ? `\0${LOGIN_SOURCES}` : undefined),
    load(id) {
      if (id !== `\0${LOGIN_SOURCES}`) return undefined;
      const files: Record<string, unknown> = {};
      const ruleNames = new Set<string>();
      const read = (path: string, keep = true): unknown => {
        const file = join(DATA_ROOT, path);
        if (!existsSync(file)) return undefined;
        this.addWatchFile(file);
        const json = JSON.parse(readFileSync(file, 'utf8'));
        if (keep) files[path] = json;
        return json;
      };
      // A name without its file or rule is left to the engine, which reports it as the definitions linter does.
      const follow = (node: unknown): void => {
        if (Array.isArray(node)) return node.forEach(follow);
        if (!node || typeof node !== 'object') return;
        for (const [key, value] of Object.entries(node)) {
          const folder = key === '$use' ? 'fragments' : key === '$expr' ? 'expressions' : undefined;
          const path = folder && typeof value === 'string' ? `screen-definitions/${folder}/${value}.json` : undefined;
          if (path !== undefined) {
            if (!(path in files)) follow(read(path));
          } else if (key === 'rules' && Array.isArray(value)) {
            for (const name of value) if (typeof name === 'string') ruleNames.add(name);
          } else follow(value);
        }
      };
      follow(read('screen-definitions/login.json'));
      const sites = readdirSync(join(DATA_ROOT, 'site-variants'), { withFileTypes: true }).filter((d) =>
        d.isDirectory(),
      );
      for (const { name } of sites) {
        follow(read(`site-variants/${name}/login.json`));
        read(`site-variants/${name}/config.json`);
      }
      const all = (read('schemas/rules.json', false) as { rules: Record<string, { schema: unknown }> }).rules;
      files['schemas/rules.json'] = {
        rules: Object.fromEntries([...ruleNames].filter((n) => all[n]).map((n) => [n, { schema: all[n].schema }])),
      };
      // The engine's loader, loaded through tsx (the package is CommonJS; this config is an ES module).
      const { sourcesFromFiles, buildDefinitionSet } = requireTs(
        './src/engine/index.ts',
        import.meta.url,
      ) as typeof import('./src/engine/index');
      const { configKeyUses } = requireTs(
        './src/engine/placeholders.ts',
        import.meta.url,
      ) as typeof import('./src/engine/placeholders');
      const sources = sourcesFromFiles(files);
      const login = Object.fromEntries(
        sources.sites.map((site) => {
          const set = buildDefinitionSet(sources, site);
          const screen = set.screens.login;
          // Of the site's configuration, the keys the form and its rules read.
          const read = new Set(configKeyUses({ screen, rules: set.rules }).map((u) => u.key));
          const config = Object.fromEntries(Object.entries(set.config).filter(([key]) => read.has(key)));
          return [site, { screen, rules: set.rules, config }];
        }),
      );
      return `export default ${JSON.stringify({ base: sources.sites[0], sites: login })};`;
    },
  };
}

const apiUrl = process.env.API_URL ?? 'http://127.0.0.1:8080';
// First path segments of the calls (000 §7); everything else is a client-side route.
const apiPrefixes = ['/sp', '/op', '/common', '/admin', '/checkLoginInfo', '/docs', '/files'];

/** i18n/languages.json of the tree being built: the languages the portal offers, nothing in code lists them. */
function readLanguages(watch: (file: string) => void): LanguageList {
  const file = join(CATALOGUES, 'languages.json');
  watch(file);
  return JSON.parse(readFileSync(file, 'utf8')) as LanguageList;
}

/**
 * `virtual:languages`: the language list as the browser needs it (code, name in itself, direction, locale,
 * digits; in the list's order, the default first) and one loader per language and catalogue part, so a page
 * fetches only the catalogue of the language it shows.
 */
function languageList(): Plugin {
  return {
    name: 'languages',
    resolveId: (id) => (id === LANGUAGES ? `\0${LANGUAGES}` : undefined),
    load(id) {
      if (id !== `\0${LANGUAGES}`) return undefined;
      const list = readLanguages((f) => this.addWatchFile(f));
      const languages = listedLanguages(list);
      const loaders = languages
        .map(
          ({ code }) =>
            `${JSON.stringify(code)}: { core: () => import(${JSON.stringify(`virtual:i18n/${code}/core`)}), rest: () => import(${JSON.stringify(`virtual:i18n/${code}/rest`)}) }`,
        )
        .join(',\n');
      return `export const languages = ${JSON.stringify(languages)};\nexport const loaders = {\n${loaders}\n};`;
    },
  };
}

/**
 * `virtual:i18n/<language>/<core|rest>`: one part of one language's catalogue (src/ui/i18nParts.mts), already
 * resolved along the language's fallback chain key by key (src/engine/languages.ts): a partial catalogue ships
 * with its fallback's texts for the keys it lacks, so the browser loads one file per part. Keys only the server
 * reads (isServerKey) are in neither part; each part is written grouped by the keys' first segment (nestPart).
 */
function i18nParts(): Plugin {
  return {
    name: 'i18n-parts',
    resolveId: (id) => (I18N_PART.test(id) ? `\0${id}` : undefined),
    load(id) {
      const match = I18N_PART.exec(id.replace(/^\0/, ''));
      if (!match || !id.startsWith('\0')) return undefined;
      const [, language, part] = match;
      const list = readLanguages((f) => this.addWatchFile(f));
      const own: Record<string, Record<string, unknown>> = {};
      for (const code of fallbackChain(list, language)) {
        const file = join(CATALOGUES, `${code}.json`);
        this.addWatchFile(file);
        own[code] = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
      }
      const all = catalogueFor(list, language, own);
      const picked = Object.fromEntries(
        Object.entries(all).filter(([key]) => !isServerKey(key) && isCoreKey(key) === (part === 'core')),
      );
      return `export default ${JSON.stringify(nestPart(picked))};`;
    },
  };
}

/**
 * The definition files as the browser needs them: without what is written for people (each file's `$schema`,
 * `description` and a screen's `readings`, each rule's `description` in schemas/rules.json). Neither the engine
 * nor a renderer reads them, and the shared expressions' and rules' explanations alone are several KB of the
 * login page's budget (issue 11 point 6). Nor what only the server reads of a call (issue 24). The server, the
 * CLIs and the snapshots read the files as written.
 */
function definitionsForTheBrowser(): Plugin {
  const PEOPLE_ONLY = ['$schema', 'description', 'readings'];
  // A call's `recover` is the server's reading of a payload back into a form, `pending` a note for validate.
  const SERVER_ONLY_CALL_KEYS = ['recover', 'pending'];
  return {
    name: 'definitions-for-the-browser',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0];
      if (!file.endsWith('.json') || !file.startsWith(DATA_ROOT + '/')) return undefined;
      if (!/\/(screen-definitions|site-variants)\/|\/schemas\/rules\.json$/.test(file)) return undefined;
      const data = JSON.parse(code) as Record<string, unknown>;
      if (typeof data !== 'object' || data === null || Array.isArray(data)) return undefined;
      for (const key of PEOPLE_ONLY) delete data[key];
      if (typeof data.calls === 'object' && data.calls !== null)
        for (const call of Object.values(data.calls as Record<string, Record<string, unknown>>))
          for (const key of SERVER_ONLY_CALL_KEYS) delete call?.[key];
      if (file.endsWith('/schemas/rules.json') && typeof data.rules === 'object' && data.rules !== null)
        for (const rule of Object.values(data.rules as Record<string, Record<string, unknown>>))
          delete rule.description;
      return { code: JSON.stringify(data), map: null };
    },
  };
}

/**
 * Pre-compressed copies (.gz, .br) of the text assets next to them, so the server can send them compressed
 * without compressing per request (src/server/plugins/spa.ts picks them by Accept-Encoding).
 */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      for (const name of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg|json)$/.test(name)) continue;
        const file = join(options.dir!, name);
        const data = readFileSync(file);
        if (data.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
        writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

/**
 * The modules of the login page (and of every first page after it): the API client, the session, the language
 * switch, the engine's rules and resolver the login form runs, json-logic. Grouped into one chunk (shell-core).
 * A module named here that a page does not use is a few hundred bytes it loads anyway; the bundle bench
 * (bench/bundle.ts) says whether the login page stays within its 100 KB.
 */
const FIRST_LOAD = new Set([
  ...['answer', 'calls', 'errors', 'http', 'index', 'reporter'].map((m) => `src/api/${m}`),
  ...['FeedbackHost', 'apiReporter', 'index', 'store'].map((m) => `src/ui/shell/feedback/${m}`),
  ...['LanguageSwitch', 'Icon', 'PageLoading', 'ScrollToTop'].map((m) => `src/ui/shell/${m}`),
  ...[
    'SessionContext',
    'writeWindow',
    'storage',
    'guard',
    'Guard',
    'AuthLayout',
    'loginScreen',
    'useLoginConfig',
    'PlainForm',
    'PictureCode',
    'pages/LoginPage',
  ].map((m) => `src/ui/session/${m}`),
  ...[
    'App',
    'i18n',
    'validator',
    'nestedScreens',
    'runtime/nestedScreens',
    'runtime/dialogRoute',
    'runtime/preloadable',
    'runtime/startApp',
  ].map((m) => `src/ui/${m}`),
  ...[
    'messages',
    'languages',
    'resolve',
    'outcomes',
    'placeholders',
    'rules',
    'logic',
    'dates',
    'numbers',
    'baseSite',
  ].map((m) => `src/engine/${m}`),
]);
/**
 * The chunks after the sign-in, each made of the modules named here with what they import that no chunk before it
 * took, in this order. The module graph cut this code into some thirty chunks, most of which a page after the
 * sign-in loads together: their imports of one another and what gzip could not share between them came to about
 * 8 KB gzip of the whole app (issue 24). Neither application's sign-in page loads any of them, and each page loads
 * only the renderers it shows (a list page no form, the dashboard neither); a chunk shared by two others comes first
 * so that neither imports the other.
 */
const CHUNKS_AFTER_SIGN_IN: Array<{ name: string; modules: string[]; files?: RegExp }> = [
  // Loaded alone by the login form when it is sent; the engine imports it too.
  { name: 'payload', modules: ['src/engine/payload'] },
  // The validator with Ajv, loaded alone by the login form on its first keystroke.
  { name: 'validator', modules: ['src/engine/validate'] },
  // What the screens of both applications run on, the portal's and the operator console's: the engine and the
  // definition files they share (fragments, named expressions, field rules, the base site's configuration).
  {
    name: 'engine',
    modules: ['src/engine/engine', 'src/engine/definitionSet'],
    files:
      /[\\/](screen-definitions[\\/](fragments|expressions)[\\/][^\\/]+|site-variants[\\/]generic[\\/]config|schemas[\\/]rules)\.json$/,
  },
  // What the screen renderers and the portal's pages share, the console's too: the screen runtime (the query cache,
  // API calls, a screen's context) and the pieces of display that widgets, list cells and panels all draw.
  {
    name: 'runtime',
    modules: [
      ...['formatValue', 'ColumnHeads', 'StatusBadge', 'ScreenCard', 'MenuItem', 'useMenuButton'].map(
        (m) => `src/ui/shell/${m}`,
      ),
      ...['widgetProps', 'DisplayWidget', 'FieldFrame', 'date/calendars', 'audio/AudioPreviewButton'].map(
        (m) => `src/ui/widgets/${m}`,
      ),
      'src/ui/list/cells',
      'src/engine/priceUnit',
    ],
    files: /[\\/]src[\\/]ui[\\/]runtime[\\/]|[\\/]node_modules[\\/]@tanstack[\\/](react-query|query-core)[\\/]/,
  },
  // What a screen's form and a list's search bar share: the widgets.
  {
    name: 'widgets',
    modules: ['src/ui/widgets/uiSchema', 'src/ui/widgets/registry'],
  },
  // The renderers: forms with rjsf (with the pages and containers that only show forms), lists with the table.
  {
    name: 'forms',
    modules: [
      ...['DefinitionForm', 'FormScreen', 'useScreenLoad', 'DefinitionDialog', 'BatchResultsDialog'].map(
        (m) => `src/ui/form/${m}`,
      ),
      'src/ui/tabs/TabsScreen',
      'src/ui/dialog/ScreenDialog',
      ...['ChangePasswordPage', 'MyAccountPage'].map((p) => `src/ui/session/pages/${p}`),
    ],
  },
  { name: 'lists', modules: ['src/ui/list/ListScreen', 'src/ui/list/SelectionDialog'] },
  // The portal's definitions, which its public pages (the forgotten password's form) read too.
  { name: 'definitions', modules: ['src/ui/definitions'] },
  // The portal once signed in: its frame (layout, menus, route table) and its own pages (src/ui/shell/screens.tsx).
  {
    name: 'app',
    modules: [
      'src/ui/shell/RoutedPage',
      ...['DashboardPage', 'DefinitionPage', 'HelpPage', 'NoPrivilegePage'].map((p) => `src/ui/shell/pages/${p}`),
    ],
  },
];
/** A module's path from the repository's root without its extension, for FIRST_LOAD and CHUNKS_AFTER_SIGN_IN. */
const modulePath = (id: string) =>
  relative(__dirname, id.split('?')[0])
    .replace(/\\/g, '/')
    .replace(/\.[cm]?tsx?$/, '');

export default defineConfig({
  plugins: [
    definitionsForTheBrowser(),
    pureRouter(),
    rjsfRegistry(),
    react(),
    routeIndex(),
    loginSources(),
    languageList(),
    i18nParts(),
    precompress(),
  ],
  resolve: {
    alias: {
      // Libraries of libraries the browser has a smaller stand-in for (each stand-in says why).
      'markdown-to-jsx/react': join(__dirname, 'src/ui/shell/vendor/markdownStub.tsx'),
      'fast-uri': join(__dirname, 'src/ui/shell/vendor/uriResolver.ts'),
      '@definitions': DATA_ROOT,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    target: 'es2022',
    // Every browser that runs es2022 modules here has <link rel="modulepreload"> (Chromium 66, Safari 17, Firefox
    // 115): Vite's polyfill for it was a script of its own on every first load (0.4 KB gzip on the login page).
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 400,
    // Two applications of one engine: the provider's portal and the operator console (its own page, so none of
    // the console is in the portal's bundle).
    // Plugin timings are a profiling hint that depends on how busy the machine is, not a problem of the build:
    // a loaded CI machine must not turn a clean build into one with warnings.
    rolldownOptions: {
      input: { index: join(__dirname, 'index.html'), operator: join(__dirname, 'operator.html') },
      checks: { pluginTimings: false },
      output: {
        codeSplitting: {
          groups: [
            // What every page of either application loads first, in two chunks rather than the dozen small ones
            // the module graph cut it into (the login page went over its 100 KB on their per-file overhead).
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            {
              name: 'shell-core',
              test: (id: string) => FIRST_LOAD.has(modulePath(id)) || /node_modules[\\/]json-logic-js[\\/]/.test(id),
            },
            ...CHUNKS_AFTER_SIGN_IN.map(({ name, modules, files }) => ({
              name,
              test: (id: string) => modules.includes(modulePath(id)) || (files?.test(id) ?? false),
            })),
          ],
        },
      },
    },
  },
  server: {
    proxy: Object.fromEntries(apiPrefixes.map((p) => [p, { target: apiUrl, changeOrigin: false }])),
  },
});
