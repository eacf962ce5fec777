/**
 * Image fallbacks and the embed scrub in Chromium: a broken
 * hero or service-card image is replaced by the local stock image, also when it failed before the
 * script ran; a broken logo is hidden; a fallback that fails too is hidden; healthy images are left
 * alone. Injected PDF objects, <embed>s and foreign iframes are removed at load; the site's own
 * video embeds stay.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { BrowserContext, Page } from 'playwright-core';
import { DESKTOP, PHONE, startHarness } from '../../tooling/browser.ts';

const h = await startHarness();
const FALLBACK = '/img/fallback.svg';

/** Answers requests for these site paths with 404. */
async function breakImages(context: BrowserContext, paths: string[]) {
  await context.route((url) => paths.includes(url.pathname), (route) => route.fulfill({ status: 404, contentType: 'text/plain', body: 'gone' }));
}

/** Path, hidden flag and whether it shows something, for one image. */
function imageState(page: Page, selector: string) {
  return page.$eval(selector, (img) => {
    const i = img as HTMLImageElement;
    return { path: new URL(i.src).pathname, hidden: i.hidden, loaded: i.complete && i.naturalWidth > 0, visible: i.getClientRects().length > 0 };
  });
}

const images = suite('image fallbacks');
images('should swap a broken hero image for the stock image', async () => {
  const { page, context } = await h.page(PHONE);
  await breakImages(context, ['/img/hero.svg']);
  await page.goto(h.url('/'));
  await page.waitForFunction((fb) => (document.querySelector('.hero-img') as HTMLImageElement).src.endsWith(fb), FALLBACK);
  await page.waitForFunction(() => (document.querySelector('.hero-img') as HTMLImageElement).naturalWidth > 0);
  assert.equal(await imageState(page, '.hero-img'), { path: FALLBACK, hidden: false, loaded: true, visible: true });
  await context.close();
});

images('should swap a broken service card image (lazy, below the fold)', async () => {
  const { page, context } = await h.page(PHONE);
  await breakImages(context, ['/img/card-residential.svg']);
  await page.goto(h.url('/'));
  await page.locator('.service-residential').scrollIntoViewIfNeeded();
  await page.waitForFunction((fb) => (document.querySelector('.service-residential .card-img') as HTMLImageElement).src.endsWith(fb), FALLBACK);
  await page.waitForFunction(() => (document.querySelector('.service-residential .card-img') as HTMLImageElement).naturalWidth > 0);
  assert.equal(await imageState(page, '.service-residential .card-img'), { path: FALLBACK, hidden: false, loaded: true, visible: true });
  assert.is((await imageState(page, '.service-automotive .card-img')).path, '/img/card-automotive.svg', 'the healthy card keeps its image');
  await context.close();
});

images('should hide a broken logo', async () => {
  const { page, context, errors } = await h.page(DESKTOP);
  await breakImages(context, ['/img/logo.svg']);
  await page.goto(h.url('/areas/grants/'));
  await page.waitForFunction(() => (document.querySelector('.brand-logo') as HTMLImageElement).hidden);
  assert.equal(await imageState(page, '.brand-logo'), { path: '/img/logo.svg', hidden: true, loaded: false, visible: false });
  assert.ok(await page.isVisible('.brand-name'), 'the name still links home');
  // Only the 404 itself is reported by the browser; nothing else goes wrong.
  assert.ok(errors.every((e) => /404/.test(e)), errors.join('\n'));
  await context.close();
});

images('should handle an image that failed before the script ran', async () => {
  const { page, context } = await h.page(PHONE);
  await breakImages(context, ['/img/hero.svg', '/img/logo.svg']);
  // Hold the site module back until the broken images have surely failed.
  let release!: () => void;
  const held = new Promise<void>((r) => { release = r; });
  await context.route((url) => /^\/assets\/site-[A-Z0-9]+\.js$/.test(url.pathname), async (route) => { await held; await route.continue(); });
  const navigation = page.goto(h.url('/'));
  await page.waitForFunction(() => {
    const imgs = [...document.querySelectorAll<HTMLImageElement>('.hero-img, .brand-logo')];
    return imgs.length === 2 && imgs.every((i) => i.complete && i.naturalWidth === 0);
  });
  assert.is((await imageState(page, '.hero-img')).path, '/img/hero.svg', 'not swapped before the script runs');
  release();
  await navigation;
  await page.waitForFunction(() => (document.querySelector('.brand-logo') as HTMLImageElement).hidden);
  await page.waitForFunction((fb) => (document.querySelector('.hero-img') as HTMLImageElement).src.endsWith(fb), FALLBACK);
  assert.is((await imageState(page, '.hero-img')).path, FALLBACK);
  await context.close();
});

