// The panels of a `page` definition (ScreenDef.panels): each shows one array of a page call's answer, as a grid
// of counts (each tile a link, e.g. to a list filtered by that state) or as a short list of rows formatted by its
// columns like a list's cells; with nothing to show it says what to do first and links there. The calls the
// panels name are made once each (one query per call, shared by its panels), so the home page is one round trip.
import { useQueries } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { CallDef, ResolvedPanel, ResolvedScreen } from '../../engine/types';
import { engineFor } from '../definitions';
import { useI18n } from '../i18n';
import { GatedLink } from './GatedLink';
import { callApi } from '../runtime/api';
import { WithQueryClient } from '../runtime/queryClient';
import { useSession } from '../session/SessionContext';
import { cellValue, renderCell, renderCellWithSecondary } from '../list/cells';
import { Icon } from './Icon';
import { ColumnHeads } from './ColumnHeads';

type Row = Record<string, unknown>;

/** A route template's {field} placeholders filled with the item's values, URL-encoded. */
const fill = (template: string, row: Row) =>
  template.replace(/\{(\w+)\}/g, (_, k: string) => encodeURIComponent(String(row[k] ?? '')));

function CountsPanel({ panel, items }: { panel: ResolvedPanel; items: Row[] }) {
  const { t, digits, language } = useI18n();
  const session = useSession();
  const [labelColumn] = panel.columns;
  const countKey = panel.count ?? 'count';
  const shown = panel.hideZero ? items.filter((i) => Number(i[countKey]) > 0) : items;
  const ctx = { config: session.config, user: session.contextUser, t, digits, language };
  return (
    <ul className="count-grid" data-panel-items={shown.length}>
      {shown.map((item, i) => {
        const label = labelColumn
          ? renderCell(labelColumn, item, cellValue(labelColumn, item, ctx), { ...ctx, rowId: String(i) })
          : null;
        const body = (
          <>
            <span className="count-grid__n">{digits(String(item[countKey] ?? 0))}</span>
            <span className="count-grid__label">{label}</span>
          </>
        );
        const key = labelColumn ? String(cellValue(labelColumn, item, ctx)) : String(i);
        return (
          <li key={key} data-count={key}>
            {panel.link ? (
              <GatedLink
                className="count-grid__tile"
                to={fill(panel.link, item)}
                fallback={<span className="count-grid__tile">{body}</span>}
              >
                {body}
              </GatedLink>
            ) : (
              <span className="count-grid__tile">{body}</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function ItemsPanel({ panel, items }: { panel: ResolvedPanel; items: Row[] }) {
  const { t, digits, language } = useI18n();
  const session = useSession();
  const ctx = { config: session.config, user: session.contextUser, t, digits, language };
  return (
    <table className="panel-table" data-panel-items={items.length}>
      <ColumnHeads heads={panel.columns.map((c) => ({ key: c.name, label: t(c.label) }))} />
      <tbody>
        {items.map((item, i) => (
          <tr key={i}>
            {panel.columns.map((c, j) => {
              const cell = renderCellWithSecondary(c, item, { ...ctx, rowId: String(i) });
              const content =
                j === 0 && panel.link ? (
                  <GatedLink to={fill(panel.link, item)} fallback={cell}>
                    {cell}
                  </GatedLink>
                ) : (
                  cell
                );
              return (
                <td key={c.name} data-column={c.name}>
                  <span className="panel-table__cell">{content}</span>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Panel({
  panel,
  state,
  onRetry,
}: {
  panel: ResolvedPanel;
  state: { answer?: Row; failed: boolean; loading: boolean };
  onRetry(): void;
}) {
  const { t } = useI18n();
  const items = (state.answer?.[panel.source.items] as Row[] | undefined) ?? [];
  const shown =
    panel.kind === 'counts' && panel.hideZero ? items.filter((i) => Number(i[panel.count ?? 'count']) > 0) : items;
  let body: ReactNode;
  if (state.failed)
    body = (
      <div className="panel-empty button-row button-row--spread" role="alert">
        <p>{t('Home.loadFailed')}</p>
        <button type="button" className="btn btn--secondary btn--small" onClick={onRetry}>
          {t('Home.retry')}
        </button>
      </div>
    );
  else if (state.loading) body = <div className="panel-loading" aria-busy="true" />;
  else if (shown.length === 0)
    body = (
      <div className="panel-empty button-row button-row--spread" data-panel-empty={panel.name}>
        <p>{t(panel.empty.message)}</p>
        {panel.empty.action && (
          <GatedLink className="btn btn--primary btn--small" to={panel.empty.action.route}>
            {t(panel.empty.action.label)}
          </GatedLink>
        )}
      </div>
    );
  else
    body =
      panel.kind === 'counts' ? (
        <CountsPanel panel={panel} items={items} />
      ) : (
        <ItemsPanel panel={panel} items={items} />
      );
  const titleId = `panel-${panel.name}`;
  return (
    <section className={`card panel panel--${panel.kind}`} aria-labelledby={titleId} data-panel={panel.name}>
      <header className="panel__header">
        <div>
          <h2 id={titleId} className="panel__title">
            {t(panel.title)}
          </h2>
          {panel.description && <p className="panel__description">{t(panel.description)}</p>}
        </div>
        {panel.more && shown.length > 0 && (
          <GatedLink className="panel__more" to={panel.more.route}>
            {t(panel.more.label)}
            <Icon name="chevron" size={14} className="icon icon--directional" />
          </GatedLink>
        )}
      </header>
      <div className="panel__body">{body}</div>
    </section>
  );
}

function Panels({ screen, children }: { screen: ResolvedScreen; children?: ReactNode }) {
  const session = useSession();
  const panels = screen.panels ?? [];
  const callNames = [...new Set(panels.map((p) => p.source.call))];
  const results = useQueries({
    queries: callNames.map((name) => ({
      queryKey: ['panels', screen.id, name],
      queryFn: async () => {
        const def = screen.calls[name] as CallDef;
        const payload = engineFor(session.site).payload(screen.id, name, {
          config: session.config,
          user: session.contextUser,
          form: {},
        });
        const answer = await callApi(def, payload);
        return (answer.record ?? {}) as Row;
      },
    })),
  });
  const stateOf = (call: string) => {
    const r = results[callNames.indexOf(call)];
    return {
      answer: r?.data,
      failed: Boolean(r?.isError),
      loading: Boolean(r?.isLoading),
      retry: () => void r?.refetch(),
    };
  };
  const [first, ...rest] = panels;
  const render = (p: ResolvedPanel) => {
    const s = stateOf(p.source.call);
    return <Panel key={p.name} panel={p} state={s} onRetry={s.retry} />;
  };
  if (!first) return <div className="page-panels__grid">{children}</div>;
  return (
    <div className="page-panels">
      {first.kind === 'counts' ? render(first) : null}
      <div className="page-panels__grid">
        {(first.kind === 'counts' ? rest : panels).map(render)}
        {children}
      </div>
    </div>
  );
}

/**
 * The panels of a page definition, the page's own cards (`children`) after them in the same grid; only the
 * children when the definition has no panel the session may see.
 */
export function PagePanels({ screen, children }: { screen: ResolvedScreen; children?: ReactNode }) {
  if (!screen.panels?.length) return <div className="page-panels__grid">{children}</div>;
  return (
    <WithQueryClient>
      <Panels screen={screen}>{children}</Panels>
    </WithQueryClient>
  );
}
