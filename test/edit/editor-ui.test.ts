/**
 * The browser editor in headless Chromium, against a real editor server (startEditor) on a
 * throw-away project copy: what an owner does in the forms reaches the file on disk and the real
 * page in the preview frame; a mistake is shown beside its field in the build's own words with the
 * file untouched; a file changed by hand while its form is open is not overwritten; a town is
 * added, and one deleted with a redirect the preview then answers; an uploaded camera photo
 * reaches the page without its GPS position. The tests run in order on one editor.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import exifr from 'exifr';
import type { Page } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { cameraPhoto, PHOTO_SECRETS } from '../helpers/camera-photo.ts';
import { startEditorHarness, type EditorHarness } from '../../tooling/editor.ts';

const test = suite('the browser editor in Chromium');
let h: EditorHarness;
let page: Page;
let offsite: string[];
let requests: string[];

/** Opens a record's form from the side list by its title there (and the heading its form has). */
async function openRecord(title: string, heading = title): Promise<void> {
  await page.getByRole('navigation', { name: 'What to edit' }).getByRole('button', { name: title, exact: true }).click();
  await page.locator('#record-title', { hasText: heading }).waitFor();
}

/** The preview frame's document. */
const preview = () => page.frameLocator('.preview iframe');

test.before(async () => {
  h = await startEditorHarness();
  ({ page, offsite, requests } = await h.open(1366));
  page.setDefaultTimeout(60_000);
});

test.after(async () => {
  await h?.close();
});

test('should save a new phone to the file and show it in the preview', async () => {
  await openRecord('Business settings', 'Cibola Mobile Locksmith');
  await page.locator('#field_phone').fill('(505) 555-0188');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Saved. The preview shows the change.').waitFor();
  assert.match(await h.read('content/settings.yaml'), /^phone: \(505\) 555-0188$/m);
  await preview().getByRole('link', { name: /Call \(505\) 555-0188/ }).first().waitFor();
  assert.is(await page.locator('.preview iframe').getAttribute('src'), `${h.editor.previewUrl}/`);
  // Phone width by default; the switch lays the page out at a laptop's width, scaled to the pane.
  const layoutWidth = () => preview().locator('html').evaluate((el) => el.clientWidth);
  assert.is(await layoutWidth(), 390);
  await page.getByRole('button', { name: 'Desktop' }).click();
  assert.is(await page.getByRole('button', { name: 'Desktop' }).getAttribute('aria-pressed'), 'true');
  assert.is(await layoutWidth(), 1366);
  await page.getByRole('button', { name: 'Phone' }).click();
});

test('should write nothing when a form is saved unchanged, for every kind of record', async () => {
  const records: [string, string, string][] = [
    ['Home page', 'Mobile Locksmith for', 'content/home.yaml'], ['Milan', 'Milan', 'content/areas/milan.yaml'],
    ['Car Lockout', 'Car Lockout', 'content/services/car-lockout.yaml'], ['Automotive Locksmith', 'Automotive Locksmith', 'content/core-services/automotive.yaml'],
    ['Area page copy', 'content/area-copy.yaml', 'content/area-copy.yaml'], ['Chat panel', 'content/chatbot.yaml', 'content/chatbot.yaml'],
    ['Business settings', 'Cibola Mobile Locksmith', 'content/settings.yaml'],
  ];
  for (const [title, heading, file] of records) {
    const before = await h.read(file);
    await openRecord(title, heading);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Nothing to save: the file already says this.').waitFor();
    assert.is(await h.read(file), before, file);
  }
});

test('should show the build\'s message beside a bad phone and leave the file as it was', async () => {
  const before = await h.read('content/settings.yaml');
  await page.locator('#field_phone').fill('555-01');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('alert').getByText('Not saved: the file is unchanged.').waitFor();
  const beside = await page.locator('#field_phone__error').innerText();
  assert.match(beside, /content\/settings\.yaml.*phone.*is not a valid US phone number/);
  assert.is(await page.locator('#field_phone').getAttribute('aria-describedby').then((d) => d?.includes('field_phone__error')), true);
  assert.is(await h.read('content/settings.yaml'), before);
});

test('should refuse to overwrite a file changed by hand while its form is open', async () => {
  await openRecord('Home page', 'Mobile Locksmith for');
  await openRecord('Business settings', 'Cibola Mobile Locksmith');
  const byHand = `${await h.read('content/settings.yaml')}# a note written by hand\n`;
  await writeFile(path.join(h.copy.root, 'content/settings.yaml'), byHand);
  await page.locator('#field_name').fill('Cibola Locks');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('alert').getByText(/changed outside the editor/).waitFor();
  assert.is(await h.read('content/settings.yaml'), byHand);
});

