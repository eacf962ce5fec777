/**
 * Photo fields in the operator's words: every mistake (missing alt, a misnamed file with the near
 * name to suggest, a file that is not a photo, a damaged one, one too small for its slot) stops
 * the build with one line naming the file, the record and the field, before anything is
 * written. Also the pure parts of the pipeline: widths made, the slot rules behind `sizes`, the
 * model of Chromium's srcset pick, and the hosts' one-year cache of the photos' hashed names.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ContentError } from '../../lib/content/schema.ts';
import { buildToFolder } from '../../build.ts';
import { CACHE_CONTROL, cacheControlFor, HASHED_PHOTO, generateHeadersFile, generateHtaccess, generateNginx } from '../../lib/site-files/hosting.ts';
import { cropBox, widthsFor } from '../../lib/photos/images.ts';
import { loadContent, type RawContent } from '../../lib/content/load-content.ts';
import { PROJECT_CONTENT } from '../../tooling/project-content.ts';
import { chromiumPick, sizesAttribute, slotWidth } from '../../lib/photos/photo-slots.ts';
import { nearestName, photoUses, processPhotos } from '../../lib/photos/photos.ts';
import { resolveConfig } from '../../lib/config.ts';

let tmp = '';
let photosDir = '';

/** A deep copy of the project's content with photo fields set by `change`. */
function withPhotos(change: (c: any) => void): RawContent {
  const copy = structuredClone(PROJECT_CONTENT) as any;
  change(copy);
  return copy;
}
const grants = (c: any) => c.communities.find((x: any) => x.slug === 'grants');

/** The ContentError a content change causes, from schema checks or from the photo files. */
async function errorOf(raw: RawContent): Promise<string> {
  try {
    const site = loadContent(raw);
    await processPhotos(photoUses(site), { photosDir, cacheDir: path.join(tmp, 'cache') });
  } catch (e) {
    if (e instanceof ContentError) return e.message;
    throw e;
  }
  throw new Error('expected a ContentError');
}

/** A plain JPEG of the given size (a gradient: small and quick to make). */
const jpeg = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#c0392b' } }).jpeg().toBuffer();

const errors = suite('photo field errors');
errors.before(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'photos-unit-'));
  photosDir = path.join(tmp, 'photos');
  await mkdir(path.join(photosDir, 'areas'), { recursive: true });
  await writeFile(path.join(photosDir, 'van.jpg'), await jpeg(1600, 1200));
  await writeFile(path.join(photosDir, 'areas', 'grants-street.jpg'), await jpeg(1600, 1200));
  await writeFile(path.join(photosDir, 'small.jpg'), await jpeg(800, 600));
  await writeFile(path.join(photosDir, 'notes.jpg'), 'not a picture at all, just text saved with the wrong name\n');
  await writeFile(path.join(photosDir, 'logo.gif'), await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#fff' } }).gif().toBuffer());
  const whole = await jpeg(1600, 1200);
  await writeFile(path.join(photosDir, 'cut.jpg'), whole.subarray(0, Math.floor(whole.length / 2)));
  await writeFile(path.join(photosDir, 'empty.jpg'), '');
});
errors.after(async () => { await rm(tmp, { recursive: true, force: true }); });

errors('should accept a good photo and a decorative one', async () => {
  const site = loadContent(withPhotos((c) => {
    c.home.photo = { src: 'van.jpg', alt: 'Our service van outside a home in Milan' };
    grants(c).photo = { src: 'areas/grants-street.jpg', alt: '', decorative: true };
  }));
  assert.equal(photoUses(site).map((u) => `${u.file} ${u.label} ${u.photo.src}`), [
    'content/home.yaml home van.jpg',
    'content/areas/grants.yaml community "grants" areas/grants-street.jpg',
  ]);
});

errors('should ask for the alt text when it is missing, with an example and the decorative way out', async () => {
  const message = await errorOf(withPhotos((c) => { c.home.photo = { src: 'van.jpg' }; }));
  assert.is(message, 'content/home.yaml: home: field "photo.alt" is missing: describe what the photo shows for visitors who cannot see it, e.g. "Our service van outside a home in Milan"; or, for a photo that adds nothing to the page, write decorative: true and alt: ""');
});

errors('should refuse an empty alt unless the photo is marked decorative, and a decorative photo with a description', async () => {
  const empty = await errorOf(withPhotos((c) => { grants(c).photo = { src: 'van.jpg', alt: '  ' }; }));
  assert.match(empty, /^content\/areas\/grants\.yaml: community "grants": field "photo\.alt" is empty: describe what the photo shows/);
  const both = await errorOf(withPhotos((c) => { grants(c).photo = { src: 'van.jpg', alt: 'Our van', decorative: true }; }));
  assert.match(both, /^content\/areas\/grants\.yaml: community "grants": field "photo\.alt" must be "" when decorative is true/);
});

