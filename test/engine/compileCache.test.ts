// The compile cache can be emptied (the engine benchmark's cold runs) without losing our keywords or formats.
import { clearCompileCache, compile } from '../../src/engine/ajv';
import { engineFor } from './helpers';

test('after clearing, schemas compile again to fresh validators that give the same answers', () => {
  const schema = { type: 'string', format: 'email', forbiddenChars: '|' };
  const before = compile(schema);
  expect(compile({ ...schema })).toBe(before);
  clearCompileCache();
  const after = compile({ ...schema });
  expect(after).not.toBe(before);
  expect(after('a@b.co')).toBe(true);
  expect(after('a|b@c.co')).toBe(false);
  expect(engineFor('generic').checkValue('price', '5.123')).toBe('CommonRes.priceDecimals');
  expect(engineFor('generic').checkValue('emailList', 'a@b.co,wrong')).toBe('CommonRes.emailInvalid');
});
