// The application: providers, the router and the route table generated from the screen definitions. Public pages
// (login, forgotten password) render alone; every other path renders inside the layout, its screen chosen from
// the route table (shell/RoutedPage.tsx, loaded with the layout), behind the guard.
import { Suspense } from 'react';
import { I18nProvider, loadCatalogue, storedLanguage } from './i18n';
import { RouterProvider, useLocation } from './router';
import { preloadable } from './runtime/preloadable';
import { loadValidator } from './validator';
import { Guard } from './session/Guard';
import { SessionProvider } from './session/SessionContext';
import { FeedbackHost } from './shell/feedback/FeedbackHost';
import { PageLoading } from './shell/PageLoading';
import { ScrollToTop } from './shell/ScrollToTop';

const LoginPage = preloadable(() => import('./session/pages/LoginPage').then((m) => m.default));
const ForgetPasswordPage = preloadable(
  () => import('./session/pages/ForgetPasswordPage').then((m) => m.default),
  loadValidator, // a form: it renders once the validator is in (DefinitionForm)
);
const RoutedPage = preloadable(() => import('./shell/RoutedPage').then((m) => m.default));

const publicPage = (pathname: string) =>
  ({ '/login': LoginPage, '/forgetpassword': ForgetPasswordPage })[pathname.replace(/\/+$/, '').toLowerCase()];

/**
 * Loads every chunk the page at `pathname` renders (main.tsx, before the first render), side by side. A page in the
 * frame also needs its catalogue's `rest` part: loaded here, it is in before the first render, where the frame
 * asking for it while rendering would draw the whole page a second time once it came.
 */
export function preloadPage(pathname: string): Promise<unknown> {
  const page = publicPage(pathname);
  if (page) return page.preload();
  return Promise.all([
    RoutedPage.preload(),
    import('./shell/RoutedPage').then((m) => m.preloadPath(pathname)),
    loadCatalogue(storedLanguage(), 'rest'),
  ]);
}

function Page() {
  const { pathname } = useLocation();
  const Public = publicPage(pathname);
  return Public ? <Public /> : <RoutedPage pathname={pathname} />;
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
