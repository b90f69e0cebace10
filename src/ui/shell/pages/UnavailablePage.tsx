// What a route of a menu group shows to a session that may not open it (routes.json: the group's `visible`),
// e.g. an expired account that types /rbtUploading: why, and where it can go, rather than a form whose option
// lists stay empty because every call answers 909090.
import { Link } from '../../router';
import { useI18n } from '../../i18n';
import { useSession } from '../../session/SessionContext';
import { EmptyState } from '../EmptyState';

export function UnavailablePage() {
  const { t } = useI18n();
  const session = useSession();
  const expired = session.flags.expired === true;
  return (
    <div className="card page-card" data-screen="unavailable">
      <EmptyState
        icon="lock"
        tone="warning"
        title={t(expired ? 'Unavailable.expiredTitle' : 'Unavailable.title')}
        actions={
          <>
            <Link className="btn btn--primary" to="/dashboard">
              {t('Common.backToDashboard')}
            </Link>
            {!session.contextUser.ossLogin && (
              <Link className="btn btn--ghost" to="/myaccount">
                {t('Menu.myAccount')}
              </Link>
            )}
          </>
        }
      >
        <p>{t(expired ? 'Unavailable.expired' : 'Menu.unavailable')}</p>
      </EmptyState>
    </div>
  );
}
