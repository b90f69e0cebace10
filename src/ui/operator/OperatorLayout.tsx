// The console's frame: a top bar (the console's name, the language switch, the operator and Sign out), the
// sidebar of opMenu, and the screen of the route drawn by the shared renderers (FormScreen, ListScreen) from the
// console's definitions, in the operator's context ({config, user: role and sites}). A route the operator's role
// may not open shows why (the capability gate over the console's menu), as the server refuses its calls.
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { BASE_SITE } from '../../engine/sources';
import { gateOf, OPERATOR_APP } from '../../engine/gate';
import { useI18n } from '../i18n';
import { useLocation, useSearchParams } from '../router';
import { listFiltersOf } from '../runtime/dialogRoute';
import { fallbackQueryClient } from '../runtime/queryClient';
import { ScreenEnvProvider } from '../runtime/screenEnv';
import { EmptyState } from '../shell/EmptyState';
import { TopBar } from '../shell/TopBar';
import { PageLoading } from '../shell/PageLoading';
import { Sidebar } from '../shell/Sidebar';
import { CONSOLE_HOME, operatorEngine, operatorRoute } from './definitions';
import { useOperatorSession } from './OperatorSession';

const FormScreen = lazy(() => import('../form/FormScreen').then((m) => ({ default: m.FormScreen })));
const ListScreen = lazy(() => import('../list/ListScreen').then((m) => ({ default: m.ListScreen })));

function Screen({ pathname }: { pathname: string }) {
  const [query] = useSearchParams();
  const route = operatorRoute(pathname);
  if (!route) return <NotThere reason="Unavailable.notFound" />;
  if (route.def.kind === 'list') return <ListScreen screenId={route.screenId} initialFilters={listFiltersOf(query)} />;
  return (
    <div className="narrow-page">
      <FormScreen screenId={route.screenId} query={query} />
    </div>
  );
}

function NotThere({ reason, screen }: { reason: string; screen?: string }) {
  const { t } = useI18n();
  return (
    <div className="card page-card" data-screen="unavailable">
      <EmptyState icon="lock" tone="warning" title={t('Unavailable.title')}>
        <p>{t(reason, { screen: screen ? t(screen) : '', reason: '' })}</p>
      </EmptyState>
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
  const closedTitle = !access.open && access.screen ? engine.definition(access.screen).title : undefined;
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
              <main id="main" className="app__content" tabIndex={-1}>
                <Suspense key={pathname} fallback={<PageLoading />}>
                  {access.open ? (
                    <Screen pathname={pathname} />
                  ) : (
                    <NotThere reason="Unavailable.why" screen={closedTitle} />
                  )}
                </Suspense>
              </main>
            </div>
          </div>
        </div>
      </QueryClientProvider>
    </ScreenEnvProvider>
  );
}
