// `npm run definitions -- validate` as an integrator runs it: passes on the repository, and for each kind of
// mistake an integrator can make in a copy of the tree, exits non-zero naming the file, the place (line and
// column, JSON path) and the reason, once: no stack trace, no echo of the same mistake under an overlay or a site.
// The mistakes run through validateDefinitions, the function whose exit code and output the CLI passes on
// unchanged (a child process each would take minutes); the CLI process itself is run on the repository, on a
// syntax error and on warnings.
import { validateDefinitions } from '../../src/cli/validate';
import { copyTree, runCli } from './cli';

/** What `DEFINITIONS_ROOT=dir npm run definitions -- validate` prints and exits with. */
function validate(dir: string) {
  const r = validateDefinitions(dir);
  return { status: r.exitCode, stdout: r.stdout, stderr: r.stderr };
}

// One copy of the tree for the file: each test breaks it its own way and restores it after (cli.ts, restore).
type Tree = ReturnType<typeof copyTree>;
let tree: Tree;
beforeAll(() => {
  tree = copyTree();
});
afterAll(() => tree.remove());

/** `file:line:column: $.path: reason` lines of the errors (warnings come after their own heading). */
function errorLines(stderr: string): string[] {
  const [errors] = stderr.split(/^\d+ warning\(s\), listed apart/m);
  return errors.split('\n').filter((l) => /^[^\s:]+:\d+:\d+: /.test(l));
}

test('the repository definitions are valid; its warnings are listed apart', () => {
  const r = runCli(['validate']);
  expect(errorLines(r.stderr)).toEqual([]);
  expect(r.stdout).toMatch(/^definitions valid: \d+ screens, 3 site variants/);
  expect(r.status).toBe(0);
});

interface Case {
  what: string;
  breakIt: (t: Tree) => void;
  file: string;
  path: string;
  reason: string;
  /** The line the problem must point at. */
  line?: (t: Tree) => number;
  /** How many problems the one mistake makes (default 1: reported once). */
  count?: number;
}

const MUSIC_BOX = 'screen-definitions/musicBoxUpload.json';
const KENYA_BOX = 'site-variants/kenya/musicBoxUpload.json';
const KENYA_TONE = 'site-variants/kenya/rbtUploading.json';
const MAINTENANCE = 'screen-definitions/rbtMaintenance.json';

