// Test-only page for the renderer and widget e2e tests, served on the real server's origin under /__harness/
// (the tests route it from the built files), so the session of a real login and the real calls apply.
// It mounts one screen (form or list) without the shell; the screen set is the product's definitions plus the
// test definitions of ./definitions (e.g. a tone list before the tone screens exist).
//   /__harness/?screen=harnessTones&kind=list&lang=zh
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '../../../src/ui/router';
import { BASE_SITE, buildDefinitionSet, createEngine, sourcesFromFiles, type SiteId } from '../../../src/engine';
import { FormScreen } from '../../../src/ui/form/FormScreen';
import { ScreenEnvProvider } from '../../../src/ui/runtime/screenEnv';
import { I18nProvider, WithCatalogue } from '../../../src/ui/i18n';
import { Suspense, useState } from 'react';
import { readConfig, readUser } from '../../../src/ui/session/storage';
import { FeedbackHost } from '../../../src/ui/shell/feedback';
import { shellApiReporter } from '../../../src/ui/shell/feedback/apiReporter';
import { registerApiReporter } from '../../../src/api';
import { lazyNestedScreens } from '../../../src/ui/nestedScreens';
import { registerNestedScreens } from '../../../src/ui/runtime/nestedScreens';
import '../../../src/ui/styles/index.css';

// The product's files through the engine's loader, plus the harness's own screen definitions as if they were
// in screen-definitions/.
const productFiles = import.meta.glob(
  [
    '@definitions/screen-definitions/*.json',
    '@definitions/screen-definitions/{fragments,expressions}/*.json',
    '@definitions/site-variants/*/*.json',
    '@definitions/schemas/rules.json',
  ],
  { eager: true, import: 'default' },
);
const harnessScreens = import.meta.glob('./definitions/*.json', { eager: true, import: 'default' });
const sources = sourcesFromFiles({
  ...productFiles,
  ...Object.fromEntries(
    Object.entries(harnessScreens).map(([path, def]) => [`screen-definitions/${path.split('/').pop()}`, def]),
  ),
});
const engineOf = (site: SiteId) => createEngine(buildDefinitionSet(sources, site));

registerApiReporter(shellApiReporter);
registerNestedScreens(lazyNestedScreens);
// The same lazy components as the app's, so the harness builds the chunks the app builds.
const { ListScreen, SelectionDialog } = lazyNestedScreens;

const q = new URLSearchParams(location.search);
if (q.get('lang')) localStorage.setItem('portal.language', q.get('lang') === 'zh' ? 'zh' : 'en');
const user = (readUser() ?? {}) as Record<string, unknown>;
const site = typeof user.site === 'string' && sources.sites.includes(user.site) ? user.site : BASE_SITE;
const screen = q.get('screen') ?? 'harnessTones';
const kind = q.get('kind') ?? 'list';

/** A parent screen using the selection dialog: what it receives is shown as JSON for the test to read. */
function Selection({ screenId }: { screenId: string }) {
  const [open, setOpen] = useState(false);
  const [live, setLive] = useState<unknown[]>([]);
  const [chosen, setChosen] = useState<unknown[]>([]);
  const keys = (rows: unknown[]) => JSON.stringify(rows.map((r) => (r as Record<string, unknown>).toneCode));
  return (
    <div className="card card__body" data-screen="selection">
      <button type="button" className="btn btn--primary" onClick={() => setOpen(true)}>
        Open
      </button>
      <p>
        live <output id="live">{keys(live)}</output>
      </p>
      <p>
        chosen <output id="chosen">{keys(chosen)}</output>
      </p>
      {open && (
        <SelectionDialog
          screenId={screenId}
          max={3}
          initial={chosen as never}
          onChange={setLive}
          onSubmit={(rows) => {
            setChosen(rows);
            setOpen(false);
          }}
          onClose={() => setOpen(false)}
        />
      )}
    </div>
  );
}

createRoot(document.getElementById('root')!).render(
  <I18nProvider>
    <RouterProvider>
      <ScreenEnvProvider engine={engineOf(site)} site={site} config={readConfig()} user={user}>
        <main id="main" style={{ padding: 24, background: 'var(--page-bg)', minHeight: '100vh' }}>
          <WithCatalogue part="rest">
            <Suspense fallback={null}>
              {kind === 'list' ? (
                <ListScreen screenId={screen} />
              ) : kind === 'selection' ? (
                <Selection screenId={screen} />
              ) : (
                <FormScreen screenId={screen} query={q} />
              )}
            </Suspense>
          </WithCatalogue>
        </main>
      </ScreenEnvProvider>
      {/* Inside the router: a message stays until the page changes (it reads the location). */}
      <FeedbackHost />
    </RouterProvider>
  </I18nProvider>,
);
