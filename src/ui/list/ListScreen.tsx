// The generic list page (000 §2): search form, toolbar, a server-paged table and the pager, all from the
// screen definition. Also embedded in dialogs as a selection list (tone and copyright selection): selection
// survives paging, keyed by the definition's rowKey, and every change is emitted to the parent.
import { hashKey, useQueryClient } from '@tanstack/react-query';
import { Suspense, useCallback, useDeferredValue, useMemo, useState } from 'react';
import type { ResolvedAction, ResolvedColumn } from '../../engine';
import { cellValue, renderCell } from './cells';
import { nestedScreens, type ListScreenProps } from '../runtime/nestedScreens';
import { withQueryClient } from '../runtime/queryClient';
import { useScreenEnv } from '../runtime/screenEnv';
import { useI18n } from '../i18n';
import { toast } from '../shell/feedback';
import { ScreenCard } from '../shell/ScreenCard';
import { DataTable } from './DataTable';
import { defaultsOf, initialState, nextSort, pageSizesOf, showsPager, type ListState } from './listState';
import { Pager } from './Pager';
import { SearchBar } from './SearchBar';
import { useActions } from './useActions';
import { listQueryKey, useListQuery } from './useListQuery';
import { useLeftOut } from './useLeftOut';
import { useSelection, type Row } from './useSelection';
import './list.css';

export const ListScreen = withQueryClient(ListScreenInner);

