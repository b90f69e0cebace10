// The definition linter behind `npm run definitions -- validate`: every definition, overlay, site configuration
// and the shared rules are checked against their JSON Schemas, then for what a schema cannot say: conditions
// that are not JSON Logic, unknown configuration keys, unknown rules, message keys missing from a language,
// overlays that target entries the base lacks, field schemas Ajv cannot compile. Each problem names the file,
// the JSON path and the reason.
import Ajv2020, { type ErrorObject } from 'ajv/dist/2020';
import { schemaProblems } from './ajv';
import { KNOWN_OPERATIONS } from './logic';
import { checkOverlay, applyOverlay } from './overlay';
import { configKeysIn, resolvePlaceholders } from './placeholders';
import { expandRules } from './rules';
import { BASE_SITE, configLayers, SITE_ID_PATTERN, type DefinitionSources } from './sources';
import type { ScreenDef, SiteId } from './types';

export interface Problem { file: string; path: string; reason: string }

export interface LintInput {
  sources: DefinitionSources;
  schemas: { definition: object; overlay: object; rules: object; config: object; siteConfig: object; shared?: object[] };
  catalogues: Record<string, Record<string, string>>;
}

const VAR_ROOTS = ['config', 'user', 'site', 'mode', 'form', 'row', 'record', 'payload'];
/** Properties whose string values are message keys. */
const KEY_PROPERTIES = new Set(['label', 'help', 'placeholder', 'title', 'message', 'confirm']);
const KEY_MAPS = new Set(['messages', 'labels']);
/** Where JSON Logic is expected. */
const LOGIC_PROPERTIES = new Set(['visible', 'required', 'disabled', 'when', 'valid', 'value', '$logic']);

function jsonPath(base: string, instancePath: string): string {
  return base + instancePath.split('/').filter(Boolean).map((p) => (/^\d+$/.test(p) ? `[${p}]` : `.${p}`)).join('');
}

function schemaErrors(errors: ErrorObject[] | null | undefined, file: string): Problem[] {
  const out: Problem[] = [];
  for (const e of errors ?? []) {
    // anyOf/allOf wrappers repeat what their branches said.
    if (e.keyword === 'anyOf' || e.keyword === 'allOf' || e.keyword === 'if') continue;
    if (e.keyword === 'additionalProperties') {
      out.push({ file, path: jsonPath('$', `${e.instancePath}/${e.params.additionalProperty}`), reason: `unknown key "${e.params.additionalProperty}"` });
    } else out.push({ file, path: jsonPath('$', e.instancePath), reason: e.message ?? e.keyword });
  }
  // One problem per path is enough to act on.
  const seen = new Set<string>();
  return out.filter((p) => !seen.has(p.path) && seen.add(p.path));
}

function walk(node: unknown, path: string, visit: (key: string, value: unknown, path: string) => void) {
  if (Array.isArray(node)) node.forEach((v, i) => walk(v, `${path}[${i}]`, visit));
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      const p = `${path}.${k}`;
      visit(k, v, p);
      walk(v, p, visit);
    }
  }
}

/** Problems of one JSON Logic expression: unknown operations and variables outside the context. */
export function logicProblems(expr: unknown, path: string): string[] {
  const out: string[] = [];
  const visit = (node: unknown, p: string) => {
    if (Array.isArray(node)) return node.forEach((n, i) => visit(n, `${p}[${i}]`));
    if (!node || typeof node !== 'object') return;
    const keys = Object.keys(node);
    if (keys.length !== 1) {
      out.push(`${p}: an expression is an object with exactly one operation (found ${keys.length} keys)`);
      return;
    }
    const [op] = keys;
    const arg = (node as Record<string, unknown>)[op];
    if (!KNOWN_OPERATIONS.has(op)) out.push(`${p}: unknown operation "${op}"`);
    if (op === 'var') {
      const name = Array.isArray(arg) ? arg[0] : arg;
      if (typeof name === 'string' && name !== '' && !VAR_ROOTS.includes(name.split('.')[0])) {
        out.push(`${p}: variable "${name}" is not in the context (${VAR_ROOTS.join(', ')})`);
      }
      return;
    }
    // map/filter/some/all/none/reduce evaluate their second argument against each item: any variable goes.
    if (['map', 'filter', 'some', 'all', 'none', 'reduce'].includes(op) && Array.isArray(arg)) return visit(arg[0], `${p}.${op}[0]`);
    visit(arg, `${p}.${op}`);
  };
  if (typeof expr === 'boolean' || expr === null || typeof expr !== 'object') return out;
  visit(expr, path);
  return out;
}