const cases: Case[] = [
  // The file itself.
  {
    what: 'a JSON syntax error (a missing comma) in a definition that two sites overlay',
    breakIt: (t) => t.editText(MUSIC_BOX, (s) => s.replace('"id": "musicBoxUpload",', '"id": "musicBoxUpload"')),
    file: MUSIC_BOX,
    path: '$',
    reason: 'JSON syntax error: expected "," between two values or properties (a comma is missing)',
    line: (t) => t.lineOf(MUSIC_BOX, '"kind"'),
  },
  {
    what: 'a trailing comma in an overlay',
    breakIt: (t) =>
      t.editText('site-variants/ais/musicBoxUpload.json', (s) =>
        s.replace('"boxValidity": null }', '"boxValidity": null, }'),
      ),
    file: 'site-variants/ais/musicBoxUpload.json',
    path: '$',
    reason: 'JSON syntax error: a comma before "}" (trailing comma) is not allowed in JSON',
    line: (t) => t.lineOf('site-variants/ais/musicBoxUpload.json', '"checks"'),
  },
  {
    what: 'a comment in a site configuration',
    breakIt: (t) =>
      t.editText('site-variants/kenya/config.json', (s) =>
        s.replace('"max_tone_price": "5",', '"max_tone_price": "5", // Skiza'),
      ),
    file: 'site-variants/kenya/config.json',
    path: '$',
    reason: 'JSON syntax error: comments are not allowed in JSON',
    line: (t) => t.lineOf('site-variants/kenya/config.json', '// Skiza'),
  },
  {
    what: 'a message catalogue cut short (reported once, not as every key missing from it)',
    breakIt: (t) => t.editText('i18n/zh.json', (s) => s.trimEnd().replace(/}$/, '')),
    file: 'i18n/zh.json',
    path: '$',
    reason: 'JSON syntax error: the file ends inside an object (a "}" is missing)',
  },
  {
    what: 'a duplicate key in a definition',
    breakIt: (t) =>
      t.editText(MUSIC_BOX, (s) =>
        s.replace('"label": "MusicBox.name",', '"label": "MusicBox.name",\n      "label": "MusicBox.name",'),
      ),
    file: MUSIC_BOX,
    path: '$.fields.name.label',
    reason: 'duplicate key "label"',
    line: (t) => t.lineOf(MUSIC_BOX, '"label": "MusicBox.name"') + 1,
  },
  {
    what: 'a duplicate key in an overlay',
    breakIt: (t) =>
      t.editText(KENYA_TONE, (s) =>
        s.replace('"tuneCompany": null,', '"tuneCompany": null,\n    "tuneCompany": null,'),
      ),
    file: KENYA_TONE,
    path: '$.fields.tuneCompany',
    reason: 'duplicate key "tuneCompany"',
    line: (t) => t.lineOf(KENYA_TONE, '"tuneCompany"') + 1,
  },
  {
    what: 'a duplicate message key in a catalogue',
    breakIt: (t) =>
      t.editText('i18n/en.json', (s) =>
        s.replace(
          '"App.name": "RBT Provider Portal",',
          '"App.name": "RBT Provider Portal",\n  "App.name": "RBT Portal",',
        ),
      ),
    file: 'i18n/en.json',
    path: '$[App.name]',
    reason: 'duplicate key "App.name" (first at line',
    line: (t) => t.lineOf('i18n/en.json', '"App.name"') + 1,
  },
  // Every folder of site-variants/ is a site (the loader serves it), so a folder lacking its config.json is one
  // mistake, named once, with the site it looks like when it is a misspelt copy.
  {
    what: 'a misspelled site folder',
    breakIt: (t) => t.writeText('site-variants/kenia/rbtUploading.json', '{ "fields": { "tuneCompany": null } }\n'),
    file: 'site-variants/kenia/config.json',
    path: '$',
    reason:
      'missing: every folder of site-variants/ is a site and needs a config.json (its "values" may be empty); or is "kenia" a misspelling of "kenya"?',
    line: () => 1,
  },
  {
    what: 'a new site folder without its config.json',
    breakIt: (t) => t.writeText('site-variants/ghana/rbtUploading.json', '{ "fields": { "tuneCompany": null } }\n'),
    file: 'site-variants/ghana/config.json',
    path: '$',
    reason: 'missing: every folder of site-variants/ is a site and needs a config.json (its "values" may be empty)',
  },
  {
    what: 'a site folder whose name cannot be a site id',
    breakIt: (t) =>
      t.write('site-variants/Ghana/config.json', {
        $schema: '../../schemas/site-config.schema.json',
        description: 'Ghana',
        values: {},
      }),
    file: 'site-variants/Ghana/',
    path: '$',
    reason: '"Ghana" cannot be a site id: a site folder\'s name is lower-case letters, digits, - or _',
  },
  {
    what: 'an overlay file naming a screen that does not exist',
    breakIt: (t) => t.write('site-variants/kenya/rbtUplaoding.json', { fields: { tuneCompany: null } }),
    file: 'site-variants/kenya/rbtUplaoding.json',
    path: '$',
    reason:
      'overlays screen "rbtUplaoding", which has no definition in screen-definitions/ (did you mean "rbtUploading"?)',
  },
  {
    what: 'a stray file in screen-definitions/',
    breakIt: (t) => t.writeText('screen-definitions/rbtUploading.json.orig', '{}\n'),
    file: 'screen-definitions/rbtUploading.json.orig',
    path: '$',
    reason: 'not a screen definition (only <screen>.json files are read here), so it changes nothing',
  },
  {
    what: 'a stray file in a site folder',
    breakIt: (t) => t.writeText('site-variants/kenya/musicBoxUpload.jsn', '{}\n'),
    file: 'site-variants/kenya/musicBoxUpload.jsn',
    path: '$',
    reason: 'not an overlay (only config.json and <screen>.json files are read in a site folder)',
  },
  {
    what: 'a stray file directly in site-variants/',
    breakIt: (t) => t.writeText('site-variants/rbtUploading.json', '{}\n'),
    file: 'site-variants/rbtUploading.json',
    path: '$',
    reason: 'a file directly in site-variants/, which holds only site folders',
  },
  // Keys, conditions, configuration and messages.
  {
    what: 'an unknown key in a definition',
    breakIt: (t) =>
      t.edit(MUSIC_BOX, (d) => {
        d.fields.name.colour = 'red';
      }),
    file: MUSIC_BOX,
    path: '$.fields.name.colour',
    reason: 'unknown key "colour"',
    line: (t) => t.lineOf(MUSIC_BOX, '"colour"'),
  },
  {
    what: 'an unknown key at the top of an overlay',
    breakIt: (t) =>
      t.edit(KENYA_BOX, (d) => {
        d.colour = 'red';
      }),
    file: KENYA_BOX,
    path: '$.colour',
    reason: 'unknown key "colour"',
    line: (t) => t.lineOf(KENYA_BOX, '"colour"'),
  },
  {
    what: 'an unknown key inside a field of an overlay',
    breakIt: (t) =>
      t.edit(KENYA_BOX, (d) => {
        d.fields.toneBoxType.colour = 'red';
      }),
    file: KENYA_BOX,
    path: '$.fields.toneBoxType.colour',
    reason: 'unknown key "colour"',
    line: (t) => t.lineOf(KENYA_BOX, '"colour"'),
  },
  {
    what: 'an overlay changing a field the base does not have',
    breakIt: (t) =>
      t.edit(KENYA_BOX, (d) => {
        d.fields.nickname = { label: 'MusicBox.name' };
      }),
    file: KENYA_BOX,
    path: '$.fields.nickname',
    reason: 'targets "nickname", which the base definition does not have',
    line: (t) => t.lineOf(KENYA_BOX, '"nickname"'),
  },
  {
    what: 'an overlay removing a field the base does not have',
    breakIt: (t) =>
      t.edit('site-variants/ais/musicBoxUpload.json', (d) => {
        d.fields = { nickname: null };
      }),
    file: 'site-variants/ais/musicBoxUpload.json',
    path: '$.fields.nickname',
    reason: 'removes "nickname", which the base definition does not have',
  },
  {
    what: 'an overlay removing a check the base does not have',
    breakIt: (t) =>
      t.edit('site-variants/ais/musicBoxUpload.json', (d) => {
        d.checks = { boxValidty: null };
      }),
    file: 'site-variants/ais/musicBoxUpload.json',
    path: '$.checks.boxValidty',
    reason: 'removes "boxValidty"',
    line: (t) => t.lineOf('site-variants/ais/musicBoxUpload.json', '"boxValidty"'),
  },
  {
    what: 'a condition with an unknown JSON Logic operation',
    breakIt: (t) =>
      t.edit(MUSIC_BOX, (d) => {
        d.fields.price.visible = { frobnicate: [{ var: 'config.support_catalog' }, '1'] };
      }),
    file: MUSIC_BOX,
    path: '$.fields.price.visible',
    reason: 'unknown operation "frobnicate"',
  },
  {
    what: 'a condition reading a variable outside the context',
    breakIt: (t) =>
      t.edit(MUSIC_BOX, (d) => {
        d.fields.price.disabled = { '==': [{ var: 'settings.price' }, '2'] };
      }),
    file: MUSIC_BOX,
    path: '$.fields.price.disabled.==[0]',
    reason: 'variable "settings.price" is not in the context',
  },
  {
    what: 'an unknown configuration key in a placeholder',
    breakIt: (t) =>
      t.edit(MUSIC_BOX, (d) => {
        d.fields.tones.schema.maxItems = { $config: 'limit_rings_per_box', as: 'integer' };
      }),
    file: MUSIC_BOX,
    path: '$.fields.tones.schema.maxItems.$config',
    reason: 'unknown configuration key "limit_rings_per_box"',
    line: (t) => t.lineOf(MUSIC_BOX, '"limit_rings_per_box"'),
  },
  {
    what: 'an unknown configuration key in a condition of an overlay',
    breakIt: (t) =>
      t.edit(KENYA_BOX, (d) => {
        d.fields.relativeTime.visible = { '==': [{ var: 'config.kenya_relative' }, '1'] };
      }),
    file: KENYA_BOX,
    path: '$.fields.relativeTime.visible.==[0].var',
    reason: 'unknown configuration key "kenya_relative"',
    line: (t) => t.lineOf(KENYA_BOX, '"config.kenya_relative"'),
  },
  {
    what: 'an unknown configuration key naming an option list',
    breakIt: (t) =>
      t.edit(MUSIC_BOX, (d) => {
        d.fields.relativeTime.options.fromConfig = 'relative_range_periods';
      }),
    file: MUSIC_BOX,
    path: '$.fields.relativeTime.options.fromConfig',
    reason:
      'unknown configuration key "relative_range_periods" (not in schemas/config.schema.json) (did you mean "relative_range_period"?)',
    line: (t) => t.lineOf(MUSIC_BOX, '"relative_range_periods"'),
  },
  {
    what: 'a misspelled configuration key in a site configuration',
    breakIt: (t) =>
      t.edit('site-variants/kenya/config.json', (d) => {
        d.values.max_tone_prize = '5';
      }),
    file: 'site-variants/kenya/config.json',
    path: '$.values.max_tone_prize',
    reason: 'unknown key "max_tone_prize"',
    line: (t) => t.lineOf('site-variants/kenya/config.json', '"max_tone_prize"'),
  },
  {
    what: 'a message missing from zh.json, a language without fallback (reported once, in the catalogue)',
    breakIt: (t) =>
      t.edit('i18n/zh.json', (d) => {
        delete d['MusicBox.upload'];
      }),
    file: 'i18n/zh.json',
    path: '$',
    reason:
      'message "MusicBox.upload" is missing: zh has no fallback in i18n/languages.json, so it must have every message of i18n/en.json',
  },
  {
    what: 'a message key of an overlay missing from every catalogue',
    breakIt: (t) =>
      t.edit(KENYA_BOX, (d) => {
        d.fields.toneBoxType.options[0].label = 'MusicBox.typeKenyaPackage';
      }),
    file: KENYA_BOX,
    path: '$.fields.toneBoxType.options[0].label',
    reason: 'message key "MusicBox.typeKenyaPackage" is missing from i18n/en.json',
  },
  {
    what: 'an unknown shared rule',
    breakIt: (t) =>
      t.edit(MUSIC_BOX, (d) => {
        d.fields.name.rules = ['validNmae'];
      }),
    file: MUSIC_BOX,
    path: '$.fields.name.rules',
    reason: 'unknown rule "validNmae" (not in schemas/rules.json) (did you mean "validName"?)',
  },
  // What the server answers and takes.
  {
    what: "a record field read as a form field's options that has none",
    breakIt: (t) =>
      t.editText('screen-definitions/records/tone.json', (s) =>
        s.replace('"field": "cutFlag" }', '"field": "toneName" }'),
      ),
    file: 'screen-definitions/records/tone.json',
    path: '$.fields.cutFlag.readAs',
    reason: 'screen "rbtUploading" has no field "toneName" with options',
  },
  {
    what: 'a column naming a field the list answer does not have',
    breakIt: (t) =>
      t.edit(MAINTENANCE, (d) => {
        d.columns.toneName.field = 'toneNmae';
      }),
    file: MAINTENANCE,
    path: '$.columns.toneName.field',
    reason: 'column field "toneNmae" is not in the answer of /sp/qrytone (call "list")',
    line: (t) => t.lineOf(MAINTENANCE, '"toneNmae"'),
  },
  {
    what: 'a row condition of a list action reading a field the answer does not have',
    breakIt: (t) =>
      t.edit(MAINTENANCE, (d) => {
        d.actions.hide.visible = { '==': [{ var: 'row.state' }, '1'] };
      }),
    file: MAINTENANCE,
    path: '$.actions.hide.visible.==[0].var',
    reason: 'row value "state" is not in the answer of /sp/qrytone',
  },
  {
    what: 'a summary value naming a field the answer does not have',
    breakIt: (t) =>
      t.edit('screen-definitions/toneDetail.json', (d) => {
        d.summary.toneName.field = 'name';
      }),
    file: 'screen-definitions/toneDetail.json',
    path: '$.summary.toneName.field',
    reason: 'summary field "name" is not in the answer of /sp/qrytonedetail',
  },
  {
    what: 'an edit form reading a record field the load answer does not have',
    breakIt: (t) =>
      t.edit('screen-definitions/myAccount.json', (d) => {
        d.load.form.email = { var: 'record.emial' };
      }),
    file: 'screen-definitions/myAccount.json',
    path: '$.load.form.email.var',
    reason: 'record value "emial" is not in the answer of /sp/qrycpselfInfo (call "load")',
  },
  {
    what: 'a search field (added by an overlay) that the list call does not send',
    breakIt: (t) =>
      t.write('site-variants/kenya/rbtMaintenance.json', {
        search: { albumName: { add: true, order: 90, label: 'Tone.toneName', schema: { type: 'string' } } },
      }),
    file: 'site-variants/kenya/rbtMaintenance.json',
    path: '$.search.albumName',
    reason: 'the list call does not send this search field (no "form.albumName" in calls.list.payload)',
    line: (t) => t.lineOf('site-variants/kenya/rbtMaintenance.json', '"albumName"'),
  },
  {
    what: 'a multipart part the route does not read',
    breakIt: (t) =>
      t.edit('screen-definitions/rbtBatchUploading.json', (d) => {
        d.calls.upload.payload.zipFil = d.calls.upload.payload.zipFile;
        delete d.calls.upload.payload.zipFile;
      }),
    file: 'screen-definitions/rbtBatchUploading.json',
    path: '$.calls.upload.payload.zipFil',
    reason: '/sp/batchaddtone takes no parameter "zipFil" (did you mean "zipFile"?), so the server never reads it',
  },
  {
    what: 'a batch results dialog following a call the screen does not have',
    breakIt: (t) =>
      t.edit('screen-definitions/batchupdaterbtexpiredate.json', (d) => {
        d.actions.submit.results.progress = 'line';
      }),
    file: 'screen-definitions/batchupdaterbtexpiredate.json',
    path: '$.actions.submit.results.progress',
    reason: 'no call "line" (did you mean "lines"?)',
  },
  {
    what: 'a payload parameter the route does not take',
    breakIt: (t) =>
      t.edit(MAINTENANCE, (d) => {
        d.calls.list.payload.toneNmae = d.calls.list.payload.toneName;
        delete d.calls.list.payload.toneName;
      }),
    file: MAINTENANCE,
    path: '$.calls.list.payload.toneNmae',
    reason: '/sp/qrytone takes no parameter "toneNmae" (did you mean "toneName"?), so the server never reads it',
    line: (t) => t.lineOf(MAINTENANCE, '"toneNmae"'),
  },
  {
    what: 'a call path the server does not implement',
    breakIt: (t) =>
      t.edit('screen-definitions/editTag.json', (d) => {
        d.calls.save.path = 'sp/tagmaintenence';
      }),
    file: 'screen-definitions/editTag.json',
    path: '$.calls.save.path',
    reason: 'the server implements no call "sp/tagmaintenence" (did you mean "sp/tagmaintenance"?)',
    line: (t) => t.lineOf('screen-definitions/editTag.json', '"sp/tagmaintenence"'),
  },
  {
    what: 'a client kind whose HTTP method the route does not answer',
    breakIt: (t) =>
      t.edit('screen-definitions/editTag.json', (d) => {
        d.calls.save.client = 'get';
      }),
    file: 'screen-definitions/editTag.json',
    path: '$.calls.save.client',
    reason: 'client "get" sends a GET request, but /sp/tagmaintenance answers POST only',
  },
  {
    what: 'a call marked pending that the server implements',
    breakIt: (t) =>
      t.edit('screen-definitions/editTag.json', (d) => {
        d.calls.save.pending = 'not written yet';
      }),
    file: 'screen-definitions/editTag.json',
    path: '$.calls.save.pending',
    reason: 'marked pending, but the server implements "sp/tagmaintenance": remove "pending"',
  },
  // Validation bounds.
  {
    what: 'a quoted maxLength',
    breakIt: (t) =>
      t.edit(MUSIC_BOX, (d) => {
        d.fields.name.schema.maxLength = '100';
      }),
    file: MUSIC_BOX,
    path: '$.fields.name.schema.maxLength',
    reason: '"maxLength" must be an integer, found string "100" (write 100 without quotes)',
    line: (t) => t.lineOf(MUSIC_BOX, '"maxLength": "100"'),
  },
  {
    what: 'a quoted minimum',
    breakIt: (t) =>
      t.edit('screen-definitions/rbtUploading.json', (d) => {
        d.fields.price.schema.minimum = '0';
      }),
    file: 'screen-definitions/rbtUploading.json',
    path: '$.fields.price.schema.minimum',
    reason: '"minimum" must be a number, found string "0" (write 0 without quotes)',
  },
  {
    what: 'a placeholder whose "as" gives the wrong type for its keyword',
    breakIt: (t) =>
      t.edit(MUSIC_BOX, (d) => {
        d.fields.tones.schema.maxItems.as = 'text';
      }),
    file: MUSIC_BOX,
    path: '$.fields.tones.schema.maxItems.as',
    reason: '"maxItems" needs an integer, but "as": "text" gives a string',
  },
  {
    what: 'a placeholder with an unknown "as"',
    breakIt: (t) =>
      t.edit(MUSIC_BOX, (d) => {
        d.fields.tones.schema.maxItems.as = 'nubmer';
      }),
    file: MUSIC_BOX,
    path: '$.fields.tones.schema.maxItems.as',
    reason: 'unknown "as": "nubmer" (one of text, number, decimalPlaces, pipeList, integer)',
  },
  {
    what: 'a wrong bound in a shared rule (not again in every field that uses the rule)',
    breakIt: (t) =>
      t.edit('schemas/rules.json', (d) => {
        d.rules.email.schema.maxLength = '255';
      }),
    file: 'schemas/rules.json',
    path: '$.rules.email.schema.maxLength',
    reason: '"maxLength" must be an integer, found string "255"',
  },
  {
    what: 'a schema Ajv refuses in a base definition that two sites overlay (once, not again per overlay or site)',
    breakIt: (t) =>
      t.edit(MUSIC_BOX, (d) => {
        d.fields.price.schema.frobnicate = 1;
      }),
    file: MUSIC_BOX,
    path: '$.fields.price.schema',
    reason: 'Ajv cannot compile it: strict mode: unknown keyword: "frobnicate"',
  },
  // Composition (fragments, named expressions, calls that extend another).
  {
    what: 'an unknown fragment',
    breakIt: (t) =>
      t.edit(MUSIC_BOX, (d) => {
        d.fields.description = { $use: 'boxDescriptoin', order: 5 };
      }),
    file: MUSIC_BOX,
    path: '$.fields.description.$use',
    reason: 'unknown fragment "boxDescriptoin" (no screen-definitions/fragments/boxDescriptoin.json)',
  },
  {
    what: 'a cycle of $use between two fragments (once, not once per fragment)',
    breakIt: (t) => {
      t.write('screen-definitions/fragments/first.json', {
        description: 'uses second',
        value: { order: 1, schema: { $use: 'second' } },
      });
      t.write('screen-definitions/fragments/second.json', {
        description: 'uses first',
        value: { type: 'string', items: { $use: 'first' } },
      });
    },
    file: 'screen-definitions/fragments/',
    path: '$.value',
    reason: 'cycle:',
  },
  {
    what: 'an unknown named expression',
    breakIt: (t) =>
      t.edit(MUSIC_BOX, (d) => {
        d.fields.description.visible = { $expr: 'noSuchExpression' };
      }),
    file: MUSIC_BOX,
    path: '$.fields.description.visible.$expr',
    reason: 'unknown named expression "noSuchExpression"',
  },
  {
    what: 'an unknown named expression inside a shared expression file',
    breakIt: (t) =>
      t.write('screen-definitions/expressions/broken.json', {
        description: 'uses a missing one',
        expression: { '!': { $expr: 'missingOne' } },
      }),
    file: 'screen-definitions/expressions/broken.json',
    path: '$.expression.!.$expr',
    reason: 'unknown named expression "missingOne"',
  },
  {
    what: 'an extends naming a call the screen does not have',
    breakIt: (t) =>
      t.edit(MUSIC_BOX, (d) => {
        d.calls.edit = { extends: 'addd', path: 'sp/edittonebox', client: 'form', pending: 'issue 12' };
      }),
    file: MUSIC_BOX,
    path: '$.calls.edit.extends',
    reason: 'extends "addd", which is not a call of this screen (did you mean "add"?)',
  },
  {
    what: 'a route-map entry whose route no definition has (it would open "Not found")',
    breakIt: (t) =>
      t.edit('screen-definitions/routes.json', (d) => {
        d.menu.musicBox.children.musicBoxMaintenance.route = '/musicBoxMaintenanceOld';
      }),
    file: 'screen-definitions/routes.json',
    path: '$.menu.musicBox.children.musicBoxMaintenance.route',
    reason: 'no screen definition has the route "/musicBoxMaintenanceOld"',
  },
  {
    what: 'an action opening a dialog of a screen that does not exist (the dialog would have nothing to show)',
    breakIt: (t) =>
      t.edit('screen-definitions/rbtMaintenance.json', (d) => {
        d.actions.detail.dialog = 'toneDetails';
      }),
    file: 'screen-definitions/rbtMaintenance.json',
    path: '$.actions.detail.dialog',
    reason: 'no screen "toneDetails" (did you mean "toneDetail"?)',
  },
  {
    what: 'a selection widget naming a list that does not exist',
    breakIt: (t) =>
      t.edit('screen-definitions/directoryBoxAdd.json', (d) => {
        d.fields.boxes.ui.list = 'boxSelection';
      }),
    file: 'screen-definitions/directoryBoxAdd.json',
    path: '$.fields.boxes.ui.list',
    reason: 'no screen "boxSelection"',
  },
  // The traps of issue 29: each the one mistake an integrator made, each named where it was made.
  {
    what: 'a message naming a limit its field no longer has (an overlay lowers maxLength, the message still says 256)',
    breakIt: (t) =>
      t.edit(KENYA_TONE, (d) => {
        d.fields.toneName = {
          schema: { type: 'string', maxLength: 64 },
          messages: { required: 'ToneForm.toneNameEmpty', maxLength: 'ToneForm.extraInfoLength' },
        };
      }),
    file: KENYA_TONE,
    path: '$.fields.toneName.schema',
    reason:
      'message "ToneForm.extraInfoLength" says 256 (i18n/en.json, i18n/fa.json, i18n/zh.json), but this schema\'s limits are {max} = 64',
  },
  {
    what: 'a misspelt field name in an overlay that also sets "order" (it would have become a new field)',
    breakIt: (t) =>
      t.edit(KENYA_TONE, (d) => {
        d.fields.tonName = { order: 5, label: 'ToneForm.toneName' };
      }),
    file: KENYA_TONE,
    path: '$.fields.tonName',
    reason:
      'targets "tonName", which the base definition does not have (did you mean "toneName"?); a new entry says so with "add": true',
    line: (t) => t.lineOf(KENYA_TONE, '"tonName"'),
  },
  {
    what: '"add" on an entry the base definition already has',
    breakIt: (t) =>
      t.edit(KENYA_TONE, (d) => {
        d.fields.price.add = true;
      }),
    file: KENYA_TONE,
    path: '$.fields.price.add',
    reason: 'adds "price", which the base definition already has: leave "add" out to change it',
  },
  {
    what: 'a misspelt message key (did you mean)',
    breakIt: (t) =>
      t.edit(MUSIC_BOX, (d) => {
        d.fields.name.label = 'MusicBox.nmae';
      }),
    file: MUSIC_BOX,
    path: '$.fields.name.label',
    reason: 'message key "MusicBox.nmae" is missing from i18n/en.json (did you mean "MusicBox.name"?)',
  },
  {
    what: 'a misspelt operation (did you mean)',
    breakIt: (t) =>
      t.edit(MUSIC_BOX, (d) => {
        d.fields.name.visible = { '!': { mising: ['form.toneBoxType'] } };
      }),
    file: MUSIC_BOX,
    path: '$.fields.name.visible',
    reason: 'unknown operation "mising" (did you mean "missing"?)',
  },
  {
    what: 'a catalogue of a language the list does not have (i18n/fr.json alone)',
    breakIt: (t) => t.write('i18n/fr.json', { 'App.name': 'Portail des fournisseurs' }),
    file: 'i18n/fr.json',
    path: '$',
    reason: 'a catalogue of no language: add "fr" to i18n/languages.json',
  },
  {
    what: 'a language that falls back to one the list does not have',
    breakIt: (t) => {
      t.edit('i18n/languages.json', (d) => {
        d.languages.fa.fallback = 'eng';
      });
    },
    file: 'i18n/languages.json',
    path: '$.languages.fa.fallback',
    reason: 'falls back to "eng", which the list does not have (did you mean "en"?)',
  },
  {
    what: 'fallbacks that go round in a circle',
    breakIt: (t) => {
      t.edit('i18n/languages.json', (d) => {
        d.languages.zh.fallback = 'fa';
        d.languages.fa.fallback = 'zh';
      });
    },
    file: 'i18n/languages.json',
    path: '$.languages.fa.fallback',
    reason: 'the fallbacks go round in a circle (fa -> zh -> fa)',
    count: 2, // once from each of its languages
  },
  {
    what: 'a stray folder in screen-definitions/',
    breakIt: (t) => t.write('screen-definitions/fragment/x.json', { description: 'x', value: 1 }),
    file: 'screen-definitions/fragment/',
    path: '$',
    reason: 'its files are not read (did you mean "fragments"?)',
  },
];

