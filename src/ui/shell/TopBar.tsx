// The top bar: sidebar toggle, product name, language switch and, on the right, the provider's notifications and
// user dropdown; the operator console passes its own application's home, mark, name and right side.
import type { ReactNode } from 'react';
import { Link } from '../router';
import { useI18n } from '../i18n';
import { Icon } from './Icon';
import { NotificationBell } from './NotificationBell';
import { LanguageSwitch } from './LanguageSwitch';
import { UserMenu } from './UserMenu';

function Brand({ mark, name }: { mark: string; name: string }) {
  const { t } = useI18n();
  return (
    <span className="brand">
      <span className="brand__mark" aria-hidden="true">
        <Icon name={mark} size={18} />
      </span>
      <span className="brand__name">{t(name)}</span>
    </span>
  );
}

export interface TopBarProps {
  collapsed: boolean;
  onToggle(): void;
  /** The application's home, mark (an icon name) and name (i18n key): the portal's unless given. */
  home?: string;
  mark?: string;
  name?: string;
  /** The right side after the language switch: the portal's notifications and user menu unless given. */
  children?: ReactNode;
}

export function TopBar({
  collapsed,
  onToggle,
  home = '/dashboard',
  mark = 'music',
  name = 'App.name',
  children,
}: TopBarProps) {
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
      {/* Named by its label too: on a phone the name is not shown (layout.css), the mark alone is. */}
      <Link to={home} className="topbar__brand" aria-label={t(name)}>
        <Brand mark={mark} name={name} />
      </Link>
      <div className="topbar__spacer" />
      <LanguageSwitch tone="dark" />
      {children ?? (
        <>
          <NotificationBell />
          <UserMenu />
        </>
      )}
    </header>
  );
}
