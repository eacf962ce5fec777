/**
 * A real camera photo through the whole pipeline, in Chromium. The test makes a 4032x3024 JPEG as
 * a phone writes it (EXIF orientation 6, camera make and model, owner, GPS position;
 * test/helpers/camera-photo.ts), puts it on the home hero, the Grants page and the automotive
 * service (its page's hero and its card on the home and area pages), builds the site into a
 * folder of its own, and proves:
 * - no output file carries EXIF, GPS, XMP, IPTC or an ICC profile, and the orientation was applied
 *   to the pixels;
 * - no output file is wider than 1600 px or heavier than 250 KB;
 * - the pages have AVIF and WebP sources of at least three widths, width and height from the
 *   file, the hero fetched first and the cards lazily, and a 1200x630 JPEG as og:image;
 * - in Chromium at 390x844 (1x, 2x, 3x) and 1366x900 the slots are as wide as `sizes` says, the
 *   browser downloads one AVIF per photo, the one lib/photos/photo-slots.ts predicts, never wider than
 *   twice what the slot needs; the layout never shifts (CLS 0);
 * - a photo that fails to load falls back to the stock image, also when it fails late;
 * - a second build encodes nothing (counted, not timed) and writes the same files.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import exifr from 'exifr';
import sharp from 'sharp';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { buildToFolder } from '../../build.ts';
import type { BuildResult } from '../../lib/build/summary.ts';
import { PROJECT_CONTENT } from '../../tooling/project-content.ts';
import { chromiumPick, slotWidth, type PhotoSlot } from '../../lib/photos/photo-slots.ts';
import { DESKTOP, PHONE, startHarness, type Harness } from '../../tooling/browser.ts';
import { cameraPhoto, PHOTO_SECRETS } from '../helpers/camera-photo.ts';
import { resolveConfig } from '../../lib/config.ts';

const tmp = await mkdtemp(path.join(os.tmpdir(), 'photos-'));
const photosDir = path.join(tmp, 'photos');
const cacheDir = path.join(tmp, 'cache');
const out = path.join(tmp, 'dist');
const ALT = { home: 'Our service van outside a home in Grants', grants: 'Our service van on Santa Fe Avenue in Grants', automotive: 'A car door opened by our locksmith' };

const content = structuredClone(PROJECT_CONTENT) as any;
content.home.photo = { src: 'van.jpg', alt: ALT.home };
content.communities.find((c: any) => c.slug === 'grants').photo = { src: 'van.jpg', alt: ALT.grants };
content.core.find((c: any) => c.slug === 'automotive').photo = { src: 'van.jpg', alt: ALT.automotive };

let first: BuildResult;
let h: Harness;
let photoFiles: string[] = [];

const setup = async () => {
  await mkdir(photosDir, { recursive: true });
  await writeFile(path.join(photosDir, 'van.jpg'), await cameraPhoto());
  first = await buildToFolder({ config: { ...resolveConfig(), outDir: out, photosDir, photoCacheDir: cacheDir }, content });
  photoFiles = (await readdir(path.join(out, 'img/photos'))).sort();
  h = await startHarness(out);
};
const teardown = async () => {
  await h?.close();
  await rm(tmp, { recursive: true, force: true });
};

/** Contents of a dist file. */
const distFile = (sitePath: string) => readFile(path.join(out, sitePath));
/** Width in a processed photo's name, "/img/photos/van-800-1A2B3C4D.avif" -> 800. */
const widthOf = (url: string) => Number(/-(\d+)-[A-Z0-9]{8}\.\w+$/.exec(new URL(url, 'http://x').pathname)?.[1]);
/** A measured slot width equals the one `sizes` gives, to the rounding of layout (under 1 px). */
const closeTo = (measured: number, predicted: number) => Math.abs(measured - predicted) < 1;

// ---------------------------------------------------------------------------------------------
const files = suite('photo files');
files.before(setup);