errors('should refuse a key that is not src, alt or decorative, and a path that leaves the photos folder', async () => {
  const typo = await errorOf(withPhotos((c) => { c.core[0].photo = { src: 'van.jpg', alt: 'Our van', atl: 'x' }; }));
  assert.is(typo, 'content/core-services/automotive.yaml: core service "automotive": unknown field "photo.atl"; did you mean "photo.alt"?');
  const outside = await errorOf(withPhotos((c) => { c.services[0].photo = { src: '../site.ts', alt: 'Our van' }; }));
  assert.match(outside, new RegExp(`^content/services/${(PROJECT_CONTENT.services[0] as any).slug}\\.yaml: service "${(PROJECT_CONTENT.services[0] as any).slug}": field "photo\\.src" must be a file name under content/photos/`));
});

errors('should name a missing file and suggest the near name ("van.jpeg" for "van.jpg")', async () => {
  const message = await errorOf(withPhotos((c) => { grants(c).photo = { src: 'van.jpeg', alt: 'Our service van in Grants' }; }));
  assert.is(message, 'content/areas/grants.yaml: community "grants": field "photo.src" "van.jpeg" is not in content/photos/; did you mean "van.jpg"?');
  const far = await errorOf(withPhotos((c) => { c.home.photo = { src: 'storefront.jpg', alt: 'Our shop' }; }));
  assert.is(far, 'content/home.yaml: home: field "photo.src" "storefront.jpg" is not in content/photos/: copy the photo there, or correct the name');
});

errors('should list every photo mistake at once, one line each', async () => {
  const message = await errorOf(withPhotos((c) => {
    c.home.photo = { src: 'Van.JPG', alt: 'Our van' };
    grants(c).photo = { src: 'small.jpg', alt: 'Our van in Grants' };
  }));
  const lines = message.split('\n');
  assert.is(lines.length, 2, message);
  assert.is(lines[0], 'content/home.yaml: home: field "photo.src" "Van.JPG" is not in content/photos/; did you mean "van.jpg"?');
  assert.match(lines[1], /^content\/areas\/grants\.yaml: community "grants": field "photo\.src" "small\.jpg" is 800x600 px, smaller than its largest slot needs: .* need at least 1200x800 px/);
});

errors('should say a file is not a photo, or not an image at all, empty or damaged', async () => {
  const gif = await errorOf(withPhotos((c) => { c.home.photo = { src: 'logo.gif', alt: 'Logo' }; }));
  assert.is(gif, 'content/home.yaml: home: field "photo.src" "logo.gif" is a GIF file, not a photo: use a JPEG, PNG, WebP or TIFF photograph');
  const text = await errorOf(withPhotos((c) => { c.home.photo = { src: 'notes.jpg', alt: 'Notes' }; }));
  assert.match(text, /^content\/home\.yaml: home: field "photo\.src" "notes\.jpg" is not an image the build can read \(JPEG, PNG, WebP or TIFF\); the file may be damaged or of another kind/);
  const empty = await errorOf(withPhotos((c) => { c.home.photo = { src: 'empty.jpg', alt: 'Our van' }; }));
  assert.is(empty, 'content/home.yaml: home: field "photo.src" "empty.jpg" is an empty file (0 bytes): copy the photo again from the phone or camera');
  const cut = await errorOf(withPhotos((c) => { c.home.photo = { src: 'cut.jpg', alt: 'Our van' }; }));
  assert.match(cut, /^content\/home\.yaml: home: field "photo\.src" "cut\.jpg" is damaged and cannot be read to the end \(.+\): copy it again from the phone or camera$/);
});

errors('should stop the build and leave the previous output folder as it was', async () => {
  const out = path.join(tmp, 'dist');
  await buildToFolder({ config: { ...resolveConfig(), outDir: out, photosDir, photoCacheDir: path.join(tmp, 'cache') } });
  const before = await readFile(path.join(out, 'areas/grants/index.html'), 'utf8');
  const bad = withPhotos((c) => { grants(c).photo = { src: 'van.jpeg', alt: 'Our service van in Grants' }; });
  try {
    await buildToFolder({ config: { ...resolveConfig(), outDir: out, photosDir, photoCacheDir: path.join(tmp, 'cache') }, content: bad });
    assert.unreachable('the build should stop');
  } catch (e) {
    assert.instance(e, ContentError);
    assert.match((e as Error).message, 'did you mean "van.jpg"?');
  }
  assert.is(await readFile(path.join(out, 'areas/grants/index.html'), 'utf8'), before);
});

