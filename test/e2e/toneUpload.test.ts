// The tone upload form (rbtUploading) in Chromium against the real server, on each site variant: the
// definition's messages on an empty submit, then a complete upload with real wav files (and a 3gp, a 350x350
// image), the submitted-for-approval message and a fresh form. Kenya also chooses copyright owners in the
// selection dialog and shows the My Skiza price rule. Screenshots per site and language in test-results/.
import type { Page } from 'playwright-core';
import { demo, expectPath, login, openPage, screenshot, signIn, toastShown } from './support/browser';
import { operator } from './support/maintenance';
import { useSuite } from './support/suite';
import {
  fieldError as errorOf,
  fillToneFields,
  uploadFile,
  pickDate as pick,
  PRICES,
  submitTone,
  uploadToneFiles,
  chooseSeparateFiles,
  type Site,
} from './support/toneForm';
import { pngFile, wavFile } from './support/files';

jest.setTimeout(180_000);

const SITES: Array<{ site: Site; who: string }> = [
  { site: 'generic', who: 'Generic site' },
  { site: 'kenya', who: 'Kenya site' },
  { site: 'ais', who: 'Ais site' },
];

const suite = useSuite();
let page: Page;
const fieldError = (field: string) => errorOf(page, field);
const pickDate = (id: string) => pick(page, id);
/** A page of the suite's browser on its server (closed after the test). */
const open = async (language: 'en' | 'zh' = 'en') =>
  (page = suite.page = await openPage(suite.browser, suite.server.baseUrl, { language }));

describe.each(SITES)('$site site', ({ site, who }) => {
  const { callerPrice } = PRICES[site];
  test('empty submit shows the definition messages, in both languages', async () => {
    for (const language of ['en', 'zh'] as const) {
      await open(language);
      await signIn(page, demo(who), '/rbtUploading');
      await page.locator('#root_toneName').waitFor();
      await page.fill('#root_subCompanyId', 'SUB-01'); // 001 §3: letters and digits only (the definition's reading)
      await page.click('.form-actions .btn--primary');
      const name = fieldError('toneName');
      await name.waitFor();
      expect(await name.textContent()).toContain(language === 'en' ? 'Tone Name is required' : '铃音名称不能为空');
      expect(await fieldError('subCompanyId').textContent()).toContain(
        language === 'en' ? 'A sub-company ID may contain only letters and digits.' : '子公司编号只能包含字母和数字。',
      );
      await screenshot(page, `tone-upload-${site}-errors-${language}`);
      await page.context().close();
    }
  });

  test('a complete upload with real files is submitted for approval and the form starts again', async () => {
    await open();
    // Generic: the home page's count of additions to be approved, before and after (issue 25, item 4).
    const addCount = async () => {
      await page.goto('/dashboard');
      const tile = page.locator('[data-panel="toneStates"] [data-count="add"] .count-grid__n');
      await page.waitForSelector('[data-panel="toneStates"] .count-grid');
      return (await tile.count()) ? Number(await tile.textContent()) : 0;
    };
    await signIn(page, demo(who), site === 'generic' ? '/dashboard' : '/rbtUploading');
    const before = site === 'generic' ? await addCount() : 0;
    if (site === 'generic') await page.goto('/rbtUploading');
    await fillToneFields(page, site, `E2E ${site} tone`);
    // The language starts at the highest priority (English in the seed).
    await page.waitForFunction(
      () =>
        (document.querySelector('#root_language') as HTMLSelectElement | null)?.selectedOptions[0]?.textContent ===
        'English',
    );
    // 001 §5.1: sp/iscallerpricevalid judges the caller price when the user leaves the field (generic); Kenya's
    // My Skiza price must equal the Skiza price.
    // Outside Kenya a price out of range is refused in the browser by the range rule, which names the range.
    const [bad, message] =
      site === 'kenya'
        ? ['3.00', 'My Skiza price must equal the Skiza price.']
        : ['42.00', 'The price must be between 0.00 and 10.00.'];
    await page.fill('#root_callerPrice', bad);
    await page.locator('#root_callerPrice').blur();
    await fieldError('callerPrice').waitFor();
    expect(await fieldError('callerPrice').textContent()).toContain(message);
    await page.fill('#root_callerPrice', callerPrice);
    await page.locator('#root_callerPrice').blur();
    await fieldError('callerPrice').waitFor({ state: 'detached' });
    if (site === 'kenya') expect(await page.locator('#root_tuneCompany').count()).toBe(0);
    await uploadToneFiles(page);
    await screenshot(page, `tone-upload-${site}-filled-en`);
    await submitTone(page);
    await toastShown(page, 'Submitted for approval.');
    await page.waitForFunction(
      () => (document.querySelector('#root_toneName') as HTMLInputElement | null)?.value === '',
    );
    if (site !== 'generic') return;
    expect(await addCount()).toBe(before + 1);
    await screenshot(page, 'home-after-upload-en');
    // The count is a link to the tone list filtered by that state: the new tone is there, every row in that state.
    await page.locator('[data-panel="toneStates"] [data-count="add"] a').click();
    await expectPath(page, '/rbtMaintenance');
    expect(new URL(page.url()).searchParams.get('status')).toBe('add');
    await page
      .locator('td', { hasText: `E2E ${site} tone` })
      .first()
      .waitFor();
    const states = await page.locator('td[data-column="status"] .badge').allTextContents();
    expect(states.length).toBeGreaterThan(0);
    expect(new Set(states)).toEqual(new Set(['Addition to be approved']));
  });
});