images('should swap an image that fails after the page has loaded (the delegated listener)', async () => {
  const { page, context } = await h.page(PHONE);
  await breakImages(context, ['/img/missing-later.svg']);
  await page.goto(h.url('/'));
  await page.waitForFunction(() => (window as any).__diagnostics !== undefined);
  await page.$eval('.hero-img', (img) => { (img as HTMLImageElement).src = '/img/missing-later.svg'; });
  await page.waitForFunction((fb) => (document.querySelector('.hero-img') as HTMLImageElement).src.endsWith(fb), FALLBACK);
  assert.is((await imageState(page, '.hero-img')).path, FALLBACK);
  await context.close();
});

images('should hide an image whose fallback fails too', async () => {
  const { page, context } = await h.page(PHONE);
  await breakImages(context, ['/img/hero.svg', FALLBACK]);
  await page.goto(h.url('/'));
  await page.waitForFunction(() => (document.querySelector('.hero-img') as HTMLImageElement).hidden);
  assert.equal(await imageState(page, '.hero-img'), { path: FALLBACK, hidden: true, loaded: false, visible: false });
  await context.close();
});

images('should leave healthy images alone', async () => {
  const { page, context, errors } = await h.page(DESKTOP);
  await page.goto(h.url('/'));
  await page.waitForFunction(() => (window as any).__diagnostics !== undefined);
  const before = await page.$$eval('img[data-fallback]', (imgs) => imgs.map((i) => (i as HTMLImageElement).getAttribute('src')));
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('img[data-fallback]')].every((i) => i.complete));
  const after = await page.$$eval('img[data-fallback]', (imgs) => imgs.map((i) => [(i as HTMLImageElement).getAttribute('src'), (i as HTMLImageElement).hidden]));
  assert.equal(after, before.map((src) => [src, false]));
  assert.ok(before.length >= 6, `${before.length} images with a fallback (logo, hero, 4 cards, ...)`);
  assert.equal(errors, []);
  await context.close();
});
images.run();

const INJECTED = [
  '<object id="x-pdf" type="application/pdf" data="/__test__/doc.pdf" width="300" height="200"></object>',
  '<object id="x-pdf2" data="/__test__/report.PDF"></object>',
  '<embed id="x-embed" src="/__test__/movie.swf">',
  '<iframe id="x-frame" src="https://ads.example.com/frame" title="ad"></iframe>',
  '<iframe id="x-own" data-site-embed src="about:blank" title="own"></iframe>',
].join('');

const scrub = suite('embed scrub');
scrub('should remove injected PDF objects, embeds and foreign iframes at load, and keep the site\'s own embed', async () => {
  const { page, context } = await h.page(DESKTOP);
  await page.route(h.url('/automotive/'), async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(/(<main\b[^>]*>)/, `$1${INJECTED}`);
    await route.fulfill({ response, body: html });
  });
  await page.goto(h.url('/automotive/'));
  await page.waitForFunction(() => (window as any).__diagnostics !== undefined);
  const left = await page.$$eval('object, embed, iframe', (els) => els.map((e) => e.id));
  assert.equal(left, ['x-own']);
  await context.close();
});

scrub('should keep a video iframe inserted after a click', async () => {
  const { page, context } = await h.page(DESKTOP);
  await page.goto(h.url('/'));
  await page.waitForLoadState('load');
  await page.click('.video-slot-large .video-facade');
  await page.locator('.video-slot-large iframe').waitFor({ state: 'attached' });
  await page.waitForTimeout(300);
  assert.is(await page.locator('.video-slot-large iframe').count(), 1);
  await context.close();
});
scrub.after(() => h.close());
scrub.run();
