// Every message of every definition, rendered as a user reads it: for every screen of every site, in add and
// edit mode, with the site's configuration and with every optional feature switched on, in English and Chinese.
// - Each validation rule is made to fail for real (a value built to break that one keyword of that one schema
//   node, sent through the engine's own validateResolved) and its message is rendered with the parameters the
//   engine gives it. Each cross-field check's message is rendered with the parameters the engine evaluates.
// - Labels, help texts, hints, option labels, confirmations and notices are rendered with the parameters the
//   renderers give them.
// A text fails when its key is missing from a catalogue (the key would show raw), when a placeholder is left
// ({0}, {name}), when it shows [object Object], undefined, null or NaN, or when a rule with a limit (length,
// range, decimals, count) gives a message that does not name that limit.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  fillMessage,
  formSchema,
  validateResolved,
  type Context,
  type ResolvedField,
  type ResolvedMenuEntry,
  type ResolvedScreen,
} from '../../src/engine';
import { checkParams } from '../../src/engine/validate';
import { rulesOf, fileProblem, wavProblem } from '../../src/engine/files';
import { siteIds } from '../../src/engine/fsLoader';
import { engineFor } from './helpers';

const ROOT = join(__dirname, '..', '..');
const CATALOGUES = {
  en: JSON.parse(readFileSync(join(ROOT, 'i18n', 'en.json'), 'utf8')) as Record<string, string>,
  zh: JSON.parse(readFileSync(join(ROOT, 'i18n', 'zh.json'), 'utf8')) as Record<string, string>,
};

/** Every optional field, column and check switched on, so no message hides behind a flag. */
const ALL_ON: Record<string, string> = {
  support_weekly_plan_content: '1',
  expand_tone_infos: 'genre:Y|mood:N',
  support_jockey_flag: '1',
  support_copyright_maintenance: '1',
  support_upload_copyright_file: '2',
  support_auto_renewal: '1',
  shortcode_input_type: '1',
  support_isrc_check: '1',
  login_picture_code: '1',
  support_seven_digit_tonecode: '1',
  support_namerbt_feature: '1',
  support_kenya_batch_operation: '1',
  same_skiza_price: '1',
  cp_admin_can_specify_rbt_price: '2',
  image_size_limit: '1',
  support_image_upload: '1',
  additional_tag_num: '5',
};
const USER = {
  code: '8800010',
  name: 'Demo provider',
  firstLogin: '0',
  monthlyPrefix: '1',
  weeklyPrefix: '2',
  believeCP: '0',
  spType: '1',
};

interface Rendered {
  where: string;
  key: string;
  text: string;
  problems: string[];
}

function render(
  where: string,
  key: string,
  params: Record<string, unknown> | undefined,
  limits: unknown[] = [],
): Rendered[] {
  return (['en', 'zh'] as const).map((lang) => {
    const problems: string[] = [];
    const raw = CATALOGUES[lang][key];
    if (raw === undefined) problems.push(`key missing in ${lang} (it would show raw)`);
    const text = fillMessage(raw ?? key, params);
    if (/\[object Object\]|\bundefined\b|\bnull\b|\bNaN\b/.test(text)) problems.push('shows a value that is not text');
    const left = text.match(/\{\w*\}/g);
    if (left) problems.push(`placeholder left: ${left.join(' ')}`);
    for (const limit of limits) if (!text.includes(String(limit))) problems.push(`does not name the limit ${limit}`);
    return { where: `${where} [${lang}]`, key, text, problems };
  });
}

// --- values that break one keyword of one schema node ------------------------------------------------------

const PATTERN_CANDIDATES = [
  'ID-12345',
  'a b',
  ' a',
  'a ',
  'a  b',
  '0',
  '0123',
  '12a',
  'abc',
  '-1',
  '1.',
  '@',
  'x@y',
  '!',
  'A',
  'a'.repeat(300),
];

