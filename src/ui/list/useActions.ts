// Runs the actions of a list definition: a confirmation first for destructive ones, then a dialog, a route or
// a call. A row action's call sees the row as `form`; a selection action's call sees `form.selection` (the
// selected rows) and `form.keys` (their row keys), so definitions map them with ordinary JSON Logic.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from '../router';
import type { ResolvedAction, ResolvedScreen } from '../../engine';
import { callApi, succeeded } from '../runtime/api';
import {
  DIALOG_PARAM,
  DIALOG_ROW_PARAM,
  dialogEntryState,
  searchWithDialog,
  searchWithoutDialog,
} from '../runtime/dialogRoute';
import { reloadServerData } from '../runtime/queryClient';
import { useScreenEnv } from '../runtime/screenEnv';
import { confirm, toast } from '../shell/feedback';
import type { Row } from './useSelection';

export interface OpenDialog {
  screenId: string;
  initial?: Row;
}

/** '/musicBoxDetail?toneBoxID={toneBoxID}' with the row's values. */
function fillRoute(route: string, row: Row | undefined): string {
  return route.replace(/\{(\w+)\}/g, (_, key) => encodeURIComponent(String(row?.[key] ?? '')));
}

export interface ActionOptions {
  /**
   * A list that is the page (not one inside a dialog or a tab): its row dialogs showing a list screen (a tone's
   * detail) are entries of the browser's history (runtime/dialogRoute.ts).
   */
  routed?: boolean;
  /** The rows on screen: a dialog opened from an address alone (a reload without its history entry) finds its row here. */
  rows?: Row[];
}

export function useActions(
  screen: ResolvedScreen,
  rowKey: string,
  onDone: (action: ResolvedAction) => void,
  filters?: Record<string, unknown>,
  options: ActionOptions = {},
) {
  const env = useScreenEnv();
  const navigate = useNavigate();
  const location = useLocation();
  const queries = useQueryClient();
  const [localDialog, setDialog] = useState<OpenDialog | null>(null);
  const [running, setRunning] = useState<string | null>(null);
  // Read by run through a ref, so a new address does not make new row actions (the table's columns stay built).
  const here = useRef(location);
  here.current = location;

  // A row dialog that shows a list screen (a detail) is a history entry on a routed list; a form dialog is not.
  const inHistory = useCallback(
    (a: ResolvedAction) =>
      options.routed === true && a.scope === 'row' && !!a.dialog && env.engine.definition(a.dialog).kind === 'list',
    [env, options.routed],
  );
  const query = new URLSearchParams(location.search);
  const routedName = query.get(DIALOG_PARAM);
  const routedKey = query.get(DIALOG_ROW_PARAM);
  const entry = dialogEntryState(location.state);
  const { rows } = options;
  const routedDialog = useMemo<OpenDialog | null>(() => {
    if (!routedName || routedKey === null) return null;
    const action = screen.actions.find((a) => a.name === routedName && inHistory(a));
    if (!action) return null;
    const sameKey = (r: Row | undefined) => r !== undefined && String(r[rowKey]) === routedKey;
    const row = sameKey(entry.dialogRow) ? entry.dialogRow : rows?.find(sameKey);
    return { screenId: action.dialog!, initial: row ?? { [rowKey]: routedKey } };
  }, [routedName, routedKey, screen, inHistory, rowKey, entry.dialogRow, rows]);

  const run = useCallback(
    async (action: ResolvedAction, rows: Row[]) => {
      const scope = action.scope;
      if (scope === 'selection') {
        if (rows.length === 0) return void toast('List.selectFirst', { kind: 'warning' });
        if (action.maxSelection !== undefined && rows.length > action.maxSelection) {
          return void toast('List.maxSelection', { kind: 'warning', params: { max: action.maxSelection } });
        }
      }
      if (action.confirm || action.destructive) {
        const ok = await confirm({
          // Titled by what it asks about ('Delete'), never a bare 'Prompt'.
          title: action.label,
          message: action.confirm ?? 'List.confirmDestructive',
          params: { count: rows.length, name: String(rows[0]?.[rowKey] ?? '') },
          kind: action.destructive ? 'danger' : 'warning',
          okLabel: action.destructive ? action.label : undefined,
        });
        if (!ok) return;
      }
      // The dialog shows its own screen's title ('Add Copyright'), not the button's label ('Add'). A row's dialog
      // starts from the row; a toolbar's from what the list was opened with (a directory's tones: Add knows the
      // directory), never from the search the user typed; a selection's from the selected rows' keys, comma-joined
      // (form.keys: the queue's bulk decision) and their count.
      if (action.dialog && inHistory(action) && rows[0]) {
        const { pathname, search } = here.current;
        return navigate(`${pathname}${searchWithDialog(search, action.name, String(rows[0][rowKey]))}`, {
          state: { dialogRow: rows[0], dialogPushed: true },
        });
      }
      if (action.dialog)
        return setDialog({
          screenId: action.dialog,
          initial:
            scope === 'row'
              ? rows[0]
              : scope === 'selection'
                ? { ...filters, keys: rows.map((r) => r[rowKey]).join(','), count: rows.length }
                : filters,
        });
      // The screen opened reads the row from session storage (rbtUploading edit, editTag) and removes it.
      if (action.store && rows[0]) sessionStorage.setItem(action.store, JSON.stringify(rows[0]));
      if (action.navigate && !action.call) return navigate(fillRoute(action.navigate, rows[0]));
      if (!action.call) return;
      const call = screen.calls[action.call];
      const form = scope === 'row' ? rows[0] : { selection: rows, keys: rows.map((r) => r[rowKey]) };
      setRunning(action.name);
      try {
        const send = (f: Record<string, unknown>) =>
          callApi(
            call,
            env.engine.payload(screen.id, action.call!, { config: env.config, user: env.user, form: f }),
            action.retry ? [action.retry.code] : [],
          );
        let answer = await send(form);
        // A code the definition names (961001 'in use') asks a second confirmation, then resends with more (force).
        if (action.retry && answer.returnCode === action.retry.code) {
          const again = await confirm({
            title: action.label,
            message: action.retry.confirm,
            params: { message: answer.returnMsg ?? '' },
            kind: 'danger',
            okLabel: action.label,
          });
          if (!again) return;
          answer = await send({ ...form, ...action.retry.payload });
        }
        if (!succeeded(call, answer)) {
          if (answer.returnMsg) toast(answer.returnMsg, { kind: 'error' });
          return;
        }
        // The definition's message: 'Submitted for approval.' where the change waits for the operator (000 §4).
        toast(action.successMessage ?? 'List.done', { kind: 'success' });
        onDone(action);
        await reloadServerData(queries);
        if (action.navigate) navigate(fillRoute(action.navigate, rows[0]));
      } catch {
        // shown by the API client
      } finally {
        setRunning(null);
      }
    },
    [env, screen, rowKey, navigate, queries, onDone, filters, inHistory],
  );

  // A dialog that wrote (Add Copyright) has refreshed the lists already (reloadServerData in useSubmit). A dialog
  // of the history closes as Back would; one opened from an address alone (nothing of ours behind it) replaces
  // its entry with the page under it.
  const pushed = entry.dialogPushed === true;
  const closeDialog = useCallback(() => {
    if (!routedDialog) return setDialog(null);
    if (pushed) return navigate(-1);
    const { pathname, search } = here.current;
    navigate(`${pathname}${searchWithoutDialog(search)}`, { replace: true });
  }, [routedDialog, pushed, navigate]);

  return { run, running, dialog: routedDialog ?? localDialog, closeDialog };
}
