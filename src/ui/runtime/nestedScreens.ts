// Screens show other screens: a widget shows a list (the tariff table) or a selection dialog (tone selection),
// a list or a form opens any screen in a dialog, and that dialog shows a form or a list again. So that no
// renderer imports another (an import loop through the widget set), they reach one another through this table,
// which the application's entry fills at start with lazily loaded components (src/ui/nestedScreens.ts): a page
// loads a nested renderer only when it shows one.
import type { ComponentType } from 'react';

type Row = Record<string, unknown>;

/**
 * What a parent's fixed filters mean, shown above the list (message keys): the rule (`text`), and `leftOut`, given
 * {count} and {total}, for how many rows of the search the rule leaves out (said only when some are).
 */
export interface FilterNote {
  text: string;
  leftOut?: string;
}

export interface ListScreenProps {
  screenId: string;
  /** Inside a dialog or another screen: no card and no page title. */
  embedded?: boolean;
  initialFilters?: Record<string, unknown>;
  /** Says what initialFilters leave out, so a list they narrow is never silently short. */
  filterNote?: FilterNote;
  /** Values the search bar starts with instead of its defaults (a tab opened after a submit: the type just sent). */
  startFilters?: Record<string, unknown>;
  /** A parent that wants the selection: rows already chosen, an upper limit, and every change. */
  selection?: { initial?: Row[]; max?: number; single?: boolean; onChange(rows: Row[]): void };
  /**
   * Ask for the whole list in one call (startRecordNum 1, endRecordNum -1: 001 §7 sp/querycopyright) and page it
   * here: paging asks nothing more, a search asks once more. The server caps such an answer (MAX_PAGE_ROWS).
   */
  wholeList?: boolean;
}

export interface ScreenDialogProps {
  screenId: string;
  title?: string;
  initial?: Record<string, unknown>;
  /** Filters of a list dialog (the tariff of the form: priceGroupID...). */
  filters?: Record<string, unknown>;
  onClose(changed: boolean): void;
}

export interface SelectionDialogProps {
  screenId: string;
  /** i18n key; the list's title when absent. */
  title?: string;
  /** Rows already chosen (edit mode). */
  initial?: Row[];
  max?: number;
  filters?: Record<string, unknown>;
  /** What the filters leave out, said above the list (ListScreenProps.filterNote). */
  filterNote?: FilterNote;
  /** The list in one call, paged in the browser (ListScreenProps.wholeList). */
  wholeList?: boolean;
  /** Add mode: called with the whole selection on every change. */
  onChange?(rows: Row[]): void;
  onSubmit(rows: Row[]): void;
  onClose(): void;
}

export interface NestedScreens {
  ListScreen: ComponentType<ListScreenProps>;
  ScreenDialog: ComponentType<ScreenDialogProps>;
  SelectionDialog: ComponentType<SelectionDialogProps>;
}

let registered: NestedScreens | undefined;

export function registerNestedScreens(screens: NestedScreens): void {
  registered = screens;
}

export function nestedScreens(): NestedScreens {
  if (!registered) throw new Error('nested screens are registered at start (registerNestedScreens)');
  return registered;
}
