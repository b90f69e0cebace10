// The records (screen-definitions/records/<entity>.json) as the linter sees them: each against its JSON Schema,
// then what a schema cannot say: a label missing from a catalogue, two fields claiming one request parameter or
// answer key, a filter naming a field the record lacks or an expression that is not a shared one.
import type { ValidateFunction } from 'ajv';
import { childPath } from './jsonPath';
import type { Problem } from './problem';
import { didYouMean } from './names';
import type { RecordFieldDef } from './records';
import type { DefinitionSources } from './sources';

const keys = (v: boolean | string | string[] | undefined, name: string) =>
  v === undefined || v === false ? [] : v === true ? [name] : Array.isArray(v) ? v : [v];
const params = (name: string, f: RecordFieldDef) =>
  !f.write
    ? []
    : [
        ...new Set([
          (typeof f.write === 'object' && f.write.param) || name,
          (typeof f.write === 'object' && (f.write.editParam || f.write.param)) || name,
        ]),
      ];

/** Why a field's readAs names no fixed option list (undefined when it does). */
function readAsProblem(
  sources: DefinitionSources,
  { screen, field }: { screen: string; field: string },
  unreadable: ReadonlySet<string>,
) {
  const def = sources.screens[screen];
  // A screen whose file is not JSON has its syntax error reported: what it holds is unknown.
  if (!def && unreadable.has(screen)) return undefined;
  if (!def) return `no screen "${screen}"${didYouMean(screen, Object.keys(sources.screens))}`;
  const options = def.fields?.[field]?.options;
  if (!options)
    return `screen "${screen}" has no field "${field}" with options${didYouMean(field, Object.keys(def.fields ?? {}))}`;
  if (!Array.isArray(options)) return `the options of "${screen}.${field}" are not a fixed list of {value, label}`;
  return undefined;
}

export function recordProblems(
  sources: DefinitionSources,
  validate: ValidateFunction | undefined,
  catalogues: Record<string, Record<string, string>>,
  unreadableScreens: ReadonlySet<string> = new Set(),
): Problem[] {
  const out: Problem[] = [];
  for (const [name, doc] of Object.entries(sources.records)) {
    const file = `screen-definitions/records/${name}.json`;
    const problem = (path: string, reason: string) => out.push({ file, path, reason });
    if (validate && !validate(doc)) {
      for (const e of validate.errors ?? []) problem(`$${e.instancePath.replace(/\//g, '.')}`, e.message ?? e.keyword);
      continue;
    }
    const claimed = {
      param: new Map<string, string>(),
      list: new Map<string, string>(),
      detail: new Map<string, string>(),
    };
    for (const [field, def] of Object.entries(doc.fields)) {
      const at = childPath('$.fields', field);
      for (const [lang, catalogue] of Object.entries(catalogues))
        if (!(def.label in catalogue))
          problem(`${at}.label`, `message key "${def.label}" is missing from i18n/${lang}.json`);
      if (def.readAs) {
        const why = readAsProblem(sources, def.readAs, unreadableScreens);
        if (why) problem(`${at}.readAs`, why);
      }
      const claims: Array<[keyof typeof claimed, string[]]> = [
        ['param', params(field, def)],
        ['list', keys(def.list, field)],
        ['detail', keys(def.detail, field)],
      ];
      for (const [kind, names] of claims) {
        for (const key of names) {
          const other = claimed[kind].get(key);
          if (other)
            problem(
              `${at}.${kind === 'param' ? 'write' : kind}`,
              `"${key}" is already the ${kind === 'param' ? 'request parameter' : `${kind} key`} of field "${other}"`,
            );
          else claimed[kind].set(key, field);
        }
      }
    }
    for (const [filter, def] of Object.entries(doc.filters ?? {})) {
      const at = childPath('$.filters', filter);
      if (!(def.field in doc.fields))
        problem(
          `${at}.field`,
          `no field "${def.field}" in this record${didYouMean(def.field, Object.keys(doc.fields))}`,
        );
      if (
        (def.match === 'expression' || def.match === 'state') &&
        !(def.expression && def.expression in sources.expressions)
      ) {
        problem(
          `${at}.expression`,
          `a filter of match "expression" or "state" names a shared expression of screen-definitions/expressions/${def.expression ? didYouMean(def.expression, Object.keys(sources.expressions)) : ''}`,
        );
      }
    }
  }
  return out;
}
