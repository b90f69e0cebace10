// The breadcrumb: 'Current Position' (000 §1: its first entry, leading to the home page) first, then the
// route's group, the menu entry an edit page belongs to (RBT Maintenance for the tone edit form) and the title.
import { Link, useLocation } from '../router';
import { useI18n } from '../i18n';
import { HOME_PATH, placeOf } from './routeTable';

export function Breadcrumb() {
  const { t } = useI18n();
  const { pathname, search } = useLocation();
  const { entry, title, parent } = placeOf(pathname, search);
  const atHome = !entry || entry.path === HOME_PATH;
  return (
    <nav className="breadcrumb" aria-label={t('Common.breadcrumb')}>
      <ol>
        <li>
          {atHome ? (
            <span aria-current="page">{t('Common.currentPosition')}</span>
          ) : (
            <Link to={HOME_PATH}>{t('Common.currentPosition')}</Link>
          )}
        </li>
        {!atHome && entry.group && (
          <li>
            <span>{t(entry.group)}</span>
          </li>
        )}
        {!atHome && parent && (
          <li>
            <Link to={parent.path}>{t(parent.title)}</Link>
          </li>
        )}
        {!atHome && (
          <li>
            <span aria-current="page">{t(title!)}</span>
          </li>
        )}
      </ol>
    </nav>
  );
}
