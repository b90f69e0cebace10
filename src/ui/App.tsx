// The application: providers, the router and the route table generated from the screen definitions.
// Public pages (login, forgotten password) render alone; every other route renders inside the layout.
import { lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { I18nProvider } from './i18n';
import { Guard } from './session/Guard';
import { SessionProvider } from './session/SessionContext';
import { FeedbackHost } from './shell/feedback';
import { PageLoading } from './shell/PageLoading';
import { HOME_PATH, routeTable } from './shell/routeTable';
import { NotFoundPage, screenFor } from './shell/screens';
import { ScrollToTop } from './shell/ScrollToTop';

const LoginPage = lazy(() => import('./session/pages/LoginPage'));
const ForgetPasswordPage = lazy(() => import('./session/pages/ForgetPasswordPage'));
const Layout = lazy(() => import('./shell/Layout'));

export function App() {
  return (
    <I18nProvider>
      <SessionProvider>
        <BrowserRouter>
          <ScrollToTop />
          <Suspense fallback={<PageLoading />}>
            <Routes>
              <Route element={<Guard />}>
                <Route path="/login" element={<LoginPage />} />
                <Route path="/forgetpassword" element={<ForgetPasswordPage />} />
                <Route element={<Layout />}>
                  <Route index element={<Navigate to={HOME_PATH} replace />} />
                  {routeTable.filter((r) => !r.public).map((entry) => {
                    const Screen = screenFor(entry);
                    return <Route key={entry.path} path={entry.path} element={<Screen entry={entry} />} />;
                  })}
                  <Route path="*" element={<NotFoundPage />} />
                </Route>
              </Route>
            </Routes>
          </Suspense>
          <FeedbackHost />
        </BrowserRouter>
      </SessionProvider>
    </I18nProvider>
  );
}
