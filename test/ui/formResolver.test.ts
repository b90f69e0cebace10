// How often a form resolves its screen while the user types. DefinitionForm asks formResolver for the screen
// when it renders, for the errors it shows and, in its change handler, for the screen before and after each
// change; before the resolver each of those resolved again (five resolutions per keystroke). Counted here at
// the engine's one resolution function, so no path around the cache goes unseen.
import { engineFor } from '../engine/helpers';
import { formResolver } from '../../src/ui/form/formResolver';
import { resolveScreen } from '../../src/engine/resolve';

jest.mock('../../src/engine/resolve', () => {
  const actual = jest.requireActual('../../src/engine/resolve');
  return { ...actual, resolveScreen: jest.fn(actual.resolveScreen) };
});
const resolutions = resolveScreen as jest.MockedFunction<typeof resolveScreen>;

const user = { code: '100001', spType: '1' };

/** What DefinitionForm does for one keystroke: the change, then a render (twice, as StrictMode renders). */
function type(r: ReturnType<typeof formResolver>, start: Record<string, unknown>, field: string, text: string) {
  let form = start;
  const perKey: number[] = [];
  for (let i = 1; i <= text.length; i++) {
    resolutions.mockClear();
    form = r.change(form, { ...form, [field]: text.slice(0, i) });
    for (let render = 0; render < 2; render++) {
      r.screen(form);
      r.errors(form);
    }
    perKey.push(resolutions.mock.calls.length);
  }
  return { form, perKey };
}

test('typing a tone name resolves the upload form no more than once per keystroke, with the errors of a fresh validation', () => {
  const engine = engineFor('generic');
  const base = { config: {}, user, mode: 'add' as const };
  const r = formResolver(engine, 'rbtUploading', base);
  const start = r.start({});
  const { form, perKey } = type(r, start, 'toneName', 'Morning Bells');
  // No condition of the form reads the name, so the engine reuses the resolution it has (src/engine/resolveCache.ts).
  expect(perKey).toEqual(Array(13).fill(0));
  expect(form.toneName).toBe('Morning Bells');
  // The cached screen gives what resolving and validating from scratch gives.
  expect(r.errors(form)).toEqual(engine.validate('rbtUploading', { ...base, form }));
  expect(r.screen(form)).toEqual(engine.resolve('rbtUploading', { ...base, form }));
});

test('a change that resets and fills other fields resolves each new value once', () => {
  const engine = engineFor('generic');
  const r = formResolver(engine, 'musicBoxUpload', { config: {}, user, mode: 'add' });
  const start = r.start({});
  const chosen = r.change(start, { ...start, priceGroupChoice: '2' });
  expect(chosen.priceGroupChoice).toBe('2');
  resolutions.mockClear();
  const other = start.toneBoxType === '2' ? '4' : '2';
  const next = r.change(chosen, { ...chosen, toneBoxType: other });
  // resetOn: the tariff choice returns to its default when the type changes.
  expect(next.toneBoxType).toBe(other);
  expect(next.priceGroupChoice).toBe('1');
  // Three values not seen before (as typed, with the reset, with the defaults of fields that appeared), each
  // resolved once, the last when the form renders it; rendering again resolves nothing.
  r.screen(next);
  r.errors(next);
  expect(resolutions.mock.calls.length).toBeLessThanOrEqual(3);
  const rendered = resolutions.mock.calls.length;
  r.screen(next);
  r.errors(next);
  expect(resolutions.mock.calls.length).toBe(rendered);
});
