// The application: providers, the router and the route table generated from the screen definitions. Public pages
// (login, forgotten password) render alone; every other path renders inside the layout, its screen chosen from
// the route table (shell/RoutedPage.tsx, loaded with the layout), behind the guard.
import { lazy, Suspense } from 'react';
import { I18nProvider } from './i18n';
import { RouterProvider, useLocation } from './router';
import { Guard } from './session/Guard';
import { SessionProvider } from './session/SessionContext';
import { FeedbackHost } from './shell/feedback/FeedbackHost';
import { PageLoading } from './shell/PageLoading';
import { ScrollToTop } from './shell/ScrollToTop';

const LoginPage = lazy(() => import('./session/pages/LoginPage'));
const ForgetPasswordPage = lazy(() => import('./session/pages/ForgetPasswordPage'));
const RoutedPage = lazy(() => import('./shell/RoutedPage'));

function Page() {
  const { pathname } = useLocation();
  const path = pathname.replace(/\/+$/, '').toLowerCase() || '/';
  if (path === '/login') return <LoginPage />;
  if (path === '/forgetpassword') return <ForgetPasswordPage />;
  return <RoutedPage pathname={pathname} />;
}

export function App() {
  return (
    <I18nProvider>
      <SessionProvider>
        <RouterProvider>
          <ScrollToTop />
          <Suspense fallback={<PageLoading />}>
            <Guard>
              <Page />
            </Guard>
          </Suspense>
          <FeedbackHost />
        </RouterProvider>
      </SessionProvider>
    </I18nProvider>
  );
}
