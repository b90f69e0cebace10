// The engine keeps resolved screens (src/engine/resolveCache.ts) and reuses one while every context value its
// resolution read is unchanged. What it gives must always be what resolving afresh gives: checked here for every
// screen of every site over generated forms, configurations and users, and for the cases that decide reuse
// (a value a condition reads, one it does not, a configuration key, today's date).
import fc from 'fast-check';
import { resolveScreen } from '../../src/engine/resolve';
import type { Context } from '../../src/engine';
import { engineFor } from './helpers';

const SITES = ['generic', 'kenya', 'ais'] as const;
const user = { code: '8800010', spType: '1', believeCP: '0', isSuperSP: '0', jockeyRight: '0' };

/** Resolution from scratch, with the engine's own context. */
function fresh(
  site: string,
  id: string,
  input: { config?: Record<string, string>; user?: object; mode?: 'add' | 'edit'; form?: object },
) {
  const engine = engineFor(site);
  const ctx = engine.context(input as never) as Context;
  return resolveScreen(engine.definition(id), ctx, engine.set.rules);
}

test('the same context gives the very same resolution; a value no condition reads changes nothing', () => {
  const engine = engineFor('generic');
  const input = { config: {}, user, mode: 'add' as const };
  const a = engine.resolve('rbtUploading', { ...input, form: { toneName: 'A' } });
  const b = engine.resolve('rbtUploading', { ...input, form: { toneName: 'A longer name' } });
  expect(b).toBe(a);
  expect(b).toEqual(fresh('generic', 'rbtUploading', { ...input, form: { toneName: 'A longer name' } }));
});

test('a value a condition reads gives the resolution of that value', () => {
  const engine = engineFor('generic');
  const input = { config: {}, user, mode: 'add' as const };
  const disc = engine.resolve('musicBoxUpload', { ...input, form: { toneBoxType: '2' } });
  const other = engine.resolve('musicBoxUpload', { ...input, form: { toneBoxType: '4' } });
  expect(other).not.toBe(disc);
  expect(disc).toEqual(fresh('generic', 'musicBoxUpload', { ...input, form: { toneBoxType: '2' } }));
  expect(other).toEqual(fresh('generic', 'musicBoxUpload', { ...input, form: { toneBoxType: '4' } }));
  // Back to the first value: the first resolution again.
  expect(engine.resolve('musicBoxUpload', { ...input, form: { toneBoxType: '2' } })).toBe(disc);
});

test('a configuration key the screen reads changes its resolution; another key does not', () => {
  const engine = engineFor('generic');
  const at = (config: Record<string, string>) => engine.resolve('rbtUploading', { config, user, mode: 'add' });
  const before = at({ max_tone_price: '10' });
  expect(at({ max_tone_price: '10', some_unread_key: 'x' })).toBe(before);
  const raised = at({ max_tone_price: '20' });
  expect(raised).not.toBe(before);
  expect(raised).toEqual(fresh('generic', 'rbtUploading', { config: { max_tone_price: '20' }, user, mode: 'add' }));
});

test("a screen whose conditions read today's date is resolved again on another day", () => {
  jest.useFakeTimers({ now: new Date(2030, 0, 15, 12) });
  try {
    const engine = engineFor('kenya');
    const first = engine.resolve('batchTaskList', { config: {}, user });
    expect(engine.resolve('batchTaskList', { config: {}, user })).toBe(first);
    jest.setSystemTime(new Date(2030, 0, 16, 12));
    const next = engine.resolve('batchTaskList', { config: {}, user });
    expect(next).toEqual(fresh('kenya', 'batchTaskList', { config: {}, user }));
    expect(JSON.stringify(next)).toContain('2030-01-16');
    expect(JSON.stringify(first)).not.toContain('2030-01-16');
  } finally {
    jest.useRealTimers();
  }
});

test('a kept resolution cannot be changed in place', () => {
  const screen = engineFor('generic').resolve('rbtMaintenance', { config: {}, user });
  expect(() => (screen.fields as unknown[]).push({})).toThrow();
  expect(() => ((screen.columns[0] as { label?: string }).label = 'x')).toThrow();
});

test('for every screen of every site, generated forms, configurations and users resolve as afresh', () => {
  const cases = SITES.flatMap((site) =>
    engineFor(site)
      .screenIds()
      .map((id) => [site, id] as const),
  );
  // Values that matter to the demo definitions' conditions, and some that do not.
  const text = fc.constantFrom('', '0', '1', '2', '3', '4', '5', 'x', '2099-01-01', ' ');
  const record = (keys: string[]) => fc.dictionary(fc.constantFrom(...keys), text, { maxKeys: 4 });
  fc.assert(
    fc.property(
      fc.constantFrom(...cases),
      fc.constantFrom<'add' | 'edit'>('add', 'edit'),
      fc.integer({ min: 0, max: 1000 }),
      fc.integer({ min: 0, max: 1000 }),
      fc.integer({ min: 0, max: 1000 }),
      ([site, id], mode, s1, s2, s3) => {
        const engine = engineFor(site);
        const def = engine.definition(id);
        const fieldNames = [...Object.keys(def.fields ?? {}), ...Object.keys(def.search ?? {}), 'other'];
        const configKeys = Object.keys(engine.set.config).slice(0, 60);
        const form = fc.sample(record(fieldNames), { seed: s1, numRuns: 1 })[0];
        const config = fc.sample(record(configKeys), { seed: s2, numRuns: 1 })[0];
        const u = {
          ...user,
          ...fc.sample(record(['spType', 'believeCP', 'isSuperSP', 'jockeyRight']), { seed: s3, numRuns: 1 })[0],
        };
        const input = { config, user: u, mode, form };
        expect(engine.resolve(id, input)).toEqual(fresh(site, id, input));
      },
    ),
    { numRuns: 600 },
  );
});