describe('a refused new upload (001 §8)', () => {
  test('the refusal stays on screen and the form reloads when Submit comes back, 2 s later', async () => {
    await open();
    await signIn(page, demo('Generic site'), '/rbtUploading');
    await fillToneFields(page, 'generic', 'E2E refused tone');
    await uploadFile(page, 'mediaFile', wavFile('refused master.wav'), 'refused master.wav');
    await uploadFile(page, 'image', pngFile('refused cover.png', 350, 350), 'refused cover.png');
    // The write window starts while the provider fills the form: the server refuses the whole submission.
    suite.server.db.setConfig('maintenance_window', '00:00-24:00');
    try {
      await submitTone(page);
      const refusal = page.locator('.toast--error').first();
      await refusal.waitFor();
      await page.waitForFunction(
        () => (document.querySelector('#root_toneName') as HTMLInputElement | null)?.value === '',
      );
      expect(await page.locator('[data-field="mediaFile"] .upload__file-name').count()).toBe(0);
      expect(await refusal.isVisible()).toBe(true);
      await screenshot(page, 'tone-upload-refused-reloaded-en', { viewport: true });
    } finally {
      suite.server.db.setConfig('maintenance_window', '');
    }
  });
});

describe('relative period fixed by the administrator', () => {
  test("choosing a catalogue sets the locked relative period to the catalogue's own", async () => {
    suite.server.db.setConfig('admin_specify_relative_period', '1');
    try {
      await open();
      await login(page, demo('Generic site'));
      await page.goto('/rbtUploading');
      const relative = page.locator('#root_relativeTime');
      await relative.waitFor();
      expect(await relative.isDisabled()).toBe(true);
      await page.waitForFunction(() => document.querySelectorAll('#root_catalogID option').length > 1);
      await page.locator('#root_catalogID').selectOption({ label: 'Pop' });
      await page.locator('#root_catalogID-child').selectOption({ label: 'Dance' });
      await page.waitForFunction(
        () =>
          (document.querySelector('#root_relativeTime') as HTMLSelectElement).selectedOptions[0]?.textContent ===
          '30 days',
      );
      await page.locator('#root_catalogID').selectOption({ label: 'Traditional' });
      await page.waitForFunction(
        () =>
          (document.querySelector('#root_relativeTime') as HTMLSelectElement).selectedOptions[0]?.textContent ===
          '180 days',
      );
    } finally {
      suite.server.db.setConfig('admin_specify_relative_period', '0');
    }
  });
});

