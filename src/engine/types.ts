// The shapes of screen definitions, overlays and what the engine resolves them into.
// The JSON Schema in schemas/screen-definition.schema.json describes the same shapes for editors and the CLI.

/** A site variant: the name of a folder of site-variants/ (sources.ts discovers them; none is listed in code). */
export type SiteId = string;
export type Mode = 'add' | 'edit';

/** A JSON Logic expression (https://jsonlogic.com), evaluated against a {@link Context}. */
export type Logic = unknown;
/** A boolean, or a JSON Logic expression giving one. */
export type Condition = boolean | Logic;

export type Config = Record<string, string>;

/** The one context every condition, default and payload expression is evaluated against. */
export interface Context {
  config: Config;
  user: Record<string, unknown>;
  site: SiteId;
  mode: Mode;
  form: Record<string, unknown>;
  /** Only while a list row is rendered: the row. */
  row?: Record<string, unknown>;
}

export type JsonSchema = Record<string, unknown>;

export interface Option {
  value: string | number;
  label: string;
  /** Parameters of the label's message (options built from the configuration). */
  params?: Record<string, unknown>;
  /** Shown only when true. */
  visible?: Condition;
}

export interface FieldDef {
  order: number;
  label?: string;
  help?: string;
  placeholder?: string;
  section?: string;
  widget?: string;
  schema: JsonSchema;
  /** Names of shared rules in schemas/rules.json, merged into the field schema with allOf. */
  rules?: string[];
  required?: Condition;
  visible?: Condition;
  disabled?: Condition;
  /** A value, or {"$logic": expression}. */
  default?: unknown;
  options?:
    | Option[]
    | { dictionary: string }
    | { call: string }
    | { fromConfig: string; label: string }
    | { fromColumn: string; all?: string };
  messages?: Record<string, string>;
  ui?: Record<string, unknown>;
  expand?: ExpandDef;
  /** When one of these fields changes, this one returns to its default. */
  resetOn?: string[];
  /** Not sent: only the browser checks it (confirm password); the server skips it and checks that read it. */
  clientOnly?: boolean;
  /** The warning a refused submit shows when this field holds the first error, instead of Common.checkValidation. */
  invalidNotice?: string;
}

/**
 * An object field whose properties come from a pipe list in the configuration, such as
 * expand_tone_infos 'name:flag|...': one string property per item, required unless its flag is optionalFlag.
 */
export interface ExpandDef {
  fromConfig: string;
  optionalFlag: string;
  item: JsonSchema;
}

export interface CheckDef {
  /** Field that shows the message. */
  field: string;
  /** The check runs only when this holds. */
  when?: Condition;
  /** Must hold for the form to be valid. */
  valid: Logic;
  message: string;
  params?: Record<string, unknown>;
}

export interface ColumnDef {
  order: number;
  label: string;
  /** Row key shown; or `value`, an expression with `row` in the context. */
  field?: string;
  value?: Logic;
  format?:
    | 'text'
    | 'date'
    | 'datetime'
    | 'price'
    | 'status'
    | 'audio'
    | 'audios'
    | 'file'
    | 'image'
    | 'label'
    | 'progress'
    | 'age';
  /** For format 'audios': the key of each item's name and of its play address. */
  items?: { name: string; source: string };
  /**
   * For format 'label' / 'status': value -> i18n key; '*' labels any other value (001 §9 userType: otherwise all).
   * The key's text receives the value as {value} (and as {count} when it is a number): '*': 'Common.days' reads
   * "90 days".
   */
  labels?: Record<string, string>;
  /** For format 'status': value -> colour name (green, red, blue, yellow, grey). */
  colours?: Record<string, string>;
  visible?: Condition;
  width?: number;
  hidden?: boolean;
  /** The header sorts the list by `field` through the list call's orderBy (the server allows exactly these). */
  sortable?: boolean;
  /** A second line under the value; `whenEmpty: 'omit'` leaves it out for a row without one (a failure's reason). */
  secondary?: { label: string; field?: string; value?: Logic; whenEmpty?: 'dash' | 'omit' };
  /** A summary entry without a value: 'dash' (the default) shows the empty mark, 'omit' leaves the entry out. */
  whenEmpty?: 'dash' | 'omit';
}

