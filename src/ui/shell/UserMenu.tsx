// The top bar's user dropdown, from userMenu.json: my account and change password (hidden for OSS login users
// by the definition), help in a new window, log out; the definition's display fields (last login time when
// whether_record_admin_login is '1') head the menu. A menu button with arrow-key navigation (WAI-ARIA pattern).
import type { ResolvedMenuEntry } from '../../engine/types';
import { useI18n } from '../i18n';
import { useSession } from '../session/SessionContext';
import { formatValue } from './formatValue';
import { Icon } from './Icon';
import { MenuItem } from './MenuItem';
import { useMenuButton } from './useMenuButton';
import { useMenuOpener } from './useMenuOpener';
import { useResolved } from './useResolved';

const ICONS: Record<string, string> = { myAccount: 'account', changePassword: 'key', help: 'help', logout: 'logout' };
const LOGOUT_ROUTE = '/logout';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return '?';
  return (parts.length === 1 ? parts[0].slice(0, 2) : parts[0][0] + parts[parts.length - 1][0]).toUpperCase();
}

export function UserMenu() {
  const { t, language } = useI18n();
  const session = useSession();
  const resolved = useResolved('userMenu');
  const openEntry = useMenuOpener();
  const { open, close, buttonProps, menuProps } = useMenuButton<HTMLButtonElement, HTMLUListElement>();
  const name = session.user.name || session.user.code || '';

  const choose = (entry: ResolvedMenuEntry) => {
    close(false);
    if (entry.route === LOGOUT_ROUTE) void session.logout();
    else void openEntry(entry);
  };

  // The definition's display fields (their values are expressions over the session, e.g. the last login time).
  const info = resolved.fields.filter((f) => f.default !== undefined && f.default !== '');

  return (
    <div className="user-menu">
      <button type="button" className="user-menu__button" {...buttonProps}>
        <span className="avatar" aria-hidden="true">
          {initials(name)}
        </span>
        <span className="user-menu__name">{name}</span>
        <Icon name="chevronDown" size={14} />
      </button>
      {open && (
        <div className="user-menu__panel">
          <div className="user-menu__head">
            <strong>{name}</strong>
            {session.user.code && <span className="muted mono">{session.user.code}</span>}
            {info.map((field) => (
              <span key={field.name} className="user-menu__info" data-info={field.name}>
                <Icon name="clock" size={14} /> {t(field.label ?? field.name)}:{' '}
                {formatValue(field, field.default, t, language, session.config)}
              </span>
            ))}
          </div>
          <ul {...menuProps} aria-label={t(resolved.title)} className="user-menu__list">
            {resolved.menu.map((entry) => (
              <MenuItem
                key={entry.name}
                className={`menu-item user-menu__item${entry.route === LOGOUT_ROUTE ? ' is-danger' : ''}`}
                data-menu={entry.name}
                onClick={() => choose(entry)}
              >
                <Icon name={ICONS[entry.name] ?? entry.icon} size={16} />
                <span>{t(entry.label)}</span>
                {entry.external && <Icon name="external" size={14} className="icon user-menu__external" />}
              </MenuItem>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
