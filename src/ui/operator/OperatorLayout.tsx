// The console's frame: a top bar (the console's name, the language switch, the operator and Sign out), the
// sidebar of opMenu, and the screen of the route drawn by the shared renderers (FormScreen, ListScreen) from the
// console's definitions, in the operator's context ({config, user: role and sites}). A route the operator's role
// may not open shows why (the capability gate over the console's menu), as the server refuses its calls.
import { QueryClientProvider } from '@tanstack/react-query';
import { Fragment, Suspense, useMemo, useState } from 'react';
import { BASE_SITE } from '../../engine/sources';
import { gateOf, OPERATOR_APP } from '../../engine/gate';
import { useI18n } from '../i18n';
import { useLocation, useSearchParams } from '../router';
import { listFiltersOf } from '../runtime/dialogRoute';
import { fallbackQueryClient } from '../runtime/queryClient';
import { ScreenEnvProvider } from '../runtime/screenEnv';
import { ClosedNotice } from '../shell/pages/NoticePage';
import { FormScreen, ListScreen, preloadRenderers } from '../shell/pages/renderers';
import { NotFoundNotice } from '../shell/pages/NotFoundPage';
import { TopBar } from '../shell/TopBar';
import { PageLoading } from '../shell/PageLoading';
import { Sidebar } from '../shell/Sidebar';
import { CONSOLE_HOME, operatorEngine, operatorRoute } from './definitions';
import { useOperatorSession } from './OperatorSession';

/** Loads the renderer (and a form's validator) of the console's screen at `pathname`, before it renders. */
export function preloadScreen(pathname: string): Promise<unknown> {
  const route = operatorRoute(pathname);
  return route ? preloadRenderers({ kind: route.def.kind }) : Promise.resolve();
}

const CONSOLE_HOME_LINK = { to: CONSOLE_HOME, label: 'Operator.backToQueue' };

function Screen({ pathname }: { pathname: string }) {
  const [query] = useSearchParams();
  const route = operatorRoute(pathname);
  void preloadScreen(pathname); // the renderer and a form's validator side by side, not one after the other
  // An address that is no screen of the console: said so, with the way back to the queue.
  if (!route) return <NotFoundNotice text="NotFound.consoleText" home={CONSOLE_HOME_LINK} />;
  if (route.def.kind === 'list') return <ListScreen screenId={route.screenId} initialFilters={listFiltersOf(query)} />;
  return (
    <div className="narrow-page">
      <FormScreen screenId={route.screenId} query={query} />
    </div>
  );
}

export default function OperatorLayout() {
  const { t } = useI18n();
  const { session, signOut } = useOperatorSession();
  const { pathname } = useLocation();
  const [collapsed, setCollapsed] = useState(false);
  const engine = operatorEngine();
  const config = useMemo(() => ({ ...engine.set.config, ...(session?.config ?? {}) }), [engine, session]);
  const user = useMemo(() => ({ ...(session?.operator ?? {}) }), [session]);
  const menu = useMemo(() => engine.resolve('opMenu', { config, user }), [engine, config, user]);
  const access = useMemo(
    () => gateOf(engine, { config, user }, OPERATOR_APP).route(pathname),
    [engine, config, user, pathname],
  );
  return (
    <ScreenEnvProvider engine={engine} site={BASE_SITE} config={config} user={user}>
      <QueryClientProvider client={fallbackQueryClient}>
        <div className={`app${collapsed ? ' is-collapsed' : ''}`} data-app="operator">
          <a className="skip-link" href="#main">
            {t('Common.skipToContent')}
          </a>
          <TopBar
            collapsed={collapsed}
            onToggle={() => setCollapsed(!collapsed)}
            home={CONSOLE_HOME}
            mark="shield"
            name="Operator.loginTitle"
          >
            <span className="topbar__user" data-operator={session?.operator.code}>
              {session?.operator.name} ·{' '}
              {t(session?.operator.role === 'admin' ? 'Operator.roleAdmin' : 'Operator.roleReviewer')}
            </span>
            <button type="button" className="btn btn--ghost topbar__signout" onClick={() => void signOut()}>
              {t('Operator.signOut')}
            </button>
          </TopBar>
          <div className="app__body">
            <Sidebar collapsed={collapsed} menu={menu} />
            <div className="app__main">
              <main id="main" className="app__content" tabIndex={-1} data-route={pathname}>
                {/* Keyed page, lasting boundary: a navigation keeps this page until the next one's chunks are in
                    (shell/Layout.tsx). */}
                <Suspense fallback={<PageLoading />}>
                  <Fragment key={pathname}>
                    {access.open ? (
                      <Screen pathname={pathname} />
                    ) : (
                      // A screen the operator's role may not open (the gate over the console's menu): its name and why.
                      <ClosedNotice
                        access={access}
                        title={access.screen ? t(engine.definition(access.screen).title) : ''}
                        home={CONSOLE_HOME_LINK}
                      />
                    )}
                  </Fragment>
                </Suspense>
              </main>
            </div>
          </div>
        </div>
      </QueryClientProvider>
    </ScreenEnvProvider>
  );
}
