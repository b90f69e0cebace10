// The sidebar menu: a resolved menu tree (the portal's menu.json, the console's opMenu) (groups hide themselves when empty, entries marked hidden are
// routes only). Groups fold open and closed; the group of the current route starts open. Collapsed, only the
// group icons show, with the group name as tooltip and accessible name.
import { useEffect, useState } from 'react';
import { useLocation } from '../router';
import type { ResolvedMenuEntry, ResolvedScreen } from '../../engine/types';
import { useI18n } from '../i18n';
import { Icon } from './Icon';
import { placeOf } from './routeTable';
import { useMenuOpener } from './useMenuOpener';

const visibleChildren = (e: ResolvedMenuEntry) => e.children.filter((c) => !c.hidden);
const routeOf = (e: ResolvedMenuEntry) => e.gate?.then ?? e.route;
const isActive = (e: ResolvedMenuEntry, path: string) => routeOf(e)?.toLowerCase() === path.toLowerCase();

function MenuLink({
  entry,
  path,
  onOpen,
}: {
  entry: ResolvedMenuEntry;
  path: string;
  onOpen(e: ResolvedMenuEntry): void;
}) {
  const { t } = useI18n();
  const active = isActive(entry, path);
  return (
    <li>
      <a
        className={`sidebar__link${active ? ' is-active' : ''}`}
        href={entry.gate ? entry.gate.then : entry.route}
        aria-current={active ? 'page' : undefined}
        data-menu={entry.name}
        onClick={(e) => {
          // Let the browser handle new-tab clicks; a plain click routes in the page (and runs a gate first).
          if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
          e.preventDefault();
          onOpen(entry);
        }}
      >
        {t(entry.label)}
      </a>
    </li>
  );
}

function MenuGroup({
  group,
  path,
  collapsed,
  onOpen,
}: {
  group: ResolvedMenuEntry;
  path: string;
  collapsed: boolean;
  onOpen(e: ResolvedMenuEntry): void;
}) {
  const { t } = useI18n();
  const children = visibleChildren(group);
  const containsActive = group.children.some((c) => isActive(c, path));
  const [open, setOpen] = useState(true);
  useEffect(() => {
    if (containsActive) setOpen(true);
  }, [containsActive]);
  const id = `menu-group-${group.name}`;
  if (children.length === 0) return null;
  return (
    <li className={`sidebar__group${containsActive ? ' has-active' : ''}`} data-menu-group={group.name}>
      <button
        type="button"
        className="sidebar__group-toggle"
        aria-expanded={collapsed ? undefined : open}
        aria-controls={collapsed ? undefined : id}
        title={collapsed ? t(group.label) : undefined}
        onClick={() => (collapsed ? onOpen(children[0]) : setOpen(!open))}
      >
        <Icon name={group.icon} />
        <span className="sidebar__label">{t(group.label)}</span>
        <Icon name="chevronDown" size={14} className={`icon sidebar__chevron${open ? ' is-open' : ''}`} />
      </button>
      {!collapsed && open && (
        <ul id={id} className="bare-list sidebar__links">
          {children.map((c) => (
            <MenuLink key={c.name} entry={c} path={path} onOpen={onOpen} />
          ))}
        </ul>
      )}
    </li>
  );
}

/**
 * The sidebar of an application: its resolved menu and its home entry (the provider's portal: menu.json and the
 * dashboard; the operator console: opMenu and the review queue).
 */
export function Sidebar({
  collapsed,
  onNavigate,
  menu,
  homeRoute,
  homeLabel,
}: {
  collapsed: boolean;
  onNavigate?: () => void;
  menu: ResolvedScreen;
  /** The home entry above the menu (the portal's dashboard); none when the menu's first entry is home. */
  homeRoute?: string;
  homeLabel?: string;
}) {
  const { t } = useI18n();
  const location = useLocation();
  // An edit page highlights the entry it belongs to (the tone edit form: RBT Maintenance, not Upload).
  const pathname = placeOf(location.pathname, location.search).menuPath ?? location.pathname;
  const open = useMenuOpener();
  const onOpen = (e: ResolvedMenuEntry) => {
    void open(e);
    onNavigate?.();
  };
  const home =
    homeRoute !== undefined && isActive({ name: 'home', label: '', route: homeRoute, children: [] }, pathname);
  return (
    <nav className={`sidebar${collapsed ? ' is-collapsed' : ''}`} aria-label={t('Menu.title')}>
      <div className="sidebar__inner">
        <ul className="bare-list sidebar__groups">
          {menu.available && homeRoute && homeLabel && (
            <li className="sidebar__group">
              <a
                className={`sidebar__group-toggle sidebar__home${home ? ' is-active' : ''}`}
                href={homeRoute}
                aria-current={home ? 'page' : undefined}
                title={collapsed ? t(homeLabel) : undefined}
                onClick={(e) => {
                  e.preventDefault();
                  onOpen({ name: 'home', label: homeLabel, route: homeRoute, children: [] });
                }}
              >
                <Icon name="home" />
                <span className="sidebar__label">{t(homeLabel)}</span>
              </a>
            </li>
          )}
          {menu.menu.map((g) => (
            <MenuGroup key={g.name} group={g} path={pathname} collapsed={collapsed} onOpen={onOpen} />
          ))}
        </ul>
        {!menu.available && !collapsed && <p className="sidebar__note">{t('Menu.unavailable')}</p>}
      </div>
    </nav>
  );
}
