// A page that stands in for a screen the session cannot have here (no such address, no privilege, closed by the
// capability gate): what happened, and the way back to the application's home (the provider's dashboard, the
// console's review queue) first among the ways on.
import type { ReactNode } from 'react';
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
