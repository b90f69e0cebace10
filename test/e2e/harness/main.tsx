// Test-only page for the renderer and widget e2e tests: mounts one screen (form or list) or the widget gallery
// with a session given in the URL, without the shell. Never part of the shipped app (its own Vite config).
//   /?screen=myAccount&site=generic&lang=zh&config={"support_persian_calendar":"1"}&user={"code":"123"}
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import type { SiteId } from '../../../src/engine';
import { FormScreen } from '../../../src/ui/form/FormScreen';
import { ScreenEnvProvider } from '../../../src/ui/form/screenEnv';
import { I18nProvider } from '../../../src/ui/i18n';
import { ListScreen } from '../../../src/ui/list/ListScreen';
import { FeedbackHost } from '../../../src/ui/shell/feedback';
import '../../../src/ui/styles/tokens.css';
import '../../../src/ui/styles/base.css';
import '../../../src/ui/styles/controls.css';
import '../../../src/ui/styles/feedback.css';
import { WidgetGallery } from './WidgetGallery';

const q = new URLSearchParams(location.search);
if (q.get('lang')) localStorage.setItem('portal.language', q.get('lang') === 'zh' ? 'zh' : 'en');
const json = (key: string) => (q.get(key) ? JSON.parse(q.get(key)!) : {});
const site = (q.get('site') ?? 'generic') as SiteId;
const screen = q.get('screen');
const engineKind = screen ? (q.get('kind') ?? 'form') : 'widgets';

function Harness() {
  return (
    <main style={{ padding: 24, background: 'var(--page-bg)', minHeight: '100vh' }}>
      {engineKind === 'widgets' && <WidgetGallery />}
      {engineKind === 'form' && <FormScreen screenId={screen!} query={q} />}
      {engineKind === 'list' && <ListScreen screenId={screen!} />}
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <I18nProvider>
    <BrowserRouter>
      <ScreenEnvProvider site={site} config={json('config')} user={json('user')} dictionaries={json('dictionaries')}>
        <Harness />
      </ScreenEnvProvider>
    </BrowserRouter>
    <FeedbackHost />
  </I18nProvider>,
);