/** A value that fails `keyword` of `node` (and, where possible, nothing else in it), or undefined. */
function breaking(keyword: string, node: Record<string, any>): unknown {
  const v = node[keyword];
  switch (keyword) {
    case 'maxLength':
      return 'a'.repeat(v + 1);
    case 'minLength':
      return v > 1 ? 'a'.repeat(v - 1) : undefined;
    case 'pattern': {
      const re = new RegExp(v, 'u');
      return PATTERN_CANDIDATES.find(
        (c) => !re.test(c) && (node.maxLength === undefined || c.length <= node.maxLength),
      );
    }
    case 'numericMinimum':
      return String(v - 1);
    case 'numericMaximum':
      return String(v + 1);
    case 'maxDecimals':
      return `1.${'1'.repeat(v + 1)}`;
    case 'forbiddenChars':
      return v === '' ? undefined : `a${v[0]}b`;
    case 'format':
      return v === 'email' ? 'not-an-email' : v === 'date' ? '2024-13-45' : 'not valid';
    case 'enum':
      return '__not_an_option__';
    case 'maxItems':
      return Array.from({ length: v + 1 }, (_, i) => ({ companyID: String(i) }));
    case 'specialChars':
      return 'Abcdefg1§';
    default:
      return undefined;
  }
}

/** Values that break each part of a splitItems rule (count, empty item, item length, item format). */
function splitBreaking(rule: Record<string, any>): unknown[] {
  const sep = rule.separator;
  const out: unknown[] = [`a${sep}${sep}b`];
  if (rule.maxItems !== undefined) out.push(Array.from({ length: rule.maxItems + 1 }, (_, i) => `t${i}`).join(sep));
  if (rule.itemMaxLength !== undefined) out.push(`a${sep}${'x'.repeat(rule.itemMaxLength + 1)}`);
  if (rule.itemFormat || rule.itemPattern) out.push(`a@b.cd${sep}bad`);
  return out;
}

/** The limit a failing keyword must name in its message. */
function limitOf(keyword: string, node: Record<string, any>, value: unknown): unknown[] {
  if (['maxLength', 'minLength', 'numericMinimum', 'numericMaximum', 'maxDecimals', 'maxItems'].includes(keyword))
    return [node[keyword]];
  if (keyword === 'splitItems' && typeof value === 'string') {
    const rule = node.splitItems;
    if (rule.maxItems !== undefined && value.split(rule.separator).length > rule.maxItems) return [rule.maxItems];
    if (
      rule.itemMaxLength !== undefined &&
      value.split(rule.separator).some((i: string) => i.length > rule.itemMaxLength)
    )
      return [rule.itemMaxLength];
  }
  return [];
}

const VALIDATING = [
  'maxLength',
  'minLength',
  'pattern',
  'numericMinimum',
  'numericMaximum',
  'maxDecimals',
  'forbiddenChars',
  'format',
  'enum',
  'maxItems',
  'specialChars',
  'splitItems',
];

/** Every schema node of a field with the path (object properties) where its value sits. */
function nodes(schema: Record<string, any>, path: string[] = []): Array<{ node: Record<string, any>; path: string[] }> {
  const out = [{ node: schema, path }];
  for (const sub of schema.allOf ?? []) out.push(...nodes(sub, path));
  for (const [name, sub] of Object.entries(schema.properties ?? {}))
    out.push(...nodes(sub as Record<string, any>, [...path, name]));
  return out;
}

const nest = (path: string[], value: unknown): unknown => path.reduceRight((inner, key) => ({ [key]: inner }), value);

/** The field alone with only this node as its schema (the node's own type kept), validated by the engine. */
function failOne(
  screen: ResolvedScreen,
  field: ResolvedField,
  node: Record<string, any>,
  path: string[],
  value: unknown,
  ctx: Context,
) {
  const { allOf: _a, properties: _p, required: _r, ...own } = node;
  const schema = path.length
    ? (nest(
        path.flatMap((p) => ['properties', p]),
        own,
      ) as Record<string, any>)
    : own;
  const alone: ResolvedField = {
    ...field,
    schema: path.length
      ? { type: 'object', ...schema }
      : { ...own, type: own.type ?? (typeof value === 'string' ? 'string' : undefined) },
    required: false,
  };
  if (alone.schema.type === undefined) delete alone.schema.type;
  const one = { ...screen, fields: [alone], required: [], checks: [], jsonSchema: formSchema([alone]) };
  return validateResolved(one, { [field.name]: nest(path, value) }, ctx).filter((e) => e.field === field.name);
}

