// The definition linter behind `npm run definitions -- validate`: every definition, overlay, site configuration
// and the shared rules are checked against their JSON Schemas, then for what a schema cannot say: conditions
// that are not JSON Logic, unknown configuration keys, unknown rules, message keys missing from a language,
// overlays that target entries the base lacks, field schemas with bounds of the wrong type or that Ajv cannot
// compile, calls the server does not implement and data fields its answers do not have (lintApi.ts). Each
// problem names the file, the JSON path and the reason, once: a mistake in a base definition is reported
// against that file, not again for every overlay or site that inherits it.
import Ajv2020, { type ErrorObject } from 'ajv/dist/2020';
import { schemaProblems } from './ajv';
import { childPath } from './jsonPath';
import { apiProblems, type ApiRouteInfo } from './lintApi';
import { messageLimitProblems } from './lintMessageLimits';
import { fieldSchemaProblems } from './lintSchemas';
import { KNOWN_OPERATIONS } from './logic';
import { closestName, didYouMean } from './names';
import {
  composeDefinition,
  expandTree,
  fragmentFile,
  expressionFile,
  localExpressions,
  resolveExtends,
  type CompositionProblem,
} from './compose';
import { siteScreen } from './definitionSet';
import { checkOverlay, redundantPatches } from './overlay';
import { recordProblems } from './lintRecords';
import { configKeyUses, resolvePlaceholders } from './placeholders';
import { expandRules, type RulesDoc } from './rules';
import { BASE_SITE, fileConfigOf, screenFileOf, SITE_ID_PATTERN, type DefinitionSources } from './sources';
import type { Problem } from './problem';
import type { Config, Overlay, ScreenDef, SiteId } from './types';

export type { ApiRouteInfo } from './lintApi';

export type { Problem } from './problem';

export interface LintInput {
  sources: DefinitionSources;
  /** Each site's config.json as written (validated as a whole); by default {values} from the sources. */
  siteConfigDocs?: Record<string, unknown>;
  /** Screens whose file is not JSON (already reported): their overlays are not reported as orphans. */
  unreadableScreens?: Set<string>;
  /** `shared`: the schemas the others refer to by $id (logic expressions, placeholders). */
  schemas: {
    definition: object;
    overlay: object;
    rules: object;
    config: object;
    siteConfig: object;
    fragment?: object;
    expression?: object;
    record?: object;
    shared?: object[];
  };
  catalogues: Record<string, Record<string, string>>;
  /** Every language's own texts (language -> key -> text), read for the limits messages name; default `catalogues`. */
  texts?: Record<string, Record<string, unknown>>;
  /** The server's route table; without it call paths and data fields are not checked. */
  api?: ApiRouteInfo[];
}

/** The menus whose routes open pages: the route map and the sidebar. */
const PAGE_MENUS = ['routes', 'menu'];

type Found = { path: string; reason: string; severity?: 'warning' };

const VAR_ROOTS = ['config', 'user', 'site', 'mode', 'form', 'row', 'record', 'payload'];
/** Properties whose string values are message keys. */
const KEY_PROPERTIES = new Set(['label', 'help', 'placeholder', 'title', 'message', 'confirm', 'disabledReason']);
// filterNote: a selection's note on what its fixed filters leave out (text, leftOut; a text a $logic chooses is not checked here).
const KEY_MAPS = new Set(['messages', 'labels', 'filterNote']);
/** Where JSON Logic is expected. */
const LOGIC_PROPERTIES = new Set(['visible', 'required', 'disabled', 'when', 'valid', 'value', '$logic']);
const EXPRESSION_MAPS = ['payload', 'form', 'recover'];

function jsonPath(base: string, instancePath: string): string {
  return instancePath
    .split('/')
    .filter(Boolean)
    .reduce((p, s) => childPath(p, /^\d+$/.test(s) ? Number(s) : s.replace(/~1/g, '/').replace(/~0/g, '~')), base);
}

