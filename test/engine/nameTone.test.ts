// The name-tone upload (namerbtUpload; 001 §2.8, §5.6) and the IVR wav format (001 §5.5) as the engine checks
// them in the browser and on the server alike: each rule by the message key it gives on the field the user sees
// it on; a recording's format from its header against the wav_* configuration, the refusal naming both.
import { engineFor } from './helpers';
import { rulesOf, wavProblem } from '../../src/engine/files';
import type { SiteId } from '../../src/engine';

const user = { code: '8800010', monthlyPrefix: '1', weeklyPrefix: '2', believeCP: '0' };
const good = (): Record<string, unknown> => ({
  catalogID: '7',
  name: 'Rose',
  initialLetter: 'r',
  msisdn: '',
  toneFile: 'rose.wav',
});

const on = (form: Record<string, unknown>, field: string, site: SiteId = 'generic') =>
  engineFor(site)
    .validate('namerbtUpload', { form, mode: 'add', config: {}, user })
    .filter((e) => e.field === field)
    .map((e) => e.message);

test('a complete upload passes on every site, with or without an MSISDN', () => {
  for (const site of ['generic', 'kenya', 'ais'] as const) {
    expect(on(good(), 'name', site)).toEqual([]);
    expect(engineFor(site).validate('namerbtUpload', { form: good(), mode: 'add', config: {}, user })).toEqual([]);
    expect(
      engineFor(site).validate('namerbtUpload', {
        form: { ...good(), msisdn: '254700000101' },
        mode: 'add',
        config: {},
        user,
      }),
    ).toEqual([]);
  }
});

test('the initial is a single letter a-z (001 §5.6)', () => {
  for (const bad of ['R', 'ab', '1', 'é', ' r'])
    expect(on({ ...good(), initialLetter: bad }, 'initialLetter')).toEqual(['NameTone.initialLetterRule']);
  expect(on({ ...good(), initialLetter: '' }, 'initialLetter')).toEqual(['NameTone.initialRequired']);
  for (const letter of ['a', 'm', 'z']) expect(on({ ...good(), initialLetter: letter }, 'initialLetter')).toEqual([]);
});

test('the name is required, at most 200 characters, without forbidden characters or blanks at its ends', () => {
  expect(on({ ...good(), name: '' }, 'name')).toEqual(['NameTone.nameRequired']);
  expect(on({ ...good(), name: 'x'.repeat(201) }, 'name')).toEqual(['NameTone.nameLength']);
  expect(on({ ...good(), name: 'x'.repeat(200) }, 'name')).toEqual([]);
  expect(on({ ...good(), name: 'Rose<' }, 'name')).toHaveLength(1);
  expect(on({ ...good(), name: ' Rose' }, 'name')).toHaveLength(1);
});

test('the MSISDN, when given, follows rule_user_number_regexp', () => {
  expect(on({ ...good(), msisdn: 'abc' }, 'msisdn')).toEqual(['NameTone.msisdnInvalid']);
  expect(on({ ...good(), msisdn: '254700000101' }, 'msisdn')).toEqual([]);
});

test('the recording is required', () => {
  expect(on({ ...good(), toneFile: '' }, 'toneFile')).toEqual(['NameTone.toneFileRequired']);
});

describe('the IVR wav format (wav_* configuration: 1 channel, 8000 Hz, 8 bit)', () => {
  const fileRules = (screen: string, field: string) => {
    const f = engineFor('generic')
      .resolve(screen, { user, mode: 'add', config: {}, form: { uploadMode: '1' } })
      .fields.find((x) => x.name === field);
    return rulesOf((f?.ui ?? {}) as Record<string, unknown>);
  };
  const wav = (sampleRate: number, bitsPerSample: number, channels = 1) => ({ sampleRate, bitsPerSample, channels });

  test.each([
    ['namerbtUpload', 'toneFile', 'NameTone.wavFormat'],
    ['salutatoryUpload', 'promptFile', 'Ivr.wavFormat'],
    ['rbtUploading', 'ivrFile', 'ToneForm.wavFormat'],
  ])('%s %s: a 16-bit or a 44.1 kHz wav is refused naming its format; 8 kHz 8 bit passes', (screen, field, key) => {
    const rules = fileRules(screen, field);
    expect(wavProblem(wav(8000, 8), rules)).toBeNull();
    const bits = wavProblem(wav(8000, 16), rules);
    expect(bits?.params).toMatchObject({ rate: 8000, bits: 16, channels: 1, expectedRate: 8000, expectedBits: 8 });
    const rate = wavProblem(wav(44100, 8), rules);
    expect(rate?.params).toMatchObject({ rate: 44100, bits: 8, expectedRate: 8000, expectedBits: 8 });
    expect([bits?.key, rate?.key]).toEqual([key, key]);
    expect(wavProblem(undefined, rules)?.params).toMatchObject({ rate: '?', bits: '?' });
  });
});