describe('back button and wav tip', () => {
  test('the wav tip reads the configured format; Back shows only when the category is optional and goes to maintenance', async () => {
    await open();
    await login(page, demo('Generic site'));
    await page.goto('/rbtUploading');
    await page.locator('#root_toneName').waitFor();
    expect(await page.getByText('8000 Hz, 8 bit').count()).toBeGreaterThan(0);
    // support_catalog '1' (the default): the category is required and there is no way back.
    expect(await page.getByRole('button', { name: 'Back' }).count()).toBe(0);
    suite.server.db.setConfig('support_catalog', '0');
    suite.server.db.setConfig('wav_sample_rate', '16000');
    try {
      await page.context().close();
      await open();
      await login(page, demo('Generic site'));
      await page.goto('/rbtUploading');
      await page.locator('#root_toneName').waitFor();
      expect(await page.getByText('16000 Hz, 8 bit').count()).toBeGreaterThan(0);
      await page.getByRole('button', { name: 'Back' }).click();
      await expectPath(page, '/rbtMaintenance');
    } finally {
      suite.server.db.setConfig('support_catalog', '1');
      suite.server.db.setConfig('wav_sample_rate', '8000');
    }
  });
});

describe('price unit, provider code tips and switches', () => {
  test("prices show the unit of the session's language, the short code tip the provider code without its first three characters; mate info off hides its field", async () => {
    for (const [language, unit, tip] of [
      ['en', 'USD', 'your provider code in tone codes: 0010'],
      ['zh', '美元', '铃音编码中您的提供商编码：0010'],
    ] as const) {
      await open(language);
      await login(page, demo('Generic site')); // 8800010
      await page.goto('/rbtUploading');
      await page.locator('#root_toneName').waitFor();
      for (const field of ['price', 'callerPrice'])
        expect(await page.locator(`[data-field="${field}"] .input-unit`).textContent()).toBe(unit);
      expect(await page.locator('[data-field="shortCode"] .field__help').textContent()).toContain(tip);
      expect(await page.locator('[data-field="mateInfo"]').count()).toBe(1);
      await screenshot(page, `tone-upload-units-${language}`);
      // The list's prices carry the same unit after the figure.
      await page.goto('/rbtMaintenance');
      const price = page.locator('td[data-column="price"] .cell-price').first();
      await price.waitFor();
      expect(await price.getAttribute('data-unit')).toBe(unit);
      await screenshot(page, `tone-maintenance-units-${language}`);
      // So do the detail's price lines.
      await page.locator('.row-actions__button[data-action="detail"]').first().click();
      const detailPrice = page.locator('[role="dialog"] [data-summary="price"] .cell-price');
      await detailPrice.waitFor();
      expect(await detailPrice.getAttribute('data-unit')).toBe(unit);
      await screenshot(page, `tone-detail-units-${language}`, { viewport: true });
      await page.context().close();
    }
    suite.server.db.setConfig('support_mate_info', '0');
    try {
      await open();
      await login(page, demo('Generic site'));
      await page.goto('/rbtUploading');
      await page.locator('#root_toneName').waitFor();
      expect(await page.locator('[data-field="mateInfo"]').count()).toBe(0);
    } finally {
      suite.server.db.unsetConfig('support_mate_info');
    }
  });
});

