// Form data rules that follow the definition: defaults fill fields as they appear; resetOn returns a field to
// its default when a field it depends on changes (music box: changing the type resets the tariff choice).
import { withDefaults, withResets } from '../../src/ui/form/formState';
import type { ResolvedField } from '../../src/engine';

const field = (name: string, extra: Partial<ResolvedField> = {}): ResolvedField => ({
  name,
  order: 1,
  schema: { type: 'string' },
  required: false,
  disabled: false,
  messages: {},
  ...extra,
});

test('defaults fill empty fields that were not visible before; a cleared visible field stays cleared', () => {
  const fields = [field('type', { default: '4' }), field('choice', { default: '1' }), field('name')];
  expect(withDefaults({}, fields)).toEqual({ type: '4', choice: '1' });
  expect(withDefaults({ type: '2' }, fields)).toEqual({ type: '2', choice: '1' });
  expect(withDefaults({ type: undefined }, fields, new Set(['type', 'choice']))).toEqual({ type: undefined });
});

test('resetOn: a trigger change resets the field to its default (or clears it)', () => {
  const fields = [
    field('type'),
    field('choice', { default: '1', resetOn: ['type'] }),
    field('priceGroupID', { resetOn: ['type'] }),
  ];
  const before = { type: '4', choice: '2', priceGroupID: '7' };
  expect(withResets(before, { ...before, type: '2' }, fields)).toEqual({ type: '2', choice: '1' });
  expect(withResets(before, { ...before, choice: '3' }, fields)).toEqual({ ...before, choice: '3' });
});
