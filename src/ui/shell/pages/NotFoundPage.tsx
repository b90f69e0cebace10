// An address that is no route of the portal.
import { Link, useLocation } from '../../router';
import { useI18n } from '../../i18n';
import { EmptyState } from '../EmptyState';

export default function NotFoundPage() {
  const { t } = useI18n();
  const { pathname } = useLocation();
  return (
    <div className="card page-card" data-screen="notFound">
      <EmptyState
        icon="help"
        title={t('NotFound.title')}
        actions={
          <Link className="btn btn--primary" to="/dashboard">
            {t('Common.backToDashboard')}
          </Link>
        }
      >
        <p>{t('NotFound.text')}</p>
        <p className="muted mono">{pathname}</p>
      </EmptyState>
    </div>
  );
}
