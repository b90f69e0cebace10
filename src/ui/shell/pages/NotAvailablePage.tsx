// A route of the spec whose screen is not built yet: says so plainly and offers the way back.
import { Link } from '../../router';
import { useI18n } from '../../i18n';
import { EmptyState } from '../EmptyState';
import type { ScreenProps } from '../screens';

export default function NotAvailablePage({ entry }: ScreenProps) {
  const { t } = useI18n();
  return (
    <div className="card page-card" data-screen="notAvailable">
      <EmptyState
        icon="tools"
        tone="brand"
        title={t('NotAvailable.title', { screen: t(entry.title) })}
        actions={
          <>
            <Link className="btn btn--primary" to="/dashboard">
              {t('Common.backToDashboard')}
            </Link>
            <button type="button" className="btn btn--ghost" onClick={() => history.back()}>
              {t('Common.back')}
            </button>
          </>
        }
      >
        <p>{t('NotAvailable.text')}</p>
        <p className="muted mono">{entry.path}</p>
      </EmptyState>
    </div>
  );
}
