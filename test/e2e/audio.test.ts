// Audio as a label delivers it, in a real Chromium against the real server (issue 27): a 44.1 kHz stereo mp3
// uploaded as the tone's one media file (the form's default mode) is previewed as the web audition it will become,
// with its waveform; playing starts, a click on the waveform seeks (the browser asks the server for a byte range
// and gets 206), the keyboard moves the position; submitted, the tone shows its transcode states in RBT
// Maintenance until its files are made, then waits for approval. Screenshots of the preview and the list.
import type { Page } from 'playwright-core';
import { demo, login, openPage, screenshot, toastShown } from './support/browser';
import { useSuite } from './support/suite';
import { fillToneFields, submitTone, uploadFile } from './support/toneForm';
import { makeAudio, type AudioFixtures } from '../fixtures/audio';
import { pngFile } from './support/files';

jest.setTimeout(180_000);

const suite = useSuite({ site: 'generic' });
let audio: AudioFixtures;
let page: Page;

beforeAll(() => {
  audio = makeAudio(8);
});
afterAll(() => audio?.remove());

const slider = () => page.locator('[data-field="mediaFile"] .waveform [role="slider"]');
const valueNow = async () => Number(await slider().getAttribute('aria-valuenow'));

test('a 44.1 kHz stereo mp3 as one media file: previewed with its waveform, played and seeked, then transcoded and waiting for approval', async () => {
  page = suite.page = await openPage(suite.browser, suite.server.baseUrl, { language: 'en', width: 1280 });
  const ranges: number[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/sp/file/') && r.request().headers().range) ranges.push(r.status());
  });
  await login(page, demo('Generic site'));
  await page.goto('/rbtUploading');
  const toneName = `Label master ${Date.now() % 100000}`;
  await fillToneFields(page, 'generic', toneName);
  // One media file is the default: the separate fields are not asked for.
  expect(await page.locator('#root_webFile').count()).toBe(0);
  await uploadFile(page, 'mediaFile', audio.path('master.mp3'), 'master.mp3');
  const note = page.locator('[data-field="mediaFile"] .upload-audio__note');
  await note.waitFor();
  expect(await note.textContent()).toContain('The web audition made from this MP3 file (44100 Hz, 2 channel(s))');
  await slider().waitFor();
  expect(await page.locator('[data-field="mediaFile"] .waveform rect').count()).toBeGreaterThan(100);
  await uploadFile(page, 'image', pngFile('cover.png', 350, 350), 'cover.png');

  // Play, then seek by a click three quarters along the waveform: the position follows.
  await page.locator('[data-field="mediaFile"] .waveform .audio-button').click();
  await page.locator('[data-field="mediaFile"] .waveform[data-state="playing"]').waitFor();
  const box = (await slider().boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.75, box.y + box.height / 2);
  await page.waitForFunction(
    () =>
      Number(document.querySelector('[data-field="mediaFile"] [role="slider"]')?.getAttribute('aria-valuenow')) >= 5,
  );
  expect(await slider().getAttribute('aria-valuetext')).toMatch(/^0:0\d of 0:\d\d$/);
  await screenshot(page, 'audio-unified-preview-en');
  // The keyboard: Home goes back to the start.
  await slider().focus();
  await page.keyboard.press('Home');
  await page.waitForFunction(
    () => Number(document.querySelector('[data-field="mediaFile"] [role="slider"]')?.getAttribute('aria-valuenow')) < 2,
  );
  expect(await valueNow()).toBeLessThan(2);
  // The browser fetched the audio by byte ranges and the server answered them.
  expect(ranges.length).toBeGreaterThan(0);
  expect(ranges.every((s) => s === 206)).toBe(true);
  await page.locator('[data-field="mediaFile"] .waveform .audio-button').click();

  await submitTone(page);
  await toastShown(page, 'Submitted for approval.');

  // RBT Maintenance: the transcode states, then the addition waiting for the operator.
  await page.goto('/rbtMaintenance');
  const row = page.locator('[data-screen="rbtMaintenance"] .data-table tbody tr', { hasText: toneName });
  await row.waitFor();
  const seen = new Set<string>();
  const until = Date.now() + 90_000;
  for (;;) {
    const text = (await row.textContent()) ?? '';
    for (const s of ['To be transcoded', 'Transcoding', 'Addition to be approved']) if (text.includes(s)) seen.add(s);
    if (text.includes('Addition to be approved') || Date.now() > until) break;
    await page.reload();
    await row.waitFor();
  }
  expect(seen.has('Addition to be approved')).toBe(true);
  await screenshot(page, 'audio-unified-list-en');
  // Its web audition plays from the list.
  await row.locator('.audio-button').first().click();
  await row.locator('.audio-button.is-playing').waitFor();
});
