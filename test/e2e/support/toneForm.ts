// Filling the tone upload form (rbtUploading) the way a provider does: typing, the date picker, the file
// pickers with real files, the copyright owner dialog. Shared by the upload test and the whole-lifecycle test.
import type { Page } from 'playwright-core';
import { pngFile, threeGpFile, wavFile } from './files';

export type Site = 'generic' | 'kenya' | 'ais';

/** Prices each site accepts: Kenya's My Skiza price must equal the Skiza price and be a tariff caller price. */
export const PRICES: Record<Site, { price: string; callerPrice: string }> = {
  generic: { price: '5.00', callerPrice: '3.33' },
  kenya: { price: '4.00', callerPrice: '4.00' },
  ais: { price: '5.00', callerPrice: '3.33' },
};

export const fieldError = (page: Page, field: string) =>
  page.locator(`[data-field="${field}"] .field__error, [data-field="${field}"] [role="alert"]`).first();

/** Picks 15 March 2030 in a date field through the picker's year and month grids. */
export async function pickDate(page: Page, id: string, language: 'en' | 'zh' = 'en'): Promise<void> {
  await page.click(`#root_${id}`);
  await page.locator('.date-picker__panel').waitFor();
  await page.click('.date-picker__title-button >> nth=1');
  await page.click('.choice-grid__item:text-is("2030")');
  await page.click(`.choice-grid__item:text-is("${language === 'zh' ? '3月' : 'Mar'}")`);
  await page.click('.day-grid__day[data-iso="2030-03-15"]');
  await page.locator('.date-picker__panel').waitFor({ state: 'detached' });
}

/** Chooses a file in an upload field and waits until the uploaded file's name shows. */
export async function uploadFile(page: Page, field: string, path: string, shownName: string): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.click(`#root_${field}`);
  await (await chooser).setFiles(path);
  await page.locator(`[data-field="${field}"] .upload__file-name`, { hasText: shownName }).waitFor();
}

/** Opens a copyright owner field's selection dialog, ticks the first owner and submits. */
export async function chooseOwner(page: Page, field: string): Promise<void> {
  await page.click(`#root_${field}`);
  const dialog = page.locator('[role="dialog"]');
  const rows = dialog.locator('.data-table tbody tr[data-row-key]');
  await rows.first().waitFor();
  await rows.nth(0).locator('input').first().check();
  await dialog.locator('.dialog__footer .btn--primary').click();
  await dialog.waitFor({ state: 'detached' });
}

/** Types the fields every site requires (names, catalogue, prices, dates, tags); Kenya adds its owners. */
export async function fillToneFields(page: Page, site: Site, toneName: string): Promise<void> {
  await page.fill('#root_toneName', toneName);
  await page.fill('#root_artist', 'Amani');
  await page.fill('#root_lyricAuthor', 'Lee');
  await page.fill('#root_melodyComposer', 'Kim');
  await page.fill('#root_musicArranger', 'Ode');
  await page.waitForFunction(() => document.querySelectorAll('#root_catalogID option').length > 1);
  await page.locator('#root_catalogID').selectOption({ index: 1 });
  await page.fill('#root_price', PRICES[site].price);
  await page.fill('#root_callerPrice', PRICES[site].callerPrice);
  if (site === 'kenya') {
    await chooseOwner(page, 'lyricCompany');
    await pickDate(page, 'lyricValidDay');
    await chooseOwner(page, 'recordCompany');
    await pickDate(page, 'recordValidDay');
  }
  await pickDate(page, 'toneValidDay');
  await page.fill('#root_tags', 'morning~calm');
}

/** Switches the new-tone form from one media file (its default) to separate files, as a provider does. */
export async function chooseSeparateFiles(page: Page): Promise<void> {
  await page
    .locator('[data-field="uploadMode"] label.choice', { hasText: /Separate files|分别上传|فایل‌های جداگانه/ })
    .click();
  await page.locator('#root_webFile').waitFor();
}

/** Uploads real files in separate mode: wav web audition and IVR files, a 3gp HD file and a 350x350 image. */
export async function uploadToneFiles(page: Page): Promise<void> {
  await chooseSeparateFiles(page);
  await uploadFile(page, 'webFile', wavFile('web audition.wav'), 'web audition.wav');
  await uploadFile(page, 'ivrFile', wavFile('ivr play.wav'), 'ivr play.wav');
  await uploadFile(page, 'hdFile', threeGpFile('hd play.3gp'), 'hd play.3gp');
  await uploadFile(page, 'image', pngFile('cover.png', 350, 350), 'cover.png');
}

/** Submits once the button is enabled again (001 §4: it waits 2.5 s after a file change). */
export async function submitTone(page: Page): Promise<void> {
  const submit = page.locator('.form-actions .btn--primary');
  await submit.waitFor();
  await page.waitForFunction(
    () => !(document.querySelector('.form-actions .btn--primary') as HTMLButtonElement).disabled,
    undefined,
    { timeout: 5000 },
  );
  await submit.click();
}
