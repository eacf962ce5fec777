/**
 * The owner guide's screenshots (docs/owner-guide.md): the editor at 1366x900 px on a throw-away
 * copy of the project (the real content/ is never touched), one picture a step of the first hour,
 * written to docs/img/editor/.
 * Usage: tsx scripts/screenshot-editor.ts
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { ROOT } from '../tooling/browser.ts';
import { startEditorHarness } from '../tooling/editor.ts';

const OUT = path.join(ROOT, 'docs/img/editor');

/** Opens a record from the side list, waits for its form. */
async function openRecord(page: Page, title: string, heading = title): Promise<void> {
  await page.getByRole('navigation', { name: 'What to edit' }).getByRole('button', { name: title, exact: true }).click();
  await page.locator('#record-title', { hasText: heading }).waitFor();
}

/** Saves a picture of the page as docs/img/editor/NAME.png, once the preview shows its page. */
async function shot(page: Page, name: string): Promise<void> {
  if (await page.locator('.preview').isVisible()) await page.frameLocator('.preview iframe').locator('h1').first().waitFor();
  // A 256-colour palette: a third of the bytes, the interface's flat colours unchanged to the eye.
  await sharp(await page.screenshot()).png({ palette: true, compressionLevel: 9 }).toFile(path.join(OUT, `${name}.png`));
  console.log(`docs/img/editor/${name}.png`);
}

/** A photo to upload: the site's town-scene drawing as a 1600x1200 JPEG, as a camera would give one. */
function scenePhoto(): Promise<Buffer> {
  return sharp(path.join(ROOT, 'static/img/scene-town.svg'), { density: 300 }).resize(1600, 1200, { fit: 'cover' }).jpeg({ quality: 85 }).toBuffer();
}

await mkdir(OUT, { recursive: true });
const h = await startEditorHarness();
try {
  const { page } = await h.open(1366);
  page.setDefaultTimeout(120_000);
  await openRecord(page, 'Business settings', 'Cibola Mobile Locksmith');
  await page.locator('#field_name').fill('Zuni Mountain Locks');
  await page.locator('#field_phone').fill('(505) 555-0147');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Saved. The preview shows the change.').waitFor();
  await page.frameLocator('.preview iframe').getByText('Zuni Mountain Locks').first().waitFor();
  await shot(page, '1-identity');
  await page.locator('#field_phone').fill('555-01');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.locator('#field_phone__error').waitFor();
  await page.locator('#field_phone').scrollIntoViewIfNeeded();
  await shot(page, '1-identity-mistake');
  await page.locator('#field_phone').fill('(505) 555-0147');
  await page.locator('#field_hours__title').evaluate((el) => el.scrollIntoView());
  await shot(page, '2-hours');
  await page.getByRole('button', { name: 'Add a community' }).click();
  await page.getByLabel('Page address').fill('bluewater-lake');
  await page.locator('#field_name').fill('Bluewater Lake');
  await shot(page, '3-add-town');
  await openRecord(page, 'Fort Wingate');
  await page.getByRole('button', { name: 'Delete this page...' }).click();
  await page.getByRole('dialog').waitFor();
  await shot(page, '4-remove-town');
  await page.getByRole('button', { name: 'Keep it' }).click();
  await openRecord(page, 'Grants');
  await page.getByLabel('Upload a new photo').setInputFiles({ name: 'grants-main-street.jpg', mimeType: 'image/jpeg', buffer: await scenePhoto() });
  await page.locator('img.thumbnail').waitFor();
  await page.getByLabel('What the photo shows, for visitors who cannot see it').fill('Main street of Grants with the mesa behind');
  await page.locator('.photo-field').scrollIntoViewIfNeeded();
  await shot(page, '5-photo');
  await page.getByRole('tab', { name: 'Publish' }).click();
  await page.locator('#panel-publish h2').first().waitFor();
  await shot(page, '6-publish');
} finally {
  await h.close();
}
