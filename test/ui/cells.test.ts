// How list cells read and show values: '----' for empty, dates, prices by page_price_form, column expressions.
import { cellValue, formatDate, labelText, priceDecimals } from '../../src/ui/list/cells';
import { EMPTY_TEXT } from '../../src/ui/widgets/DisplayWidget';

test('dates and datetimes from the server formats', () => {
  expect(formatDate('20240131235959', true)).toBe('2024-01-31 23:59:59');
  expect(formatDate('2024-01-31T23:59:59', true)).toBe('2024-01-31 23:59:59');
  // A moment with its zone shows in local time (the upload time): what the export writes too.
  const moment = new Date('2024-01-31T23:59:59.000Z');
  const local = `${moment.getFullYear()}-${String(moment.getMonth() + 1).padStart(2, '0')}-${String(moment.getDate()).padStart(2, '0')} ${String(moment.getHours()).padStart(2, '0')}:${String(moment.getMinutes()).padStart(2, '0')}:59`;
  expect(formatDate('2024-01-31T23:59:59.000Z', true)).toBe(local);
  expect(formatDate('2024-01-31 10:00:00', false)).toBe('2024-01-31');
});

test('price decimals from page_price_form', () => {
  expect(priceDecimals({})).toBe(2);
  expect(priceDecimals({ page_price_form: '0.000' })).toBe(3);
  expect(priceDecimals({ page_price_form: '0' })).toBe(0);
});

test('a column expression sees the row and the user (copyright phone only for own records)', () => {
  const column = {
    name: 'phoneNumber',
    order: 1,
    label: 'x',
    value: { if: [{ '==': [{ var: 'row.spCode' }, { var: 'user.code' }] }, { var: 'row.phoneNumber' }, EMPTY_TEXT] },
  };
  expect(cellValue(column, { spCode: '1', phoneNumber: '123' }, { config: {}, user: { code: '1' } })).toBe('123');
  expect(cellValue(column, { spCode: '2', phoneNumber: '123' }, { config: {}, user: { code: '1' } })).toBe(EMPTY_TEXT);
  expect(cellValue({ name: 'a', field: 'b' }, { b: 5 }, { config: {}, user: {} })).toBe(5);
});

test("label maps: the value's key, '*' for any other value, the raw value without either (001 §9 tariff labels)", () => {
  const userType = {
    name: 'userType',
    order: 1,
    label: 'x',
    format: 'label' as const,
    labels: { '0': 'Tariff.userPostpaid', '1': 'Tariff.userPrepaid', '*': 'Tariff.all' },
  };
  const promotion = {
    name: 'promotionID',
    order: 1,
    label: 'x',
    format: 'label' as const,
    labels: { '-1': 'Tariff.na' },
  };
  const t = (key: string) => `<${key}>`;
  expect(labelText(userType, '1', t)).toBe('<Tariff.userPrepaid>');
  expect(labelText(userType, '-1', t)).toBe('<Tariff.all>');
  expect(labelText(userType, '7', t)).toBe('<Tariff.all>');
  expect(labelText(promotion, '-1', t)).toBe('<Tariff.na>');
  expect(labelText(promotion, 'PRM1', t)).toBe('PRM1');
});

test("a label's text receives the value it labels: a relative validity reads with its unit, one day in the singular", () => {
  const en: Record<string, string> = { 'Common.days': '{value} days', 'Common.days_one': '{value} day' };
  const t = (key: string, params?: Record<string, unknown>) => {
    const own = params?.count === 1 && en[`${key}_one`] ? en[`${key}_one`] : en[key];
    return own.replace(/\{(\w+)\}/g, (_, n) => String(params?.[n]));
  };
  const relative = { labels: { '*': 'Common.days' } };
  expect(labelText(relative, '90', t)).toBe('90 days');
  expect(labelText(relative, '1', t)).toBe('1 day');
});
