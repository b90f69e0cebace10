// IVR screens in a real Chromium against the real server (001 §2.6, §2.7, §4, §5.5), on every site of the demo
// deployment (IVR is on for all of them), each with its own site provider: the generic site and Kenya in English,
// Ais in Chinese. Create a directory with its prompt, see it wait for approval, approve it
// with the operator CLI, add tones through the selection list (only normal tones offered), reorder tones and
// directories by keyboard, delete it; a directory of music boxes takes boxes from the music box selection list
// (generic and Kenya sites); upload a salutatory prompt as a 16-bit (English) or 44.1 kHz (Chinese) wav, which the
// form converts to the IVR format at once, saying from what to what, and previews with its waveform; submitted,
// it waits for approval; the help prompt list behind the salutatory screen. Screenshots at 1280 px, named by site and language.
import type { Page } from 'playwright-core';
import { demo, openPage, screenshot, type DemoAccount, signIn } from './support/browser';
import { wavFile } from './support/files';
import { confirmOk, operator } from './support/maintenance';
import { useSuite } from './support/suite';

jest.setTimeout(180_000);

const suite = useSuite({ site: 'generic' });
let page: Page;

const screenRows = (screen: string) => page.locator(`[data-screen="${screen}"] .data-table tbody tr[data-row-key]`);
const dialog = (title?: RegExp) =>
  title
    ? page.locator('[role="dialog"]').filter({ has: page.locator('.dialog__title', { hasText: title }) })
    : page.locator('[role="dialog"]').last();
const toolbar = (screen: string, action: string) =>
  page.locator(`[data-screen="${screen}"] .list-toolbar [data-action="${action}"]`).first();
const names = (screen: string, column: string) =>
  screenRows(screen).evaluateAll(
    (trs, col) => trs.map((tr) => tr.querySelector(`td[data-column="${col}"]`)?.textContent?.trim() ?? ''),
    column,
  );