files('should encode every width of every format once, and the social card', () => {
  assert.is(first.photos.count, 1);
  assert.is(first.photos.encoded, 13, '4 widths x 3 formats + the social card');
  assert.is(first.photos.reused, 0);
  assert.equal(photoFiles.filter((f) => f.endsWith('.avif')).length, 4);
  assert.equal(photoFiles.filter((f) => f.endsWith('.webp')).length, 4);
  assert.equal(photoFiles.filter((f) => f.endsWith('.jpg')).length, 5);
});

files('should strip every piece of metadata: no EXIF, GPS, camera, owner, XMP, IPTC or ICC profile', async () => {
  for (const name of photoFiles) {
    const bytes = await distFile(`/img/photos/${name}`);
    const meta = await sharp(bytes).metadata();
    assert.is(meta.exif, undefined, `${name}: EXIF`);
    assert.is(meta.xmp, undefined, `${name}: XMP`);
    assert.is(meta.iptc, undefined, `${name}: IPTC`);
    assert.is(meta.icc, undefined, `${name}: ICC profile`);
    assert.is(meta.orientation, undefined, `${name}: orientation tag`);
    // An independent reader (exifr) finds nothing either, and no secret is anywhere in the bytes.
    const parsed = await exifr.parse(bytes, { tiff: true, gps: true, exif: true, xmp: true, iptc: true, icc: true }).catch(() => undefined);
    assert.ok(parsed === undefined || (parsed.latitude === undefined && parsed.Make === undefined), `${name}: exifr read ${JSON.stringify(parsed)}`);
    const text = bytes.toString('latin1');
    for (const secret of [...PHOTO_SECRETS, 'Exif\0\0', 'GPS']) assert.not.ok(text.includes(secret), `${name} contains "${secret.replace(/\0/g, '\\0')}"`);
  }
});

files('should apply the EXIF orientation to the pixels: the upright picture is red on the left, blue on the right', async () => {
  const jpg400 = photoFiles.find((f) => /^van-400-.*\.jpg$/.test(f))!;
  const image = sharp(await distFile(`/img/photos/${jpg400}`));
  const { width, height } = await image.metadata();
  assert.equal([width, height], [400, 267]);
  const mean = async (left: number) => {
    // stats() reads its input, not the pipeline's output: extract to a buffer first.
    const part = await sharp(await distFile(`/img/photos/${jpg400}`)).extract({ left, top: 100, width: 80, height: 60 }).toBuffer();
    const { channels } = await sharp(part).stats();
    return { red: channels[0].mean, blue: channels[2].mean };
  };
  const [leftSide, rightSide] = [await mean(20), await mean(300)];
  assert.ok(leftSide.red > leftSide.blue + 40, `left side ${JSON.stringify(leftSide)}`);
  assert.ok(rightSide.blue > rightSide.red + 40, `right side ${JSON.stringify(rightSide)}`);
});

files('should keep every file at most 1600 px wide and 250 KB, the social card 1200x630', async () => {
  for (const name of photoFiles) {
    const bytes = await distFile(`/img/photos/${name}`);
    const { width, height, format } = await sharp(bytes).metadata();
    assert.ok(width <= 1600, `${name} is ${width} px wide`);
    assert.ok(bytes.length <= 250 * 1024, `${name} is ${bytes.length} bytes`);
    if (name.includes('-1200x630-')) assert.equal([width, height, format], [1200, 630, 'jpeg']);
  }
});

files.run();

// ---------------------------------------------------------------------------------------------
const markup = suite('photo markup');

