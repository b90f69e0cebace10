// A field whose value is rows chosen from a list screen (music box tones, copyright owners): the chosen rows in
// a small table with a remove button each, and a button opening the list as a selection dialog (selection kept
// across pages, at most ui.max or the schema's maxItems; in an add form each tick reaches the form at once).
// The list is ui.list (the definition schema requires it); the columns shown are ui.columns, labelled as that list
// labels them. ui.filters pre-filter the list, and ui.filterNote says above it what they leave out; ui.wholeList asks for the list in one call and pages it in the dialog.
import type { WidgetProps } from '@rjsf/utils';
import { Suspense, useMemo, useState } from 'react';
import { nestedScreens, type FilterNote } from '../runtime/nestedScreens';
import { widgetContext } from './widgetProps';
import '../list/list.css';
import { ColumnHeads } from '../shell/ColumnHeads';

type Row = Record<string, unknown>;

export function SelectedRowsWidget(props: WidgetProps) {
  const { ctx, name, field, ui, aria, t } = widgetContext(props);
  const { SelectionDialog } = nestedScreens();
  const [open, setOpen] = useState(false);
  const rows: Row[] = Array.isArray(props.value) ? props.value : [];
  const listId = String(ui.list ?? '');
  // The definitions linter makes sure ui.list names a screen of every site.
  const list = useMemo(
    () => ctx.env.engine.resolve(listId, { config: ctx.env.config, user: ctx.env.user }),
    [ctx.env, listId],
  );

  const rowKey = list.list?.rowKey ?? 'id';
  const shown = Array.isArray(ui.columns)
    ? (ui.columns as string[])
    : list.columns
        .filter((c) => !c.hidden)
        .slice(0, 4)
        .map((c) => c.name);
  const labelOf = (col: string) => {
    const c =
      list.columns.find((x) => x.name === col) ?? list.columns.find((x) => x.field === col && x.format !== 'audio');
    if (c) return t(c.label);
    // A value the list shows under another (the artist under the tone name) is labelled by that second line.
    const under = list.columns.find((x) => x.secondary?.field === col)?.secondary;
    return under ? t(under.label) : col;
  };
  const max =
    typeof ui.max === 'number' ? ui.max : typeof props.schema.maxItems === 'number' ? props.schema.maxItems : undefined;
  const set = (next: Row[]) => {
    props.onChange(next.length ? next : undefined);
    ctx.touch(name);
  };
  const disabled = props.disabled || props.readonly;

  return (
    // A group may not carry aria-required/aria-invalid (axe aria-allowed-attr): it names its message instead.
    <div
      className="selected-rows"
      aria-describedby={aria['aria-describedby']}
      aria-labelledby={`${props.id}__label`}
      role="group"
    >
      <div className="selected-rows__bar">
        <button
          type="button"
          id={props.id}
          className="btn btn--secondary"
          disabled={disabled}
          onClick={() => setOpen(true)}
        >
          <span aria-hidden="true">＋</span> {t('Form.chooseRows')}
        </button>
        <span className="selected-rows__count">
          {t('List.selected', { count: rows.length })}
          {max !== undefined ? ` / ${max}` : ''}
        </span>
      </div>
      {rows.length > 0 && (
        <div className="data-table selected-rows__table">
          <table>
            <ColumnHeads heads={shown.map((c) => ({ key: c, label: labelOf(c) }))}>
              <th scope="col">
                <span className="sr-only">{t('List.operation')}</span>
              </th>
            </ColumnHeads>
            <tbody>
              {rows.map((r) => (
                <tr key={String(r[rowKey])} data-row-key={String(r[rowKey])}>
                  {shown.map((c) => (
                    <td key={c}>{r[c] === undefined || r[c] === '' ? '----' : String(r[c])}</td>
                  ))}
                  <td>
                    {!disabled && (
                      <button
                        type="button"
                        className="btn btn--link row-actions__button is-danger"
                        aria-label={t('Upload.remove', { name: String(r[shown[0]] ?? r[rowKey]) })}
                        onClick={() => set(rows.filter((x) => x[rowKey] !== r[rowKey]))}
                      >
                        {t('Form.removeRow')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {open && (
        <Suspense fallback={null}>
          <SelectionDialog
            screenId={listId}
            title={field?.label}
            initial={rows}
            max={max}
            filters={(ui.filters as Record<string, unknown> | undefined) ?? undefined}
            filterNote={ui.filterNote as FilterNote | undefined}
            wholeList={ui.wholeList === true}
            // 001 §2.3: in add mode the chosen rows reach the form as they are ticked; an edit applies them on Submit.
            onChange={ctx.mode === 'add' ? set : undefined}
            onSubmit={(chosen) => {
              set(chosen);
              setOpen(false);
            }}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </div>
  );
}