function ListScreenInner({
  screenId,
  embedded,
  initialFilters,
  filterNote,
  startFilters,
  selection: parent,
  wholeList = false,
}: ListScreenProps) {
  // The dialog of an action (Add Copyright, a row's tariff detail) loads when one opens: a list page carries
  // neither the form renderer (rjsf) nor the engine's validator until then.
  const { ScreenDialog } = nestedScreens();
  const env = useScreenEnv();
  const { t } = useI18n();
  const queries = useQueryClient();
  // The parent's values (a directory's row for its entries) are the form the conditions read: a toolbar action
  // may depend on them (Add Music Boxes only in a directory of tone boxes).
  // Keyed by their content: a parent may pass an equal object anew on each render.
  const parentForm = JSON.stringify(initialFilters ?? {});
  const screen = useMemo(
    () => env.engine.resolve(screenId, { config: env.config, user: env.user, form: JSON.parse(parentForm) }),
    [env, screenId, parentForm],
  );
  const rowKey = screen.list?.rowKey ?? 'id';
  // Filters with a default (a date range starting as this month) apply from the first load, as the search bar shows them.
  const searchDefaults = useMemo(() => defaultsOf(screen.search), [screen]);
  const [searchStart] = useState(() => ({ ...searchDefaults, ...startFilters }));
  const [state, setState] = useState<ListState>(() => initialState(screen, { ...searchStart, ...initialFilters }));
  // The page shows the answer in a deferred render: the query's store hands it over in a synchronous render, which
  // would draw a whole table in one long task; deferred, React draws it in slices and input stays answered. The
  // answer is deferred whole (data with its loading and error state), so the list never shows a mix of two.
  const query = useDeferredValue(useListQuery(screenId, state, screen, wholeList));
  const toolbar = useMemo(
    () => screen.actions.filter((a) => a.scope === 'toolbar' || a.scope === 'selection'),
    [screen],
  );
  // Stable between renders, so the table's columns (and the cells in them) are not built anew.
  const rowActions = useMemo(() => screen.actions.filter((a) => a.scope === 'row'), [screen]);
  // Row checkboxes only where they lead somewhere: a bulk action of the list, or a parent taking the selection.
  const selectable = Boolean(parent) || screen.actions.some((a) => a.scope === 'selection');
  const selection = useSelection(rowKey, parent?.initial, parent?.max, parent?.onChange, parent?.single);
  const onDone = useCallback(
    (a: ResolvedAction) => {
      if (a.scope === 'selection') selection.clear();
    },
    [selection],
  );
  const actions = useActions(screen, rowKey, onDone, initialFilters, {
    routed: !embedded,
    rows: query.data?.rows,
  });

  // Stable, so the table's columns are not rebuilt on every render.
  const onSort = useCallback(
    (field: string) => setState((s) => ({ ...s, page: 1, sort: nextSort(s.sort, field) })),
    [],
  );

  const rows = query.data?.rows ?? [];
  const total = query.data?.total ?? 0;
  const leftOut = useLeftOut(screenId, state, screen, filterNote ? initialFilters : undefined, query.data?.total);

  const toggle = (r: Row, on: boolean) => {
    if (!selection.toggle(r, on)) toast('List.maxSelection', { kind: 'warning', params: { max: parent?.max } });
  };

  const placeholder = query.isError ? (
    <div className="list-state list-state--error" role="alert">
      <span>{t('List.loadFailed')}</span>
      <button type="button" className="btn btn--secondary btn--small" onClick={() => void query.refetch()}>
        {t('Form.retry')}
      </button>
    </div>
  ) : query.isLoading ? (
    <div className="list-state" role="status">
      <span className="spinner" aria-hidden="true" /> {t('Form.loading')}
    </div>
  ) : rows.length === 0 ? (
    <div className="list-state list-state--empty">
      <EmptyIcon />
      <span>{t('List.empty')}</span>
    </div>
  ) : undefined;

  const body = (
    <>
      {screen.search.length > 0 && (
        <SearchBar
          screenId={screenId}
          fields={screen.search}
          start={searchStart}
          defaults={searchDefaults}
          calls={screen.calls}
          onSearch={(filters) => {
            // The parent's fixed filters (a selection dialog's onlyNormal) stay under whatever is searched.
            const next = { ...state, page: 1, filters: { ...(initialFilters ?? {}), ...filters } };
            // Search always asks the server again, even for filters whose pages are cached, and asks once: the
            // cached pages are only marked stale (refetching the page on screen now would be a second request,
            // for the old filters), so the new state's page loads once as the list switches to it; a search for
            // exactly what is shown reloads it.
            void queries.invalidateQueries({ queryKey: ['list', screenId], refetchType: 'none' });
            if (hashKey(listQueryKey(screenId, next, wholeList)) === hashKey(listQueryKey(screenId, state, wholeList)))
              void query.refetch();
            else setState(next);
          }}
        />
      )}
      {(toolbar.length > 0 || (selection.count > 0 && !parent?.single)) && (
        <div className="list-toolbar button-row button-row--spread">
          <div className="button-row">
            {toolbar.map((a) => (
              <button
                key={a.name}
                type="button"
                data-action={a.name}
                // A toolbar action is the list's main button unless its definition says primary: false.
                className={`btn ${a.destructive ? 'btn--danger' : a.scope === 'toolbar' && a.primary !== false ? 'btn--primary' : 'btn--secondary'}`}
                // An action on the selected rows is offered once there is a selection ("Delete selected" with
                // nothing selected would only answer "select at least one record first").
                disabled={
                  a.disabled || actions.running === a.name || (a.scope === 'selection' && selection.count === 0)
                }
                onClick={() => void actions.run(a, a.scope === 'selection' ? selection.rows() : [])}
              >
                {a.icon === 'plus' && <span aria-hidden="true">＋</span>}
                {t(a.label)}
              </button>
            ))}
          </div>
          {selectable && (
            <div className="list-toolbar__selection" aria-live="polite">
              {selection.count > 0 && (
                <>
                  <span>{t('List.selected', { count: selection.count })}</span>
                  <button type="button" className="btn btn--link" onClick={selection.clear}>
                    {t('List.clearSelection')}
                  </button>
                </>
              )}
            </div>
          )}
        </div>
      )}
      {filterNote && (
        <p className="alert list-note" role="note" data-left-out={leftOut}>
          {/* The count on a line of its own: two sentences joined need a space in English and none in Chinese. */}
          <span>
            {t(filterNote.text)}
            {filterNote.leftOut && leftOut ? (
              <>
                <br />
                {t(filterNote.leftOut, { count: leftOut, total: total + leftOut })}
              </>
            ) : null}
          </span>
        </p>
      )}
      {screen.summary?.length && query.data?.summary ? (
        <Summary columns={screen.summary} values={query.data.summary} />
      ) : null}
      {/* A screen whose every column is switched off (a tone's copyright owners on a site without copyright
          maintenance) is its summary alone: no empty table, no total. */}
      {screen.columns.length === 0 && !query.data?.summary && placeholder}
      {screen.columns.length > 0 && (
        <>
          <DataTable
            caption={t(screen.title)}
            columns={screen.columns}
            rows={rows}
            rowKey={rowKey}
            rowActions={rowActions}
            running={actions.running}
            onRowAction={(a, r) => void actions.run(a, [r])}
            selection={
              selectable
                ? { isSelected: selection.isSelected, toggle, togglePage: selection.togglePage, single: parent?.single }
                : undefined
            }
            loading={query.isFetching}
            placeholder={placeholder}
            sort={state.sort}
            onSort={onSort}
          />
          <div className="list-footer button-row button-row--spread">
            {/* The total always shows (also when everything fits one page); the pager only above 10 (000 §2). */}
            <span className="list-footer__total" role="status" data-total={query.data ? total : undefined}>
              {query.data ? t('List.total', { count: total }) : ''}
            </span>
            {showsPager(screen, total) && (
              <Pager
                page={state.page}
                pageSize={state.pageSize}
                total={total}
                pageSizes={pageSizesOf(screen)}
                onPage={(page) => setState((s) => ({ ...s, page }))}
                onPageSize={(pageSize) => setState((s) => ({ ...s, page: 1, pageSize }))}
              />
            )}
          </div>
        </>
      )}
      {actions.dialog && (
        // A form (Add Copyright) or a list (the tariff detail of a row's priceGroupID) in a dialog.
        <Suspense fallback={null}>
          <ScreenDialog
            screenId={actions.dialog.screenId}
            initial={actions.dialog.initial}
            onClose={actions.closeDialog}
          />
        </Suspense>
      )}
    </>
  );

  if (embedded)
    return (
      <div className="list-screen list-screen--embedded" data-screen={screenId}>
        {body}
      </div>
    );
  return (
    <ScreenCard kind="list-screen" screenId={screenId} title={t(screen.title)}>
      {body}
    </ScreenCard>
  );
}

