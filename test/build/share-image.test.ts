/**
 * The share image (lib/photos/share-image.ts): drawn at build from the settings' name, base town
 * and phone, 1200x630 PNG, the same bytes in another process with another environment (no
 * fontconfig, another locale, time zone and working folder: only the shipped font draws the
 * letters), kept in the cache; or, when the settings name a photo (`shareImage`), that photo's
 * 1200x630 card, and no drawn image at all. The business's JSON-LD `image` lists the owner's
 * photos when there are any, else the share image. Builds with edited settings go through the
 * build's own loader.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import fg from 'fast-glob';
import sharp from 'sharp';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ContentError } from '../../lib/content/schema.ts';
import { ROOT } from '../../lib/build/build-site.ts';
import { buildToFolder } from '../../build.ts';
import { loadContent, type RawContent } from '../../lib/content/load-content.ts';
import { DRAWN_SHARE_IMAGE } from '../../lib/route.ts';
import { photoUses, processPhotos, type PhotoLibrary, type ProcessedPhoto } from '../../lib/photos/photos.ts';
import { BUSINESS_IMAGE_LIMIT, businessImages, drawnShareFile, shareText } from '../../lib/photos/share-image.ts';
import { withChange } from '../helpers/content-edits.ts';
import { jsonLdBlocks, readPages, type DistPage } from '../helpers/dist.ts';
import { resolveConfig } from '../../lib/config.ts';

const ART = path.join(ROOT, 'static', 'img');
const FIXTURE = path.join(ROOT, 'test', 'fixtures', 'draw-share-image.ts');
let tmp = '';

/** The settings of the sample with another name, base town and phone. */
const settingsOf = (name: string, locality: string, phone: string) => loadContent(withChange((c) => {
  c.settings.name = name;
  c.settings.location.locality = locality;
  c.settings.phone = phone;
})).settings;

/** Draws `text` in a new process: cwd the system's temp folder, no fontconfig, another locale and time zone, only PATH kept. */
async function drawElsewhere(text: ReturnType<typeof shareText>): Promise<Buffer> {
  const out = path.join(tmp, `elsewhere-${Math.random().toString(36).slice(2)}.png`);
  const tsx = fileURLToPath(import.meta.resolve('tsx'));
  await promisify(execFile)(process.execPath, ['--import', tsx, FIXTURE, JSON.stringify(text), ART, out], {
    cwd: os.tmpdir(),
    env: { PATH: process.env.PATH, HOME: tmp, FONTCONFIG_FILE: '/dev/null', FONTCONFIG_PATH: '/nonexistent', LANG: 'tr_TR.UTF-8', LC_ALL: 'tr_TR.UTF-8', TZ: 'Asia/Kathmandu' },
  });
  return readFile(out);
}

const drawn = suite('the drawn share image');
drawn.before(async () => { tmp = await mkdtemp(path.join(os.tmpdir(), 'share-image-')); });
drawn.after(async () => { await rm(tmp, { recursive: true, force: true }); });

drawn('should draw the name, town and phone of the settings into a 1200x630 PNG, the same bytes in another process and environment', async () => {
  const a = settingsOf('Cibola Mobile Locksmith', 'Grants', '(505) 555-0123');
  const variants = [
    a,
    settingsOf('Red Rock Lock & Key', 'Grants', '(505) 555-0123'),
    settingsOf('Cibola Mobile Locksmith', 'Gallup', '(505) 555-0123'),
    settingsOf('Cibola Mobile Locksmith', 'Grants', '(505) 555-0199'),
  ];
  const images: Buffer[] = [];
  for (const settings of variants) {
    const made = (await drawnShareFile(settings, ART, path.join(tmp, 'cache')))!;
    assert.is(made.file.path, DRAWN_SHARE_IMAGE);
    assert.ok(made.drawn, 'drawn, not from the cache: each differs');
    const bytes = made.file.contents as Buffer;
    const meta = await sharp(bytes).metadata();
    assert.equal([meta.format, meta.width, meta.height], ['png', 1200, 630]);
    assert.ok(bytes.equals(await drawElsewhere(shareText(settings))), `${settings.name}, ${settings.location.locality}, ${settings.phone.national}: another process draws other bytes`);
    images.push(bytes);
  }
  // Another name, town or phone: other pixels, in the band only (the art above stays).
  const band = (png: Buffer) => sharp(png).extract({ left: 0, top: 400, width: 1200, height: 230 }).raw().toBuffer();
  const art = (png: Buffer) => sharp(png).extract({ left: 0, top: 0, width: 1200, height: 390 }).raw().toBuffer();
  for (const other of images.slice(1)) {
    assert.not.ok((await band(other)).equals(await band(images[0])), 'the band says the name, town and phone');
    assert.ok((await art(other)).equals(await art(images[0])), 'the art is the same');
  }
});

