// The operator console (issue 26): the second application of the same engine and renderers. Its screens are the
// definitions of screen-definitions/operator/; the sign-in page and the frame are its own, every screen inside is
// drawn by the shared form and list renderers from its definition, and the capability gate over the console's
// menu (its conditions on the operator's role) closes what a role may not open, as the server does.
import { lazy, Suspense } from 'react';
import { I18nProvider, WithCatalogue } from '../i18n';
import { Navigate, RouterProvider, useLocation } from '../router';
import { FeedbackHost } from '../shell/feedback';
import { PageLoading } from '../shell/PageLoading';
import { ScrollToTop } from '../shell/ScrollToTop';
import { CONSOLE_HOME, CONSOLE_LOGIN, CONSOLE_PASSWORD } from './definitions';
import { OperatorSessionProvider, useOperatorSession } from './OperatorSession';

const OperatorLogin = lazy(() => import('./OperatorLogin'));
const OperatorLayout = lazy(() => import('./OperatorLayout'));

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
