// A provider over its storage quota (upload_quota_mb) sees why its upload was refused, in its language, and
// the field stays empty; the same file uploads once the operator raises the quota.
import { demo, login, openPage, screenshot } from './support/browser';
import { useSuite } from './support/suite';
import { wavFile } from './support/files';
import { chooseSeparateFiles } from './support/toneForm';

jest.setTimeout(120_000);

const suite = useSuite({ site: 'generic' });

const MESSAGE = {
  en: /^The upload does not fit in your storage quota of 1 KB \(\d+(\.\d)? (KB|MB) already stored\)\. Please contact the administrator\.$/,
  zh: /^上传内容超出您的存储配额1 KB（已存储\d+(\.\d)? (KB|MB)），请联系管理员。$/,
};

test.each(['en', 'zh'] as const)(
  'over quota: the refusal is shown and nothing is kept (%s); a raised quota lets the file through',
  async (language) => {
    suite.server.db.setConfig('upload_quota_mb', '0.001'); // 1 KB: the demo provider's own files are already more
    const page = (suite.page = await openPage(suite.browser, suite.server.baseUrl, { language }));
    await login(page, demo('Generic site'));
    await page.goto('/rbtUploading');
    await chooseSeparateFiles(page);
    const chooser = page.waitForEvent('filechooser');
    await page.click('#root_webFile');
    await (await chooser).setFiles(wavFile('over quota.wav'));
    const toast = page.locator('.toast--error .toast__text');
    await toast.waitFor();
    expect((await toast.textContent())?.trim()).toMatch(MESSAGE[language]);
    await screenshot(page, `upload-over-quota-${language}`, { viewport: true });
    expect(await page.locator('[data-field="webFile"] .upload__file-name', { hasText: 'over quota.wav' }).count()).toBe(
      0,
    );

    suite.server.db.setConfig('upload_quota_mb', '2048');
    const again = page.waitForEvent('filechooser');
    await page.click('#root_webFile');
    await (await again).setFiles(wavFile('over quota.wav'));
    await page.locator('[data-field="webFile"] .upload__file-name', { hasText: 'over quota.wav' }).waitFor();
  },
);