function schemaErrors(errors: ErrorObject[] | null | undefined): Found[] {
  const out: Found[] = [];
  for (const e of errors ?? []) {
    // anyOf/allOf wrappers repeat what their branches said.
    if (e.keyword === 'anyOf' || e.keyword === 'allOf' || e.keyword === 'if') continue;
    if (e.keyword === 'additionalProperties') {
      out.push({
        path: jsonPath('$', `${e.instancePath}/${e.params.additionalProperty}`),
        reason: `unknown key "${e.params.additionalProperty}"`,
      });
    } else {
      const allowed =
        e.keyword === 'enum'
          ? ` (${(e.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')})`
          : '';
      out.push({ path: jsonPath('$', e.instancePath), reason: `${e.message ?? e.keyword}${allowed}` });
    }
  }
  // One problem per path is enough to act on, and the deepest say the most: an anyOf [null, entry] that fails on
  // an unknown key inside the entry also says "must be null" about the entry itself.
  const seen = new Set<string>();
  return out
    .filter((p) => !seen.has(p.path) && seen.add(p.path))
    .filter((p, _, all) => !all.some((q) => isUnder(q.path, p.path)));
}

/** `path` lies strictly inside `ancestor`. */
const isUnder = (path: string, ancestor: string) =>
  path.length > ancestor.length && path.startsWith(ancestor) && /^[.[]/.test(path.slice(ancestor.length));

function walk(node: unknown, path: string, visit: (key: string, value: unknown, path: string) => void) {
  if (Array.isArray(node)) node.forEach((v, i) => walk(v, childPath(path, i), visit));
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      const p = childPath(path, k);
      visit(k, v, p);
      walk(v, p, visit);
    }
  }
}

/** Problems of one JSON Logic expression: unknown operations and variables outside the context. */
function logicProblems(expr: unknown, path: string): Found[] {
  const out: Found[] = [];
  const visit = (node: unknown, p: string) => {
    if (Array.isArray(node)) return node.forEach((n, i) => visit(n, childPath(p, i)));
    if (!node || typeof node !== 'object') return;
    // {"$expr": name} and {"$use": name, ...} are expanded by composition (compose.ts), which reports their mistakes.
    if ('$expr' in node || '$use' in node) return;
    const keys = Object.keys(node);
    if (keys.length !== 1) {
      out.push({
        path: p,
        reason: `an expression is an object with exactly one operation (found ${keys.length} keys)`,
      });
      return;
    }
    const [op] = keys;
    const arg = (node as Record<string, unknown>)[op];
    if (!KNOWN_OPERATIONS.has(op))
      out.push({ path: p, reason: `unknown operation "${op}"${didYouMean(op, KNOWN_OPERATIONS)}` });
    if (op === 'var') {
      const name = Array.isArray(arg) ? arg[0] : arg;
      if (typeof name === 'string' && name !== '' && !VAR_ROOTS.includes(name.split('.')[0])) {
        out.push({ path: p, reason: `variable "${name}" is not in the context (${VAR_ROOTS.join(', ')})` });
      }
      return;
    }
    // map/filter/some/all/none/reduce evaluate their second argument against each item: any variable goes.
    if (['map', 'filter', 'some', 'all', 'none', 'reduce'].includes(op) && Array.isArray(arg))
      return visit(arg[0], `${childPath(p, op)}[0]`);
    visit(arg, childPath(p, op));
  };
  if (typeof expr === 'boolean' || expr === null || typeof expr !== 'object') return out;
  visit(expr, path);
  return out;
}

const keyOf = (p: Found) => `${p.path}\u0000${p.reason}`;

/** What the checks know besides the file at hand. */
interface Known {
  catalogues: Record<string, Record<string, string>>;
  texts: Record<string, Record<string, unknown>>;
  configKeys: string[];
  rules: RulesDoc;
  ruleNames: Set<string>;
  /** Rules whose own schema is wrong: fields using them are not compiled (the rule is reported once). */
  badRules: Set<string>;
  /** Every screen definition's id: what an action's `dialog` and a widget's `ui.list` may name. */
  screenIds: Set<string>;
  api?: ApiRouteInfo[];
}

const KEYED = ['fields', 'search', 'columns', 'summary', 'actions', 'checks', 'calls', 'menu', 'tabs', 'panels'];

/** "add" in a base definition's entry: it only means something in an overlay (an entry the base lacks). */
function addMarkers(def: unknown): Found[] {
  const out: Found[] = [];
  const visit = (map: unknown, path: string) => {
    if (!map || typeof map !== 'object') return;
    for (const [name, entry] of Object.entries(map as Record<string, unknown>)) {
      if (!entry || typeof entry !== 'object') continue;
      const at = childPath(path, name);
      if ('add' in entry)
        out.push({ path: `${at}.add`, reason: '"add" marks an entry an overlay adds; a base definition has no base' });
      visit((entry as { children?: unknown }).children, `${at}.children`);
    }
  };
  for (const map of KEYED) visit((def as Record<string, unknown>)[map], `$.${map}`);
  return out;
}

