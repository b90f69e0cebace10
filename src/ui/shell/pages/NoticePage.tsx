// A page that stands in for a screen the session cannot have here (no such address, no privilege, closed by the
// capability gate): what happened, and the way back to the application's home (the provider's dashboard, the
// console's review queue) first among the ways on.
import type { ReactNode } from 'react';
import type { Access } from '../../../engine/gate';
import { Link } from '../../router';
import { useI18n } from '../../i18n';
import { EmptyState } from '../EmptyState';

export function NoticePage({
  screen,
  reason,
  icon,
  tone,
  title,
  more,
  home = { to: '/dashboard', label: 'Common.backToDashboard' },
  children,
}: {
  /** Its data-screen (e2e tests and integrators' styles find the page by it). */
  screen: string;
  /** Why, as data-reason (the gate's reason). */
  reason?: string;
  icon: string;
  tone?: 'neutral' | 'warning';
  title: string;
  /** The ways on after home. */
  more?: ReactNode;
  /** Home and its button's words: the provider's dashboard unless the application says otherwise. */
  home?: { to: string; label: string };
  children: ReactNode;
}) {
  const { t } = useI18n();
  return (
    <div className="card page-card" data-screen={screen} data-reason={reason}>
      <EmptyState
        icon={icon}
        tone={tone}
        title={title}
        actions={
          <>
            <Link className="btn btn--primary" to={home.to}>
              {t(home.label)}
            </Link>
            {more}
          </>
        }
      >
        {children}
      </EmptyState>
    </div>
  );
}

/**
 * The notice of a closed screen, in any application of the engine (the operator console's too): the screen's
 * name (`title`, translated) and the gate's reason; an expired account's says so in full.
 */
export function ClosedNotice({
  access,
  title,
  home,
  more,
}: {
  access: Access & { open: false };
  title: string;
  home?: { to: string; label: string };
  more?: ReactNode;
}) {
  const { t } = useI18n();
  const expired = access.reason === 'expired';
  return (
    <NoticePage
      screen="unavailable"
      reason={access.reason}
      icon="lock"
      tone="warning"
      title={t(expired ? 'Unavailable.expiredTitle' : 'Unavailable.title')}
      home={home}
      more={more}
    >
      <p>
        {expired
          ? t('Unavailable.expired')
          : t('Unavailable.why', { screen: title || t('Gate.thisFunction'), reason: t(`Gate.${access.reason}`) })}
      </p>
    </NoticePage>
  );
}
