// `npm run definitions -- validate` as an integrator runs it: passes on the repository, and for each kind of
// mistake an integrator can make in a copy of the tree, exits non-zero naming the file, the JSON path and the reason.
import { copyTree, runCli } from './cli';

test('the repository definitions are valid', () => {
  const r = runCli(['validate']);
  expect(r.stderr).toBe('');
  expect(r.stdout).toMatch(/^definitions valid: \d+ screens, 3 site variants/);
  expect(r.status).toBe(0);
});

type Tree = ReturnType<typeof copyTree>;

const broken: Array<[what: string, breakIt: (t: Tree) => void, line: string]> = [
  [
    'an unknown key in a definition',
    (t) => t.edit('screen-definitions/musicBoxUpload.json', (d) => { d.fields.name.colour = 'red'; }),
    'screen-definitions/musicBoxUpload.json: $.fields.name.colour: unknown key "colour"',
  ],
  [
    'an unknown key at the top of an overlay',
    (t) => t.edit('site-variants/kenya/musicBoxUpload.json', (d) => { d.colour = 'red'; }),
    'site-variants/kenya/musicBoxUpload.json: $.colour: unknown key "colour"',
  ],
  [
    'an unknown key inside a field of an overlay',
    (t) => t.edit('site-variants/kenya/musicBoxUpload.json', (d) => { d.fields.toneBoxType.colour = 'red'; }),
    'site-variants/kenya/musicBoxUpload.json: $.fields.toneBoxType.colour: unknown key "colour"',
  ],
  [
    'an overlay changing a field the base does not have',
    (t) => t.edit('site-variants/kenya/musicBoxUpload.json', (d) => { d.fields.nickname = { label: 'MusicBox.name' }; }),
    'site-variants/kenya/musicBoxUpload.json: $.fields.nickname: targets "nickname", which the base definition does not have',
  ],
  [
    'an overlay removing a field the base does not have',
    (t) => t.edit('site-variants/ais/musicBoxUpload.json', (d) => { d.fields = { nickname: null }; }),
    'site-variants/ais/musicBoxUpload.json: $.fields.nickname: removes "nickname", which the base definition does not have',
  ],
  [
    'an overlay removing a check the base does not have',
    (t) => t.edit('site-variants/ais/musicBoxUpload.json', (d) => { d.checks = { boxValidty: null }; }),
    'site-variants/ais/musicBoxUpload.json: $.checks.boxValidty: removes "boxValidty"',
  ],
  [
    'a condition with an unknown JSON Logic operation',
    (t) => t.edit('screen-definitions/musicBoxUpload.json', (d) => { d.fields.price.visible = { frobnicate: [{ var: 'config.support_catalog' }, '1'] }; }),
    'screen-definitions/musicBoxUpload.json: $.fields.price.visible: unknown operation "frobnicate"',
  ],
  [
    'a condition reading a variable outside the context',
    (t) => t.edit('screen-definitions/musicBoxUpload.json', (d) => { d.fields.price.disabled = { '==': [{ var: 'settings.price' }, '2'] }; }),
    'screen-definitions/musicBoxUpload.json: $.fields.price.disabled.==[0]: variable "settings.price" is not in the context',
  ],
  [
    'an unknown configuration key in a placeholder',
    (t) => t.edit('screen-definitions/musicBoxUpload.json', (d) => { d.fields.tones.schema.maxItems = { $config: 'limit_rings_per_box', as: 'integer' }; }),
    'screen-definitions/musicBoxUpload.json: $: unknown configuration key "limit_rings_per_box"',
  ],
  [
    'an unknown configuration key in a condition of an overlay',
    (t) => t.edit('site-variants/kenya/musicBoxUpload.json', (d) => { d.fields.relativeTime.visible = { '==': [{ var: 'config.kenya_relative' }, '1'] }; }),
    'site-variants/kenya/musicBoxUpload.json: $: unknown configuration key "kenya_relative"',
  ],
  [
    'an unknown configuration key in a site configuration',
    (t) => t.edit('site-variants/kenya/config.json', (d) => { d.values.max_tone_prize = '5'; }),
    'site-variants/kenya/config.json: $.values.max_tone_prize: unknown key "max_tone_prize"',
  ],
  [
    'a message key missing from zh.json',
    (t) => t.edit('i18n/zh.json', (d) => { delete d['MusicBox.upload']; }),
    'screen-definitions/musicBoxUpload.json: $.title: message key "MusicBox.upload" is missing from i18n/zh.json',
  ],
  [
    'a message key of an overlay missing from en.json',
    (t) => t.edit('site-variants/kenya/musicBoxUpload.json', (d) => { d.fields.toneBoxType.options[0].label = 'MusicBox.typeKenyaPackage'; }),
    'site-variants/kenya/musicBoxUpload.json: $.fields.toneBoxType.options[0].label: message key "MusicBox.typeKenyaPackage" is missing from i18n/en.json',
  ],
  [
    'an unknown shared rule',
    (t) => t.edit('screen-definitions/musicBoxUpload.json', (d) => { d.fields.name.rules = ['validNmae']; }),
    'screen-definitions/musicBoxUpload.json: $.fields.name.rules: unknown rule "validNmae"',
  ],
];

describe.each(broken)('validate fails on %s', (_what, breakIt, line) => {
  let tree: Tree;
  beforeAll(() => {
    tree = copyTree();
    // The untouched copy is valid: whatever fails below is the one change.
    expect(runCli(['validate'], tree.dir).status).toBe(0);
    breakIt(tree);
  });
  afterAll(() => tree.remove());

  test('exit code non-zero, file, JSON path and reason on stderr', () => {
    const r = runCli(['validate'], tree.dir);
    expect(r.status).not.toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(line);
    expect(r.stderr).toMatch(/\d+ problem\(s\) in the definitions/);
  });
});