/** What a file says by itself: message keys, JSON Logic, configuration keys. */
function treeProblems(tree: unknown, known: Known, base = '$'): Found[] {
  const out: Found[] = [];
  const missingKey = (value: string, path: string) => {
    for (const [lang, catalogue] of Object.entries(known.catalogues)) {
      if (!(value in catalogue))
        out.push({
          path,
          reason: `message key "${value}" is missing from i18n/${lang}.json${didYouMean(value, Object.keys(catalogue))}`,
        });
    }
  };
  walk(tree, base, (key, value, path) => {
    if (KEY_PROPERTIES.has(key) && typeof value === 'string' && !(key === 'title' && path.includes('.schema')))
      missingKey(value, path);
    if (KEY_MAPS.has(key) && value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) if (typeof v === 'string') missingKey(v, childPath(path, k));
    }
    const isMap = EXPRESSION_MAPS.includes(key) && value && typeof value === 'object';
    // A field or filter may be named like a logic property ('value'): its definition is not an expression.
    const fieldNamed = /\.(fields|search)\.[^.]+$/.test(path);
    if ((LOGIC_PROPERTIES.has(key) || isMap) && !fieldNamed) {
      const exprs = isMap
        ? Object.entries(value as object).map(([k, v]) => [childPath(path, k), v] as const)
        : [[path, value] as const];
      for (const [p, e] of exprs) {
        const inner = e && typeof e === 'object' && '$json' in (e as object) ? (e as { $json: unknown }).$json : e;
        const list =
          inner && typeof inner === 'object' && !('var' in (inner as object)) && Object.keys(inner as object).length > 1
            ? Object.entries(inner as object).map(([k, v]) => [childPath(childPath(p, '$json'), k), v] as const)
            : [[p, inner] as const];
        for (const [pp, ee] of list) out.push(...logicProblems(ee, pp));
      }
    }
  });
  for (const { key, path } of configKeyUses(tree, base)) {
    if (!known.configKeys.includes(key))
      out.push({
        path,
        reason: `unknown configuration key "${key}" (not in schemas/config.schema.json)${didYouMean(key, known.configKeys)}`,
      });
  }
  return out;
}

/**
 * What a (merged) screen shows with a site's configuration: field schemas that are wrong as written or that Ajv
 * cannot compile, unknown rules, references between its parts, and its calls against the server's routes.
 */
function screenProblems(def: ScreenDef, config: Config, site: string, known: Known): Found[] {
  const out: Found[] = [];
  for (const group of ['fields', 'search'] as const) {
    for (const [name, field] of Object.entries(def[group] ?? {})) {
      const path = `$.${group}.${name}`;
      for (const rule of field.rules ?? [])
        if (!known.ruleNames.has(rule))
          out.push({
            path: `${path}.rules`,
            reason: `unknown rule "${rule}" (not in schemas/rules.json)${didYouMean(rule, known.ruleNames)}`,
          });
      const list = field.ui?.list;
      if (typeof list === 'string' && !known.screenIds.has(list))
        out.push({ path: `${path}.ui.list`, reason: `no screen "${list}"${didYouMean(list, known.screenIds)}` });
      const written = fieldSchemaProblems(field.schema ?? {}, `${path}.schema`);
      out.push(...written);
      if (written.length === 0 && (field.rules ?? []).every((r) => known.ruleNames.has(r) && !known.badRules.has(r))) {
        const schema = resolvePlaceholders(expandRules(field.schema ?? {}, field.rules, known.rules), config, {
          config,
          user: {},
          site: site as SiteId,
          mode: 'add',
          form: {},
        });
        const why = schemaProblems(schema);
        if (why) out.push({ path: `${path}.schema`, reason: `Ajv cannot compile it: ${why}` });
        else out.push(...messageLimitProblems(schema, field.messages, known.texts, `${path}.schema`));
      }
    }
  }
  // A list's checks are about its search filters (validateSearch runs them), a form's about its fields.
  const checked = def.kind === 'list' ? (def.search ?? {}) : (def.fields ?? {});
  for (const [name, check] of Object.entries(def.checks ?? {})) {
    if (check.field && !(check.field in checked))
      out.push({
        path: `$.checks.${name}.field`,
        reason: `no field "${check.field}"${didYouMean(check.field, Object.keys(checked))}`,
      });
  }
  const calls = Object.keys(def.calls ?? {});
  for (const [name, action] of Object.entries(def.actions ?? {})) {
    if (action.call && !calls.includes(action.call))
      out.push({ path: `$.actions.${name}.call`, reason: `no call "${action.call}"${didYouMean(action.call, calls)}` });
    if (action.dialog && !known.screenIds.has(action.dialog))
      out.push({
        path: `$.actions.${name}.dialog`,
        reason: `no screen "${action.dialog}"${didYouMean(action.dialog, known.screenIds)}`,
      });
    const progress = action.results?.progress;
    if (progress && !calls.includes(progress))
      out.push({
        path: `$.actions.${name}.results.progress`,
        reason: `no call "${progress}"${didYouMean(progress, calls)}`,
      });
  }
  if (def.load && !calls.includes(def.load.call))
    out.push({ path: '$.load.call', reason: `no call "${def.load.call}"${didYouMean(def.load.call, calls)}` });
  if (known.api) out.push(...apiProblems(def, known.api));
  return out;
}