export function lintDefinitions(input: LintInput): Problem[] {
  const { sources, schemas, catalogues } = input;
  const problems: Problem[] = [];
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  for (const shared of schemas.shared ?? []) ajv.addSchema(shared);
  ajv.addSchema(schemas.config, 'config.schema.json');
  ajv.addSchema(schemas.definition, 'screen-definition.schema.json');
  const validateDefinition = ajv.getSchema('screen-definition.schema.json')!;
  const validateOverlay = ajv.compile(schemas.overlay);
  const validateRules = ajv.compile(schemas.rules);
  const validateSiteConfig = ajv.compile(schemas.siteConfig);
  const knownConfig = new Set(Object.keys((schemas.config as { properties: object }).properties));
  const languages = Object.keys(catalogues);

  const checkTree = (file: string, tree: unknown) => {
    walk(tree, '$', (key, value, path) => {
      if (KEY_PROPERTIES.has(key) && typeof value === 'string' && !(key === 'title' && path.includes('.schema'))) {
        for (const lang of languages) if (!(value in catalogues[lang])) problems.push({ file, path, reason: `message key "${value}" is missing from i18n/${lang}.json` });
      }
      if (KEY_MAPS.has(key) && value && typeof value === 'object') {
        for (const [k, v] of Object.entries(value)) {
          if (typeof v !== 'string') continue;
          for (const lang of languages) if (!(v in catalogues[lang])) problems.push({ file, path: `${path}.${k}`, reason: `message key "${v}" is missing from i18n/${lang}.json` });
        }
      }
      if (LOGIC_PROPERTIES.has(key) || (['payload', 'form', 'recover'].includes(key) && value && typeof value === 'object')) {
        const exprs = ['payload', 'form', 'recover'].includes(key) ? Object.entries(value as object).map(([k, v]) => [`${path}.${k}`, v] as const) : [[path, value] as const];
        for (const [p, e] of exprs) {
          const inner = e && typeof e === 'object' && '$json' in (e as object) ? (e as { $json: unknown }).$json : e;
          const list = inner && typeof inner === 'object' && !('var' in (inner as object)) && Object.keys(inner as object).length > 1 ? Object.entries(inner as object).map(([k, v]) => [`${p}.$json.${k}`, v] as const) : [[p, inner] as const];
          for (const [pp, ee] of list) for (const reason of logicProblems(ee, pp)) problems.push({ file, path: reason.split(':')[0], reason: reason.slice(reason.indexOf(':') + 2) });
        }
      }
    });
    for (const key of configKeysIn(tree)) {
      if (!knownConfig.has(key)) problems.push({ file, path: '$', reason: `unknown configuration key "${key}" (not in schemas/config.schema.json)` });
    }
  };

  if (!validateRules(sources.rules)) problems.push(...schemaErrors(validateRules.errors, 'schemas/rules.json'));
  checkTree('schemas/rules.json', sources.rules);

  const checkScreen = (file: string, def: ScreenDef, site: SiteId) => {
    const ruleNames = new Set(Object.keys(sources.rules.rules));
    const config = Object.assign({}, ...configLayers(sources, site).map((l) => l.values));
    for (const group of ['fields', 'search'] as const) {
      for (const [name, field] of Object.entries(def[group] ?? {})) {
        const path = `$.${group}.${name}`;
        for (const rule of field.rules ?? []) if (!ruleNames.has(rule)) problems.push({ file, path: `${path}.rules`, reason: `unknown rule "${rule}" (not in schemas/rules.json)` });
        if ((field.rules ?? []).every((r) => ruleNames.has(r))) {
          const schema = resolvePlaceholders(expandRules(field.schema ?? {}, field.rules, sources.rules), config, { config, user: {}, site, mode: 'add', form: {} });
          const why = schemaProblems(schema);
          if (why) problems.push({ file, path: `${path}.schema`, reason: `Ajv cannot compile it (${site}): ${why}` });
        }
      }
    }
    for (const [name, check] of Object.entries(def.checks ?? {})) {
      if (check.field && !(check.field in (def.fields ?? {}))) problems.push({ file, path: `$.checks.${name}.field`, reason: `no field "${check.field}"` });
    }
    for (const [name, action] of Object.entries(def.actions ?? {})) {
      if (action.call && !(action.call in (def.calls ?? {}))) problems.push({ file, path: `$.actions.${name}.call`, reason: `no call "${action.call}"` });
    }
    if (def.load && !(def.load.call in (def.calls ?? {}))) problems.push({ file, path: '$.load.call', reason: `no call "${def.load.call}"` });
  };

  for (const [id, def] of Object.entries(sources.screens)) {
    const file = `screen-definitions/${id}.json`;
    if (!validateDefinition(def)) { problems.push(...schemaErrors(validateDefinition.errors, file)); continue; }
    if (def.id !== id) problems.push({ file, path: '$.id', reason: `id "${def.id}" differs from the file name "${id}"` });
    checkTree(file, def);
    checkScreen(file, def, BASE_SITE);
  }

  if (!sources.sites.includes(BASE_SITE)) problems.push({ file: `site-variants/${BASE_SITE}/`, path: '$', reason: `the base site folder is missing: every site is ${BASE_SITE} with its own files on top` });
  for (const site of sources.sites) {
    const configFile = `site-variants/${site}/config.json`;
    if (!SITE_ID_PATTERN.test(site)) problems.push({ file: `site-variants/${site}/`, path: '$', reason: `"${site}" cannot be a site id: a site folder's name is lower-case letters, digits, - or _ (at most 16, starting with a letter)` });
    if (!sources.withConfigFile.includes(site)) problems.push({ file: configFile, path: '$', reason: 'missing: every site folder needs a config.json (its "values" may be empty)' });
    const siteConfigDoc = { values: sources.siteConfig[site] };
    if (!validateSiteConfig(siteConfigDoc)) problems.push(...schemaErrors(validateSiteConfig.errors, configFile));
    for (const [id, overlay] of Object.entries(sources.overlays[site] ?? {})) {
      const file = `site-variants/${site}/${id}.json`;
      const base = sources.screens[id];
      if (!base) { problems.push({ file, path: '$', reason: `overlays screen "${id}", which has no definition in screen-definitions/` }); continue; }
      if (!validateOverlay(overlay)) { problems.push(...schemaErrors(validateOverlay.errors, file)); continue; }
      for (const p of checkOverlay(base, overlay)) problems.push({ file, ...p });
      checkTree(file, overlay);
      const merged = applyOverlay(base, overlay);
      if (!validateDefinition(merged)) problems.push(...schemaErrors(validateDefinition.errors, file).map((p) => ({ ...p, reason: `after overlay: ${p.reason}` })));
      else checkScreen(file, merged, site);
    }
  }
  return problems;
}
