// The shared widgets on the real server: the date picker on the music box form (Gregorian, then Persian after
// the operator turns support_persian_calendar on; the value stays ISO), its other types and long-press spin
// buttons, the audio preview on the tone list (one shared player, icon swap, reset, failure toast), uploads
// (progress, login check, type/size/dimension rules). Screenshots in both languages, desktop and 480 px.
import { addDays, format } from 'date-fns';
import { format as formatJalali } from 'date-fns-jalali';
import type { Page } from 'playwright-core';
import { sineWav } from '../../src/server/files/wav';
import { demo, login, openPage, screenshot, axeViolations, toastShown } from './support/browser';
import { pngFile, wavFile } from './support/files';
import { buildHarness, routeHarness } from './support/harness';
import { useSuite } from './support/suite';

jest.setTimeout(120_000);

const suite = useSuite({ setup: buildHarness });
let page: Page;

async function open(language: 'en' | 'zh', width = 1280) {
  page = suite.page = await openPage(suite.browser, suite.server.baseUrl, { language, width });
  await routeHarness(page.context());
  await login(page, demo('Generic site'));
}

const iso = (d: Date) => format(d, 'yyyy-MM-dd');
const dateInput = '#root_toneValidDay';
const storedValue = () => page.getAttribute(dateInput, 'data-value');