/** The <picture> elements of a page, as the browser parsed them. */
function pictures(page: Page) {
  return page.$$eval('picture', (els) => els.map((p) => {
    const img = p.querySelector('img')!;
    return {
      sources: [...p.querySelectorAll('source')].map((s) => ({ type: s.type, srcset: s.srcset, sizes: s.sizes })),
      img: { className: img.className, src: img.getAttribute('src'), srcset: img.srcset, sizes: img.sizes, alt: img.alt, width: img.getAttribute('width'), height: img.getAttribute('height'), loading: img.getAttribute('loading'), decoding: img.getAttribute('decoding'), fetchpriority: img.getAttribute('fetchpriority'), fallback: img.dataset.fallback },
    };
  }));
}

markup('should give Grants and the home page AVIF and WebP sources of three widths or more, sizes, and width and height from the file', async () => {
  const { page, context } = await h.page(PHONE);
  for (const [route, alt] of [['/areas/grants/', ALT.grants], ['/', ALT.home]]) {
    await page.goto(h.url(route));
    const [hero] = await pictures(page);
    assert.equal(hero.sources.map((s) => s.type), ['image/avif', 'image/webp'], route);
    for (const s of [...hero.sources, hero.img]) {
      const candidates = s.srcset.split(', ');
      assert.ok(candidates.length >= 3, `${route}: ${s.srcset}`);
      for (const c of candidates) {
        const [url, descriptor] = c.split(' ');
        assert.is(descriptor, `${widthOf(url)}w`);
        const { width } = await sharp(await distFile(url)).metadata();
        assert.is(width, widthOf(url), `${url} is as wide as its descriptor says`);
      }
      assert.match(s.sizes, /^\(min-width: 80rem\) 532\.8px, .*calc\(100vw - 32px\)$/);
    }
    const largest = hero.img.srcset.split(', ').at(-1)!.split(' ')[0];
    const { width, height } = await sharp(await distFile(largest)).metadata();
    assert.equal([hero.img.width, hero.img.height], [String(width), String(height)], `${route}: width and height of the file`);
    assert.equal({ className: hero.img.className, alt: hero.img.alt, fetchpriority: hero.img.fetchpriority, loading: hero.img.loading, fallback: hero.img.fallback },
      { className: 'hero-img', alt, fetchpriority: 'high', loading: null, fallback: '/img/fallback.svg' }, route);
  }
  await context.close();
});

markup('should load the service card photos lazily and asynchronously, and keep the illustrations where a record has no photo', async () => {
  const { page, context } = await h.page(PHONE);
  await page.goto(h.url('/'));
  const cards = (await pictures(page)).filter((p) => p.img.className === 'card-img');
  assert.is(cards.length, 1, 'only the automotive card has a photo');
  assert.equal({ loading: cards[0].img.loading, decoding: cards[0].img.decoding, fetchpriority: cards[0].img.fetchpriority, alt: cards[0].img.alt }, { loading: 'lazy', decoding: 'async', fetchpriority: null, alt: ALT.automotive });
  assert.match(cards[0].sources[0].sizes, /^\(min-width: 80rem\) 290px, /);
  assert.is(await page.getAttribute('.service-residential .card-img', 'src'), '/img/card-residential.svg');
  await page.goto(h.url('/areas/milan/'));
  assert.is(await page.getAttribute('.hero-img', 'src'), '/img/scene-town.svg', 'a community without a photo keeps the illustration of its kind of place');
  assert.is((await pictures(page)).filter((p) => p.img.className === 'hero-img').length, 0);
  await context.close();
});

markup('should share the photo as a 1200x630 JPEG on pages that have one, and the site image elsewhere', async () => {
  const html = (await distFile('/areas/grants/index.html')).toString();
  const og = /<meta property="og:image" content="([^"]+)"/.exec(html)![1];
  assert.match(og, /^https:\/\/[^/]+\/img\/photos\/van-1200x630-[A-Z0-9]{8}\.jpg$/);
  assert.ok(html.includes(`<meta name="twitter:image" content="${og}">`));
  assert.ok(html.includes(`<meta property="og:image:alt" content="${ALT.grants}">`));
  const card = await sharp(await distFile(new URL(og).pathname)).metadata();
  assert.equal([card.width, card.height, card.format], [1200, 630, 'jpeg']);
  const milan = (await distFile('/areas/milan/index.html')).toString();
  assert.match(milan, /<meta property="og:image" content="https:\/\/[^/]+\/img\/og-image\.png">/);
  assert.not.match(milan, /og:image:alt/);
});

