// The top bar: sidebar toggle, product name, language switch and the user dropdown.
import { Link } from '../router';
import { useI18n } from '../i18n';
import { Icon } from './Icon';
import { NotificationBell } from './NotificationBell';
import { LanguageSwitch } from './LanguageSwitch';
import { UserMenu } from './UserMenu';

function Brand() {
  const { t } = useI18n();
  return (
    <span className="brand">
      <span className="brand__mark" aria-hidden="true">
        <Icon name="music" size={18} />
      </span>
      <span className="brand__name">{t('App.name')}</span>
    </span>
  );
}

export function TopBar({ collapsed, onToggle }: { collapsed: boolean; onToggle(): void }) {
  const { t } = useI18n();
  return (
    <header className="topbar">
      <button
        type="button"
        className="icon-button topbar__toggle"
        aria-label={t(collapsed ? 'Menu.expand' : 'Menu.collapse')}
        aria-expanded={!collapsed}
        onClick={onToggle}
      >
        <Icon name="menu" size={20} />
      </button>
      <Link to="/dashboard" className="topbar__brand">
        <Brand />
      </Link>
      <div className="topbar__spacer" />
      <LanguageSwitch tone="dark" />
      <NotificationBell />
      <UserMenu />
    </header>
  );
}