describe('edit mode', () => {
  test('the tone from session storage is loaded, edited with a reason and sent to approval; the entry is removed', async () => {
    await open();
    await login(page, demo('Generic site'));
    const tone = await page.evaluate(async () => {
      const r = await fetch('/sp/qrytone?portalType=1&startRecordNum=1&endRecordNum=10&status=1');
      return ((await r.json()).record as Array<{ toneID: string; toneName: string }>)[0];
    });
    // What the maintenance screen's edit action leaves (editWhen.storageKey of rbtUploading).
    await page.evaluate((t) => sessionStorage.setItem('rbtUploading.editTone', JSON.stringify(t)), tone);
    await page.goto('/rbtUploading?type=modify');
    await page.waitForFunction(
      (name) => (document.querySelector('#root_toneName') as HTMLInputElement | null)?.value === name,
      tone.toneName,
    );
    expect(await page.locator('#root_modifyReason').count()).toBe(1);
    expect(await page.locator('[data-field="singerSex"] input').first().isDisabled()).toBe(true);
    expect(await page.locator('[data-field="priceGroupChoice"] input').first().isChecked()).toBe(true); // keep the same
    await page.fill('#root_toneName', `${tone.toneName} (edited)`);
    for (const [id, v] of [
      ['lyricAuthor', 'Lee'],
      ['melodyComposer', 'Kim'],
      ['musicArranger', 'Ode'],
      ['callerPrice', '3.33'],
      ['tags', 'calm'],
    ]) {
      await page.fill(`#root_${id}`, v);
    }
    await pickDate('toneValidDay');
    // The refusal warning names what is wrong: the modify reason and its message (not a description).
    await page.click('.form-actions .btn--primary');
    await toastShown(page, 'Please check Modify reason: Modify reason is required');
    expect(await fieldError('modifyReason').textContent()).toContain('Modify reason is required');
    // A description of the wrong length gives the description's own warning (001 §8), with its reason.
    await page.fill('#root_description', 'd'.repeat(1001));
    await page.fill('#root_modifyReason', 'New title');
    await page.click('.form-actions .btn--primary');
    await page
      .locator('.toast', { hasText: 'Please check the description validation: At most 1000 characters.' })
      .waitFor();
    await page.fill('#root_description', '');
    await page.fill('#root_modifyReason', 'New title');
    await screenshot(page, 'tone-edit-generic-en');
    await page.click('.form-actions .btn--primary');
    await toastShown(page, 'Submitted for approval.');
    await page.waitForURL((u) => u.pathname === '/rbtMaintenance');
    // Removed when the form closes (the maintenance screen may still be loading when the URL changes).
    await page.waitForFunction(() => sessionStorage.getItem('rbtUploading.editTone') === null, undefined, {
      timeout: 10_000,
    });
  });
});

describe('files', () => {
  test('a 16-bit stereo wav is refused in the browser where the form asks for 8 bit mono, naming what the file is (both languages)', async () => {
    for (const language of ['en', 'zh'] as const) {
      await open(language);
      await login(page, demo('Generic site'));
      await page.goto('/rbtUploading');
      await chooseSeparateFiles(page);
      const chooser = page.waitForEvent('filechooser');
      await page.click('#root_ivrFile');
      await (await chooser).setFiles(wavFile('studio.wav', 1, { sampleRate: 44100, bits: 16, channels: 2 }));
      const toast = page.locator('.toast--error');
      await toast.waitFor();
      expect(await toast.textContent()).toContain(
        language === 'en'
          ? 'This wav file is 2 channel(s), 44100 Hz, 16 bit; this file must be 1 channel(s), 8000 Hz, 8 bit.'
          : '该 wav 文件为 2 声道、44100 Hz、16 位；此文件必须为 1 声道、8000 Hz、8 位。',
      );
      await screenshot(page, `tone-upload-wav-refused-${language}`, { viewport: true });
      // Each difference alone is enough: a 16-bit file at 8000 Hz, a 44.1 kHz file at 8 bit.
      for (const [format, en, zh] of [
        [{ bits: 16 }, '1 channel(s), 8000 Hz, 16 bit', '1 声道、8000 Hz、16 位'],
        [{ sampleRate: 44100 }, '1 channel(s), 44100 Hz, 8 bit', '1 声道、44100 Hz、8 位'],
      ] as const) {
        const next = page.waitForEvent('filechooser');
        await page.click('#root_ivrFile');
        await (await next).setFiles(wavFile(`alone-${format.bits ?? format.sampleRate}.wav`, 1, format));
        await page.locator('.toast--error', { hasText: language === 'en' ? en : zh }).waitFor();
      }
      // Nothing was sent: the field still has no file, and the refusal is the only message ('required' does not join in).
      expect(await page.locator('[data-field="ivrFile"] .upload__file-name').count()).toBe(0);
      expect(await page.locator('[data-field="ivrFile"] .field__error').count()).toBe(0);
      expect(await page.locator('.field__error').count()).toBe(0);
      // A wrong type lists the types this field accepts.
      const other = page.waitForEvent('filechooser');
      await page.click('#root_webFile');
      await (await other).setFiles(pngFile('cover.png', 10, 10));
      await page.locator('.toast--error', { hasText: '.wav, .mp3' }).waitFor();
      await page.context().close();
    }
  });

  test('an image preview does not survive a new form: after a successful upload the image box is empty again', async () => {
    await open();
    await login(page, demo('Ais site'));
    await page.goto('/rbtUploading');
    await fillToneFields(page, 'ais', 'Preview reset tone');
    await uploadToneFiles(page);
    expect(await page.locator('[data-field="image"] .upload__preview img').count()).toBe(1);
    await submitTone(page);
    await page.locator('.toast--success, .toast--warning').first().waitFor();
    await page.waitForFunction(
      () => (document.querySelector('#root_toneName') as HTMLInputElement | null)?.value === '',
    );
    expect(await page.locator('[data-field="image"] .upload__preview img').count()).toBe(0);
    expect(await page.locator('[data-field="image"] .upload__file-name').count()).toBe(0);
  });
});

