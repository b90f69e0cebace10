// The 0:00-5:00 rule (000 §8, 001 §8): write calls are refused while the background data run may be
// working. The window is configuration (maintenance_window 'HH:MM-HH:MM' in server time, may wrap midnight,
// '24:00' allowed as an end; empty switches it off), so tests and demos set it instead of waiting for the clock.
const WINDOW = /^\s*(\d{1,2}):(\d{2})\s*-\s*(\d{1,2}):(\d{2})\s*$/;

export function inMaintenanceWindow(window: string | undefined, at: Date): boolean {
  const m = WINDOW.exec(window ?? '');
  if (!m) return false;
  const start = Number(m[1]) * 60 + Number(m[2]);
  const end = Number(m[3]) * 60 + Number(m[4]);
  const now = at.getHours() * 60 + at.getMinutes();
  if (start === end) return false;
  return start < end ? now >= start && now < end : now >= start || now < end;
}

/** The window as the portal shows it: its text, whether it is active now and, while active, when it ends. */
export function writeWindow(
  window: string | undefined,
  at: Date,
): { window: string; active: '0' | '1'; until: string } {
  const text = (window ?? '').trim();
  const active = inMaintenanceWindow(text, at);
  return { window: text, active: active ? '1' : '0', until: active ? text.split('-')[1].trim() : '' };
}

/**
 * The hours of the window as the refusal (950002) names them, '0:00' and '5:00' for the default '00:00-05:00': the
 * message is filled from the configuration the check reads, so it names the window that refused the call.
 */
export function windowHours(window: string | undefined): [string, string] {
  const m = WINDOW.exec(window ?? '');
  if (!m) return ['', ''];
  return [`${Number(m[1])}:${m[2]}`, `${Number(m[3])}:${m[4]}`];
}