describe('on one mistake, validate', () => {
  test('an untouched copy of the tree is valid, so what fails below is the one change', () => {
    try {
      const r = validate(tree.dir);
      expect(errorLines(r.stderr)).toEqual([]);
      expect(r.status).toBe(0);
    } finally {
      tree.restore();
    }
  });

  test.each(cases.map((c) => [c.what, c] as const))(
    'fails on %s, naming the file, the place and the reason',
    (_what, c) => {
      try {
        c.breakIt(tree);
        const r = validate(tree.dir);
        expect(r.status).toBe(1);
        expect(r.stdout).toBe('');
        // A reason, never a stack trace.
        expect(r.stderr).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);
        const lines = errorLines(r.stderr);
        const line = lines.find((l) => l.startsWith(c.file) && l.includes(`: ${c.path}`) && l.includes(c.reason));
        expect({ lines, found: line !== undefined }).toEqual({ lines, found: true });
        if (c.line) expect(line!.slice(c.file.length + 1).split(':')[0]).toBe(String(c.line(tree)));
        expect(lines).toHaveLength(c.count ?? 1);
        expect(r.stderr).toContain(`${c.count ?? 1} problem(s) in the definitions`);
      } finally {
        tree.restore();
      }
    },
  );

  test('each case put the copy back: it is valid again', () => {
    const r = validate(tree.dir);
    expect(errorLines(r.stderr)).toEqual([]);
    expect(r.status).toBe(0);
  });
});