errors.run();

const names = suite('nearestName');
names('should suggest by letter case, by extension, then by a few typing mistakes, else nothing', () => {
  const files = ['van.jpg', 'team/owner.png', 'gallup-job.jpeg'];
  assert.is(nearestName('VAN.JPG', files), 'van.jpg');
  assert.is(nearestName('van.png', files), 'van.jpg');
  assert.is(nearestName('team/ownr.png', files), 'team/owner.png');
  assert.is(nearestName('galup-job.jpeg', files), 'gallup-job.jpeg');
  assert.is(nearestName('storefront.jpg', files), undefined);
  assert.is(nearestName('van.jpg', []), undefined);
});
names.run();

const plan = suite('widths and slots');
plan('should make the standard widths up to the 3:2 crop of the source, the crop itself last', () => {
  assert.equal(cropBox(3024, 4032), { width: 3024, height: 2016 });
  assert.equal(cropBox(4032, 3024), { width: 4032, height: 2688 });
  assert.equal(widthsFor({ width: 3024, height: 4032 }), [400, 800, 1200, 1600]);
  assert.equal(widthsFor({ width: 1400, height: 1000 }), [400, 800, 1200, 1400]);
  assert.equal(widthsFor({ width: 1200, height: 800 }), [400, 800, 1200]);
});

plan('should write sizes from the slot rules, and give the slot widths of the layout at 390 and 1366 px', () => {
  assert.is(sizesAttribute('hero'), '(min-width: 80rem) 532.8px, (min-width: 60rem) calc(45vw - 43.2px), (min-width: 48rem) calc(100vw - 64px), calc(100vw - 32px)');
  assert.is(slotWidth('hero', 390), 358);
  assert.is(slotWidth('hero', 1366), 532.8);
  assert.ok(Math.abs(slotWidth('hero', 1000) - 406.8) < 1e-9);
  assert.is(slotWidth('card', 390), 356);
  assert.is(slotWidth('card', 1366), 290);
  assert.is(slotWidth('card', 700), 324);
});

plan('should pick as Chromium does: the next width when the screen needs more than the geometric mean', () => {
  const widths = [400, 800, 1200, 1600];
  assert.is(chromiumPick(widths, 358, 1), 400);
  assert.is(chromiumPick(widths, 358, 2), 800);
  assert.is(chromiumPick(widths, 358, 3), 1200);
  assert.is(chromiumPick(widths, 532.8, 1), 800);
  // 532.8 px at 2x needs 1066: 1200 (density 2.25) is taken as 2 >= sqrt(1.50 * 2.25) = 1.84.
  assert.is(chromiumPick(widths, 532.8, 2), 1200);
  // 358 px at 2.625x needs 940: between 800 (2.23) and 1200 (3.35) the mean is 2.74, so 800 it is.
  assert.is(chromiumPick(widths, 358, 2.625), 800);
  assert.is(chromiumPick(widths, 911, 3), 1600);
});
plan.run();

const hosting = suite('hosting: photos cached for a year');
hosting('should cache the hashed photo files for a year and leave the other images at a day', () => {
  assert.is(cacheControlFor('/img/photos/van-800-5CB2F378.avif'), CACHE_CONTROL.hashed);
  assert.is(cacheControlFor('/img/photos/van-1200x630-65E0890F.jpg'), CACHE_CONTROL.hashed);
  assert.is(cacheControlFor('/img/hero.svg'), CACHE_CONTROL.image);
  assert.is(cacheControlFor('/img/photos/van.jpg'), CACHE_CONTROL.image, 'a name without a hash may change: a day only');
  const photoRule = HASHED_PHOTO.source;
  assert.ok(generateHtaccess().includes(`<If "%{REQUEST_URI} =~ m#${photoRule}#">\n    Header set Cache-Control "${CACHE_CONTROL.hashed}"`), 'Apache: a year for hashed photos');
  assert.match(generateHtaccess(), /AddType image\/avif \.avif\n\s+AddType image\/webp \.webp/);
  assert.match(generateHeadersFile(), /\/img\/photos\/\*\n\s+Cache-Control: public, max-age=31536000, immutable/);
  assert.ok(generateNginx(loadContent(PROJECT_CONTENT)).includes(`"~${photoRule}" "${CACHE_CONTROL.hashed}";`), 'nginx: a year for hashed photos');
});
hosting.run();
