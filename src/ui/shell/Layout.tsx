// The layout of every logged-in route: top bar, sidebar, breadcrumb, the write-window banner, the screen, footer.
// It also provides what the screens need: the session's engine context (ScreenEnvProvider) and the query client.
// A route this session may not open (the capability gate: a screen the account's menu does not offer, or a
// group of routes.json closed to an expired account) shows why instead of the screen.
import { QueryClientProvider } from '@tanstack/react-query';
import { Fragment, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from '../router';
import { api } from '../../api';
import { fallbackQueryClient, reloadServerData } from '../runtime/queryClient';
import { engineFor, isBundledSite } from '../definitions';
import { ScreenEnvProvider } from '../runtime/screenEnv';
import { useI18n, WithCatalogue } from '../i18n';
import { UnknownSitePage } from '../session/pages/UnknownSitePage';
import { useSession } from '../session/SessionContext';
import { Breadcrumb } from './Breadcrumb';
import { readSidebarCollapsed, writeSidebarCollapsed } from './cookie';
import { Footer } from './Footer';
import { UnavailablePage } from './pages/UnavailablePage';
import { useGate } from './useGate';
import { useResolved } from './useResolved';
import { WriteWindowBanner } from './WriteWindowBanner';
import { PageLoading } from './PageLoading';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';
import { useLayoutHeight } from './useLayoutHeight';

const MOBILE = '(max-width: 768px)';

export default function Layout({ children }: { children: ReactNode }) {
  // The frame and the screens need the whole catalogue, not only the part the login page loads.
  return (
    <WithCatalogue part="rest" fallback={<PageLoading />}>
      <KnownSite>{children}</KnownSite>
    </WithCatalogue>
  );
}

/** Screens resolve against the user's site: a site this build does not contain gets its own page instead. */
function KnownSite({ children }: { children: ReactNode }) {
  const { site } = useSession();
  return isBundledSite(site) ? <LayoutFrame>{children}</LayoutFrame> : <UnknownSitePage site={site} />;
}

function LayoutFrame({ children }: { children: ReactNode }) {
  const { t, language } = useI18n();
  const session = useSession();
  const { pathname } = useLocation();
  const mobile = typeof matchMedia !== 'undefined' && matchMedia(MOBILE).matches;
  // Desktop: the cookie decides. Mobile: the sidebar is a drawer, closed until asked for.
  const [collapsed, setCollapsed] = useState(() => (mobile ? true : readSidebarCollapsed()));
  useLayoutHeight();

  const toggle = useCallback(() => {
    setCollapsed((c) => {
      if (!matchMedia(MOBILE).matches) writeSidebarCollapsed(!c);
      return !c;
    });
  }, []);
  const closeDrawer = useCallback(() => {
    if (matchMedia(MOBILE).matches) setCollapsed(true);
  }, []);

  // A reloaded page re-reads the session from the server (user info, flags, configuration, CSRF token).
  const { refresh } = session;
  useEffect(() => {
    void refresh().catch(() => undefined);
  }, [refresh]);

  // The gate decides from the definitions whether this account may open the route, and if not, why.
  const access = useGate().route(pathname);
  const menu = useResolved('menu');

  // Another language: the server's messages and the names of reference data (categories, languages, tariffs)
  // follow once it knows, so what is on screen is asked again after telling it.
  const shownLanguage = useRef(language);
  useEffect(() => {
    if (shownLanguage.current === language) return;
    shownLanguage.current = language;
    void api
      .switchLanguage(language)
      .catch(() => undefined)
      .then(() => reloadServerData(fallbackQueryClient));
  }, [language]);

  return (
    <ScreenEnvProvider
      engine={engineFor(session.site)}
      site={session.site}
      config={session.config}
      user={session.contextUser}
    >
      <QueryClientProvider client={fallbackQueryClient}>
        <div className={`app${collapsed ? ' is-collapsed' : ''}`}>
          <a className="skip-link" href="#main">
            {t('Common.skipToContent')}
          </a>
          <TopBar collapsed={collapsed} onToggle={toggle} />
          <div className="app__body">
            <Sidebar
              collapsed={collapsed && !mobile}
              onNavigate={closeDrawer}
              menu={menu}
              homeRoute="/dashboard"
              homeLabel="Dashboard.title"
            />
            {!collapsed && <div className="app__scrim" aria-hidden="true" onClick={closeDrawer} />}
            <div className="app__main">
              <Breadcrumb />
              <WriteWindowBanner site={session.site} />
              <main id="main" className="app__content" tabIndex={-1} data-route={pathname}>
                {/* The page is keyed, not the boundary: a route's screen starts afresh, while the boundary stays,
                    so a navigation (a transition) keeps the page it leaves on screen until the next one's chunks
                    are in, rather than flashing the loading state and holding the page back 300 ms more. */}
                <Suspense fallback={<PageLoading />}>
                  <Fragment key={pathname}>{access.open ? children : <UnavailablePage access={access} />}</Fragment>
                </Suspense>
              </main>
              <Footer />
            </div>
          </div>
        </div>
      </QueryClientProvider>
    </ScreenEnvProvider>
  );
}