markup.run();

// ---------------------------------------------------------------------------------------------
const browser = suite('photos in Chromium');

/**
 * Loads a page at a viewport and pixel ratio; returns the photo files Chromium requested.
 * With `holdUntil`, every photo file is held back until the page has asked for that many distinct
 * files (after the scroll to `scrollTo`, if any); the call throws if it has not within 10 s.
 * Chromium takes a denser candidate that has already loaded into its memory cache over the one
 * `sizes` picks (AvoidDownloadIfHigherDensityResourceIsInCache in
 * https://source.chromium.org/chromium/chromium/src/+/main:third_party/blink/renderer/core/html/parser/html_srcset_parser.cc),
 * so a card that chooses after the hero's wider file has arrived shows that file and downloads
 * nothing. Holding the files back makes every picture choose by `sizes` alone, whatever the
 * machine's speed.
 */
async function photoRequests(route: string, viewport: { width: number; height: number }, dpr: number, scrollTo?: string, holdUntil?: number) {
  const context = await h.browser.newContext({ viewport, deviceScaleFactor: dpr });
  const page = await context.newPage();
  const requested: string[] = [];
  let release: () => void = () => {};
  const allAsked = new Promise<void>((resolve) => { release = resolve; });
  if (holdUntil) await context.route((url) => url.pathname.startsWith('/img/photos/'), async (r) => { await allAsked; await r.continue(); });
  page.on('request', (r) => {
    if (!r.url().includes('/img/photos/')) return;
    requested.push(new URL(r.url()).pathname);
    if (holdUntil && new Set(requested).size >= holdUntil) release();
  });
  // 'load' waits for the hero, which the hold keeps back: wait for the document only, then scroll.
  await page.goto(h.url(route), { waitUntil: holdUntil ? 'domcontentloaded' : 'load' });
  if (scrollTo) await page.locator(scrollTo).scrollIntoViewIfNeeded();
  if (holdUntil) {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error(`${route}: the page asked for ${new Set(requested).size} photo files in 10 s, not ${holdUntil}: ${requested.join(', ')}`)), 10_000); });
    try {
      await Promise.race([allAsked, late]);
    } finally {
      clearTimeout(timer);
      release();
    }
    await page.waitForLoadState('load');
  }
  if (scrollTo) await page.waitForFunction((sel) => (document.querySelector(sel) as HTMLImageElement).complete, `${scrollTo} img`);
  const slots = await page.$$eval('picture img', (imgs) => imgs.map((i) => ({ className: i.className, width: i.getBoundingClientRect().width, current: (i as HTMLImageElement).currentSrc })));
  return { context, page, requested, slots };
}

for (const dpr of [1, 2, 3]) {
  browser(`should download, at 390x844 and ${dpr}x, the AVIF the slot needs and no wider than twice that`, async () => {
    const { context, requested, slots } = await photoRequests('/areas/grants/', PHONE, dpr);
    const hero = slots.find((s) => s.className === 'hero-img')!;
    assert.ok(closeTo(hero.width, slotWidth('hero', PHONE.width)), `hero slot ${hero.width} px, sizes says ${slotWidth('hero', PHONE.width)}`);
    assert.is(requested.length, 1, `one photo file: ${requested.join(', ')}`);
    assert.match(requested[0], /\.avif$/);
    const width = widthOf(requested[0]);
    assert.is(width, chromiumPick([400, 800, 1200, 1600], slotWidth('hero', PHONE.width), dpr), 'the file lib/photos/photo-slots.ts predicts (build summary)');
    assert.ok(width <= 2 * hero.width * dpr, `${width} px for a ${hero.width} px slot at ${dpr}x`);
    await context.close();
  });
}

