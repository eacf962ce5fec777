/**
 * /mobile-apps/ and the two files it offers, as built: the contact card /contact.vcf and the web
 * app manifest /manifest.webmanifest.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import vCard from 'vcf';
import { loadContent } from '../../lib/content/load-content.ts';
import { PROJECT_CONTENT } from '../../tooling/project-content.ts';
import { toSlug } from '../../lib/text.ts';
import { DIST, startHarness } from '../../tooling/browser.ts';

const { settings } = loadContent(PROJECT_CONTENT);
// Started before any suite runs: uvu starts running queued suites at the first top-level await.
const h = await startHarness();

const card = suite('/contact.vcf (built)');
card('should parse as vCard 3.0 and carry the settings name, E.164 phone and e-mail', () => {
  const text = readFileSync(path.join(DIST, 'contact.vcf'), 'utf8');
  const parsed = new vCard().parse(text);
  assert.is(parsed.version, '3.0');
  assert.is(parsed.get('fn').valueOf(), settings.name);
  assert.is(parsed.get('tel').valueOf(), settings.phone.e164);
  assert.match(settings.phone.e164, /^\+1\d{10}$/);
  assert.is(parsed.get('email').valueOf(), settings.email);
});
card('should end every line with CRLF', () => {
  const text = readFileSync(path.join(DIST, 'contact.vcf'), 'utf8');
  assert.ok(text.endsWith('\r\n'));
  assert.is(text.split('\n').length, text.split('\r\n').length);
});
card.run();

const manifest = suite('/manifest.webmanifest (built)');
manifest('should be linked from every built page', async () => {
  const files = await fg('**/*.html', { cwd: DIST });
  assert.ok(files.length >= 13);
  const without = files.filter((f) => !/<link rel="?manifest"? href="?\/manifest\.webmanifest"?/.test(readFileSync(path.join(DIST, f), 'utf8')));
  assert.equal(without, []);
});
manifest('should name the business, start at / and list icons that exist in dist', () => {
  const m = JSON.parse(readFileSync(path.join(DIST, 'manifest.webmanifest'), 'utf8'));
  assert.is(m.name, settings.name);
  assert.is(m.start_url, '/');
  assert.is(m.display, 'standalone');
  const missing = m.icons.map((i: { src: string }) => i.src).filter((src: string) => !existsSync(path.join(DIST, src)));
  assert.equal(missing, []);
});
manifest('should list each icon at the pixel size its PNG really has', () => {
  const m = JSON.parse(readFileSync(path.join(DIST, 'manifest.webmanifest'), 'utf8'));
  for (const icon of m.icons as { src: string; sizes: string }[]) {
    const png = readFileSync(path.join(DIST, icon.src));
    assert.is(png.subarray(1, 4).toString('latin1'), 'PNG', icon.src);
    // IHDR is the first chunk: width and height are big-endian 32-bit at bytes 16 and 20 (PNG spec, 11.2.2).
    assert.is(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`, icon.sizes, icon.src);
  }
});
manifest.run();

const page = suite('/mobile-apps/ page (built)');
page('should offer the contact card as a download, and the call and text buttons, with JavaScript off', async () => {
  const context = await h.browser.newContext({ javaScriptEnabled: false });
  await context.route((u) => u.hostname !== '127.0.0.1', (r) => r.abort());
  const p = await context.newPage();
  assert.is((await p.goto(h.url('/mobile-apps/')))?.status(), 200);
  const save = p.getByRole('link', { name: 'Save contact', exact: true });
  assert.is(await save.getAttribute('href'), '/contact.vcf');
  assert.is(await save.getAttribute('download'), `${toSlug(settings.name)}.vcf`);
  assert.ok((await p.locator(`main a[href="tel:${settings.phone.e164}"]`).count()) >= 2);
  assert.ok((await p.locator(`main a[href="sms:${settings.phone.e164}"]`).count()) >= 1);
  assert.is(await p.getByRole('heading', { name: 'iPhone and iPad (Safari)' }).count(), 1);
  assert.is(await p.getByRole('heading', { name: 'Android (Chrome)' }).count(), 1);
  assert.match(await p.textContent('main') ?? '', /Add to Home Screen/);
  assert.match(await p.textContent('main') ?? '', /Install app/);
  await context.close();
});
page('should download the card when "Save contact" is clicked', async () => {
  const context = await h.browser.newContext({ acceptDownloads: true });
  await context.route((u) => u.hostname !== '127.0.0.1', (r) => r.abort());
  const p = await context.newPage();
  await p.goto(h.url('/mobile-apps/'));
  const [download] = await Promise.all([p.waitForEvent('download'), p.getByRole('link', { name: 'Save contact', exact: true }).click()]);
  const file = await download.path();
  assert.is(readFileSync(file, 'utf8'), readFileSync(path.join(DIST, 'contact.vcf'), 'utf8'));
  await context.close();
});
page.after(() => h.close());
page.run();