function sampleValue(field: ResolvedField | undefined, ctx: Context): unknown {
  if (!field) return undefined;
  if (field.default !== undefined && field.default !== '') return field.default;
  if (Array.isArray(field.options) && field.options.length) return field.options[0].value;
  if (field.widget === 'date' || field.schema.format === 'date') return '2030-06-30';
  if (field.schema.type === 'array') return [{ companyID: '1' }];
  return ctx.config.default_tone_price || '5';
}

// --- the walk ------------------------------------------------------------------------------------------------

function menuTexts(entries: ResolvedMenuEntry[], where: string): Rendered[] {
  return entries.flatMap((e) => [
    ...render(`${where} menu ${e.name}`, e.label, undefined),
    ...menuTexts(e.children, where),
  ]);
}

function screenTexts(site: string, screen: ResolvedScreen, ctx: Context): Rendered[] {
  const where = `${site} ${screen.id} (${screen.mode})`;
  const out: Rendered[] = [...render(`${where} title`, screen.title, undefined)];
  const byName = new Map(screen.fields.map((f) => [f.name, f]));
  for (const field of [...screen.fields, ...screen.search]) {
    const at = `${where} ${field.name}`;
    const label = field.label ? CATALOGUES.en[field.label] : field.name;
    const ui = field.ui ?? {};
    if (field.label) out.push(...render(`${at} label`, field.label, undefined));
    if (field.help) out.push(...render(`${at} help`, field.help, ui.tipParams as Record<string, unknown>));
    if (field.placeholder) out.push(...render(`${at} placeholder`, field.placeholder, undefined));
    if (typeof ui.hint === 'string')
      out.push(...render(`${at} hint`, ui.hint, ui.hintParams as Record<string, unknown>));
    if (Array.isArray(field.options))
      for (const o of field.options) out.push(...render(`${at} option ${o.value}`, o.label, o.params));
    if (field.invalidNotice)
      out.push(...render(`${at} invalidNotice`, field.invalidNotice, { field: label, reason: 'x' }));
    if (ui.serverCheck && typeof (ui.serverCheck as any).message === 'string')
      out.push(...render(`${at} serverCheck`, (ui.serverCheck as any).message, { label }));
    // Upload fields: a file of a wrong type, a file too large, a wav of the wrong format.
    if (field.widget === 'upload' || field.widget === 'image' || field.widget === 'languageFiles') {
      const rules = rulesOf(
        field.widget === 'image'
          ? {
              accept: '.jpg,.jpeg,.gif',
              maxSizeMB: 10,
              formatError: 'Common.onlyJpgGif',
              sizeError: 'Common.avatarTooLarge',
              ...ui,
            }
          : ui,
      );
      const wrong = fileProblem({ name: 'x.exe', size: 1 }, rules);
      if (wrong) out.push(...render(`${at} wrong type`, wrong.key, wrong.params, rules.extensions));
      const large =
        rules.maxBytes === undefined
          ? null
          : fileProblem({ name: `x${rules.extensions[0] ?? ''}`, size: rules.maxBytes + 1 }, rules);
      if (large) out.push(...render(`${at} too large`, large.key, large.params));
      const wav = wavProblem({ sampleRate: 44100, bitsPerSample: 16, channels: 2 }, rules);
      if (wav) out.push(...render(`${at} wav format`, wav.key, wav.params, ['44100', '16']));
    }
    // Rules: required, then every validating keyword of every node, each made to fail on its own.
    if (field.required) {
      const errors = validateResolved(screen, {}, ctx).filter((e) => e.field === field.name);
      for (const e of errors) out.push(...render(`${at} required`, e.message, { label, ...e.params }));
    }
    for (const { node, path } of nodes(field.schema)) {
      for (const keyword of VALIDATING.filter((k) => node[k] !== undefined)) {
        const values = keyword === 'splitItems' ? splitBreaking(node.splitItems) : [breaking(keyword, node)];
        for (const value of values) {
          if (value === undefined) continue;
          const errors = failOne(screen, field, node, path, value, ctx);
          if (errors.length === 0)
            out.push({
              where: `${at} ${keyword}`,
              key: '',
              text: '',
              problems: [`no error for ${JSON.stringify(value).slice(0, 40)}`],
            });
          for (const e of errors)
            out.push(
              ...render(
                `${at} ${keyword}=${JSON.stringify(value).slice(0, 30)}`,
                e.message,
                { label, ...e.params },
                limitOf(keyword, node, value),
              ),
            );
        }
      }
    }
  }
  // Cross-field checks: the message with the parameters the engine evaluates on a filled-in form.
  const filled = Object.fromEntries([...byName.values()].map((f) => [f.name, sampleValue(f, ctx)]));
  for (const check of screen.checks) {
    const label = byName.get(check.field)?.label;
    out.push(
      ...render(`${where} check ${check.name}`, check.message, {
        label: label ? CATALOGUES.en[label] : check.field,
        ...checkParams(check.params, { ...ctx, form: filled }),
      }),
    );
  }
  for (const c of [...screen.columns, ...(screen.summary ?? [])]) {
    out.push(...render(`${where} column ${c.name}`, c.label, undefined));
    // A label's text receives the value it labels ({value}; labelText in src/ui/list/cells.tsx), '*' any value.
    for (const [value, key] of Object.entries(c.labels ?? {}))
      out.push(...render(`${where} column ${c.name}=${value}`, key, { value: value === '*' ? '90' : value }));
  }
  for (const a of screen.actions) {
    out.push(...render(`${where} action ${a.name}`, a.label, undefined));
    if (a.confirm) out.push(...render(`${where} action ${a.name} confirm`, a.confirm, { count: 2, name: 'T1' }));
    if (a.retry) out.push(...render(`${where} action ${a.name} retry`, a.retry.confirm, { message: 'In use.' }));
    if (a.successMessage) out.push(...render(`${where} action ${a.name} success`, a.successMessage, undefined));
  }
  out.push(...menuTexts(screen.menu, where));
  return out;
}