drawn('should take the image from the cache while the name, town and phone stay the same', async () => {
  const settings = settingsOf('Cibola Mobile Locksmith', 'Grants', '(505) 555-0123');
  const cache = path.join(tmp, 'cache-2');
  const first = (await drawnShareFile(settings, ART, cache))!;
  const again = (await drawnShareFile(loadContent(withChange((c) => { c.settings.email = 'other@example.com'; })).settings, ART, cache))!;
  assert.ok(first.drawn);
  assert.not.ok(again.drawn, 'an e-mail change draws nothing');
  assert.ok((again.file.contents as Buffer).equals(first.file.contents as Buffer));
});

drawn('should draw nothing when the settings name a photo', async () => {
  const settings = loadContent(withChange((c) => { c.settings.shareImage = 'van.jpg'; })).settings;
  assert.is(await drawnShareFile(settings, ART, path.join(tmp, 'cache-3')), undefined);
});

drawn.run();

// ---------------------------------------------------------------------------------------------

/** A JPEG of the given size: left half `left`, right half `right` (so a crop around the centre keeps both). */
async function photo(width: number, height: number, left: string, right: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width / 2}" height="${height}" fill="${left}"/><rect x="${width / 2}" width="${width / 2}" height="${height}" fill="${right}"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}
/** Mean red, green and blue of an image's left and right quarters. */
async function halves(bytes: Buffer): Promise<number[][]> {
  const { width, height } = await sharp(bytes).metadata();
  // stats() reads its input, not the pipeline: the quarter is cut out first.
  const quarter = async (left: number) => {
    const cut = await sharp(bytes).extract({ left, top: 0, width: Math.floor(width / 4), height }).png().toBuffer();
    return (await sharp(cut).stats()).channels.slice(0, 3).map((c) => Math.round(c.mean));
  };
  return [await quarter(0), await quarter(width - Math.floor(width / 4))];
}
const near = (actual: number[], expected: number[]) => actual.every((v, i) => Math.abs(v - expected[i]) <= 12);

const owned = suite('a build whose settings name a share photo, with photos on pages');
let dist = '';
let pages: DistPage[] = [];
let photosDir = '';
const SITE_URL = 'https://www.example.com';
owned.before(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'share-photo-'));
  photosDir = path.join(tmp, 'photos');
  await mkdir(path.join(photosDir, 'areas'), { recursive: true });
  await writeFile(path.join(photosDir, 'share.jpg'), await photo(1600, 1000, '#c0392b', '#1f4e9c'));
  await writeFile(path.join(photosDir, 'van.jpg'), await photo(1600, 1200, '#2e8b57', '#f1c40f'));
  await writeFile(path.join(photosDir, 'areas', 'grants.jpg'), await photo(1600, 1200, '#8e44ad', '#e67e22'));
  dist = path.join(tmp, 'dist');
  const content: RawContent = withChange((c) => {
    c.settings.shareImage = 'share.jpg';
    c.home.photo = { src: 'van.jpg', alt: 'Our service van' };
    c.communities.find((x: { slug: string }) => x.slug === 'grants').photo = { src: 'areas/grants.jpg', alt: 'A street in Grants' };
  });
  await buildToFolder({ config: { ...resolveConfig(), outDir: dist, photosDir, photoCacheDir: path.join(tmp, 'cache') }, content });
  pages = await readPages(dist);
});
owned.after(async () => { await rm(tmp, { recursive: true, force: true }); });

const meta = (p: DistPage, property: string) => p.root.querySelector(`meta[property="${property}"]`)?.getAttribute('content');
const page = (sitePath: string) => pages.find((p) => p.path === sitePath)!;