describe('date picker (music box form)', () => {
  test('Gregorian: keyboard in the day grid, ISO value, days before yesterday disabled, Escape', async () => {
    await open('en');
    await page.goto('/musicBoxUpload');
    // The arrow opens the calendar with the focus in it (a click leaves the focus in the input, for typing).
    await page.focus(dateInput);
    await page.keyboard.press('ArrowDown');
    const panel = page.locator('.date-picker__panel');
    await panel.waitFor();
    expect(await panel.getAttribute('data-calendar')).toBe('gregorian');
    // Focus starts on today; yesterday is allowed (minDaysFromToday -1), the day before is not.
    expect(await page.evaluate(() => (document.activeElement as HTMLElement).dataset.iso)).toBe(iso(new Date()));
    const twoDaysAgo = page.locator(`.day-grid__day[data-iso="${iso(addDays(new Date(), -2))}"]`);
    if (await twoDaysAgo.count()) expect(await twoDaysAgo.isDisabled()).toBe(true);
    await axeViolations(page, '.date-picker').then((v) => expect(v).toEqual([]));
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await panel.waitFor({ state: 'detached' });
    expect(await storedValue()).toBe(iso(addDays(new Date(), 8)));
    expect(await page.inputValue(dateInput)).toBe(iso(addDays(new Date(), 8)));
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('root_toneValidDay');

    // Year and month steps from the header: 15 March 2030.
    await page.keyboard.press('ArrowDown');
    await page.click('.date-picker__title-button >> nth=1');
    await page.click('.choice-grid__item:text-is("2030")');
    await page.click('.choice-grid__item:text-is("Mar")');
    await page.click('.day-grid__day[data-iso="2030-03-15"]');
    expect(await storedValue()).toBe('2030-03-15');

    await page.keyboard.press('ArrowDown');
    await panel.waitFor();
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    expect(await storedValue()).toBe('2030-03-15');
  });

  test('Persian calendar when support_persian_calendar is 1: Persian years and months shown, ISO value stored', async () => {
    suite.server.db.setConfig('support_persian_calendar', '1');
    try {
      await open('zh', 480);
      await page.goto('/musicBoxUpload');
      await page.focus(dateInput);
      await page.keyboard.press('ArrowDown');
      const panel = page.locator('.date-picker__panel');
      await panel.waitFor();
      expect(await panel.getAttribute('data-calendar')).toBe('persian');
      const today = new Date();
      expect(await page.locator('.date-picker__title').textContent()).toContain(formatJalali(today, 'yyyy'));
      // The Persian week starts on Saturday.
      expect(await page.locator('.day-grid th').first().textContent()).toBe('六');
      await screenshot(page, 'widgets-datepicker-persian-480-zh');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Enter');
      const tomorrow = addDays(today, 1);
      expect(await storedValue()).toBe(iso(tomorrow));
      expect(await page.inputValue(dateInput)).toBe(formatJalali(tomorrow, 'yyyy-MM-dd'));
      // The year list runs from 1300 to 150 years after.
      await page.keyboard.press('ArrowDown');
      await page.click('.date-picker__title-button >> nth=1');
      const years = await page.locator('.choice-grid__item').allTextContents();
      expect(years[0]).toBe('1300');
      expect(years[years.length - 1]).toBe('1450');
    } finally {
      suite.server.db.setConfig('support_persian_calendar', '0');
    }
  });

  test('other types: datetime with time step, year-month, time; long press repeats and accelerates', async () => {
    await open('en');
    await page.clock.install();
    await page.goto('/__harness/?screen=harnessWidgets&kind=form');
    await page.click('#root_when');
    await page.click(`.day-grid__day[data-iso="${iso(new Date())}"]`);
    const hours = page.locator('.time-spin__value').first();
    await hours.waitFor();
    // A click steps once.
    await page.click('[aria-label="Hours +1"]');
    expect(await hours.inputValue()).toBe('01');
    // Held: one step at once, then after 600 ms a step every 150 ms, the interval shrinking to 30 ms (000 §2). The
    // page's clock is Playwright's, paused: the schedule is read exactly, however loaded the machine is.
    const minutesValue = async () => Number(await page.locator('.time-spin__value').nth(1).inputValue());
    await page.clock.pauseAt(Date.now() + 60_000);
    const plus = await page.locator('[aria-label="Minutes +1"]').boundingBox();
    await page.mouse.move(plus!.x + plus!.width / 2, plus!.y + plus!.height / 2);
    await page.mouse.down();
    await page.waitForFunction(
      () => document.querySelectorAll<HTMLInputElement>('.time-spin__value')[1].value === '01',
    );
    // The delay and the first interval, to the millisecond.
    for (const [ms, expected] of [
      [599, 1],
      [1, 2],
      [149, 2],
      [1, 3],
    ]) {
      await page.clock.runFor(ms);
      expect(await minutesValue()).toBe(expected);
    }
    // Then sooner each time: counted in windows of 150 ms, the steps rise by degrees from one a window to five
    // (every 30 ms), never falling back, and stay at five. The clock moves 10 ms at a time, less than the shortest
    // interval, so the page renders each step before the next (as it does in real time).
    const perWindow: number[] = [];
    for (let window = 0; window < 8; window++) {
      const before = await minutesValue();
      for (let ms = 0; ms < 150; ms += 10) await page.clock.runFor(10);
      perWindow.push((await minutesValue()) - before);
    }
    expect(perWindow[0]).toBe(1);
    for (let i = 1; i < perWindow.length; i++) expect(perWindow[i]).toBeGreaterThanOrEqual(perWindow[i - 1]);
    expect(new Set(perWindow).size).toBeGreaterThan(2);
    expect(perWindow.slice(-3)).toEqual([5, 5, 5]);
    // Released, it stops.
    await page.mouse.up();
    const minutes = await minutesValue();
    await page.clock.runFor(2000);
    expect(await minutesValue()).toBe(minutes);
    await page.clock.resume();
    await page.locator('.time-spin__value').nth(2).focus();
    await page.keyboard.press('PageUp');
    await screenshot(page, 'widgets-datepicker-time-en');
    await page.click('.date-picker__footer .btn--primary');
    expect(await page.getAttribute('#root_when', 'data-value')).toBe(
      `${iso(new Date())} 01:${String(minutes).padStart(2, '0')}:10`,
    );

    await page.click('#root_month');
    await page.click('.choice-grid__item:text-is("2031")');
    await page.click('.choice-grid__item:text-is("Jul")');
    expect(await page.getAttribute('#root_month', 'data-value')).toBe('2031-07');

    await page.click('#root_time');
    await page.locator('.time-spin__value').first().focus();
    await page.keyboard.press('End');
    await page.click('.date-picker__footer .btn--primary');
    expect(await page.getAttribute('#root_time', 'data-value')).toBe('23:00:00');
  });
});

