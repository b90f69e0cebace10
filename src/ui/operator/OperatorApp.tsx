// The operator console (issue 26): the second application of the same engine and renderers. Its screens are the
// definitions of screen-definitions/operator/; the sign-in page and the frame are its own, every screen inside is
// drawn by the shared form and list renderers from its definition, and the capability gate over the console's
// menu (its conditions on the operator's role) closes what a role may not open, as the server does.
import { Suspense } from 'react';
import { I18nProvider, WithCatalogue } from '../i18n';
import { Navigate, RouterProvider, useLocation } from '../router';
import { FeedbackHost } from '../shell/feedback';
import { PageLoading } from '../shell/PageLoading';
import { preloadable } from '../runtime/preloadable';
import { loadValidator } from '../validator';
import { ScrollToTop } from '../shell/ScrollToTop';
import { CONSOLE_HOME, CONSOLE_LOGIN, CONSOLE_PASSWORD } from './definitions';
import { OperatorSessionProvider, useOperatorSession } from './OperatorSession';

const OperatorLogin = preloadable(() => import('./OperatorLogin').then((m) => m.default), loadValidator);
const OperatorLayout = preloadable(() => import('./OperatorLayout').then((m) => m.default));

/** Loads every chunk the console's page at `pathname` renders (main.tsx, before the first render), side by side. */
export function preloadConsolePage(pathname: string): Promise<unknown> {
  if (pathname.replace(/\/+$/, '').toLowerCase() === CONSOLE_LOGIN) return OperatorLogin.preload();
  return Promise.all([OperatorLayout.preload(), import('./OperatorLayout').then((m) => m.preloadScreen(pathname))]);
}

function Page() {
  const { pathname } = useLocation();
  const { state, session } = useOperatorSession();
  const path = pathname.replace(/\/+$/, '').toLowerCase();
  if (state === 'loading') return <PageLoading />;
  if (state === 'out') return path === CONSOLE_LOGIN ? <OperatorLogin /> : <Navigate to={CONSOLE_LOGIN} replace />;
  if (path === CONSOLE_LOGIN || path === '/console') return <Navigate to={CONSOLE_HOME} replace />;
  // An operator who must set its own password first (a new account, a reset) sees that page only.
  if (session?.operator.needChangePwd === '1' && path !== CONSOLE_PASSWORD)
    return <Navigate to={CONSOLE_PASSWORD} replace />;
  return <OperatorLayout />;
}

export function OperatorApp() {
  return (
    <I18nProvider>
      <WithCatalogue part="rest" fallback={<PageLoading />}>
        <OperatorSessionProvider>
          <RouterProvider>
            <ScrollToTop />
            <Suspense fallback={<PageLoading />}>
              <Page />
            </Suspense>
            <FeedbackHost />
          </RouterProvider>
        </OperatorSessionProvider>
      </WithCatalogue>
    </I18nProvider>
  );
}