export interface ActionDef {
  order: number;
  label: string;
  /** toolbar: above the table or form; row: per row; selection: on selected rows. */
  scope: 'toolbar' | 'row' | 'selection' | 'form';
  call?: string;
  navigate?: string;
  dialog?: string;
  confirm?: string;
  destructive?: boolean;
  visible?: Condition;
  disabled?: Condition;
  /** Message key saying why the action is disabled: the button's hint, and the server's refusal of the call it sends. */
  disabledReason?: string;
  maxSelection?: number;
  icon?: string;
  /** Row actions: a button on the row; the row's other actions go to its "More" menu (none marked: all buttons). */
  primary?: boolean;
  /** Form actions: the fields checked before the call (default: the whole form). */
  validates?: string[];
  /** Row actions: session storage key the row is stored under (JSON) before navigating. */
  store?: string;
  /** An answer code that asks a second confirmation, then resends with payload added to the form (forced delete). */
  retry?: { code: string; confirm: string; payload: Record<string, unknown> };
  /** The message key shown after success, or JSON Logic giving one (000 §4 believeCP). */
  successMessage?: Logic;
  /** Form actions: a refusal not named at a field starts a fresh form when Submit comes back (001 §8 new upload). */
  reloadOnRefusal?: boolean;
  /** Form actions answered by a batch task: the results dialog, following the task through the `progress` call. */
  /** closeTo: 'form' (stay on the emptied form) or a route of the portal to open when the results dialog closes. */
  results?: { progress: string; intervalMs?: number; closeTo?: string };
}

export type ClientKind = 'form' | 'get' | 'json' | 'long' | 'binary' | 'multipart' | 'batch';

export interface CallDef {
  path: string;
  client: ClientKind;
  /** Payload mapping: key -> JSON Logic expression over the context ({"var": "form.x"}), or {"$json": {...}}. */
  payload?: Record<string, unknown>;
  /** Send every visible field not named in payload under its own name. */
  sendFields?: boolean;
  /** List answers: where rows and totals are. */
  response?: { rows?: string; total?: string; summary?: string };
  /** Codes treated like success by this call (e.g. 900439 warning on add). */
  successCodes?: string[];
  /** Server side: form field -> JSON Logic over {payload}, for fields sent in a derived shape. */
  recover?: Record<string, Logic>;
  /** Why the server does not implement this path yet: validate warns instead of failing, and fails once it does. */
  pending?: string;
}

/** A link a panel offers: its label and route, shown when `visible` holds (the session's rights). */
export interface PanelLinkDef {
  label: string;
  route: string;
  visible?: Condition;
}

/**
 * A panel of a `page` screen: a small view of one array of a page call's answer. 'counts' shows each item as a
 * tile (the first column's value, as that column formats it, over the item's `count`); 'items' shows each item
 * as a short row of its columns. Each item may lead somewhere (`link`: a route whose {field} placeholders are the
 * item's values); with no item the panel says what to do first (`empty`).
 */
export interface PanelDef {
  order: number;
  kind: 'counts' | 'items';
  title: string;
  description?: string;
  visible?: Condition;
  /** The page call answering it and the key of its answer's record holding the array. */
  source: { call: string; items: string };
  columns: Record<string, ColumnDef>;
  /** kind 'counts': the key of each item's number. */
  count?: string;
  /** kind 'counts': leave out the items whose number is 0. */
  hideZero?: boolean;
  link?: string;
  empty: { message: string; action?: PanelLinkDef };
  /** A link under the panel to the whole of what it shows. */
  more?: PanelLinkDef;
}

/** One tab of a `tabs` screen: another screen (a form or a list) shown in the tab panel. */
export interface TabDef {
  order: number;
  label: string;
  /** The screen the panel shows. */
  screen: string;
  visible?: Condition;
  /**
   * A form's tab: after a successful submit, the tab to switch to (000 §2: the upload view switches to management),
   * and the filters that list starts with, JSON Logic over the submitted form (the type of the task just sent).
   */
  after?: { tab: string; filters?: Record<string, Logic> };
}

export interface MenuEntryDef {
  order: number;
  label: string;
  icon?: string;
  route?: string;
  visible?: Condition;
  hidden?: boolean;
  external?: boolean;
  /** Opening the entry first makes `call`: a record in the answer opens `then`, otherwise `otherwise`. */
  gate?: { call: string; then: string; otherwise: string };
  children?: Record<string, MenuEntryDef>;
}

