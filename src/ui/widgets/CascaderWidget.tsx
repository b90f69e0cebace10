// The catalogue cascader (000 §2, 001 §4): a parent select and, when the parent has sub-catalogues, a child
// select. Options come from the field's option call, nested under ui.childrenKey (catalogInfo); the value is
// the child's id when one is chosen, else the parent's (001 §3: "the child id is used if present").
import type { WidgetProps } from '@rjsf/utils';
import { useMemo } from 'react';
import { useCallRows } from './useOptions';
import { useFills } from './useFills';
import { widgetContext } from './widgetProps';

type Node = Record<string, unknown>;

/** One empty list while the options load, so what is derived from them is not recomputed on every render. */
const NO_ROWS: Node[] = [];

const childrenOf = (n: Node | undefined, key: string): Node[] => (Array.isArray(n?.[key]) ? (n![key] as Node[]) : []);

export function CascaderWidget(props: WidgetProps) {
  const { ctx, name, field, ui, aria, t } = widgetContext(props);
  const rows = useCallRows(field, ctx);
  const valueKey = String(ui.valueKey ?? 'catalogID');
  const labelKey = String(ui.labelKey ?? 'catalogName');
  const childrenKey = String(ui.childrenKey ?? 'catalogInfo');
  const children = (n: Node | undefined) => childrenOf(n, childrenKey);
  const tree = rows.data ?? NO_ROWS;
  const value = props.value === undefined || props.value === null ? '' : String(props.value);

  // Which parent (and child) the stored id is: a parent's own id, or one of its children's.
  const [parent, child] = useMemo(() => {
    for (const p of tree) {
      if (String(p[valueKey]) === value) return [p, undefined];
      const c = childrenOf(p, childrenKey).find((x) => String(x[valueKey]) === value);
      if (c) return [p, c];
    }
    return [undefined, undefined];
  }, [tree, value, valueKey, childrenKey]);
  const subs = children(parent);
  const disabled = props.disabled || props.readonly || rows.isLoading;
  const fill = useFills(name, ui, ctx);
  const choose = (v: string | undefined) => {
    props.onChange(v);
    void fill(v);
  };

  // A select's entries: the empty one (what choosing none means there), then the catalogues by name.
  const options = (nodes: Node[], none: string) => (
    <>
      <option value="">{none}</option>
      {nodes.map((n) => (
        <option key={String(n[valueKey])} value={String(n[valueKey])}>
          {String(n[labelKey] ?? n[valueKey])}
        </option>
      ))}
    </>
  );

  return (
    <div className="cascader input-group">
      <select
        id={props.id}
        className="select input"
        value={parent ? String(parent[valueKey]) : ''}
        disabled={disabled}
        aria-busy={rows.isLoading || undefined}
        {...aria}
        onChange={(e) => choose(e.target.value === '' ? undefined : e.target.value)}
        onBlur={() => ctx.touch(name)}
      >
        {options(tree, t('Form.pleaseSelect'))}
      </select>
      {subs.length > 0 && (
        <select
          id={`${props.id}-child`}
          className="select input"
          aria-label={t('Form.subCategory', { name: String(parent?.[labelKey] ?? '') })}
          value={child ? String(child[valueKey]) : ''}
          disabled={disabled}
          onChange={(e) => choose(e.target.value === '' ? String(parent![valueKey]) : e.target.value)}
          onBlur={() => ctx.touch(name)}
        >
          {options(subs, t('Form.allSubCategories'))}
        </select>
      )}
    </div>
  );
}
