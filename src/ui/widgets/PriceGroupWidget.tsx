// The tariff table of a form (000 §4 tariff choice '2', 001 §2.1): the tariff list screen inline (ui.list,
// default 'tariffSelection'; 5 rows a page in its definition), one row chosen with a radio button; the value is
// the row key (priceGroupID). ui.filters (resolved against the form, e.g. priceGroupType by box type) filter
// the list; a change of filters reloads it.
import type { WidgetProps } from '@rjsf/utils';
import { lazy, Suspense } from 'react';
import { widgetContext } from './widgetProps';

const ListScreen = lazy(() => import('../list/ListScreen').then((m) => ({ default: m.ListScreen })));

export function PriceGroupWidget(props: WidgetProps) {
  const { ctx, name, ui, t } = widgetContext(props);
  const listId = String(ui.list ?? 'tariffSelection');
  let rowKey = 'priceGroupID';
  try {
    rowKey = ctx.env.engine.definition(listId).list?.rowKey ?? rowKey;
  } catch {
    return (
      <div id={props.id} className="field__value pending-widget" tabIndex={-1}>
        {t('Form.widgetPending')}
      </div>
    );
  }
  const filters = (ui.filters as Record<string, unknown> | undefined) ?? {};
  const value = props.value === undefined || props.value === null ? undefined : String(props.value);
  return (
    <div className="price-group" id={props.id} tabIndex={-1}>
      <Suspense
        fallback={
          <div className="list-state" role="status">
            <span className="spinner" aria-hidden="true" />
          </div>
        }
      >
        <ListScreen
          key={JSON.stringify(filters)}
          screenId={listId}
          embedded
          initialFilters={filters}
          selection={{
            single: true,
            initial: value ? [{ [rowKey]: value }] : [],
            onChange: (rows) => {
              props.onChange(rows[0] ? String(rows[0][rowKey]) : undefined);
              ctx.touch(name);
            },
          }}
        />
      </Suspense>
    </div>
  );
}
