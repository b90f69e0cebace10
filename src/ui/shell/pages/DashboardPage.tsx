// The dashboard ('Current Position'): greeting, the account summary of dashboard.json, quick links to every
// screen the sidebar menu offers (menu.json as resolved for this session), and help and security shortcuts.
import { Link } from '../../router';
import type { ResolvedMenuEntry } from '../../../engine/types';
import { useI18n } from '../../i18n';
import { useSession } from '../../session/SessionContext';
import { formatMoment, formatValue } from '../formatValue';
import { Icon } from '../Icon';
import { PageHeader } from '../PageHeader';
import type { ScreenProps } from '../routeTable';
import { useMenuOpener } from '../useMenuOpener';
import { useResolved } from '../useResolved';

function greetingKey(hour: number): string {
  if (hour < 12) return 'Dashboard.morning';
  if (hour < 18) return 'Dashboard.afternoon';
  return 'Dashboard.evening';
}

function QuickLinks({ group }: { group: ResolvedMenuEntry }) {
  const { t } = useI18n();
  const open = useMenuOpener();
  const entries = group.children.filter((c) => !c.hidden);
  if (entries.length === 0) return null;
  return (
    <section className="card quick-group" aria-labelledby={`quick-${group.name}`} data-quick-group={group.name}>
      <div className="quick-group__head">
        <span className="tile-icon" aria-hidden="true">
          <Icon name={group.icon} size={20} />
        </span>
        <h3 id={`quick-${group.name}`}>{t(group.label)}</h3>
      </div>
      <ul className="quick-group__links">
        {entries.map((e) => (
          <li key={e.name}>
            <a
              href={e.gate ? e.gate.then : e.route}
              onClick={(ev) => {
                if (ev.button === 0 && !ev.metaKey && !ev.ctrlKey) {
                  ev.preventDefault();
                  void open(e);
                }
              }}
            >
              <span>{t(e.label)}</span>
              <Icon name="chevron" size={16} className="icon icon--directional" />
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function DashboardPage(_props: ScreenProps) {
  const { t, language } = useI18n();
  const session = useSession();
  const summary = useResolved('dashboard');
  const menu = useResolved('menu');
  const name = session.user.name || session.user.code || '';
  const today = formatMoment(new Date(), { dateStyle: 'full' }, language, session.config);

  return (
    <div className="dashboard" data-screen="dashboard">
      <PageHeader
        title={t(greetingKey(new Date().getHours()), { name })}
        description={today}
        actions={
          <Link className="btn btn--secondary" to="/help">
            <Icon name="help" size={16} />
            {t('Menu.help')}
          </Link>
        }
      />

      {session.flags.expired && (
        <div className="alert alert--warning" role="alert">
          <Icon name="lock" size={16} />
          {t('Dashboard.expiredNotice')}
        </div>
      )}

      <div className="dashboard__grid">
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
                      <span
                        className={`badge badge--${(f.ui.badge as Record<string, string>)[String(f.default)] ?? 'grey'}`}
                      >
                        {formatValue(f, f.default, t, language, session.config)}
                      </span>
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
            {!session.contextUser.ossLogin && (
              <Link className="btn btn--small" to="/myaccount">
                {t('Menu.myAccount')}
              </Link>
            )}
            {!session.contextUser.ossLogin && (
              <Link className="btn btn--small btn--ghost" to="/changepassword">
                {t('Menu.changePassword')}
              </Link>
            )}
          </footer>
        </section>

        <section className="dashboard__quick" aria-labelledby="quick-title">
          <h2 id="quick-title" className="section-title">
            {t('Dashboard.quickLinks')}
          </h2>
          {menu.menu.length > 0 ? (
            <div className="quick-grid">
              {menu.menu.map((g) => (
                <QuickLinks key={g.name} group={g} />
              ))}
            </div>
          ) : (
            <div className="card empty-note">
              <Icon name="lock" size={18} />
              <p>{t('Menu.unavailable')}</p>
            </div>
          )}
        </section>
      </div>
    </div>
  );
}