describe('audio preview (one shared player)', () => {
  const button = (row: number) => page.locator('.data-table tbody tr').nth(row).locator('.audio-button');
  const state = (row: number) => button(row).getAttribute('data-state');

  test('play/pause icon swap; another row resets the first; pause; failure toast for 3 s', async () => {
    await open('en');
    // The demo tones are one second long: serve a 20 s sine for this test so "playing" lasts.
    await page.route('**/sp/file/**', (route) =>
      route.fulfill({ status: 200, contentType: 'audio/wav', body: sineWav({ seconds: 20 }) }),
    );
    await page.goto('/__harness/?screen=harnessTones&kind=list');
    await button(0).waitFor();
    expect(await state(0)).toBe('idle');
    expect(await button(0).getAttribute('aria-label')).toMatch(/^Play /);
    const address = page.waitForResponse((r) => r.url().endsWith('/sp/getprelistenurl'));
    await button(0).click();
    expect((await (await address).json()).returnCode).toBe('000000');
    await page.waitForFunction(
      () => document.querySelector('.data-table tbody tr .audio-button')?.getAttribute('data-state') === 'playing',
    );
    expect(await button(0).getAttribute('aria-pressed')).toBe('true');
    expect(await button(0).getAttribute('aria-label')).toMatch(/^Pause /);
    await screenshot(page, 'widgets-audio-playing-en');

    await button(1).click();
    await page.waitForFunction(
      () =>
        document.querySelectorAll('.data-table tbody tr .audio-button')[1]?.getAttribute('data-state') === 'playing',
    );
    expect(await state(0)).toBe('idle');
    expect(await page.locator('.audio-button[data-state="playing"]').count()).toBe(1);

    await button(1).click();
    expect(await state(1)).toBe('idle');

    // No play address (950005 from sp/getprelistenurl): Common.playAddressNotExist for 3 s, back to idle.
    await page.route('**/sp/getprelistenurl', (route) =>
      route.fulfill({ json: { returnCode: '950005', returnMsg: 'The resource does not exist.' } }),
    );
    await button(2).click();
    const toast = page.locator('.toast', { hasText: 'The play address does not exist.' });
    await toast.waitFor();
    expect(await state(2)).toBe('idle');
    await page.waitForTimeout(2300);
    expect(await toast.count()).toBe(1);
    await toast.waitFor({ state: 'detached', timeout: 2000 });
  });

  test('the icon resets at the end of playback (real one-second demo tone)', async () => {
    await open('zh');
    await page.goto('/__harness/?screen=harnessTones&kind=list');
    await button(0).click();
    await page.waitForFunction(
      () => document.querySelector('.data-table tbody tr .audio-button')?.getAttribute('data-state') !== 'idle',
    );
    await page.waitForFunction(
      () => document.querySelector('.data-table tbody tr .audio-button')?.getAttribute('data-state') === 'idle',
      undefined,
      { timeout: 10_000 },
    );
    expect(await button(0).getAttribute('aria-label')).toMatch(/^播放/);
  });
});