/** The validators of one set of the definitions' own schemas. */
function compileValidators(schemas: LintInput['schemas']) {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  for (const shared of schemas.shared ?? []) ajv.addSchema(shared);
  ajv.addSchema(schemas.config, 'config.schema.json');
  ajv.addSchema(schemas.definition, 'screen-definition.schema.json');
  const optional = (schema: object | undefined) => (schema ? ajv.compile(schema) : undefined);
  return {
    validateDefinition: ajv.getSchema('screen-definition.schema.json')!,
    validateOverlay: ajv.compile(schemas.overlay),
    validateRules: ajv.compile(schemas.rules),
    validateSiteConfig: ajv.compile(schemas.siteConfig),
    validateFragment: optional(schemas.fragment),
    validateExpression: optional(schemas.expression),
    validateRecord: optional(schemas.record),
  };
}

// Compiling the schemas was a fifth of a lint. A process that lints many trees with the same schemas (the
// definitions tests, an editor's watcher) compiles them once; a tree whose schemas differ gets its own, and only the
// last few are kept.
const compiledValidators = new Map<string, ReturnType<typeof compileValidators>>();
function validatorsOf(schemas: LintInput['schemas']) {
  const key = JSON.stringify(schemas);
  let found = compiledValidators.get(key);
  if (!found) {
    if (compiledValidators.size >= 4) compiledValidators.clear();
    compiledValidators.set(key, (found = compileValidators(schemas)));
  }
  return found;
}

