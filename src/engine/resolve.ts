// Resolution: a screen definition (already overlaid for its site) plus one context gives the screen as the
// user sees it now: visible fields in order with their resolved schemas, the required set, columns, actions,
// menu entries and calls. Pure and cheap, so forms re-resolve as the user types.
import { holds, evaluate, readsVar } from './logic';
import { outcomesOf } from './outcomes';
import { resolvePlaceholders, isLogicPlaceholder } from './placeholders';
import { expandRules, type RulesDoc } from './rules';
import type {
  ActionDef,
  ColumnDef,
  Context,
  FieldDef,
  JsonSchema,
  MenuEntryDef,
  Option,
  PanelDef,
  PanelLinkDef,
  ResolvedPanel,
  ResolvedAction,
  ResolvedColumn,
  ResolvedField,
  ResolvedMenuEntry,
  ResolvedScreen,
  ScreenDef,
} from './types';

function byOrder<T extends { order: number }>(map: Record<string, T> | undefined): Array<[string, T]> {
  return Object.entries(map ?? {}).sort((a, b) => a[1].order - b[1].order || a[0].localeCompare(b[0]));
}

/** expand_tone_infos 'genre:Y|mood:N' -> properties genre, mood; genre required. */
function expandObject(field: FieldDef, ctx: Context): JsonSchema {
  const spec = field.expand!;
  const items = (ctx.config[spec.fromConfig] ?? '')
    .split('|')
    .map((s) => s.trim())
    .filter(Boolean);
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const item of items) {
    const [name, flag = ''] = item.split(':').map((s) => s.trim());
    if (!name) continue;
    properties[name] = { ...spec.item, title: name };
    if (flag !== spec.optionalFlag) required.push(name);
  }
  return { ...field.schema, type: 'object', properties, required };
}

/**
 * A filter offering every value a derived column can show (the status filter of a list): the values of the
 * column's expression (outcomes.ts) in its order, labelled as the column labels them, after `all` (no filter).
 */
function optionsFromColumn(spec: { fromColumn: string; all?: string }, columns: ScreenDef['columns']): Option[] {
  const column = columns?.[spec.fromColumn];
  if (!column?.value) throw new Error(`options.fromColumn: no column "${spec.fromColumn}" with a value expression`);
  const derived = outcomesOf(column.value).map(({ value }) => ({ value, label: column.labels?.[value] ?? value }));
  return [...(spec.all ? [{ value: '', label: spec.all }] : []), ...derived];
}

function resolveOptions(
  options: FieldDef['options'],
  data: Context,
  columns?: ScreenDef['columns'],
): ResolvedField['options'] {
  if (options && 'fromColumn' in options) return optionsFromColumn(options, columns);
  if (options && 'fromConfig' in options) {
    const values = (data.config[options.fromConfig] ?? '')
      .split('|')
      .map((s) => s.trim())
      .filter(Boolean);
    return values.map((value) => ({ value, label: options.label, params: { value } }));
  }
  if (!Array.isArray(options)) return options;
  return options.filter((o: Option) => holds(o.visible, data, true)).map(({ visible: _v, ...o }) => o);
}

function resolveField(
  name: string,
  field: FieldDef,
  ctx: Context,
  rules: RulesDoc,
  columns?: ScreenDef['columns'],
): ResolvedField | null {
  if (!holds(field.visible, ctx, true)) return null;
  let schema = field.expand ? expandObject(field, ctx) : field.schema;
  if (field.expand && Object.keys(schema.properties as object).length === 0) return null;
  schema = resolvePlaceholders(expandRules(schema, field.rules, rules), ctx.config, ctx);
  const options = resolveOptions(field.options, ctx, columns);
  // An option list from the definition is also the set of allowed values.
  if (Array.isArray(options) && !schema.enum && field.widget !== 'checkboxes')
    schema = { ...schema, enum: options.map((o) => o.value) };
  const def = isLogicPlaceholder(field.default) ? evaluate(field.default.$logic, ctx) : field.default;
  return {
    name,
    order: field.order,
    label: field.label,
    help: field.help,
    placeholder: field.placeholder,
    section: field.section,
    widget: field.widget,
    schema,
    required: holds(field.required, ctx, false),
    disabled: holds(field.disabled, ctx, false),
    ...(def === undefined ? {} : { default: def }),
    ...(options === undefined ? {} : { options }),
    messages: field.messages ?? {},
    ...(field.ui ? { ui: resolvePlaceholders(field.ui, ctx.config, ctx) } : {}),
    ...(field.resetOn ? { resetOn: field.resetOn } : {}),
    ...(field.clientOnly ? { clientOnly: true } : {}),
    ...(field.invalidNotice ? { invalidNotice: field.invalidNotice } : {}),
  };
}

function resolveFields(
  map: Record<string, FieldDef> | undefined,
  ctx: Context,
  rules: RulesDoc,
  columns?: ScreenDef['columns'],
): ResolvedField[] {
  return byOrder(map)
    .map(([name, f]) => resolveField(name, f, ctx, rules, columns))
    .filter((f): f is ResolvedField => f !== null);
}

function resolveColumns(map: Record<string, ColumnDef> | undefined, ctx: Context): ResolvedColumn[] {
  return byOrder(map)
    .filter(([, c]) => holds(c.visible, ctx, true))
    .map(([name, { visible: _v, ...c }]) => ({ name, ...c }));
}

