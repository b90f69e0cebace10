// An entry of a menu opened by useMenuButton (the user menu, the notifications, a row's More): a button the menu's arrow keys
// move to (tabIndex -1, WAI-ARIA menu pattern), in a list item that is no item to assistive technology.
import type { ButtonHTMLAttributes } from 'react';

export function MenuItem(props: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'role' | 'tabIndex'>) {
  return (
    <li role="none">
      <button type="button" role="menuitem" tabIndex={-1} {...props} />
    </li>
  );
}
