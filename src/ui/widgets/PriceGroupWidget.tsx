// The tariff table of a form (000 §4 tariff choice '2', 001 §2.1): the tariff list screen inline (ui.list,
// 5 rows a page in its definition), one row chosen with a radio button; the value is
// the row key (priceGroupID). ui.filters (resolved against the form, e.g. priceGroupType by box type) filter
// the list; a change of filters reloads it.
import type { WidgetProps } from '@rjsf/utils';
import { Suspense } from 'react';
import { nestedScreens } from '../runtime/nestedScreens';
import { widgetContext } from './widgetProps';

export function PriceGroupWidget(props: WidgetProps) {
  const { ctx, name, ui } = widgetContext(props);
  const { ListScreen } = nestedScreens();
  const listId = String(ui.list ?? '');
  // The definitions linter makes sure ui.list names a screen of every site.
  const rowKey = ctx.env.engine.definition(listId).list?.rowKey ?? 'priceGroupID';
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
