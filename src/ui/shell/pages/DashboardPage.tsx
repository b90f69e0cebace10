// The dashboard ('Current Position'): greeting, the provider's work queue (the panels of dashboard.json, read
// from its one call sp/homesummary: what to act on, each item leading to its list) and the account summary of
// dashboard.json's fields. The menu is the sidebar's: the home page does not repeat it. Its links (the
// definition's toolbar actions, the account's pages) show while the capability gate opens their routes.
import { useI18n } from '../../i18n';
import { useSession } from '../../session/SessionContext';
import { formatMoment, formatValue } from '../formatValue';
import { GatedLink } from '../GatedLink';
import { Icon } from '../Icon';
import { PageHeader } from '../PageHeader';
import type { ScreenProps } from '../routeTable';
import { PagePanels } from '../PagePanels';
import { useResolved } from '../useResolved';
import { StatusBadge } from '../StatusBadge';

function greetingKey(hour: number): string {
  if (hour < 12) return 'Dashboard.morning';
  if (hour < 18) return 'Dashboard.afternoon';
  return 'Dashboard.evening';
}

export default function DashboardPage(_props: ScreenProps) {
  const { t, language } = useI18n();
  const session = useSession();
  const summary = useResolved('dashboard');
  const name = session.user.name || session.user.code || '';
  const today = formatMoment(new Date(), { dateStyle: 'full' }, language, session.config);

  return (
    <div className="dashboard" data-screen="dashboard">
      <PageHeader
        title={t(greetingKey(new Date().getHours()), { name })}
        description={today}
        actions={summary.actions
          .filter((a) => a.scope === 'toolbar' && a.navigate)
          .map((a) => (
            <GatedLink key={a.name} className="btn btn--secondary" to={a.navigate!}>
              {a.icon && <Icon name={a.icon} size={16} />}
              {t(a.label)}
            </GatedLink>
          ))}
      />

      {session.flags.expired && (
        <div className="alert alert--warning" role="alert">
          <Icon name="lock" size={16} />
          {t('Dashboard.expiredNotice')}
        </div>
      )}

      <PagePanels screen={summary}>
        <section className="card dashboard__summary" aria-labelledby="summary-title">
          <header className="card__header">
            <h2 id="summary-title" className="card__title">
              {t('Dashboard.summary')}
            </h2>
          </header>
          <div className="card__body">
            <dl className="facts">
              {summary.fields.map((f) => (
                <div key={f.name} className="facts__row" data-fact={f.name}>
                  <dt>{t(f.label ?? f.name)}</dt>
                  <dd>
                    {/* ui.badge maps a value to a status colour (000 §4 palette). */}
                    {f.ui?.badge ? (
                      <StatusBadge colour={(f.ui.badge as Record<string, string>)[String(f.default)]}>
                        {formatValue(f, f.default, t, language, session.config)}
                      </StatusBadge>
                    ) : (
                      formatValue(f, f.default, t, language, session.config)
                    )}
                    {f.help && <span className="facts__help">{t(f.help)}</span>}
                  </dd>
                </div>
              ))}
            </dl>
          </div>
          <footer className="card__footer button-row">
            <GatedLink className="btn btn--small" to="/myaccount">
              {t('Menu.myAccount')}
            </GatedLink>
            <GatedLink className="btn btn--small btn--ghost" to="/changepassword">
              {t('Menu.changePassword')}
            </GatedLink>
          </footer>
        </section>
      </PagePanels>
    </div>
  );
}
