// Test-only page for the renderer and widget e2e tests, served on the real server's origin under /__harness/
// (the tests route it from the built files), so the session of a real login and the real calls apply.
// It mounts one screen (form or list) without the shell; the screen set is the product's definitions plus the
// test definitions of ./definitions (e.g. a tone list before the tone screens exist).
//   /__harness/?screen=harnessTones&kind=list&lang=zh
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '../../../src/ui/router';
import { buildDefinitionSet, createEngine, SITES, type DefinitionSources, type ScreenDef, type SiteId } from '../../../src/engine';
import { FormScreen } from '../../../src/ui/form/FormScreen';
import { ScreenEnvProvider } from '../../../src/ui/form/screenEnv';
import { I18nProvider, WithCatalogue } from '../../../src/ui/i18n';
import { ListScreen } from '../../../src/ui/list/ListScreen';
import { SelectionDialog } from '../../../src/ui/list/SelectionDialog';
import { useState } from 'react';
import { readConfig, readUser } from '../../../src/ui/session/storage';
import { FeedbackHost } from '../../../src/ui/shell/feedback';
import '../../../src/ui/styles/index.css';

const screenFiles = import.meta.glob<ScreenDef>(['../../../screen-definitions/*.json', './definitions/*.json'], { eager: true, import: 'default' });
const variantFiles = import.meta.glob<Record<string, unknown>>('../../../site-variants/*/*.json', { eager: true, import: 'default' });
const rulesFile = import.meta.glob<DefinitionSources['rules']>('../../../schemas/rules.json', { eager: true, import: 'default' });
const baseName = (path: string) => path.split('/').pop()!.replace(/\.json$/, '');

function engineOf(site: SiteId) {
  const screens: DefinitionSources['screens'] = {};
  for (const [path, def] of Object.entries(screenFiles)) screens[baseName(path)] = def;
  const overlays = Object.fromEntries(SITES.map((s) => [s, {}])) as DefinitionSources['overlays'];
  const siteConfig = Object.fromEntries(SITES.map((s) => [s, {}])) as DefinitionSources['siteConfig'];
  for (const [path, file] of Object.entries(variantFiles)) {
    const s = path.split('/').slice(-2)[0] as SiteId;
    if (baseName(path) === 'config') siteConfig[s] = (file as { values: Record<string, string> }).values;
    else overlays[s][baseName(path)] = file;
  }
  return createEngine(buildDefinitionSet({ screens, overlays, siteConfig, rules: Object.values(rulesFile)[0] }, site));
}

const q = new URLSearchParams(location.search);
if (q.get('lang')) localStorage.setItem('portal.language', q.get('lang') === 'zh' ? 'zh' : 'en');
const user = (readUser() ?? {}) as Record<string, unknown>;
const site = (SITES.includes(user.site as SiteId) ? user.site : 'generic') as SiteId;
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
      <button type="button" className="btn btn--primary" onClick={() => setOpen(true)}>Open</button>
      <p>live <output id="live">{keys(live)}</output></p>
      <p>chosen <output id="chosen">{keys(chosen)}</output></p>
      {open && <SelectionDialog screenId={screenId} max={3} initial={chosen as never} onChange={setLive} onSubmit={(rows) => { setChosen(rows); setOpen(false); }} onClose={() => setOpen(false)} />}
    </div>
  );
}

createRoot(document.getElementById('root')!).render(
  <I18nProvider>
    <RouterProvider>
      <ScreenEnvProvider engine={engineOf(site)} site={site} config={readConfig()} user={user}>
        <main id="main" style={{ padding: 24, background: 'var(--page-bg)', minHeight: '100vh' }}>
          <WithCatalogue part="rest">
            {kind === 'list' ? <ListScreen screenId={screen} /> : kind === 'selection' ? <Selection screenId={screen} /> : <FormScreen screenId={screen} query={q} />}
          </WithCatalogue>
        </main>
      </ScreenEnvProvider>
    </RouterProvider>
    <FeedbackHost />
  </I18nProvider>,
);
