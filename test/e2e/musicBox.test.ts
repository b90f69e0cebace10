// Music boxes in Chromium against the real server and its demo data (README: demo accounts), on each site: a
// package built from real tones with a real wav prompt, the form's rules shown before anything is sent, the
// operator's approval through the CLI, an edit that returns to the list, the detail screen, a deletion with its
// reason; the dialog variant (sp_add_music_box_dialog); the radio account's and the super SP's paths; and the
// configuration rules of the form (price fixed by the administrator, tariff table and detail, tone limit,
// extra fields, prompt format). Screenshots of each screen in both languages.
import type { Locator, Page } from 'playwright-core';
import { demo, login, openPage, screenshot, type DemoAccount, toastShown } from './support/browser';
import { wavFile } from './support/files';
import { operator } from './support/maintenance';
import { useSuite } from './support/suite';
import { fieldError, pickDate, uploadFile } from './support/toneForm';

jest.setTimeout(240_000);

const suite = useSuite();
let page: Page;

type Language = 'en' | 'zh';
const list = '[data-screen="musicBoxMaintenance"] .data-table tbody';
const rowNamed = (name: string) => page.locator(`${list} tr[data-row-key]`, { hasText: name });
/** The topmost dialog (the tone selection opened from the box dialog sits above it). */
const topDialog = () => page.locator('[role="dialog"]').last();
/** The box form with its buttons (they sit below the form element). */
const boxForm = () => page.locator('[data-screen="musicBoxUpload"]');

async function open(who: DemoAccount, language: Language = 'en') {
  page = suite.page = await openPage(suite.browser, suite.server.baseUrl, { language });
  await login(page, who);
}

async function flags(values: Record<string, string>) {
  for (const [key, value] of Object.entries(values)) suite.server.db.setConfig(key, value);
}
async function unflag(...keys: string[]) {
  for (const key of keys) suite.server.db.unsetConfig(key);
}

/** Tomorrow, through the picker's keyboard: before every demo tone's validity, so the box may end then. */
async function pickTomorrow(root: Locator) {
  // A click leaves the caret in the input (a date may be typed); the day is chosen in the grid, next month's
  // page when tomorrow is there.
  const t = new Date(Date.now() + 24 * 3600 * 1000);
  const iso = `${t.getFullYear()}-${String(t.getMonth() + 1).padStart(2, '0')}-${String(t.getDate()).padStart(2, '0')}`;
  await root.locator('#root_toneValidDay').click();
  await page.locator('.date-picker__panel').waitFor();
  const day = page.locator(`.day-grid__day[data-iso="${iso}"]`);
  if (!(await day.count()))
    await page.locator('.date-picker__nav[aria-label="Next month"], .date-picker__nav[aria-label="下个月"]').click();
  await page.locator(`.day-grid__day[data-iso="${iso}"]`).first().click();
  await page.locator('.date-picker__panel').waitFor({ state: 'detached' });
}

/** A day through the picker's year and month grids (English labels), whatever the field holds already. */
async function pickDay(root: Locator, iso: string) {
  const [year, month] = iso.split('-');
  await root.locator('#root_toneValidDay').click();
  await page.locator('.date-picker__panel').waitFor();
  await page.click('.date-picker__title-button >> nth=1');
  await page.click(`.choice-grid__item:text-is("${year}")`);
  const names = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  await page.click(`.choice-grid__item:text-is("${names[Number(month) - 1]}")`);
  await page.click(`.day-grid__day[data-iso="${iso}"]`);
  await page.locator('.date-picker__panel').waitFor({ state: 'detached' });
}
const daysAhead = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/** A field's message as shown under it (without its icon). */
const errorText = async (field: string) => (await fieldError(page, field).innerText()).replace('⚠', '').trim();

/** Ticks the first `count` tones of the selection dialog and submits it; returns their codes. */
async function chooseTones(root: Locator, count: number): Promise<string[]> {
  await root.locator('#root_tones').click();
  const dialog = topDialog();
  const rows = dialog.locator('.data-table tbody tr[data-row-key]');
  await rows.first().waitFor();
  const codes: string[] = [];
  for (let i = 0; i < count; i++) {
    await rows.nth(i).locator('input[type="checkbox"]').check();
    codes.push((await rows.nth(i).locator('td[data-column="toneCode"]').innerText()).trim());
  }
  await dialog.locator('.btn--primary', { hasText: /Submit|提交/ }).click();
  await root
    .locator('.selected-rows__table tbody tr')
    .nth(count - 1)
    .waitFor();
  return codes;
}