test('should add a community and show its new page', async () => {
  await page.getByRole('button', { name: 'Add a community' }).click();
  await page.getByLabel('Page address').fill('bluewater-lake');
  await page.locator('#field_name').waitFor();
  await page.locator('#field_name').fill('Bluewater Lake');
  for (const id of ['#field_onHome', '#field_inPlacesList']) await page.locator(id).uncheck();
  await page.getByRole('button', { name: 'Add this community' }).click();
  await page.getByRole('heading', { level: 2, name: 'Bluewater Lake' }).waitFor();
  assert.match(await h.read('content/areas/bluewater-lake.yaml'), /^name: Bluewater Lake$/m);
  await page.locator('.preview iframe[src$="/areas/bluewater-lake/"]').waitFor();
  await preview().getByRole('heading', { level: 1, name: /Bluewater Lake/ }).waitFor();
});

test('should delete a community with a redirect the preview answers, and restore it', async () => {
  await openRecord('Bluewater Lake');
  await page.getByRole('button', { name: 'Delete this page...' }).click();
  const dialog = page.getByRole('dialog');
  assert.is(await dialog.getByLabel('Where should its old address go?').inputValue(), '/service-areas/');
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByText(/now goes to \/service-areas\//).waitFor();
  const settings = await h.read('content/settings.yaml');
  assert.match(settings, /from: \/areas\/bluewater-lake\/,?\s+to: \/service-areas\//, settings.slice(settings.indexOf('redirects')));
  const answer = await fetch(`${h.editor.previewUrl}/areas/bluewater-lake/`, { redirect: 'manual' });
  assert.is(answer.status, 301);
  assert.is(answer.headers.get('location'), '/service-areas/');
  // Restored, its page is back and the redirect that would hide it is gone.
  await page.getByRole('button', { name: 'Restore Bluewater Lake' }).click();
  const notice = page.locator('.notice', { hasText: /Restored|Not restored/ });
  await notice.waitFor();
  const said = await notice.innerText();
  assert.match(said, /^Restored content\/areas\/bluewater-lake\.yaml/, said);
  assert.is((await fetch(`${h.editor.previewUrl}/areas/bluewater-lake/`, { redirect: 'manual' })).status, 200);
  assert.not.match(await h.read('content/settings.yaml'), /from: \/areas\/bluewater-lake\//);
});

test('should restore a community deleted without a redirect', async () => {
  await openRecord('Cubero');
  await page.getByRole('button', { name: 'Delete this page...' }).click();
  await page.getByRole('dialog').getByText('It has no page of its own').waitFor();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByText(/^Deleted content\/areas\/cubero\.yaml\. It is under "Recently deleted"/).waitFor();
  const areas = async () => (await fetch(`${h.editor.previewUrl}/service-areas/`)).text();
  assert.not.match(await areas(), />Cubero</);
  await page.getByRole('button', { name: 'Restore Cubero' }).click();
  const notice = page.locator('.notice', { hasText: /Restored|Not restored/ });
  await notice.waitFor();
  const said = await notice.innerText();
  assert.match(said, /^Restored content\/areas\/cubero\.yaml/, said);
  assert.match(await h.read('content/areas/cubero.yaml'), /^name: Cubero$/m);
  assert.match(await areas(), />Cubero</);
});

test('should upload a camera photo whose built images carry no GPS position', async () => {
  await openRecord('Grants');
  await page.getByLabel('Upload a new photo').setInputFiles({ name: 'van-at-grants.jpg', mimeType: 'image/jpeg', buffer: await cameraPhoto() });
  await page.getByText(/^Uploaded as /).waitFor();
  await page.locator('img.thumbnail').waitFor();
  await page.getByLabel('What the photo shows, for visitors who cannot see it').fill('Our van parked on Santa Fe Avenue in Grants');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Saved. The preview shows the change.').waitFor({ timeout: 180_000 });
  const image = preview().getByRole('img', { name: 'Our van parked on Santa Fe Avenue in Grants' });
  await image.waitFor();
  const sources = await image.evaluate((img: HTMLImageElement) => [img.currentSrc, img.src, ...[...(img.parentElement?.querySelectorAll('source') ?? [])].map((s) => s.srcset.split(',')[0].trim().split(' ')[0])]);
  assert.ok(sources.length >= 2, sources.join(' '));
  for (const source of new Set(sources.filter(Boolean))) {
    const bytes = Buffer.from(await (await fetch(new URL(source, h.editor.previewUrl))).arrayBuffer());
    assert.ok(bytes.length > 1000, source);
    const parsed = await exifr.parse(bytes, { gps: true, tiff: true, exif: true, xmp: true }).catch(() => undefined);
    assert.ok(parsed?.latitude === undefined && parsed?.GPSLatitude === undefined, `${source}: ${JSON.stringify(parsed)}`);
    for (const secret of PHOTO_SECRETS) assert.not.ok(bytes.includes(secret), `${source} holds "${secret}"`);
  }
});

test('should make no request off 127.0.0.1', () => {
  assert.equal(offsite, []);
  assert.ok(requests.length > 10, `${requests.length} requests recorded`);
  assert.equal(requests.filter((u) => new URL(u).hostname !== '127.0.0.1' && !u.startsWith('data:')), []);
});

test.run();
