// Every shared rule of 000 §5 with values that pass, values that fail, and the message key each failure gives.
// The generic site configuration applies unless a case sets its own.
import { engineFor } from './helpers';

type Case = [rule: string, value: string, expected: string | null, config?: Record<string, string>];

const cases: Case[] = [
  ['noEdgeBlank', 'Hello world', null],
  ['noEdgeBlank', ' Hello', 'CommonRes.blankReg'],
  ['noEdgeBlank', 'Hello ', 'CommonRes.blankReg'],
  ['noEdgeBlank', 'Hello\t', 'CommonRes.blankReg'],
  ['noDoubleBlank', 'a b c', null],
  ['noDoubleBlank', 'a  b', 'CommonRes.twoBlankReg'],
  ['noBlank', 'abc', null],
  ['noBlank', 'a b', 'CommonRes.anyBlankReg'],
  ['price', '5', null],
  ['price', '5.00', null],
  ['price', '0', null],
  ['price', '10', null],
  ['price', '5.', 'CommonRes.priceFormat'],
  ['price', 'abc', 'CommonRes.priceFormat'],
  ['price', '-1', 'CommonRes.priceRange'],
  ['price', '5.123', 'CommonRes.priceDecimals'],
  ['price', '5.1', 'CommonRes.priceDecimals', { page_price_form: '0' }],
  ['price', '5.123', null, { page_price_form: '0.000' }],
  ['price', '10.01', 'CommonRes.priceRange'],
  ['price', '0.5', 'CommonRes.priceRange', { min_tone_price: '1' }],
  ['price', '20', null, { max_tone_price: '50' }],
  ['validName', 'My tone', null],
  ['validName', 'My|tone', 'CommonRes.invalidChar'],
  ['validName', 'My#tone', null],
  ['validName', 'My#tone', 'CommonRes.invalidChar', { rule_valid_name: '#' }],
  ['validName', 'My|tone', null, { rule_valid_name: '' }],
  ['toneNameChars', 'Song', null],
  ['toneNameChars', 'So"ng', 'CommonRes.illegalChar'],
  ['toneNameChars', 'So<ng', 'CommonRes.illegalChar'],
  ['toneNameChars', 'So&ng', 'CommonRes.illegalChar'],
  ['email', 'a@b.co', null],
  ['email', 'a@b.c', 'CommonRes.emailLength'],
  ['email', 'not-an-email', 'CommonRes.emailInvalid'],
  ['email', `${'a'.repeat(250)}@b.com`, 'CommonRes.emailLength'],
  ['emailList', 'a@b.co,c@d.org', null],
  ['emailList', 'a@b.co,,c@d.org', 'CommonRes.emailInvalid'],
  ['emailList', 'a@b.co,wrong', 'CommonRes.emailInvalid'],
  ['emailList', Array.from({ length: 10 }, (_, i) => `u${i}@x.org`).join(','), null],
  ['emailList', Array.from({ length: 11 }, (_, i) => `u${i}@x.org`).join(','), 'CommonRes.emailListMax'],
  ['phone', '1', null],
  ['phone', '123456789012345', null],
  ['phone', '1234567890123456', 'CommonRes.phoneInvalid'],
  ['phone', '12a', 'CommonRes.phoneInvalid'],
  ['userName', '12345678901234567890', null],
  ['userName', '123456789012345678901', 'CommonRes.userNameInvalid'],
  ['userName', 'abc', 'CommonRes.userNameInvalid'],
  ['dynamicCode', 'aB3dE9', null],
  ['dynamicCode', 'aB3dE', 'CommonRes.dynamicCodeInvalid'],
  ['dynamicCode', 'aB3dE!', 'CommonRes.dynamicCodeInvalid'],
  ['pictureCode', 'x7Y2', null],
  ['pictureCode', 'x7Y22', 'CommonRes.pictureCodeInvalid'],
  ['verificationCode', '12345678', null],
  ['verificationCode', '1234567', 'CommonRes.verificationCodeInvalid'],
  ['verificationCode', '1234567a', 'CommonRes.verificationCodeInvalid'],
  ['accountCode', '123456', null],
  ['accountCode', '12345', 'CommonRes.accountCodeInvalid'],
  ['accountCode', '123456789012345678901', 'CommonRes.accountCodeInvalid'],
  ['adminAccount', 'admin', null],
  ['adminAccount', 'adm', 'CommonRes.adminAccountLength'],
  ['adminAccount', 'a'.repeat(21), 'CommonRes.adminAccountLength'],
  ['description', 'd'.repeat(1000), null],
  ['description', 'd'.repeat(1001), 'CommonRes.descriptionLength'],
  ['roleName', 'r'.repeat(40), null],
  ['roleName', 'r'.repeat(41), 'CommonRes.roleNameLength'],
  ['roleDescription', 'r'.repeat(200), null],
  ['roleDescription', 'r'.repeat(201), 'CommonRes.roleDescriptionLength'],
  ['batchDescription', 'b'.repeat(256), null],
  ['batchDescription', 'b'.repeat(257), 'CommonRes.batchDescriptionLength'],
  ['batchDescription', 'a|b', 'CommonRes.illegalChar'],
  ['copyrightIdNumber', 'AB12345', null],
  ['copyrightIdNumber', 'AB-12345', 'CommonRes.idNumberChars'],
  ['copyrightIdNumber', 'A'.repeat(101), 'CommonRes.idNumberLength'],
  ['copyrightPhone', '254700000000', null],
  ['copyrightPhone', '0700', 'CommonRes.phoneNumberInvalid', { rule_user_number_regexp: '^254\\d{9}$' }],
  ['copyrightPhone', '254700000000', null, { rule_user_number_regexp: '^254\\d{9}$' }],
  ['msisdn', '254700000101', null],
  ['msisdn', 'abc', 'NameTone.msisdnInvalid'],
  ['msisdn', '0700', 'NameTone.msisdnInvalid', { rule_user_number_regexp: '^254\\d{9}$' }],
  ['msisdn', '254700000101', null, { rule_user_number_regexp: '^254\\d{9}$' }],
  ['officialName', 'Jane Doe', null],
  ['officialName', 'J'.repeat(201), 'CommonRes.officialNameLength'],
  ['officialName', 'Jane<Doe', 'CommonRes.invalidChar'],
  ['copyrightDescription', 'c'.repeat(256), null],
  ['copyrightDescription', 'c'.repeat(257), 'CommonRes.copyrightDescriptionLength'],
  ['copyrightDescription', 'a|b', 'CommonRes.illegalChar'],
  ['loginPassword', 'abc123', null],
  ['loginPassword', 'ab12', 'CommonRes.pwdLoginLength'],
  ['loginPassword', 'abcdefgh', 'CommonRes.pwdLoginComposition'],
  ['loginPassword', '12345678', 'CommonRes.pwdLoginComposition'],
  ['loginPassword', 'abc12~', 'CommonRes.pwdSpecialNotAllowed'],
  ['loginPassword', 'abc12#', null],
  ['changePassword', 'Abcdef1!', null],
  ['changePassword', 'Abcde1!', 'CommonRes.pwdChangeLength'],
  ['changePassword', `Abcdef1!${'x'.repeat(13)}`, 'CommonRes.pwdChangeLength'],
  ['changePassword', 'abcdef1!', 'CommonRes.pwdChangeComposition'],
  ['changePassword', 'ABCDEF1!', 'CommonRes.pwdChangeComposition'],
  ['changePassword', 'Abcdefg!', 'CommonRes.pwdChangeComposition'],
  ['changePassword', 'Abcdefg1', 'CommonRes.pwdSpecialRequired'],
  ['changePassword', 'Abcdef1~', 'CommonRes.pwdSpecialNotAllowed'],
  ['changePassword', 'Abcdef1~', null, { allowed_password_special_char: '~' }],
  ['changePassword', 'Abcdef1!', 'CommonRes.pwdSpecialNotAllowed', { allowed_password_special_char: '#' }],
  ['internalAuthPassword', 'a'.repeat(16), null],
  ['internalAuthPassword', 'a'.repeat(15), 'CommonRes.pwdInternalLength'],
  ['internalAuthPassword', 'a'.repeat(21), 'CommonRes.pwdInternalLength'],
  ['isoDate', '2027-02-28', null],
  ['isoDate', '2027-02-30', 'CommonRes.dateInvalid'],
  ['isoDate', '28/02/2027', 'CommonRes.dateInvalid'],
];