const submitButton = (root: Locator) => root.locator('button.btn--primary', { hasText: /^(Submit|提交)$/ });

/** Submits once the form lets it (the buttons wait 2 s after a file change or an answer). */
async function submit(root: Locator) {
  const button = submitButton(root);
  await button.waitFor();
  await page.waitForFunction((el) => !(el as HTMLButtonElement).disabled, await button.elementHandle(), {
    timeout: 5000,
  });
  await button.click();
}

/** The whole package form as a provider fills it: name, price, validity, prompt, category, remark, tones. */
async function fillPackage(root: Locator, name: string, price: string, tones = 2) {
  await root.locator('#root_name').fill(name);
  if (await root.locator('#root_price').isEditable()) await root.locator('#root_price').fill(price);
  await pickTomorrow(root);
  await uploadFile(page, 'toneFile', wavFile(`${name} prompt.wav`), `${name} prompt.wav`);
  await page.waitForFunction(() => document.querySelectorAll('#root_catalogID option').length > 1);
  await root.locator('#root_catalogID').selectOption({ index: 1 });
  await root.locator('#root_description').fill('Built in the end-to-end test');
  return chooseTones(root, tones);
}

/** The change requests the operator CLI lists for the account, as its lines. */
const requests = (account: string) => operator(suite.server, 'changes', 'list', '--provider', account).split('\n');