describe('languages and messages', () => {
  test('a partial catalogue with a fallback passes, its coverage reported as information', () => {
    try {
      tree.edit('i18n/languages.json', (d) => {
        d.languages.fr = { name: 'Français', dir: 'ltr', locale: 'fr-FR', fallback: 'en' };
      });
      tree.write('i18n/fr.json', { 'App.name': 'Portail des fournisseurs', 'Common.save': 'Enregistrer' });
      const r = validate(tree.dir);
      expect(errorLines(r.stderr)).toEqual([]);
      expect(r.status).toBe(0);
      expect(r.stdout).toMatch(/^definitions valid: .* 4 languages \(en, zh, fa, fr\)/);
      expect(r.stdout).toMatch(/^i18n\/fr\.json: 2 of \d+ messages translated; the rest fall back to en$/m);
    } finally {
      tree.restore();
    }
  });

  test('a key only one catalogue has and nothing uses is reported: unused in the default, a typo elsewhere', () => {
    try {
      tree.edit('i18n/en.json', (d) => {
        d['ToneForm.neverShown'] = 'Nobody asks for this';
      });
      tree.edit('i18n/fa.json', (d) => {
        d['ToneForm.toneNmae'] = 'نام آوا';
      });
      const r = validate(tree.dir);
      // The English-only key is also missing from zh, which has no fallback: that is the one error.
      expect(errorLines(r.stderr)).toEqual([
        expect.stringMatching(/^i18n\/zh\.json:1:1: \$: message "ToneForm\.neverShown" is missing: zh has no fallback/),
      ]);
      const [, warnings] = r.stderr.split(/^\d+ warning\(s\), listed apart.*$/m);
      expect(warnings).toMatch(
        /^i18n\/en\.json:\d+:3: warning: \$\[ToneForm\.neverShown\]: message "ToneForm\.neverShown" is used nowhere/m,
      );
      expect(warnings).toMatch(
        /^i18n\/fa\.json:\d+:3: warning: \$\[ToneForm\.toneNmae\]: "ToneForm\.toneNmae" is no message of i18n\/en\.json, so nothing shows it \(did you mean "ToneForm\.toneName"\?\)/m,
      );
    } finally {
      tree.restore();
    }
  });

  test("all of a run's mistakes are reported: an unknown configuration key beside a schema error in the same file", () => {
    try {
      tree.edit(MUSIC_BOX, (d) => {
        d.fields.name.colour = 'red';
        d.fields.description.visible = { '==': [{ var: 'config.support_weekly_plan_contnt' }, '1'] };
      });
      const lines = errorLines(validate(tree.dir).stderr);
      expect(lines).toEqual(
        expect.arrayContaining([
          expect.stringMatching(
            /^screen-definitions\/musicBoxUpload\.json:\d+:\d+: \$\.fields\.name\.colour: unknown key "colour"$/,
          ),
          expect.stringContaining(
            'unknown configuration key "support_weekly_plan_contnt" (not in schemas/config.schema.json) (did you mean "support_weekly_plan_content"?)',
          ),
        ]),
      );
      expect(lines).toHaveLength(2);
    } finally {
      tree.restore();
    }
  });
});

