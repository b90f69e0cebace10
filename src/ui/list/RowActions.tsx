// The actions of one row: each row action of the definition whose per-row condition (visibleFor) holds,
// disabled when its disabledFor holds for the row. The definition's `primary` actions are buttons on the row;
// the others sit in the row's "More" menu (a menu button: arrow keys, Escape, focus back to the button). The
// menu is drawn in a portal at the button, so the table's scrolling box never clips it.
import { useLayoutEffect, useState, type CSSProperties, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import type { ResolvedAction } from '../../engine';
import { useI18n } from '../i18n';
import { Icon } from '../shell/Icon';
import { MenuItem } from '../shell/MenuItem';
import { useMenuButton } from '../shell/useMenuButton';
import { splitRowActions, type RowActionItem } from './listState';

interface RowActionsProps {
  items: RowActionItem[];
  running: string | null;
  onRun(action: ResolvedAction): void;
  rowLabel: string;
}

export function RowActions({ items, running, onRun, rowLabel }: RowActionsProps) {
  const { t } = useI18n();
  const { inline, more } = splitRowActions(items);
  return (
    <div className="row-actions">
      {inline.map(({ action, disabled }) => (
        <button
          key={action.name}
          type="button"
          className={`btn btn--link row-actions__button${action.destructive ? ' is-danger' : ''}`}
          disabled={disabled || running === action.name}
          data-action={action.name}
          // The visible text is short ("Delete"); the accessible name says which row.
          aria-label={`${t(action.label)} ${rowLabel}`.trim()}
          onClick={() => onRun(action)}
        >
          {t(action.label)}
        </button>
      ))}
      {more.length > 0 && <MoreMenu items={more} running={running} onRun={onRun} rowLabel={rowLabel} />}
    </div>
  );
}

function MoreMenu({ items, running, onRun, rowLabel }: RowActionsProps) {
  const { t } = useI18n();
  const { open, close, button, menu, buttonProps, menuProps } = useMenuButton<HTMLButtonElement, HTMLUListElement>();
  const place = usePlacement(open, button, menu, close);
  return (
    <>
      <button
        type="button"
        className="btn btn--link row-actions__button row-actions__more"
        aria-label={t('List.moreActions', { name: rowLabel })}
        {...buttonProps}
      >
        {t('List.more')}
        <Icon name="chevronDown" size={14} />
      </button>
      {open &&
        createPortal(
          <ul {...menuProps} className="row-menu" aria-label={t('List.moreActions', { name: rowLabel })} style={place}>
            {items.map(({ action, disabled }) => (
              <MenuItem
                key={action.name}
                className={`menu-item row-menu__item${action.destructive ? ' is-danger' : ''}`}
                data-action={action.name}
                disabled={disabled || running === action.name}
                onClick={() => {
                  close(true);
                  onRun(action);
                }}
              >
                {t(action.label)}
              </MenuItem>
            ))}
          </ul>,
          document.body,
        )}
    </>
  );
}

const UNPLACED: CSSProperties = { position: 'fixed', top: 0, right: 0, opacity: 0 };

/**
 * Where the open menu goes: under the button, aligned with its end edge (its right edge, its left one right to
 * left), or above it when the window has no room below. The menu closes when anything scrolls or the window resizes (it would drift away from its row).
 */
function usePlacement(
  open: boolean,
  anchor: RefObject<HTMLElement | null>,
  panel: RefObject<HTMLElement | null>,
  close: (refocus: boolean) => void,
): CSSProperties {
  // Transparent (not hidden) until placed: the first item takes focus as the menu opens.
  const [style, setStyle] = useState<CSSProperties>(UNPLACED);
  useLayoutEffect(() => {
    if (!open || !anchor.current) return setStyle(UNPLACED);
    const a = anchor.current.getBoundingClientRect();
    const height = panel.current?.offsetHeight ?? 0;
    const below = window.innerHeight - a.bottom;
    const top = below >= height + 8 || below >= a.top ? a.bottom + 4 : a.top - height - 4;
    const rtl = getComputedStyle(anchor.current).direction === 'rtl';
    setStyle(
      rtl
        ? { position: 'fixed', top: Math.max(4, top), left: Math.max(4, a.left) }
        : { position: 'fixed', top: Math.max(4, top), right: Math.max(4, window.innerWidth - a.right) },
    );
  }, [open, anchor, panel]);
  useLayoutEffect(() => {
    if (!open) return;
    const onMove = (e: Event) => {
      if (!(e.target instanceof Node && panel.current?.contains(e.target))) close(false);
    };
    window.addEventListener('scroll', onMove, true);
    window.addEventListener('resize', onMove);
    return () => {
      window.removeEventListener('scroll', onMove, true);
      window.removeEventListener('resize', onMove);
    };
  }, [open, panel, close]);
  return style;
}
