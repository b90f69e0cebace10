// The sidebar's collapsed state lives in a cookie (000 §9), so it survives a new tab and a new login.
const NAME = 'sidebarStatus';

export function readSidebarCollapsed(): boolean {
  return document.cookie.split('; ').some((c) => c === `${NAME}=1`);
}

export function writeSidebarCollapsed(collapsed: boolean): void {
  document.cookie = `${NAME}=${collapsed ? 1 : 0}; path=/; max-age=${60 * 60 * 24 * 365}; samesite=lax`;
}