/** A panel link when its condition holds (without the condition), else undefined. */
function resolveLink(link: PanelLinkDef | undefined, ctx: Context): Omit<PanelLinkDef, 'visible'> | undefined {
  if (!link || !holds(link.visible, ctx, true)) return undefined;
  const { visible: _v, ...rest } = link;
  return rest;
}

function resolvePanels(map: Record<string, PanelDef>, ctx: Context): ResolvedPanel[] {
  return byOrder(map)
    .filter(([, p]) => holds(p.visible, ctx, true))
    .map(([name, { visible: _v, columns, empty, more, ...p }]) => {
      const action = resolveLink(empty.action, ctx);
      const shown = resolveLink(more, ctx);
      return {
        name,
        ...p,
        columns: resolveColumns(columns, ctx),
        empty: { message: empty.message, ...(action ? { action } : {}) },
        ...(shown ? { more: shown } : {}),
      };
    });
}

function resolveAction(name: string, a: ActionDef, ctx: Context): ResolvedAction | null {
  const { visible, disabled, successMessage, ...rest } = a;
  const out: ResolvedAction = { name, ...rest };
  if (successMessage !== undefined) out.successMessage = String(evaluate(successMessage, ctx));
  if (readsVar(visible, 'row')) out.visibleFor = visible;
  else if (!holds(visible, ctx, true)) return null;
  if (readsVar(disabled, 'row')) out.disabledFor = disabled;
  else out.disabled = holds(disabled, ctx, false);
  return out;
}

function resolveMenu(map: Record<string, MenuEntryDef> | undefined, ctx: Context): ResolvedMenuEntry[] {
  return (
    byOrder(map)
      .filter(([, e]) => holds(e.visible, ctx, true))
      .map(([name, e]) => ({
        name,
        label: e.label,
        ...(e.icon ? { icon: e.icon } : {}),
        ...(e.route ? { route: e.route } : {}),
        ...(e.hidden ? { hidden: true } : {}),
        ...(e.external ? { external: true } : {}),
        ...(e.gate ? { gate: e.gate } : {}),
        children: resolveMenu(e.children, ctx),
      }))
      // A group whose entries are all hidden by conditions is not shown either.
      .filter((e) => e.route !== undefined || e.children.length > 0)
  );
}

/** The JSON Schema of the whole form: what @rjsf/core renders and what the validator checks. */
export function formSchema(fields: ResolvedField[]): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const f of fields) properties[f.name] = f.schema;
  return { type: 'object', properties, required: fields.filter((f) => f.required).map((f) => f.name) };
}

export function resolveScreen(def: ScreenDef, ctx: Context, rules: RulesDoc): ResolvedScreen {
  const fields = resolveFields(def.fields, ctx, rules);
  const available = holds(def.visible, ctx, true);
  return {
    id: def.id,
    kind: def.kind,
    ...(def.route ? { route: def.route } : {}),
    title: ctx.mode === 'edit' && def.editTitle ? def.editTitle : def.title,
    available,
    ...(def.load ? { load: def.load } : {}),
    ...(def.editWhen ? { editWhen: def.editWhen } : {}),
    site: ctx.site,
    mode: ctx.mode,
    fields,
    required: fields.filter((f) => f.required).map((f) => f.name),
    search: resolveFields(def.search, ctx, rules, def.columns),
    checks: Object.entries(def.checks ?? {}).map(([name, c]) => ({ name, ...c })),
    columns: resolveColumns(def.columns, ctx),
    ...(def.summary ? { summary: resolveColumns(def.summary, ctx) } : {}),
    actions: byOrder(def.actions)
      .map(([name, a]) => resolveAction(name, a, ctx))
      .filter((a): a is ResolvedAction => a !== null),
    calls: resolvePlaceholders(def.calls ?? {}, ctx.config, ctx),
    menu: available ? resolveMenu(def.menu, ctx) : [],
    ...(def.tabs
      ? {
          tabs: byOrder(def.tabs)
            .filter(([, tab]) => holds(tab.visible, ctx, true))
            .map(([name, { visible: _visible, ...tab }]) => ({ name, ...tab })),
        }
      : {}),
    ...(def.panels ? { panels: available ? resolvePanels(def.panels, ctx) : [] } : {}),
    ...(def.list ? { list: def.list } : {}),
    jsonSchema: formSchema(fields),
  };
}

/**
 * The screen as the server checks one call: only the fields that call carries (client-only fields such as
 * confirm password, and fields another call sends, drop out), and only the checks that read none of the others.
 */
export function serverView(screen: ResolvedScreen, carried: Set<string>): ResolvedScreen {
  const dropped = screen.fields.filter((f) => f.clientOnly || !carried.has(f.name)).map((f) => f.name);
  if (dropped.length === 0) return screen;
  const fields = screen.fields.filter((f) => !dropped.includes(f.name));
  const checks = screen.checks.filter(
    (c) =>
      !dropped.includes(c.field) &&
      !dropped.some((n) => readsVar(c.valid, `form.${n}`) || readsVar(c.when, `form.${n}`)),
  );
  return {
    ...screen,
    fields,
    checks,
    required: fields.filter((f) => f.required).map((f) => f.name),
    jsonSchema: formSchema(fields),
  };
}