function approveBox(account: string, name: string, kind: 'add' | 'modify' | 'delete') {
  const line = requests(account).find((l) => l.includes(`\t${kind}\t`) && l.includes(`"${name}"`));
  if (!line) throw new Error(`no pending ${kind} request for box "${name}"`);
  expect(line).toMatch(/toneBox \d+\t\d+ "/); // listed by the box's code and name
  operator(suite.server, 'changes', 'approve', /^#(\d+)/.exec(line)![1]);
}

async function maintenanceRow(name: string) {
  await page.goto('/musicBoxMaintenance');
  await rowNamed(name).waitFor();
  return rowNamed(name);
}

describe('generic site: a package from upload to deletion', () => {
  const who = () => demo('Generic site');
  const name = 'E2E Morning Package';

  test("the form's rules are shown before anything is sent, in both languages", async () => {
    for (const language of ['en', 'zh'] as const) {
      await open(who(), language);
      await page.goto('/musicBoxUpload');
      await page.locator('#root_name').waitFor();
      await screenshot(page, `box-upload-${language}`);
      let sent = 0;
      page.on('request', (r) => void (r.url().includes('/sp/addtonebox') && sent++));
      await submit(boxForm());
      const expected =
        language === 'en'
          ? { name: 'Music box name is required.', tones: 'Select at least one tone.' }
          : { name: '音乐盒名称不能为空。', tones: '请至少选择一首铃音。' };
      await expect(errorText('name')).resolves.toBe(expected.name);
      await expect(errorText('tones')).resolves.toBe(expected.tones);
      await screenshot(page, `box-upload-errors-${language}`);
      expect(sent).toBe(0);
      await page.context().close();
    }
  });

  test('a box may not outlive its tones; a prompt must be a wav; the tone list offers only normal non-jockey tones', async () => {
    await open(who());
    await page.goto('/musicBoxUpload');
    const form = boxForm();
    const [code] = await chooseTones(form, 1);
    await pickDate(page, 'toneValidDay');
    await submit(form);
    // The refusal names the box's date and the chosen tone that ends last: its name, code and validity.
    const refusal = await errorText('toneValidDay');
    expect(refusal).toMatch(
      new RegExp(
        `^The music box is valid until (\\d{4}-\\d\\d-\\d\\d), later than every tone it holds: the latest, ".+" \\(${code}\\), ` +
          `is valid until (\\d{4}-\\d\\d-\\d\\d)\\. Choose \\2 or earlier\\.$`,
      ),
    );
    // A file that is not a wav is refused by the browser, with the upload format message.
    const chooser = page.waitForEvent('filechooser');
    await page.click('#root_toneFile');
    await (await chooser).setFiles(wavFile('prompt.mp3'));
    await page.locator('[data-field="toneFile"]', { hasText: /\.wav/ }).waitFor();
    await expect(page.locator('[data-field="toneFile"] .upload__file-name').count()).resolves.toBe(0);
    // Every tone offered is a normal one (the selection list is filtered by the server: onlyNormal), and the list
    // says so, with how many of the provider's tones the rule leaves out.
    await page.click('#root_tones');
    const statuses = topDialog().locator('.data-table tbody tr[data-row-key] td[data-column="status"]');
    await statuses.first().waitFor();
    expect(new Set(await statuses.allInnerTexts())).toEqual(new Set(['Normal']));
    const note = topDialog().locator('.list-note[data-left-out]');
    await note.waitFor();
    const offered = Number(await topDialog().locator('.list-footer__total').getAttribute('data-total'));
    const leftOut = Number(await note.getAttribute('data-left-out'));
    expect(leftOut).toBeGreaterThan(0);
    expect(await note.innerText()).toBe(
      'Only tones on sale (Normal) with no change waiting for approval can be chosen here.\n' +
        `${leftOut} of the ${offered + leftOut} tones found cannot be chosen and ${leftOut === 1 ? 'is' : 'are'} not listed.`,
    );
    await screenshot(page, 'box-tone-chooser-en');
  });

  test('create with real tones and a wav prompt; the operator approves; edit returns to the list; detail; delete', async () => {
    await open(who());
    await page.goto('/musicBoxUpload');
    const form = boxForm();
    const codes = await fillPackage(form, name, '2.50');
    // The box's own bundle price and remark, beside its description (001 §2.5, §3).
    await form.locator('#root_bundlePrice').fill('4.75');
    await form.locator('#root_remark').fill('Morning slot');
    await submit(form);
    await toastShown(page, 'Submitted for approval.');
    // After an add the form starts afresh.
    await page.waitForFunction(() => (document.querySelector('#root_name') as HTMLInputElement).value === '');

    let row = await maintenanceRow(name);
    await row.locator('td[data-column="status"]', { hasText: 'Addition to be approved' }).waitFor();
    approveBox(who().account, name, 'add');
    row = await maintenanceRow(name);
    await row.locator('td[data-column="status"]', { hasText: 'Normal' }).waitFor();

    // The detail: the box with its tones in order and its prompt, playable.
    await row.locator('[data-action="detail"]').click();
    await page.waitForURL((u) => u.pathname === '/musicBoxDetail');
    const detail = page.locator('[data-screen="musicBoxDetail"]');
    await detail.locator('[data-summary="toneBoxName"]', { hasText: name }).waitFor();
    expect(
      await detail.locator('tbody tr[data-row-key]').evaluateAll((rs) => rs.map((r) => r.getAttribute('data-row-key'))),
    ).toEqual(codes);
    await detail.locator('[data-summary="prompts"] li', { hasText: 'English' }).waitFor();
    await detail.locator('[data-summary="prompts"] button').first().waitFor();
    for (const [key, text] of [
      ['bundlePrice', '4.75'],
      ['remark', 'Morning slot'],
      ['description', 'Built in the end-to-end test'],
    ])
      await detail.locator(`[data-summary="${key}"]`, { hasText: text }).waitFor();
    await screenshot(page, 'box-detail-en');

    // Edit: the form opens with the box, the submit goes back to the list, where the change waits.
    row = await maintenanceRow(name);
    await row.locator('[data-action="edit"]').click();
    await page.waitForURL((u) => u.pathname === '/musicBoxUpload' && u.search.includes('type=edit'));
    await page.waitForFunction((n) => (document.querySelector('#root_name') as HTMLInputElement)?.value === n, name);
    await screenshot(page, 'box-edit-en');
    await page.fill('#root_description', 'Edited in the end-to-end test');
    await submit(boxForm());
    await toastShown(page, 'Submitted for approval.');
    await page.waitForURL((u) => u.pathname === '/musicBoxMaintenance');
    await rowNamed(name).locator('td[data-column="status"]', { hasText: 'Modification to be approved' }).waitFor();
    approveBox(who().account, name, 'modify');

    // Delete asks for a reason (1-180 characters), then waits for the operator.
    row = await maintenanceRow(name);
    await row.locator('td[data-column="status"]', { hasText: 'Normal' }).waitFor();
    if (await row.locator('[data-action="delete"]').count()) await row.locator('[data-action="delete"]').click();
    else {
      await row.locator('.row-actions__more').click();
      await page.locator('.row-menu [data-action="delete"]').click();
    }
    const dialog = page.locator('[role="dialog"]');
    await dialog.locator('#root_reason').waitFor();
    await dialog.locator('.btn--danger, .btn--primary').first().click();
    await dialog.locator('text=The delete reason is required.').waitFor();
    await screenshot(page, 'box-delete-reason-en', { viewport: true });
    await dialog.locator('#root_reason').fill('Replaced by a new package');
    await dialog.locator('.btn--danger, .btn--primary').first().click();
    await dialog.waitFor({ state: 'detached' });
    await rowNamed(name)
      .locator('td[data-column="status"]', { hasText: /deletion/i })
      .waitFor();
    await expect(rowNamed(name).locator('[data-action="edit"]').count()).resolves.toBe(0);
    approveBox(who().account, name, 'delete');
    await page.reload();
    await rowNamed('Top Hits Package').waitFor();
    await expect(rowNamed(name).count()).resolves.toBe(0);
  });

  test('the list, the detail and the edit form in Chinese', async () => {
    await open(who(), 'zh');
    const row = await maintenanceRow('Top Hits Package');
    await screenshot(page, 'box-maintenance-zh');
    await row.locator('[data-action="detail"]').click();
    await page.locator('[data-screen="musicBoxDetail"] [data-summary="prompts"] li').first().waitFor();
    await page.locator('[data-screen="musicBoxDetail"] tbody tr[data-row-key]').first().waitFor();
    await screenshot(page, 'box-detail-zh');
    await (await maintenanceRow('Top Hits Package')).locator('[data-action="edit"]').click();
    await page.waitForFunction(
      () => (document.querySelector('#root_name') as HTMLInputElement | null)?.value === 'Top Hits Package',
    );
    await screenshot(page, 'box-edit-zh');
  });
});

describe('the dialog variant (sp_add_music_box_dialog 1)', () => {
  afterAll(() => unflag('sp_add_music_box_dialog'));

  for (const language of ['en', 'zh'] as const)
    test(`the menu opens the form in a dialog over the box list; a box added there shows in the list (${language})`, async () => {
      await flags({ sp_add_music_box_dialog: '1' });
      const name = `E2E Dialog Package ${language}`;
      await open(demo('Generic site'), language);
      await page.click('[data-menu-group="musicBox"] [data-menu="uploadDialog"]');
      await page.waitForURL((u) => u.pathname === '/musicBoxUploadNew');
      const dialog = page.locator('[role="dialog"]').first();
      await dialog.locator('#root_name').waitFor();
      await page.locator('[data-screen="musicBoxMaintenance"]').waitFor({ state: 'attached' });
      await screenshot(page, `box-upload-dialog-${language}`, { viewport: true });
      await fillPackage(dialog, name, '3.00', 1);
      await submit(dialog);
      await page
        .locator('.toast', { hasText: language === 'en' ? 'Submitted for approval.' : '已提交审批。' })
        .waitFor();
      await page.locator('[role="dialog"]').waitFor({ state: 'detached' });
      await page.waitForURL((u) => u.pathname === '/musicBoxMaintenance');
      await rowNamed(name).waitFor();
    });
});

describe.each([
  ['kenya', '5', 'a box later than its tones is refused'],
  ['ais', '4', 'the box validity is not compared with the tones (Ais)'],
] as const)('%s site', (site, type, _what) => {
  test(`a package (type ${type}) from upload to the operator's approval; ${_what}`, async () => {
    const who = demo(site);
    const name = `E2E ${site} Package`;
    await open(who);
    await page.goto('/musicBoxUpload');
    const form = boxForm();
    await screenshot(page, `box-upload-${site}-en`);
    await fillPackage(form, name, '2.00', 1);
    // 2030-03-15 is after every demo tone's validity: refused on Kenya, accepted on Ais.
    await pickDate(page, 'toneValidDay');
    let sent = 0;
    page.on('request', (r) => void (r.url().includes('/sp/addtonebox') && sent++));
    await submit(form);
    if (site === 'kenya') {
      await fieldError(page, 'toneValidDay').waitFor();
      expect(sent).toBe(0);
      await pickDay(form, daysAhead(2));
      await submit(form);
    }
    await toastShown(page, 'Submitted for approval.');
    const stored = await page.evaluate(async (n) => {
      const r = await fetch(`/sp/querytonebox?portalType=1&toneBoxName=${encodeURIComponent(n)}`);
      return (await r.json()).record[0];
    }, name);
    expect(stored.toneBoxType).toBe(type);
    approveBox(who.account, name, 'add');
    const row = await maintenanceRow(name);
    await row.locator('td[data-column="status"]', { hasText: 'Normal' }).waitFor();
    await screenshot(page, `box-maintenance-${site}-en`);
  });
});

describe('accounts with their own paths', () => {
  test('radio: packages only, no price, submit disabled while its boxes wait for approval', async () => {
    await open(demo('Radio'));
    await page.goto('/musicBoxUpload');
    await page.locator('#root_name').waitFor();
    await expect(page.locator('#root_price').count()).resolves.toBe(0);
    await expect(page.locator('[data-field="toneBoxType"] input[value="2"]').count()).resolves.toBe(0);
    const button = submitButton(boxForm());
    await expect(button.isDisabled()).resolves.toBe(true);
    await page.locator('text=a radio account can submit a new one once the operator has decided').waitFor();
    await screenshot(page, 'box-upload-radio-en');
  });

  test("super SP: a disc of another provider's tones through the CP filter", async () => {
    await open(demo('Super SP'));
    await page.goto('/musicBoxUpload');
    const form = boxForm();
    await page.check('#root_toneBoxType-1');
    await form.locator('#root_name').fill('E2E Super Disc');
    await form.locator('#root_price').fill('1.50');
    // A disc's relative validity must be shorter than the time left until its absolute validity.
    await pickDay(form, daysAhead(60));
    await form.locator('#root_relativeTime').selectOption({ index: 1 }); // 30 days
    await page.waitForFunction(() => document.querySelectorAll('#root_catalogID option').length > 1);
    await form.locator('#root_catalogID').selectOption({ index: 1 });
    await form.locator('#root_tones').click();
    const dialog = topDialog();
    await dialog.locator('[data-screen="discToneSelection"]').waitFor();
    await dialog.locator('#search_cpCode').selectOption({ label: 'Generic Music Ltd' });
    await dialog.locator('.search-bar button', { hasText: 'Search' }).click();
    await dialog.locator('td[data-column="cpName"]', { hasText: 'Generic Music Ltd' }).first().waitFor();
    await screenshot(page, 'box-super-sp-cp-filter-en', { viewport: true });
    await dialog.locator('.data-table tbody tr[data-row-key]').first().locator('input[type="checkbox"]').check();
    await dialog.locator('.btn--primary', { hasText: 'Submit' }).click();
    await form.locator('.selected-rows__table tbody tr').first().waitFor();
    await submit(form);
    await page.locator('.toast', { hasText: /Submitted for approval|Saved successfully/ }).waitFor();
    // Stored as a super SP's disc (uploadType 2), holding the other provider's tone.
    const box = await page.evaluate(async () => {
      const get = async (url: string) => (await (await fetch(url)).json()).record;
      const [row] = await get('/sp/querytonebox?portalType=1&toneBoxName=E2E%20Super%20Disc');
      return get(`/sp/querytoneboxdetail?portalType=1&toneBoxID=${row.toneBoxID}`);
    });
    expect([box.toneBoxType, box.uploadType, box.toneInfos[0].cpName]).toEqual(['2', '2', 'Generic Music Ltd']);
  });

  test('a trusted provider (believeCP 1) sees the plain success message', async () => {
    await open(demo('believeCP 1'));
    await page.goto('/musicBoxUpload');
    await fillPackage(boxForm(), 'E2E Trusted Package', '1.00', 1);
    await submit(boxForm());
    await toastShown(page, 'Saved successfully.');
  });
});

describe('configuration rules of the form', () => {
  afterEach(() =>
    unflag(
      'orange_vat_percentage',
      'cp_admin_can_specify_rbt_price',
      'limit_number_rings_per_tonebox',
      'expand_tone_infos',
      'musicbox_prompt_required',
    ),
  );

  test("the administrator's price is shown and cannot be changed (cp_admin_can_specify_rbt_price 2)", async () => {
    await flags({ cp_admin_can_specify_rbt_price: '2' });
    await open(demo('Generic site'));
    await page.goto('/musicBoxUpload');
    await expect(page.locator('#root_price').isDisabled()).resolves.toBe(true);
  });

  test('at most limit_number_rings_per_tonebox tones; extra fields from expand_tone_infos; a prompt when required', async () => {
    await flags({
      limit_number_rings_per_tonebox: '1',
      expand_tone_infos: 'mood:Y|era:N',
      musicbox_prompt_required: '1',
    });
    await open(demo('Generic site'));
    await page.goto('/musicBoxUpload');
    await page.locator('#root_name').waitFor();
    await page.locator('.selected-rows__count', { hasText: '/ 1' }).waitFor();
    await page.click('#root_tones');
    const rows = topDialog().locator('.data-table tbody tr[data-row-key]');
    await rows.nth(1).waitFor();
    await rows.nth(0).locator('input[type="checkbox"]').check();
    // The second tick is refused: the box holds at most one tone now.
    await rows.nth(1).locator('input[type="checkbox"]').click();
    await toastShown(page, 'At most 1 records can be selected.');
    await expect(rows.nth(1).locator('input[type="checkbox"]').isChecked()).resolves.toBe(false);
    await topDialog().locator('.btn--ghost', { hasText: 'Back' }).click();
    await submit(boxForm());
    await expect(errorText('toneFile')).resolves.toBe('The prompt file is required.');
    await page.locator('[data-field="additionalToneBoxInfo"]', { hasText: 'mood' }).waitFor();
    await page.locator('[data-field="additionalToneBoxInfo"]', { hasText: /mood is required/ }).waitFor();
    await screenshot(page, 'box-upload-configured-en');
  });

  test('tariff: change tariff shows the tariff table (5 a page) and its detail dialog', async () => {
    await open(demo('Generic site'));
    await page.goto('/musicBoxUpload');
    await page.check('#root_priceGroupChoice-1');
    const tariffs = page.locator('[data-screen="tariffSelection"] tbody tr[data-row-key]');
    await tariffs.first().waitFor();
    expect(await tariffs.count()).toBeLessThanOrEqual(5);
    await tariffs.first().locator('input').first().check();
    await page.click('button:has-text("Tariff details")');
    await page.locator('[role="dialog"] [data-screen="tariffDetail"] [data-summary="priceGroupName"]').waitFor();
    await screenshot(page, 'box-tariff-detail-en', { viewport: true });
  });

  test('tariff: a choice made while the form loads takes and stays once they answer', async () => {
    await open(demo('Generic site'));
    // The form's loads (languages, categories, the session, the write window ...) wait until `answer`.
    let holding = true;
    const held: Array<() => void> = [];
    await page.route('**/*', async (route) => {
      const type = route.request().resourceType();
      if (holding && (type === 'fetch' || type === 'xhr')) await new Promise<void>((go) => held.push(go));
      await route.continue();
    });
    const languagesLoading = page.locator('[data-field="toneFile"] [role="status"]');
    const answer = async () => {
      holding = false;
      held.splice(0).forEach((go) => go());
      await languagesLoading.waitFor({ state: 'detached' });
    };
    const change = page.locator('#root_priceGroupChoice-1');
    const tariffs = page.locator('[data-screen="tariffSelection"] tbody tr[data-row-key]');

    // Clicked while they come: still chosen once they have answered, with the tariff table.
    await page.goto('/musicBoxUpload');
    await languagesLoading.waitFor();
    await change.check();
    await answer();
    await expect(change.isChecked()).resolves.toBe(true);
    await tariffs.first().waitFor();

    // Pressed while they come and let go once they have answered (a person's click takes that long on a slow
    // line): the form did not move under the pointer, so the press is the choice it was aimed at.
    holding = true;
    await page.goto('/musicBoxUpload');
    await languagesLoading.waitFor();
    await change.scrollIntoViewIfNeeded();
    const box = (await change.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await answer();
    await page.mouse.up();
    await expect(change.isChecked()).resolves.toBe(true);
    await tariffs.first().waitFor();
  });

  test('VAT: the edit form shows the price divided by orange_vat_percentage and sends the stored one back unchanged', async () => {
    await flags({ orange_vat_percentage: '1.25' });
    await open(demo('Generic site'));
    const row = await maintenanceRow('Top Hits Package');
    const stored = (await row.locator('td[data-column="price"]').innerText()).trim();
    await row.locator('[data-action="edit"]').click();
    await page.waitForFunction(
      () => (document.querySelector('#root_name') as HTMLInputElement | null)?.value === 'Top Hits Package',
    );
    await expect(page.inputValue('#root_price')).resolves.toBe((Number(stored) / 1.25).toFixed(2));
    await page.fill('#root_description', 'Saved with the VAT factor on');
    await submit(boxForm());
    await page.waitForURL((u) => u.pathname === '/musicBoxMaintenance');
    // Approved, the box keeps the price it had: the shown (divided) price was not sent back as the new one.
    approveBox(demo('Generic site').account, 'Top Hits Package', 'modify');
    const after = await maintenanceRow('Top Hits Package');
    await after.locator('td[data-column="status"]', { hasText: 'Normal' }).waitFor();
    await expect(after.locator('td[data-column="price"]').innerText()).resolves.toBe(stored);
  });
});