const problems: string[] = [];
let rendered = 0;
beforeAll(() => {
  for (const site of siteIds()) {
    const engine = engineFor(site);
    for (const id of engine.screenIds()) {
      for (const config of [{}, ALL_ON]) {
        for (const mode of ['add', 'edit'] as const) {
          // The form as it opens (defaults filled), then with each choice of each option field, so fields that
          // appear for one choice only (unified upload mode, a tariff table) are reached too.
          let form: Record<string, unknown> = {};
          for (let i = 0; i < 3; i++) {
            for (const f of engine.resolve(id, { config, mode, user: USER, form }).fields)
              if (form[f.name] === undefined && f.default !== undefined) form = { ...form, [f.name]: f.default };
          }
          const choices = engine
            .resolve(id, { config, mode, user: USER, form })
            .fields.flatMap((f) =>
              Array.isArray(f.options) ? f.options.map((o) => ({ ...form, [f.name]: o.value })) : [],
            );
          for (const variant of [form, ...choices]) {
            const input = { config, mode, user: USER, form: variant };
            for (const r of screenTexts(site, engine.resolve(id, input), engine.context(input))) {
              rendered++;
              for (const p of r.problems) problems.push(`${r.where} ${r.key}: ${p}${r.text ? ` -> "${r.text}"` : ''}`);
            }
          }
        }
      }
    }
  }
});

test('every message of every definition renders with its values filled in, in English and Chinese', () => {
  expect(rendered).toBeGreaterThan(2000);
  // One line per message key and problem, with the first place it was found.
  const byKind = new Map<string, string>();
  for (const p of problems) {
    const kind = p.replace(/^.*?\] /, '').replace(/ -> .*$/, '');
    if (!byKind.has(kind)) byKind.set(kind, p);
  }
  expect([...byKind.values()]).toEqual([]);
});