describe('shared rules of 000 §5', () => {
  const engine = engineFor('generic');
  // Every row gets a config object: a row shorter than the test function's arity would make Jest pass `done`.
  test.each(cases.map(([rule, value, expected, config]) => [rule, value, expected, config ?? {}] as const))(
    '%s with %j gives %s',
    (rule, value, expected, config) => {
      expect(engine.checkValue(rule, value, { config })).toBe(expected);
    },
  );

  test("the price range's refusal writes the bounds as prices are written: with page_price_form's decimals", () => {
    const params = (config: Record<string, string>) =>
      engine.ruleError('price', '42', { config, user: {}, mode: 'add' })?.params;
    expect(params({})).toMatchObject({ min: '0.00', max: '10.00' });
    expect(params({ page_price_form: '0.000', max_tone_price: '5' })).toMatchObject({ min: '0.000', max: '5.000' });
    expect(params({ page_price_form: '0' })).toMatchObject({ min: '0', max: '10' });
  });

  test('every rule in schemas/rules.json is exercised here with a passing and a failing value', () => {
    const rules = Object.keys(engine.set.rules.rules);
    for (const rule of rules) {
      expect({ rule, passes: cases.some((c) => c[0] === rule && c[2] === null) }).toEqual({ rule, passes: true });
      expect({ rule, fails: cases.some((c) => c[0] === rule && c[2] !== null) }).toEqual({ rule, fails: true });
    }
  });
});
