// noPrivilege (000 §2): opened by the name-RBT upload entry when the category call gives no record.
import { Link } from '../../router';
import { useI18n } from '../../i18n';
import { EmptyState } from '../EmptyState';
import type { ScreenProps } from '../routeTable';

export default function NoPrivilegePage(_props: ScreenProps) {
  const { t } = useI18n();
  return (
    <div className="card page-card" data-screen="noPrivilege">
      <EmptyState
        icon="lock"
        tone="warning"
        title={t('NoPrivilege.title')}
        actions={
          <>
            <Link className="btn btn--primary" to="/dashboard">
              {t('Common.backToDashboard')}
            </Link>
            <Link className="btn btn--ghost" to="/guide">
              {t('Menu.guide')}
            </Link>
          </>
        }
      >
        <p>{t('NoPrivilege.message')}</p>
        <p className="muted">{t('NoPrivilege.hint')}</p>
      </EmptyState>
    </div>
  );
}