export function lintDefinitions(input: LintInput): Problem[] {
  const { sources, schemas } = input;
  const problems: Problem[] = [];
  const report = (file: string, found: Found[]) => {
    for (const p of found) problems.push({ file, ...p });
  };

  const {
    validateDefinition,
    validateOverlay,
    validateRules,
    validateSiteConfig,
    validateFragment,
    validateExpression,
    validateRecord,
  } = validatorsOf(schemas);
  const known: Known = {
    catalogues: input.catalogues,
    texts: input.texts ?? input.catalogues,
    configKeys: Object.keys((schemas.config as { properties: object }).properties),
    rules: sources.rules,
    ruleNames: new Set(Object.keys(sources.rules?.rules ?? {})),
    badRules: new Set(),
    screenIds: new Set(Object.keys(sources.screens)),
    api: input.api,
  };

  // The shared rules.
  if (sources.rules) {
    if (!validateRules(sources.rules)) report('schemas/rules.json', schemaErrors(validateRules.errors));
    report('schemas/rules.json', treeProblems(sources.rules, known));
    for (const [name, rule] of Object.entries(sources.rules.rules ?? {})) {
      const found = fieldSchemaProblems(rule.schema, `$.rules.${name}.schema`);
      if (found.length) known.badRules.add(name);
      report('schemas/rules.json', found);
    }
  }

  // Shared parts (screen-definitions/fragments/, expressions/, records/): each checked once, in its own file.
  const composition: CompositionProblem[] = [];
  const cycles = new Set<string>();
  const reportComposition = () => {
    for (const p of composition.splice(0)) {
      // A cycle is found once from each of its members: it is one mistake, reported where it is first found.
      const chain = /cycle: (.*?)( \(|$)/.exec(p.reason)?.[1];
      const members = chain && [...new Set(chain.split(' -> '))].sort().join();
      if (members && cycles.has(members)) continue;
      if (members) cycles.add(members);
      problems.push(p);
    }
  };
  for (const [name, doc] of Object.entries(sources.fragments)) {
    const file = fragmentFile(name);
    if (validateFragment && !validateFragment(doc)) {
      // What the file says by itself is still checked: one mistake must not hide another until the next run.
      report(file, [
        ...schemaErrors(validateFragment.errors),
        ...treeProblems((doc as { value?: unknown } | undefined)?.value, known, '$.value'),
      ]);
      continue;
    }
    // The value is a part of a definition: its keys mean what they mean there (its own "value" is no expression).
    report(file, treeProblems(doc.value, known, '$.value'));
    expandTree({ $use: name }, file, sources, {}, composition);
  }
  for (const [name, doc] of Object.entries(sources.expressions)) {
    const file = expressionFile(name);
    if (validateExpression && !validateExpression(doc)) {
      report(file, [...schemaErrors(validateExpression.errors), ...treeProblems(doc, known)]);
      continue;
    }
    report(file, [...treeProblems(doc, known), ...logicProblems(doc.expression, '$.expression')]);
    expandTree({ $expr: name }, file, sources, {}, composition);
  }
  for (const p of recordProblems(sources, validateRecord, known.catalogues, input.unreadableScreens)) problems.push(p);
  reportComposition();

  // Base definitions, with the base site's configuration: their problems are theirs, whatever inherits them.
  const baseFound = new Map<string, Set<string>>();
  const composedBases: Record<string, ScreenDef> = {};
  for (const [id, written] of Object.entries(sources.screens)) {
    const file = screenFileOf(sources, id);
    for (const [name] of Object.entries(localExpressions(written))) {
      if (name in sources.expressions)
        report(file, [
          {
            path: `$.expressions.${name}`,
            reason: `"${name}" is also a shared expression (${expressionFile(name)}): give the local one another name`,
          },
        ]);
    }
    const composedDef = composeDefinition(written, file, sources, composition);
    composedBases[id] = composedDef;
    const def = resolveExtends(composedDef, file, composition);
    const composeFailed = composition.length > 0;
    reportComposition();
    // What the file says by itself (message keys, conditions, configuration keys) is reported whatever else is
    // wrong with it: all of a run's mistakes in one run, none hidden behind another.
    report(file, treeProblems(written, known));
    report(file, addMarkers(written));
    if (composeFailed) continue;
    if (!validateDefinition(def)) {
      report(file, schemaErrors(validateDefinition.errors));
      continue;
    }
    if (def.id !== id) report(file, [{ path: '$.id', reason: `id "${def.id}" differs from the file name "${id}"` }]);
    const found = screenProblems(def, fileConfigOf(sources, BASE_SITE), BASE_SITE, known);
    report(file, found);
    baseFound.set(id, new Set(found.map(keyOf)));
  }

  // A route of the route map (routes.json, from which the browser builds its router) or of the sidebar must be
  // some definition's route (or the route of a form's dialog variant): the browser has no page for a route nobody
  // claims, so the entry would lead to "Not found". (The user menu's entries include commands such as /logout.)
  const claimed = new Set<string>();
  for (const def of Object.values(composedBases)) {
    if (def.route) claimed.add(def.route.toLowerCase());
    if (def.dialogRoute) claimed.add(def.dialogRoute.route.toLowerCase());
  }
  for (const [id, def] of Object.entries(composedBases)) {
    // A definition that could not be read may be the one claiming the route: its own problem is enough.
    if (def.kind !== 'menu' || !PAGE_MENUS.includes(id) || input.unreadableScreens?.size) continue;
    for (const [groupName, group] of Object.entries(def.menu ?? {})) {
      const entries: Array<[string, { route?: string }]> = [
        [`$.menu.${groupName}`, group],
        ...Object.entries(group.children ?? {}).map(([name, e]): [string, { route?: string }] => [
          `$.menu.${groupName}.children.${name}`,
          e,
        ]),
      ];
      for (const [path, entry] of entries)
        if (entry.route && !claimed.has(entry.route.toLowerCase()))
          report(screenFileOf(sources, id), [
            { path: `${path}.route`, reason: `no screen definition has the route "${entry.route}"` },
          ]);
    }
  }

  // What a site adds: its configuration, its overlays, and base screens under its configuration. The sites are
  // the loader's (every folder of site-variants/), so what is checked here is what the portal serves.
  if (!sources.sites.includes(BASE_SITE))
    report(`site-variants/${BASE_SITE}/`, [
      { path: '$', reason: `the base site folder is missing: every site is ${BASE_SITE} with its own files on top` },
    ]);
  const siteOnly = new Map<string, { file: string; found: Found; sites: string[] }>();
  for (const site of sources.sites) {
    const configFile = `site-variants/${site}/config.json`;
    if (!SITE_ID_PATTERN.test(site))
      report(`site-variants/${site}/`, [
        {
          path: '$',
          reason: `"${site}" cannot be a site id: a site folder's name is lower-case letters, digits, - or _ (at most 16, starting with a letter)`,
        },
      ]);
    if (!sources.withConfigFile.includes(site)) {
      // The loader serves such a folder as a site all the same (with generic's configuration), so a misspelt
      // copy of a site's folder would quietly become a site of its own: say which one it looks like.
      const like = closestName(site, sources.withConfigFile);
      report(configFile, [
        {
          path: '$',
          reason: `missing: every folder of site-variants/ is a site and needs a config.json (its "values" may be empty)${like ? `; or is "${site}" a misspelling of "${like}"?` : ''}`,
        },
      ]);
    }
    const configDoc = input.siteConfigDocs ? input.siteConfigDocs[site] : { values: sources.siteConfig[site] };
    if (configDoc !== undefined && !validateSiteConfig(configDoc))
      report(configFile, schemaErrors(validateSiteConfig.errors));
    const config = fileConfigOf(sources, site);
    const overlays = sources.overlays[site] ?? {};
    for (const [id, overlay] of Object.entries(overlays)) {
      const file = `site-variants/${site}/${id}.json`;
      const base = sources.screens[id];
      if (!base) {
        if (!input.unreadableScreens?.has(id))
          report(file, [
            {
              path: '$',
              reason: `overlays screen "${id}", which has no definition in screen-definitions/${didYouMean(id, Object.keys(sources.screens))}`,
            },
          ]);
        continue;
      }
      report(file, treeProblems(overlay, known));
      if (!validateOverlay(overlay)) {
        report(file, schemaErrors(validateOverlay.errors));
        continue;
      }
      const composedBase = composedBases[id];
      const inherited = baseFound.get(id);
      if (!composedBase || !inherited) continue; // the base is invalid: reported against its own file
      const composedOverlay = expandTree(
        overlay,
        file,
        sources,
        localExpressions(base),
        composition,
        screenFileOf(sources, id),
      ) as Overlay;
      const targets = checkOverlay(composedBase, composedOverlay, overlay);
      report(file, targets);
      report(
        file,
        redundantPatches(composedBase, composedOverlay).map((p) => ({ ...p, severity: 'warning' as const })),
      );
      const merged = siteScreen(sources, id, composedBase, overlay, site, composition);
      const overlayComposeFailed = composition.length > 0;
      reportComposition();
      if (overlayComposeFailed) continue;
      if (!validateDefinition(merged)) {
        // What the merged screen lacks where the overlay already told (a new entry without "order") is said once.
        const told = (p: Found) => targets.some((t) => t.path === p.path || isUnder(p.path, t.path));
        report(
          file,
          schemaErrors(validateDefinition.errors)
            .filter((p) => !told(p))
            .map((p) => ({ ...p, reason: `after the overlay: ${p.reason}` })),
        );
        continue;
      }
      report(
        file,
        screenProblems(merged, config, site, known).filter((p) => !inherited.has(keyOf(p))),
      );
    }
    if (site === BASE_SITE) continue;
    // Base screens the site does not overlay: only what its configuration alone breaks, once for all such sites.
    for (const [id, composedDef] of Object.entries(composedBases)) {
      const inherited = baseFound.get(id);
      if (id in overlays || !inherited) continue;
      const def = resolveExtends(composedDef, screenFileOf(sources, id));
      for (const p of screenProblems(def, config, site, known)) {
        if (inherited.has(keyOf(p))) continue;
        const file = screenFileOf(sources, id);
        const entry = siteOnly.get(`${file}\u0000${keyOf(p)}`) ?? { file, found: p, sites: [] };
        entry.sites.push(site);
        siteOnly.set(`${file}\u0000${keyOf(p)}`, entry);
      }
    }
  }
  for (const { file, found, sites: where } of siteOnly.values()) {
    report(file, [
      { ...found, reason: `with the configuration of site ${where.map((s) => `"${s}"`).join(', ')}: ${found.reason}` },
    ]);
  }
  // A fragment or expression used by several screens is one mistake, however often it is expanded.
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.file}\u0000${p.path}\u0000${p.reason}`;
    return !seen.has(key) && !!seen.add(key);
  });
}
