// The capability gate (src/engine/gate.ts) over the repository's definitions: what the menu offers opens, what it
// hides is closed with a reason, a removed action closes its call on that site only, and the screens a form opens
// (selection lists, dialogs) open their calls with it.
import { createEngine } from '../../src/engine';
import { buildDefinitionSet } from '../../src/engine/definitionSet';
import { loadSourcesFromDisk } from '../../src/engine/fsLoader';
import { gateOf } from '../../src/engine/gate';
import { engineFor } from './helpers';

const provider = { code: '8800010', believeCP: '0', isSuperSP: '0', firstLogin: '0', expired: false };
const gate = (site: string, config: Record<string, string> = {}, user: Record<string, unknown> = provider) =>
  gateOf(engineFor(site), { config: { ...engineFor(site).set.config, ...config }, user });

test('what the menu offers is open; what it hides is closed by route and by call, with the reason', () => {
  const generic = gate('generic');
  expect(generic.route('/rbtMaintenance')).toEqual({ open: true });
  expect(generic.route('/copyrightMaintenance?x=1')).toEqual({
    open: false,
    reason: 'site',
    screen: 'copyrightMaintenance',
  });
  // Add Copyright is closed because its opener is: it takes the opener's reason and name.
  expect(generic.call('/sp/addcopyright')).toEqual({ open: false, reason: 'site', screen: 'copyrightMaintenance' });
  expect(gate('kenya').call('sp/addcopyright')).toEqual({ open: true });
  // A template path matches concrete calls: Kenya's task list, the Ais expiry batch's own query.
  expect(gate('kenya').call('sp/querybatchtask/batchAddCopyrightCompany').open).toBe(true);
  expect(generic.call('sp/querybatchtask/batchAddCopyrightCompany').open).toBe(false);
  expect(gate('ais').call('sp/querybatchtask/batchUpdateExpireDate').open).toBe(true);
  // Calls no definition makes (the session's) are not the gate's.
  expect(generic.call('/sp/sploginhs')).toEqual({ open: true });
});

test('a selection list a visible field opens is open with its calls; hidden with the field, it closes', () => {
  expect(gate('generic').call('sp/querycopyright').open).toBe(false);
  const withOwners = gate('generic', { support_copyright_maintenance: '1' });
  expect(withOwners.screen('copyrightMaintenance')).toEqual({ open: true });
  expect(withOwners.call('sp/querycopyright')).toEqual({ open: true });
  expect(gate('generic').call('sp/querytariff')).toEqual({ open: true });
});

test('a radio account has no IVR: its screens are closed for the account, not the site', () => {
  const radio = gate('generic', { radio_cp_code: '8800001' }, { ...provider, code: '8800001' });
  expect(radio.route('/directory')).toEqual({ open: false, reason: 'account', screen: 'directory' });
  expect(radio.call('sp/addivrcatalog').open).toBe(false);
});

test('music boxes switched off close the box screens and calls, and the directories of tone boxes', () => {
  const off = gate('generic', { support_musicbox: '0' });
  for (const route of ['/musicBoxUpload', '/musicBoxMaintenance', '/musicBoxDetail', '/musicBoxUploadNew'])
    expect(off.route(route)).toMatchObject({ open: false, reason: 'site' });
  for (const call of ['sp/addtonebox', 'sp/querytonebox', 'sp/deltonebox']) expect(off.call(call).open).toBe(false);
  expect(off.route('/directory')).toEqual({ open: true });
});

test('an expired account: the screens of the menu groups are closed as expired', () => {
  const expired = gate('generic', {}, { ...provider, expired: true });
  expect(expired.route('/rbtUploading')).toEqual({ open: false, reason: 'expired', screen: 'rbtUploading' });
  expect(expired.route('/myaccount')).toEqual({ open: true });
});

test('an overlay that removes an action closes its call on that site only', () => {
  const sources = loadSourcesFromDisk();
  const overlays = {
    ...sources.overlays,
    kenya: { ...sources.overlays.kenya, rbtMaintenance: { actions: { export: null } } },
  };
  const engine = createEngine(buildDefinitionSet({ ...sources, overlays }, 'kenya'));
  const kenya = gateOf(engine, { config: engine.set.config, user: provider });
  expect(kenya.call('sp/exporttone')).toEqual({ open: false, reason: 'notOffered' });
  expect(engine.definition('rbtMaintenance').calls?.export).toBeUndefined();
  expect(kenya.call('sp/qrytone')).toEqual({ open: true });
  expect(gate('generic').call('sp/exporttone')).toEqual({ open: true });
});
