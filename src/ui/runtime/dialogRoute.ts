// A list's row dialog that shows something (a tone's detail, a tariff's rows: a dialog of a list screen) is a
// place of its own in the browser's history: opening it adds ?dialog=<action>&row=<row key> to the page's address,
// so the browser's Back closes it and returns to the list as it was (the list stays mounted: its page, search
// and sort are kept), Forward opens it again and a reload or a copied address shows it. A form in a dialog
// (Add Copyright) is an edit in progress and stays out of the history: Back must not throw away what was typed.
// The row itself rides in the history entry's state (its key alone in the address), so the dialog starts from
// the same row a click gave it.

/** The address's names for the open dialog: the row action's name and the row's key. */
export const DIALOG_PARAM = 'dialog';
export const DIALOG_ROW_PARAM = 'row';

/** What the dialog's history entry carries: the row it was opened on, and that the list page pushed it. */
export interface DialogEntryState {
  dialogRow?: Record<string, unknown>;
  dialogPushed?: boolean;
}

/** The address's query without the dialog's names: a list page's starting filters never include them. */
export function withoutDialog(query: URLSearchParams): URLSearchParams {
  const rest = new URLSearchParams(query);
  rest.delete(DIALOG_PARAM);
  rest.delete(DIALOG_ROW_PARAM);
  return rest;
}

/** A list route's starting filters (/musicBoxDetail?toneBoxID=5) from its query, the dialog's names left out. */
export function listFiltersOf(query: URLSearchParams): Record<string, string> {
  return Object.fromEntries(withoutDialog(query));
}

/** '?tab=x&dialog=detail&row=5' -> '?tab=x': the address of the page under the dialog. */
export function searchWithoutDialog(search: string): string {
  const rest = withoutDialog(new URLSearchParams(search)).toString();
  return rest ? `?${rest}` : '';
}

/** The address of the page with the dialog of `action` open on the row of key `key`. */
export function searchWithDialog(search: string, action: string, key: string): string {
  const next = withoutDialog(new URLSearchParams(search));
  next.set(DIALOG_PARAM, action);
  next.set(DIALOG_ROW_PARAM, key);
  return `?${next.toString()}`;
}

export function dialogEntryState(state: unknown): DialogEntryState {
  return state && typeof state === 'object' ? (state as DialogEntryState) : {};
}