describe('uploads', () => {
  test('file: progress, saved name as value, wrong type refused before sending; image: 350x350 rule', async () => {
    await open('en');
    await page.goto('/__harness/?screen=harnessWidgets&kind=form');
    const checks: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/common/checkuploadpath')) checks.push(r.url());
      if (r.url().includes('/sp/uploadfile')) checks.push('upload');
    });

    const chooser = page.waitForEvent('filechooser');
    await page.click('#root_audio');
    await (await chooser).setFiles(wavFile('my song.wav', 2));
    await page.locator('[data-field="audio"] .upload__file-name', { hasText: 'my song.wav' }).waitFor();
    expect(checks).toEqual([expect.stringContaining('checkuploadpath'), 'upload']);

    const wrong = page.waitForEvent('filechooser');
    await page.click('#root_audio');
    await (await wrong).setFiles(pngFile('cover.png', 10, 10));
    await toastShown(page, 'Only these file types are allowed: .wav.');
    expect(checks.length).toBe(2);

    const small = page.waitForEvent('filechooser');
    await page.click('#root_picture');
    await (await small).setFiles(pngFile('small.png', 200, 120));
    await toastShown(page, '350×350');
    expect(await page.locator('[data-field="picture"] .upload__file-name').count()).toBe(0);

    const right = page.waitForEvent('filechooser');
    await page.click('#root_picture');
    await (await right).setFiles(pngFile('square.png', 350, 350));
    await page.locator('[data-field="picture"] .upload__file-name', { hasText: 'square.png' }).waitFor();
    await page.locator('[data-field="picture"] .upload__preview img').waitFor();
    await screenshot(page, 'widgets-uploads-en');
    await axeViolations(page, '[data-screen]').then((v) => expect(v).toEqual([]));

    // 001 §8: an answer that is not an object (a page served instead of JSON) means the session expired:
    // a dialog without a close button whose only way out is to log in again.
    await page.route('**/sp/uploadfile**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<html>login</html>' }),
    );
    const again = page.waitForEvent('filechooser');
    await page.click('#root_audio');
    await (await again).setFiles(wavFile('other.wav'));
    const dialog = page.locator('[role="alertdialog"]');
    await dialog.waitFor();
    expect(await dialog.locator('.dialog__close').count()).toBe(0);
    await page.keyboard.press('Escape');
    expect(await dialog.count()).toBe(1);
    await dialog.locator('.btn--primary').click();
    await page.waitForURL((u) => u.pathname === '/login');
  });
});

describe('catalogue cascader', () => {
  test('parent then child; the child id is the value when chosen, else the parent id', async () => {
    await open('en');
    await page.goto('/__harness/?screen=harnessWidgets&kind=form');
    const parent = page.locator('#root_catalog');
    // The real sp/filtertonecatalog: the seeded tone catalogues (Pop, Traditional, Religious, Greetings) and a placeholder.
    await page.waitForFunction(() => document.querySelectorAll('#root_catalog option').length === 5);
    const tree = await page.evaluate(
      async () => (await (await fetch('/sp/filtertonecatalog?portalType=1&resourceType=1')).json()).record,
    );
    const pop = tree.find((c: { catalogName: string }) => c.catalogName === 'Pop');
    const ballads = pop.catalogInfo.find((c: { catalogName: string }) => c.catalogName === 'Ballads');
    await parent.selectOption({ label: 'Pop' });
    const child = page.locator('#root_catalog-child');
    await child.waitFor();
    await child.selectOption({ label: 'Ballads' });
    expect(await parent.inputValue()).toBe(pop.catalogID);
    expect(await child.inputValue()).toBe(ballads.catalogID);
    await parent.selectOption({ label: 'Greetings' });
    expect(await child.count()).toBe(0);
    await axeViolations(page, '[data-field="catalog"]').then((v) => expect(v).toEqual([]));
  });
});

describe('selected rows (music box tones)', () => {
  test("chosen in the selection dialog, shown with the list's labels, removable", async () => {
    await open('zh');
    await page.goto('/__harness/?screen=harnessWidgets&kind=form');
    await page.click('#root_tones');
    const dialog = page.locator('[role="dialog"]');
    const dialogRows = dialog.locator('.data-table tbody tr[data-row-key]');
    await dialogRows.first().waitFor();
    await dialogRows.nth(0).locator('input[type="checkbox"]').check();
    await dialogRows.nth(1).locator('input[type="checkbox"]').check();
    await dialog.locator('.dialog__footer .btn--primary').click();
    const chosen = page.locator('[data-field="tones"] tbody tr');
    await chosen.first().waitFor();
    expect(await chosen.count()).toBe(2);
    expect(await page.locator('[data-field="tones"] thead th').first().textContent()).toBe('铃音编码');
    expect(await page.locator('[data-field="tones"] .selected-rows__count').textContent()).toBe('已选择 2 条 / 3');
    await screenshot(page, 'widgets-selected-rows-zh');
    await chosen.nth(0).locator('button').click();
    expect(await chosen.count()).toBe(1);
    await axeViolations(page, '[data-field="tones"]').then((v) => expect(v).toEqual([]));
  });
});