/**
 * Values of the answer above the table (the tariff ID and name of the tariff detail dialog, a tone's detail), as
 * cells show them; an entry marked whenEmpty 'omit' is left out while it has no value (a tone without a lyricist).
 */
function Summary({ columns, values }: { columns: ResolvedColumn[]; values: Row }) {
  const env = useScreenEnv();
  const { t, digits, language } = useI18n();
  const ctx = { config: env.config, user: env.user };
  const shown = columns.filter((c) => c.whenEmpty !== 'omit' || !isEmptyValue(cellValue(c, values, ctx)));
  return (
    <dl className="list-summary">
      {shown.map((c) => (
        <div key={c.name} className="list-summary__item" data-summary={c.name}>
          <dt>{t(c.label)}</dt>
          <dd>
            {renderCell(c, values, cellValue(c, values, ctx), {
              config: env.config,
              t,
              digits,
              language,
              rowId: 'summary',
            })}
          </dd>
        </div>
      ))}
    </dl>
  );
}

const isEmptyValue = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

const EmptyIcon = () => (
  <svg viewBox="0 0 48 48" width="40" height="40" aria-hidden="true" focusable="false">
    <rect x="8" y="12" width="32" height="26" rx="4" fill="none" stroke="currentColor" strokeWidth="2" />
    <path d="M8 22h10l2 4h8l2-4h10" fill="none" stroke="currentColor" strokeWidth="2" />
  </svg>
);