test('the CLI process exits 1 on a syntax error, with its place and reason and no stack trace', () => {
  try {
    tree.editText(MUSIC_BOX, (s) => s.replace('"id": "musicBoxUpload",', '"id": "musicBoxUpload"'));
    const r = runCli(['validate'], tree.dir);
    expect(r.status).toBe(1);
    expect(r.stderr).toBe(
      `${MUSIC_BOX}:${tree.lineOf(MUSIC_BOX, '"kind"')}:3: $: JSON syntax error: expected "," between two values or properties (a comma is missing)\n1 problem(s) in the definitions\n`,
    );
  } finally {
    tree.restore();
  }
});

describe('warnings', () => {
  beforeAll(() => {
    // Setting a value the base already has changes nothing: worth a word, not a failure.
    tree.edit(KENYA_TONE, (d) => {
      d.fields.price.order = 0;
    });
    tree.edit('screen-definitions/rbtUploading.json', (d) => {
      d.fields.price.order = 0;
    });
  });
  afterAll(() => tree.restore());

  test('are listed apart and do not fail validate', () => {
    const r = runCli(['validate'], tree.dir);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(
      /^definitions valid: \d+ screens, 3 site variants \(generic, ais, kenya\), 3 languages \(en, zh, fa\), \d+ warning\(s\)/,
    );
    const [, warnings] = r.stderr.split(/^\d+ warning\(s\), listed apart \(they do not fail validate\):$/m);
    expect(warnings).toMatch(
      new RegExp(
        `^${KENYA_TONE}:\\d+:\\d+: warning: \\$\\.fields\\.price\\.order: sets "order" to the value the base definition already has`,
        'm',
      ),
    );
  });

  test('come after the errors, which alone decide the exit code', () => {
    tree.edit(MUSIC_BOX, (d) => {
      d.fields.name.colour = 'red';
    });
    const r = runCli(['validate'], tree.dir);
    expect(r.status).toBe(1);
    expect(errorLines(r.stderr)).toEqual([expect.stringContaining(`${MUSIC_BOX}:`)]);
    expect(r.stderr.indexOf('$.fields.name.colour')).toBeLessThan(r.stderr.indexOf('listed apart'));
  });
});
