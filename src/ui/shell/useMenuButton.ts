// The WAI-ARIA menu button pattern, shared by the user dropdown and a table row's "More" menu: the button
// opens the menu (click, ArrowDown, Enter, Space), the first item takes focus, ArrowUp/ArrowDown/Home/End
// move between items, Escape closes and gives focus back to the button, Tab closes and lets focus go on, a
// press outside closes. Items are the [role="menuitem"] elements inside the `menu` ref.
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

export function useMenuButton<B extends HTMLElement = HTMLButtonElement, M extends HTMLElement = HTMLElement>() {
  const [open, setOpen] = useState(false);
  const button = useRef<B>(null);
  const menu = useRef<M>(null);
  const menuId = useId();

  const items = () =>
    Array.from(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]:not([disabled])') ?? []);

  useEffect(() => {
    if (open) items()[0]?.focus();
  }, [open]);
  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent) => {
      const target = e.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  /** Closes the menu; `refocus` gives focus back to the button (after Escape or after choosing an item). */
  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  }, []);

  const onMenuKeyDown = (e: KeyboardEvent) => {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const move = (i: number) => {
      e.preventDefault();
      all[(i + all.length) % all.length]?.focus();
    };
    if (e.key === 'ArrowDown') move(at + 1);
    else if (e.key === 'ArrowUp') move(at - 1);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(all.length - 1);
    else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      close(true);
    } else if (e.key === 'Tab') close(false);
  };

  const buttonProps = {
    ref: button,
    'aria-haspopup': 'menu' as const,
    'aria-expanded': open,
    'aria-controls': open ? menuId : undefined,
    onClick: () => setOpen((o) => !o),
    onKeyDown: (e: KeyboardEvent) => {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        setOpen(true);
      }
    },
  };
  const menuProps = { ref: menu, id: menuId, role: 'menu' as const, onKeyDown: onMenuKeyDown };

  return { open, close, button, menu, buttonProps, menuProps };
}
