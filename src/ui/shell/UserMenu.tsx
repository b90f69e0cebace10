// The top bar's user dropdown, from userMenu.json: my account and change password (hidden for OSS login users
// by the definition), help in a new window, log out; the definition's display fields (last login time when
// whether_record_admin_login is '1') head the menu. A menu button with arrow-key navigation (WAI-ARIA pattern).
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { ResolvedMenuEntry } from '../../engine/types';
import { useI18n } from '../i18n';
import { useSession } from '../session/SessionContext';
import { formatValue } from './formatValue';
import { Icon } from './Icon';
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
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const menuId = useId();
  const name = session.user.name || session.user.code || '';

  const items = () => Array.from(list.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
  useEffect(() => { if (open) items()[0]?.focus(); }, [open]);
  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent) => { if (!list.current?.parentElement?.contains(e.target as Node)) setOpen(false); };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  const choose = (entry: ResolvedMenuEntry) => {
    setOpen(false);
    if (entry.route === LOGOUT_ROUTE) void session.logout();
    else void openEntry(entry);
  };

  const onMenuKey = (e: KeyboardEvent) => {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const move = (i: number) => { e.preventDefault(); all[(i + all.length) % all.length]?.focus(); };
    if (e.key === 'ArrowDown') move(at + 1);
    else if (e.key === 'ArrowUp') move(at - 1);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(all.length - 1);
    else if (e.key === 'Escape' || e.key === 'Tab') { setOpen(false); if (e.key === 'Escape') button.current?.focus(); }
  };

  // The definition's display fields (their values are expressions over the session, e.g. the last login time).
  const info = resolved.fields.filter((f) => f.default !== undefined && f.default !== '');

  return (
    <div className="user-menu">
      <button
        ref={button}
        type="button"
        className="user-menu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen(!open)}
        onKeyDown={(e) => { if (e.key === 'ArrowDown') { e.preventDefault(); setOpen(true); } }}
      >
        <span className="avatar" aria-hidden="true">{initials(name)}</span>
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
                <Icon name="clock" size={14} /> {t(field.label ?? field.name)}: {formatValue(field, field.default, t, language)}
              </span>
            ))}
          </div>
          <ul ref={list} id={menuId} role="menu" aria-label={t(resolved.title)} className="user-menu__list" onKeyDown={onMenuKey}>
            {resolved.menu.map((entry) => (
              <li key={entry.name} role="none">
                <button type="button" role="menuitem" tabIndex={-1} className={`user-menu__item${entry.route === LOGOUT_ROUTE ? ' is-danger' : ''}`} data-menu={entry.name} onClick={() => choose(entry)}>
                  <Icon name={ICONS[entry.name] ?? entry.icon} size={16} />
                  <span>{t(entry.label)}</span>
                  {entry.external && <Icon name="external" size={14} className="icon user-menu__external" />}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
