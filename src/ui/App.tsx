// The application: providers, the router and the route table generated from the screen definitions. Public pages
// (login, forgotten password) render alone; every other path renders inside the layout, its screen chosen from
// the route table (routes are fixed paths, matched case-insensitively as the spec mixes cases), behind the guard.
import { lazy, Suspense } from 'react';
import { I18nProvider } from './i18n';
import { Navigate, RouterProvider, useLocation } from './router';
import { Guard } from './session/Guard';
import { SessionProvider } from './session/SessionContext';
import { FeedbackHost } from './shell/feedback';
import { PageLoading } from './shell/PageLoading';
import { HOME_PATH, routeFor } from './shell/routeTable';
import { NotFoundPage, screenFor } from './shell/screens';
import { ScrollToTop } from './shell/ScrollToTop';

const LoginPage = lazy(() => import('./session/pages/LoginPage'));
const ForgetPasswordPage = lazy(() => import('./session/pages/ForgetPasswordPage'));
const Layout = lazy(() => import('./shell/Layout'));

function Page() {
  const { pathname } = useLocation();
  const path = pathname.replace(/\/+$/, '').toLowerCase() || '/';
  if (path === '/login') return <LoginPage />;
  if (path === '/forgetpassword') return <ForgetPasswordPage />;
  if (path === '/') return <Navigate to={HOME_PATH} replace />;
  const entry = routeFor(pathname);
  const Screen = entry && !entry.public ? screenFor(entry) : undefined;
  return <Layout>{Screen && entry ? <Screen entry={entry} /> : <NotFoundPage />}</Layout>;
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
