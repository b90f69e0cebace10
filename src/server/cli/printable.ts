// What the operator CLI prints of stored text (names, reasons, change payloads, outbox messages): a provider
// could have stored terminal escape sequences (ESC [ ... clears the screen, rewrites earlier lines or sets the
// window title), carriage returns that overwrite a line, or bidirectional overrides that reorder it. They are
// printed as visible escapes (\x1b, \r, \u202e) instead, so the operator sees exactly what was stored.
const LINE_UNSAFE = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
const CELL_UNSAFE = /[\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
const NAMED: Record<string, string> = { '\t': '\\t', '\n': '\\n', '\r': '\\r' };

const visible = (c: string) => {
  const code = c.charCodeAt(0);
  return (
    NAMED[c] ?? (code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`)
  );
};

/** One stored value inside a tab-separated line: its own tabs and line breaks are escaped too. */
export const cell = (value: unknown): string => String(value ?? '').replace(CELL_UNSAFE, visible);

/** A whole line as printed: the tabs and line breaks the CLI itself writes stay; every other control is escaped. */
export const terminalSafe = (line: string): string => line.replace(LINE_UNSAFE, visible);