export interface ScreenDef {
  $schema?: string;
  id: string;
  kind: 'form' | 'list' | 'page' | 'dialog' | 'menu' | 'tabs';
  route?: string;
  title: string;
  description?: string;
  /** The whole screen (or menu) is available only when this holds. */
  visible?: Condition;
  /** Edit mode: the call reading the record, and form field -> expression over {record, config, user, site, mode}. */
  load?: { call: string; form: Record<string, unknown> };
  /** Where the screen decides add vs edit: query parameter name and its value for edit. */
  /** parent: in edit mode the screen belongs to that menu route (breadcrumb and sidebar highlight). */
  /** A dialog screen's width. */
  dialogSize?: 'small' | 'medium' | 'large';
  editWhen?: { query: string; equals: string; storageKey?: string; parent?: string };
  /** The menu route this screen is opened from (breadcrumb and sidebar highlight), in every mode. */
  parent?: string;
  /** A second route showing this form in a dialog over the page of `over` (000 §2 musicBoxUploadNew). */
  dialogRoute?: { route: string; over: string; size?: 'small' | 'medium' | 'large' };
  /** The title in edit mode, when it differs ('Modify tone' for the tone upload form). */
  editTitle?: string;
  /** A form that exists only with the record `call` gives (its `fields`, from the query or fetched), else `otherwise` opens. */
  gate?: { call: string; fields: string[]; otherwise: string };
  fields?: Record<string, FieldDef>;
  search?: Record<string, FieldDef>;
  checks?: Record<string, CheckDef>;
  columns?: Record<string, ColumnDef>;
  actions?: Record<string, ActionDef>;
  calls?: Record<string, CallDef>;
  menu?: Record<string, MenuEntryDef>;
  /** kind 'tabs': the tabs, each showing another screen. */
  tabs?: Record<string, TabDef>;
  /** kind 'page': panels showing parts of the page calls' answers (a count grid, a short list). */
  panels?: Record<string, PanelDef>;
  /** Lists: row checkboxes show when the list has a selection action, or a parent takes the selection. */
  list?: {
    rowKey: string;
    pageSizes?: number[];
    pageSize?: number;
    pagerAt?: number;
    /** While this holds for a row of the page (a task still pending), the page is asked again every refreshMs. */
    refreshWhile?: Logic;
    refreshMs?: number;
  };
  /** List screens: values of the list answer (its response.summary object) shown above the table. */
  summary?: Record<string, ColumnDef>;
  /** Which of the two readings of a rule this screen follows, and why (spec README: "give both readings"). */
  readings?: Record<string, string>;
}

/** An overlay is a JSON Merge Patch (RFC 7396) of a ScreenDef: null removes a key. */
export type Overlay = Record<string, unknown>;

/** A field as the engine resolved it for one context: its conditions decided, its options and messages settled. */
export interface ResolvedField extends Pick<
  FieldDef,
  | 'order'
  | 'label'
  | 'help'
  | 'placeholder'
  | 'section'
  | 'widget'
  | 'schema'
  | 'ui'
  | 'resetOn'
  | 'clientOnly'
  | 'invalidNotice'
> {
  name: string;
  required: boolean;
  disabled: boolean;
  default?: unknown;
  options?: Option[] | { dictionary: string } | { call: string };
  messages: Record<string, string>;
}

export interface ResolvedColumn extends Omit<ColumnDef, 'visible'> {
  name: string;
}
export interface ResolvedAction extends Omit<ActionDef, 'visible' | 'disabled' | 'successMessage'> {
  name: string;
  successMessage?: string;
  /** Row actions keep their conditions: they are evaluated per row. */
  visibleFor?: Logic;
  disabledFor?: Logic;
  disabled?: boolean;
}
export interface ResolvedPanel extends Omit<PanelDef, 'visible' | 'columns' | 'empty' | 'more'> {
  name: string;
  columns: ResolvedColumn[];
  empty: { message: string; action?: Omit<PanelLinkDef, 'visible'> };
  more?: Omit<PanelLinkDef, 'visible'>;
}
export interface ResolvedMenuEntry {
  name: string;
  label: string;
  icon?: string;
  route?: string;
  hidden?: boolean;
  external?: boolean;
  gate?: MenuEntryDef['gate'];
  children: ResolvedMenuEntry[];
}

export interface ResolvedScreen {
  id: string;
  kind: ScreenDef['kind'];
  route?: string;
  title: string;
  /** False when the screen's own `visible` condition does not hold (e.g. the menu on first login). */
  available: boolean;
  load?: ScreenDef['load'];
  editWhen?: ScreenDef['editWhen'];
  site: SiteId;
  mode: Mode;
  fields: ResolvedField[];
  required: string[];
  search: ResolvedField[];
  checks: Array<CheckDef & { name: string }>;
  columns: ResolvedColumn[];
  actions: ResolvedAction[];
  calls: Record<string, CallDef>;
  menu: ResolvedMenuEntry[];
  /** The visible tabs in order (kind 'tabs'; only when the definition has tabs). */
  tabs?: Array<Omit<TabDef, 'visible'> & { name: string }>;
  /** The visible panels in order, their links' conditions decided (kind 'page'; only when the definition has panels). */
  panels?: ResolvedPanel[];
  list?: ScreenDef['list'];
  /** Only when the definition has one. */
  summary?: ResolvedColumn[];
  /** JSON Schema of the whole form (for @rjsf/core and for the validator). */
  jsonSchema: JsonSchema;
}

export interface FieldError {
  /** Top-level field name ('' for the form as a whole). */
  field: string;
  /** i18n message key. */
  message: string;
  params?: Record<string, unknown>;
}