browser('should match sizes to the layout at 1366 px: hero and card slots, one AVIF each', async () => {
  const grants = await photoRequests('/areas/grants/', DESKTOP, 1);
  const grantsHero = grants.slots.find((s) => s.className === 'hero-img')!;
  assert.ok(closeTo(grantsHero.width, slotWidth('hero', DESKTOP.width)), `Grants hero slot ${grantsHero.width} px`);
  await grants.context.close();
  const { context, requested, slots } = await photoRequests('/', DESKTOP, 1, '.service-automotive', 2);
  const hero = slots.find((s) => s.className === 'hero-img')!;
  const card = slots.find((s) => s.className === 'card-img')!;
  assert.ok(closeTo(hero.width, slotWidth('hero', DESKTOP.width)), `home hero slot ${hero.width} px`);
  assert.ok(closeTo(card.width, slotWidth('card', DESKTOP.width)), `card slot ${card.width} px`);
  assert.equal([...new Set(requested)].map(widthOf).sort((a, b) => a - b), [chromiumPick([400, 800, 1200, 1600], slotWidth('card', DESKTOP.width), 1), chromiumPick([400, 800, 1200, 1600], slotWidth('hero', DESKTOP.width), 1)].sort((a, b) => a - b));
  assert.ok(requested.every((r) => r.endsWith('.avif')), requested.join(', '));
  assert.is(widthOf(card.current), chromiumPick([400, 800, 1200, 1600], slotWidth('card', DESKTOP.width), 1), `the card shows ${card.current}`);
  await context.close();
});

browser('should match the card slot at 390 px too', async () => {
  const { context, slots } = await photoRequests('/', PHONE, 1, '.service-automotive');
  const card = slots.find((s) => s.className === 'card-img')!;
  assert.ok(closeTo(card.width, slotWidth('card', PHONE.width)), `card slot ${card.width} px`);
  await context.close();
});

/**
 * Layout shift caused by the photos' arrival: the photo files are held back until the page has
 * settled (its islands hydrate and may move header items by themselves, with or without photos),
 * the boxes of the pictures and of the footer are measured, then the files are let through and,
 * once every picture has loaded, the boxes are measured again and every layout shift counted.
 * @returns the shifts' sum and whether every box stayed where it was
 */
