// The breadcrumb: 'Current Position' (the dashboard) first, then the route's group and title from the route map.
import { Link, useLocation } from '../router';
import { useI18n } from '../i18n';
import { HOME_PATH, routeFor } from './routeTable';

export function Breadcrumb() {
  const { t } = useI18n();
  const { pathname } = useLocation();
  const entry = routeFor(pathname);
  const atHome = !entry || entry.path === HOME_PATH;
  return (
    <nav className="breadcrumb" aria-label={t('Common.breadcrumb')}>
      <ol>
        <li>
          {atHome ? <span aria-current="page">{t('Dashboard.title')}</span> : <Link to={HOME_PATH}>{t('Dashboard.title')}</Link>}
        </li>
        {!atHome && entry.group && <li><span>{t(entry.group)}</span></li>}
        {!atHome && <li><span aria-current="page">{t(entry.title)}</span></li>}
      </ol>
    </nav>
  );
}