owned('should make the photo the og:image of every page without a photo of its own, as its 1200x630 card, and draw no image', async () => {
  const card = meta(page('/services/'), 'og:image')!;
  assert.match(card, /^https:\/\/www\.example\.com\/img\/photos\/share-1200x630-[0-9A-F]{8}\.jpg$/);
  for (const p of pages.filter((x) => x.path !== '/' && x.path !== '/areas/grants/')) {
    assert.is(meta(p, 'og:image'), card, p.path);
    assert.is(p.root.querySelector('meta[name="twitter:image"]')?.getAttribute('content'), card, p.path);
    assert.is(meta(p, 'og:image:width'), '1200', p.path);
    assert.is(meta(p, 'og:image:height'), '630', p.path);
  }
  assert.match(meta(page('/'), 'og:image')!, /\/img\/photos\/van-1200x630-/, 'a page with its own photo keeps its card');
  const file = await readFile(path.join(dist, new URL(card).pathname));
  const info = await sharp(file).metadata();
  assert.equal([info.format, info.width, info.height], ['jpeg', 1200, 630]);
  const [left, right] = await halves(file);
  assert.ok(near(left, [0xc0, 0x39, 0x2b]) && near(right, [0x1f, 0x4e, 0x9c]), `the card is the photo, cropped around its centre: ${left} ${right}`);
  assert.not.ok(existsSync(path.join(dist, DRAWN_SHARE_IMAGE.slice(1))), 'no drawn image');
  const shareFiles = fg.sync('img/photos/share-*', { cwd: dist });
  assert.equal(shareFiles.length, 1, `only the card is made of a photo that is only the share image: ${shareFiles}`);
});

owned('should list the owner\'s photos as the business\'s image in the JSON-LD of every page: the share photo first', () => {
  const card = meta(page('/services/'), 'og:image')!;
  for (const p of pages) {
    const business = jsonLdBlocks(p.root).find((b) => b['@type'] === 'Locksmith');
    const image = business.image as string[];
    assert.is(image.length, 3, p.path);
    assert.is(image[0], card, p.path);
    assert.match(image[1], new RegExp(`^${SITE_URL}/img/photos/van-1600-[0-9A-F]{8}\\.jpg$`), p.path);
    assert.match(image[2], new RegExp(`^${SITE_URL}/img/photos/areas-grants-1600-[0-9A-F]{8}\\.jpg$`), p.path);
  }
});

owned('should say in one line when the share photo is missing or too small, naming the settings field', async () => {
  await writeFile(path.join(photosDir, 'tiny.jpg'), await photo(1000, 600, '#000', '#fff'));
  const messageOf = async (shareImage: string) => {
    try {
      await processPhotos(photoUses(loadContent(withChange((c) => { c.settings.shareImage = shareImage; }))), { photosDir, cacheDir: path.join(tmp, 'cache') });
    } catch (e) {
      if (e instanceof ContentError) return e.message;
      throw e;
    }
    throw new Error('expected a ContentError');
  };
  assert.is(await messageOf('shar.jpg'), 'content/settings.yaml: settings: field "shareImage" "shar.jpg" is not in content/photos/; did you mean "share.jpg"?');
  assert.is(await messageOf('tiny.jpg'), 'content/settings.yaml: settings: field "shareImage" "tiny.jpg" is 1000x600 px, smaller than its largest slot needs: the share image needs at least 1200x630 px; use the original photo from the phone or camera, not a resized copy');
});

owned.run();

// ---------------------------------------------------------------------------------------------

const listed = suite('the business\'s images');
/** A library entry with one JPEG per width given (none: a share-only photo, its card alone). */
const processed = (src: string, widths: number[]): ProcessedPhoto => {
  const stem = src.replace(/\.jpg$/, '');
  const file = (w: number, h: number, label = String(w)) => ({ path: `/img/photos/${stem}-${label}-ABCDEF12.jpg`, width: w, height: h, bytes: 1 });
  return { src, width: 0, height: 0, files: { avif: [], webp: [], jpeg: widths.map((w) => file(w, Math.round(w / 1.5))) }, social: file(1200, 630, '1200x630') };
};

listed('should name the drawn image when the owner has no photo, and the photos when there are, at most BUSINESS_IMAGE_LIMIT', () => {
  const none = loadContent(withChange(() => undefined));
  assert.equal(businessImages(none, new Map()), [DRAWN_SHARE_IMAGE]);
  const site = loadContent(withChange((c) => {
    c.home.photo = { src: 'van.jpg', alt: 'Our van' };
    for (const slug of ['grants', 'milan', 'gallup']) c.communities.find((x: { slug: string }) => x.slug === slug).photo = { src: `${slug}.jpg`, alt: `A street in ${slug}` };
  }));
  const library: PhotoLibrary = new Map(['van.jpg', 'grants.jpg', 'milan.jpg', 'gallup.jpg'].map((src) => [src, processed(src, [400, 800, 1200])]));
  assert.equal(businessImages(site, library), ['/img/photos/van-1200-ABCDEF12.jpg', '/img/photos/grants-1200-ABCDEF12.jpg', '/img/photos/milan-1200-ABCDEF12.jpg']);
  assert.is(BUSINESS_IMAGE_LIMIT, 3);
});

listed.run();