async function photoArrivalShift(route: string, viewport: { width: number; height: number }, scrollTo?: string) {
  const context = await h.browser.newContext({ viewport });
  const page = await context.newPage();
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => { release = resolve; });
  await context.route((url) => url.pathname.startsWith('/img/photos/'), async (r) => { await held; await r.continue(); });
  await page.addInitScript(() => {
    (window as any).__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as any[]) if (!entry.hadRecentInput) (window as any).__cls += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(h.url(route), { waitUntil: 'domcontentloaded' });
  if (scrollTo) await page.locator(scrollTo).scrollIntoViewIfNeeded();
  await page.waitForTimeout(1500);
  const boxes = () => page.$$eval('picture img, footer', (els) => els.map((e) => JSON.stringify(e.getBoundingClientRect())));
  const before = await boxes();
  const pending = await page.$$eval('picture img', (imgs) => imgs.filter((i) => (i as HTMLImageElement).naturalWidth === 0).length);
  await page.evaluate(() => { (window as any).__cls = 0; });
  release();
  await page.waitForFunction(() => [...document.querySelectorAll('picture img')].filter((i) => i.getBoundingClientRect().top < innerHeight * 2).every((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0));
  await page.waitForTimeout(300);
  const after = await boxes();
  const cls = await page.evaluate(() => (window as any).__cls as number);
  await context.close();
  return { cls, sameBoxes: JSON.stringify(before) === JSON.stringify(after), before, after, pending };
}

browser('should not shift the layout when the photos arrive (CLS 0) on Grants and the home page, phone and laptop', async () => {
  for (const [route, scrollTo] of [['/areas/grants/', undefined], ['/', undefined], ['/', '.service-automotive']]) {
    for (const viewport of [PHONE, DESKTOP]) {
      const { cls, sameBoxes, before, after, pending } = await photoArrivalShift(route!, viewport, scrollTo);
      const where = `${route}${scrollTo ? ` at ${scrollTo}` : ''}, ${viewport.width} px`;
      assert.ok(pending > 0, `${where}: the photos were held back while the boxes were measured`);
      assert.is(cls, 0, where);
      assert.ok(sameBoxes, `${where}: boxes moved\n${before.join('\n')}\n->\n${after.join('\n')}`);
    }
  }
});

/** State of the hero image once settled. */
const heroState = (page: Page) => page.$eval('.hero-img', (img) => {
  const i = img as HTMLImageElement;
  return { path: new URL(i.currentSrc || i.src).pathname, hidden: i.hidden, loaded: i.complete && i.naturalWidth > 0, sources: i.parentElement!.querySelectorAll('source').length };
});

browser('should fall back to the stock image when the photo fails before the scripts run', async () => {
  const { page, context } = await h.page(PHONE);
  await context.route((url) => url.pathname.startsWith('/img/photos/'), (route) => route.fulfill({ status: 404, contentType: 'text/plain', body: 'gone' }));
  await page.goto(h.url('/areas/grants/'));
  await page.waitForFunction(() => { const i = document.querySelector('.hero-img') as HTMLImageElement; return i.currentSrc.endsWith('/img/fallback.svg') && i.naturalWidth > 0; });
  assert.equal(await heroState(page), { path: '/img/fallback.svg', hidden: false, loaded: true, sources: 0 });
  await context.close();
});

browser('should fall back to the stock image when the photo fails after the scripts ran', async () => {
  const { page, context } = await h.page(PHONE);
  let release: () => void = () => {};
  const scriptsRan = new Promise<void>((resolve) => { release = resolve; });
  await context.route((url) => url.pathname.startsWith('/img/photos/'), async (route) => {
    await scriptsRan;
    await route.fulfill({ status: 404, contentType: 'text/plain', body: 'gone' });
  });
  await page.goto(h.url('/areas/grants/'), { waitUntil: 'domcontentloaded' });
  await page.waitForFunction(() => document.querySelectorAll('script[type="module"]').length > 0 && document.readyState !== 'loading');
  await page.waitForTimeout(300);
  release();
  await page.waitForFunction(() => { const i = document.querySelector('.hero-img') as HTMLImageElement; return i.currentSrc.endsWith('/img/fallback.svg') && i.naturalWidth > 0; });
  assert.equal(await heroState(page), { path: '/img/fallback.svg', hidden: false, loaded: true, sources: 0 });
  await context.close();
});

browser.run();

// ---------------------------------------------------------------------------------------------
const rebuild = suite('second build');
rebuild.after(teardown);

rebuild('should encode nothing the second time and write the same photo files', async () => {
  const before = await Promise.all(photoFiles.map((f) => distFile(`/img/photos/${f}`)));
  const cached = (await readdir(cacheDir)).length;
  const second = await buildToFolder({ config: { ...resolveConfig(), outDir: out, photosDir, photoCacheDir: cacheDir }, content });
  assert.is(second.photos.encoded, 0);
  assert.is(second.photos.reused, 13);
  assert.equal((await readdir(path.join(out, 'img/photos'))).sort(), photoFiles);
  const after = await Promise.all(photoFiles.map((f) => distFile(`/img/photos/${f}`)));
  assert.ok(after.every((b, i) => b.equals(before[i])), 'same bytes');
  assert.is((await readdir(cacheDir)).length, cached, 'nothing added to the cache');
});

rebuild.run();