/** Approves the pending change request of `who` for the directory `name`, as the operator does. */
function approve(who: DemoAccount, name: string) {
  const line = operator(suite.server, 'changes', 'list', '--provider', who.account)
    .split('\n')
    .find((l) => l.includes(`"name":"${name}"`) || l.includes(`\t"${name}"\t`));
  if (!line) throw new Error(`no pending request for ${name}`);
  operator(suite.server, 'changes', 'approve', /^#(\d+)/.exec(line)![1]);
}

/** The rows a selection list opened over a dialog offers, once shown; each must be in the state `normal`. */
async function offered(screen: string, normal: string) {
  const rows = page.locator(`[role="dialog"] [data-screen="${screen}"] .data-table tbody tr[data-row-key]`);
  await rows.first().waitFor();
  for (const state of await rows.locator('td[data-column="status"]').allTextContents()) expect(state).toContain(normal);
  return rows;
}

/**
 * A fresh 1280 px page in `language`, logged in as `who`, on the list screen `screen` once it shows its rows;
 * photographed as `shot` when named.
 */
async function openScreen(who: DemoAccount, language: 'en' | 'zh', screen: string, shot?: string) {
  page = suite.page = await openPage(suite.browser, suite.server.baseUrl, { language, width: 1280 });
  await signIn(page, who, `/${screen}`);
  await screenRows(screen).first().waitFor();
  if (shot) await screenshot(page, shot);
}

async function chooseFile(scope: ReturnType<typeof dialog>, field: string, path: string) {
  const chooser = page.waitForEvent('filechooser');
  await scope.locator(`#root_${field}`).click();
  await (await chooser).setFiles(path);
}

const TEXT = {
  en: {
    addDirectory: /^Add Directory$/,
    pending: 'Addition to be approved',
    modifyPending: 'Modification to be approved',
    normal: 'Normal',
    addTones: /^Add Tones$/,
    sortDirectories: /^Sort Directories$/,
    // English sends a 16-bit file, Chinese a 44.1 kHz one: each is converted to the IVR format.
    badWav: { bits: 16 } as const,
    converted: 'Converted from WAV, 8000 Hz, 1 channel(s) to the IVR format: 8000 Hz, 8 bit, 1 channel(s).',
    toBeApproved: 'To be approved',
    deletePending: 'Deletion to be approved',
    upload: /^Upload Salutatory$/,
    addBoxes: /^Add Music Boxes$/,
  },
  zh: {
    addDirectory: /^新增目录$/,
    pending: '新增待审批',
    modifyPending: '修改待审批',
    normal: '正常',
    addTones: /^添加铃音$/,
    sortDirectories: /^目录排序$/,
    badWav: { sampleRate: 44100 } as const,
    converted: '已将 WAV（44100 Hz，1 声道）转换为 IVR 格式：8000 Hz，8 位，1 声道。',
    toBeApproved: '待审批',
    deletePending: '删除待审批',
    upload: /^上传欢迎语$/,
    addBoxes: /^添加音乐盒$/,
  },
};

// Every site of the demo in one language, each language on at least one site: the steps are the same on every site,
// and what a language changes (messages, names, the wav it converts) shows on any of them (issue 24).
const SITES = [
  ['generic', 'en'],
  ['kenya', 'en'],
  ['ais', 'zh'],
] as const;

describe.each(SITES)('IVR on the %s site (%s)', (site, language) => {
  const text = TEXT[language];
  const who = demo(site);
  const tag = `${site}-${language}`;
  const name = language === 'en' ? 'Weekend Picks' : '周末精选';

  test('directory: create, approve, add tones, reorder by keyboard, delete', async () => {
    await openScreen(who, language, 'directory', `ivr-directory-${tag}`);

    // A bad name is refused in the browser with the rule's message; a good one goes to approval.
    await toolbar('directory', 'add').click();
    const add = dialog(text.addDirectory);
    await add.waitFor();
    await add.locator('#root_catalogName').fill('Rock|Roll');
    await chooseFile(add, 'promptFile', wavFile('directory prompt.wav'));
    await add.locator('.upload__file-name').waitFor();
    await add.locator('.dialog-form__footer .btn--primary').click();
    await add.locator('[data-field="catalogName"] .field__error').waitFor();
    await screenshot(page, `ivr-directory-add-invalid-${tag}`);
    await add.locator('#root_catalogName').fill(name);
    await add.locator('.dialog-form__footer .btn--primary').click();
    await add.waitFor({ state: 'detached' });
    const mine = screenRows('directory').filter({ hasText: name });
    await mine.filter({ hasText: text.pending }).waitFor();

    approve(who, name);
    await page.reload();
    await mine.filter({ hasText: text.normal }).waitFor();

    // Its tones: add two through the selection list, then move the second up by keyboard.
    await mine.locator('[data-action="tones"]').click();
    const tones = dialog();
    await tones.locator('[data-screen="directoryTones"]').waitFor();
    await tones.locator('[data-screen="directoryTones"] [data-action="add"]').click();
    const addTones = dialog(text.addTones);
    await addTones.waitFor();
    await addTones.locator('#root_tones').click();
    // Only normal tones are offered; the site provider has two at least.
    const pick = await offered('toneSelection', text.normal);
    await pick.nth(0).locator('input[type="checkbox"]').check();
    await pick.nth(1).locator('input[type="checkbox"]').check();
    await dialog().locator('.dialog__footer .btn--primary').click();
    await addTones.locator('.selected-rows__table tbody tr').nth(1).waitFor();
    await addTones.locator('.dialog-form__footer .btn--primary').click();
    await addTones.waitFor({ state: 'detached' });
    // Callers hear the directory as it was until the operator approves its new tones.
    await tones.locator('[data-screen="directoryTones"] .list-footer__total[data-total="0"]').waitFor();
    await page.keyboard.press('Escape');
    await tones.waitFor({ state: 'detached' });
    await mine.filter({ hasText: text.modifyPending }).waitFor();
    approve(who, name);
    await page.reload();
    await mine.filter({ hasText: text.normal }).waitFor();
    await mine.locator('[data-action="tones"]').click();
    await tones.locator('[data-screen="directoryTones"]').waitFor();
    const toneRows = tones.locator('[data-screen="directoryTones"] .data-table tbody tr[data-row-key]');
    await toneRows.nth(1).waitFor();
    const before = await toneRows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-row-key')));
    await screenshot(page, `ivr-directory-tones-${tag}`);

    await tones.locator('[data-screen="directoryTones"] [data-action="sort"]').click();
    const sortTones = dialog();
    const items = sortTones.locator('.sortable__item');
    await items.nth(1).waitFor();
    await items.nth(1).focus();
    await page.keyboard.press('ArrowUp');
    // The move is visible (positions) and announced.
    await sortTones.locator('[role="status"]', { hasText: /1/ }).waitFor();
    expect(await items.evaluateAll((li) => li.map((x) => x.getAttribute('data-key')))).toEqual([before[1], before[0]]);
    await screenshot(page, `ivr-sort-tones-${tag}`);
    await sortTones.locator('.dialog-form__footer .btn--primary').click();
    await page.waitForFunction(
      (first) =>
        document
          .querySelector('[data-screen="directoryTones"] .data-table tbody tr[data-row-key]')
          ?.getAttribute('data-row-key') === first,
      before[1],
    );
    await page.keyboard.press('Escape');
    await tones.waitFor({ state: 'detached' });

    // Directories: move the new one to the top with Home.
    await toolbar('directory', 'sort').click();
    const sort = dialog(text.sortDirectories);
    await sort.locator('.sortable__item').first().waitFor();
    const item = sort.locator('.sortable__item', { hasText: name });
    await item.focus();
    await page.keyboard.press('Home');
    expect(await sort.locator('.sortable__item').first().textContent()).toContain(name);
    await sort.locator('.dialog-form__footer .btn--primary').click();
    await sort.waitFor({ state: 'detached' });
    await page.waitForFunction(
      (n) =>
        document
          .querySelector('[data-screen="directory"] .data-table tbody tr[data-row-key] td[data-column="catalogName"]')
          ?.textContent?.includes(n),
      name,
    );
    expect((await names('directory', 'seq'))[0]).toBe('1');

    // Delete: a confirmation, then the deletion waits for approval.
    await mine.locator('[data-action="delete"]').or(mine.locator('.row-actions__more')).first().click();
    if (await page.locator('.row-menu').count()) await page.locator('.row-menu [data-action="delete"]').click();
    await confirmOk(page, language === 'en' ? /Delete this directory/ : /确定删除该目录/);
    await mine.filter({ hasText: text.deletePending }).waitFor();
    await page.context().close();
  });

  test('salutatory: a 16-bit or 44.1 kHz wav is converted to the IVR format and previewed, then waits for approval', async () => {
    await openScreen(who, language, 'salutatory', `ivr-salutatory-${tag}`);
    await toolbar('salutatory', 'upload').click();
    const up = dialog(text.upload);
    await up.waitFor();
    const promptName = language === 'en' ? 'Good morning' : '早上好';
    await up.locator('#root_promptName').fill(promptName);
    await chooseFile(up, 'promptFile', wavFile('studio.wav', 1, text.badWav));
    await up.locator('.upload-audio__note', { hasText: text.converted }).waitFor();
    await up.locator('.upload__file-name', { hasText: 'studio.wav' }).waitFor();
    await up.locator('.waveform [role="slider"]').waitFor();
    await screenshot(page, `ivr-salutatory-converted-${tag}`, { viewport: true });
    await up.locator('.dialog-form__footer .btn--primary').click();
    await up.waitFor({ state: 'detached' });
    await screenRows('salutatory').filter({ hasText: promptName }).filter({ hasText: text.toBeApproved }).waitFor();

    // The help prompts are one click away (the IVR menu's help entry is hidden, 000 §2).
    await toolbar('salutatory', 'helpPrompts').click();
    await screenRows('help').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/help');
    await screenshot(page, `ivr-help-prompts-${tag}`);
    await page.context().close();
  });
});

// Each site provider has one box on sale and an empty directory of boxes.
describe.each([
  ['generic', 'en'],
  ['kenya', 'zh'],
] as const)('IVR directory of music boxes on the %s site (%s)', (site, language) => {
  const text = TEXT[language];

  test('a directory of music boxes takes boxes from the music box selection list', async () => {
    await openScreen(demo(site), language, 'directory');
    const boxes = screenRows('directory').filter({ hasText: 'Music Boxes' });
    await boxes.locator('[data-action="tones"]').click();
    const entries = dialog().locator('[data-screen="directoryTones"]');
    await entries.locator('.list-footer__total[data-total="0"]').waitFor();
    // A directory of boxes offers Add Music Boxes, never Add Tones.
    expect(await entries.locator('[data-action="add"]').count()).toBe(0);
    await entries.locator('[data-action="addBoxes"]').click();
    const add = dialog(text.addBoxes);
    await add.waitFor();
    await add.locator('#root_boxes').click();
    // Only boxes on sale with no change waiting are offered.
    const pick = await offered('toneBoxSelection', text.normal);
    await screenshot(page, `ivr-box-selection-${site}-${language}`, { viewport: true });
    const [boxName] = await pick.first().locator('td[data-column="toneBoxName"]').allTextContents();
    await pick.first().locator('input[type="checkbox"]').check();
    await dialog().locator('.dialog__footer .btn--primary').click();
    await add.locator('.selected-rows__table tbody tr').first().waitFor();
    await add.locator('.dialog-form__footer .btn--primary').click();
    await add.waitFor({ state: 'detached' });
    // The new entry waits for the operator; approved, it is in the directory.
    await page.keyboard.press('Escape');
    approve(demo(site), 'Music Boxes');
    await page.reload();
    await boxes.locator('[data-action="tones"]').click();
    await entries.locator('.data-table tbody tr[data-row-key]', { hasText: boxName.trim() }).waitFor();
    // Its columns are the music box's: code and name, no artist.
    const shown = await entries.locator('td[data-column="boxName"]').allTextContents();
    expect(shown.map((t) => t.trim())).toEqual([boxName.trim()]);
    expect(await entries.locator('td[data-column="toneName"]').count()).toBe(0);
    await screenshot(page, `ivr-directory-boxes-${site}-${language}`, { viewport: true });
    await page.context().close();
  });
});
