// The buttons of one row: each row action of the definition whose per-row condition (visibleFor) holds,
// disabled when its disabledFor holds for the row.
import { holds, type Config, type ResolvedAction } from '../../engine';
import { useI18n } from '../i18n';
import type { Row } from './useSelection';

export function rowActionsFor(actions: ResolvedAction[], row: Row, ctx: { config: Config; user: Record<string, unknown> }) {
  const data = { row, config: ctx.config, user: ctx.user };
  return actions
    .filter((a) => holds(a.visibleFor, data, true))
    .map((a) => ({ action: a, disabled: a.disabled === true || holds(a.disabledFor, data, false) }));
}

export function RowActions({ items, running, onRun, rowLabel }: {
  items: Array<{ action: ResolvedAction; disabled: boolean }>;
  running: string | null;
  onRun(action: ResolvedAction): void;
  rowLabel: string;
}) {
  const { t } = useI18n();
  return (
    <div className="row-actions">
      {items.map(({ action, disabled }) => (
        <button
          key={action.name}
          type="button"
          className={`btn btn--link row-actions__button${action.destructive ? ' is-danger' : ''}`}
          disabled={disabled || running === action.name}
          // The visible text is short ("Delete"); the accessible name says which row.
          aria-label={`${t(action.label)} ${rowLabel}`.trim()}
          onClick={() => onRun(action)}
        >
          {t(action.label)}
        </button>
      ))}
    </div>
  );
}
