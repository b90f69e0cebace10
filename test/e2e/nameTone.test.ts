// Name tones in a real Chromium against the real server (001 §2.8, §5.6, §6; 000 §2), on every site of the demo
// deployment (name tones are on for all of them): the Name Tones menu's upload fetches the category first and opens
// the upload with it; a capital initial is refused in the browser with the rule's message, and a file that is not a
// wav with a message that stays; a good upload lands in Name Tone Info waiting for approval, and is normal once the
// operator approves it. With the privilege withdrawn (operator CLI), the same menu entry, and the upload's own
// address, open noPrivilege with "Sorry, you don't have the privilege to upload name tones.". Screenshots at 1280 px
// in both languages.
import type { Page } from 'playwright-core';
import { demo, expectPath, login, openPage, screenshot } from './support/browser';
import { wavFile } from './support/files';
import { operator } from './support/maintenance';
import { useSuite } from './support/suite';

jest.setTimeout(180_000);

const suite = useSuite({ site: 'generic' });
let page: Page;

const TEXT = {
  en: {
    initialRule: 'The initial letter must be a single letter a-z.',
    toBeApproved: 'To be approved',
    normal: 'Normal',
    noPrivilege: "Sorry, you don't have the privilege to upload name tones.",
    category: 'Name tones',
  },
  zh: {
    initialRule: '首字母必须是 a-z 中的一个字母。',
    toBeApproved: '待审批',
    normal: '正常',
    noPrivilege: '抱歉，您没有上传名字铃音的权限。',
    category: '名字铃音',
  },
};

const infoRows = () => page.locator('[data-screen="namerbtInfo"] .data-table tbody tr[data-row-key]');

async function chooseFile(field: string, path: string | { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await page.locator(`#root_${field}`).click();
  await (await chooser).setFiles(path);
}

// Every site of the demo in one language, each language on at least one site: the flow is the same on every site,
// and what a language changes (messages, the category's name) shows on any of them (issue 24: a run under 25 min).
const CASES = [
  ['generic', 'en', 'Generic site'],
  ['kenya', 'zh', 'kenya'],
  ['ais', 'en', 'ais'],
] as const;

describe.each(CASES)('name tones on the %s site (%s)', (site, language, account) => {
  const text = TEXT[language];
  const who = demo(account);
  const name = `${language === 'en' ? 'Rose' : '玫瑰'} ${site}`;

  test('upload through the menu, refused input first; approved by the operator; no privilege', async () => {
    page = suite.page = await openPage(suite.browser, suite.server.baseUrl, { language, width: 1280 });
    await login(page, who);

    // The menu entry fetches the category and opens the upload with it.
    await page.click('[data-menu-group="nameRbt"] [data-menu="upload"]');
    await expectPath(page, '/namerbtUpload');
    expect(new URL(page.url()).searchParams.get('catalogID')).toMatch(/^\d+$/);
    const form = page.locator('[data-screen="namerbtUpload"]');
    await form.locator('#root_name').waitFor();
    await expect(form.locator('[data-field="catName"]').textContent()).resolves.toContain(text.category);

    await form.locator('#root_name').fill(name);
    await form.locator('#root_initialLetter').fill('R');
    await form.locator('#root_msisdn').fill('254700000777');
    // A wav in another format is converted (issue 27); a file that only claims to be a wav is refused, keeping nothing.
    await chooseFile('toneFile', { name: 'studio.wav', mimeType: 'audio/wav', buffer: Buffer.from('not a recording') });
    await page.locator('.toast--error').first().waitFor();
    expect(await form.locator('.upload__file-name').count()).toBe(0);
    await chooseFile('toneFile', wavFile('rose.wav'));
    await form.locator('.upload__file-name').waitFor();
    await page.locator('.form-actions .btn--primary').click();
    await form.locator('[data-field="initialLetter"] .field__error', { hasText: text.initialRule }).waitFor();
    await screenshot(page, `namerbt-upload-invalid-${site}-${language}`);

    await form.locator('#root_initialLetter').fill('r');
    await page.locator('.form-actions .btn--primary').click();
    await expectPath(page, '/namerbtInfo');
    const mine = infoRows().filter({ hasText: name });
    await mine.filter({ hasText: text.toBeApproved }).waitFor();
    expect(await mine.locator('td[data-column="uploadCount"]').textContent()).toBe('1');
    expect(await mine.locator('td[data-column="msisdn"]').textContent()).toBe('254700000777');
    await screenshot(page, `namerbt-info-${site}-${language}`);

    const line = operator(suite.server, 'changes', 'list', '--type', 'nameTone', '--provider', who.account)
      .split('\n')
      .find((l) => l.includes(`"${name}"`));
    expect(line).toBeDefined();
    operator(suite.server, 'changes', 'approve', /^#(\d+)/.exec(line!)![1]);
    await page.reload();
    await mine.filter({ hasText: text.normal }).waitFor();

    // Without the privilege: the menu entry and the upload's own address open noPrivilege.
    operator(suite.server, 'provider', 'namerbt', who.account, 'off');
    try {
      await page.click('[data-menu-group="nameRbt"] [data-menu="upload"]');
      await expectPath(page, '/noPrivilege');
      await page.locator('[data-screen="noPrivilege"]', { hasText: text.noPrivilege }).waitFor();
      await screenshot(page, `namerbt-no-privilege-${site}-${language}`);
      await page.goto('/namerbtUpload');
      await expectPath(page, '/noPrivilege');
    } finally {
      operator(suite.server, 'provider', 'namerbt', who.account, 'on');
    }
    await page.context().close();
  });
});