describe('tariff choice', () => {
  test("'Change tariff' loads the tone tariffs 5 per page; the tariff detail dialog shows the chosen one", async () => {
    await open();
    await login(page, demo('Generic site'));
    await page.goto('/rbtUploading');
    const change = page.locator('#root_priceGroupChoice-1');
    await change.waitFor();
    await change.check();
    const tariffs = page.locator('[data-screen="tariffSelection"] .data-table tbody tr[data-row-key]');
    await tariffs.first().waitFor();
    expect(await tariffs.count()).toBe(5);
    const standard = tariffs.filter({ hasText: 'Standard tone' });
    await standard.locator('input[type="radio"]').check();
    await page.locator('.form-actions .btn', { hasText: 'Tariff detail' }).click();
    const dialog = page.locator('[role="dialog"]');
    await dialog.locator('[data-screen="tariffDetail"] .data-table tbody tr[data-row-key]').first().waitFor();
    expect(await dialog.locator('[data-summary="priceGroupName"] dd').textContent()).toBe('Standard tone');
    await screenshot(page, 'tone-upload-tariff-detail-en', { viewport: true });
  });
});

describe('jockey-flag site', () => {
  test("a jockey tone needs the provider's jockey right: refused in the browser until the operator grants it", async () => {
    suite.server.db.setConfig('support_jockey_flag', '1');
    const who = demo('Generic site');
    try {
      await open();
      await login(page, who);
      await page.goto('/rbtUploading');
      await page.locator('#root_totalPrice').waitFor(); // the rental price of the jockey-flag site
      await page.check('#root_cutFlag-1');
      // Leaving the radio for Submit shows its message above the button: the press must still count.
      await page.click('.form-actions .btn--primary');
      await fieldError('toneName').waitFor();
      await fieldError('cutFlag').waitFor();
      expect(await fieldError('cutFlag').textContent()).toContain('You have no jockey rights');
      await screenshot(page, 'tone-upload-jockey-refused-en');
      await page.context().close();

      operator(suite.server, 'provider', 'jockey', who.account, 'on');
      await open();
      await login(page, who); // the right reaches the browser with the next login's user info
      await page.goto('/rbtUploading');
      await page.check('#root_cutFlag-1');
      await page.click('.form-actions .btn--primary');
      await fieldError('toneName').waitFor();
      expect(await fieldError('cutFlag').count()).toBe(0);
    } finally {
      operator(suite.server, 'provider', 'jockey', who.account, 'off');
      suite.server.db.setConfig('support_jockey_flag', '0');
    }
  });
});
