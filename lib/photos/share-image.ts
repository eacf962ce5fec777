/**
 * The site's share image (Open Graph og:image, https://ogp.me/#metadata) and the business's images
 * in its JSON-LD: the settings' `shareImage` photo, else an image drawn from the settings in the
 * font this folder ships, so the bytes are the same on every machine.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Settings, SiteData } from '../content/load-content.ts';
import { DRAWN_SHARE_IMAGE, SHARE_IMAGE_SIZE } from '../route.ts';
import type { SiteFile } from '../write.ts';
import { cached } from './disk-cache.ts';
import { photoUses, type PhotoFile, type PhotoLibrary } from './photos.ts';

/** The font every letter of the drawn image is made of: DejaVu Sans Bold, from Debian's fonts-dejavu-core (its licence: fonts/LICENSE). */
const SHARE_FONT = { family: 'DejaVu Sans', file: path.join(import.meta.dirname, 'fonts', 'DejaVuSans-Bold.ttf') };

/** The site's colours the image is drawn in (templates/styles/00-base.css: --navy, --red, --sand). */
const NAVY = '#0b2545';
const RED = '#c1121f';
const SAND = '#f5efe6';

/** What the drawn image says: the business's name, its base ("Grants, NM") and its phone as people write it. */
export interface ShareText {
  name: string;
  town: string;
  phone: string;
}

/** An element as satori reads it: the shape of a React element (https://github.com/vercel/satori#documentation). */
interface ShareNode {
  type: 'div' | 'img';
  props: { style: Record<string, string | number>; children?: (ShareNode | string)[]; src?: string; width?: number; height?: number };
}

/** The SVG art the image is drawn with. */
interface ShareArt {
  hero: Buffer;
  logo: Buffer;
}

const div = (style: ShareNode['props']['style'], ...children: (ShareNode | string)[]): ShareNode => ({ type: 'div', props: { style, children } });
const svgImage = (svg: Buffer, width: number, height: number, style: ShareNode['props']['style']): ShareNode => ({
  type: 'img', props: { src: `data:image/svg+xml;base64,${svg.toString('base64')}`, width, height, style },
});

/** The text of the drawn image from the settings. */
export function shareText(settings: Pick<Settings, 'name' | 'location' | 'phone'>): ShareText {
  return { name: settings.name, town: `${settings.location.locality}, ${settings.location.region}`, phone: settings.phone.national };
}

/**
 * The layout of the drawn image: the hero art (1200x800, moved up so its road meets the band),
 * then a navy band 230 px tall under a red rule, with the logo and three lines: the name (up to
 * two lines, smaller when long, cut with an ellipsis past two), "Mobile locksmith · {town}", and
 * the phone.
 */
function shareLayout(text: ShareText, art: ShareArt): ShareNode {
  const nameSize = text.name.length > 28 ? 44 : 56;
  return div({ display: 'flex', ...SHARE_IMAGE_SIZE, background: NAVY, fontFamily: SHARE_FONT.family },
    svgImage(art.hero, 1200, 800, { position: 'absolute', left: 0, top: -316 }),
    div({ position: 'absolute', left: 0, right: 0, bottom: 0, height: 230, background: NAVY, borderTop: `6px solid ${RED}`, display: 'flex', alignItems: 'center', padding: '0 64px' },
      svgImage(art.logo, 120, 120, { marginRight: 40 }),
      div({ display: 'flex', flexDirection: 'column', flex: 1 },
        div({ color: '#ffffff', fontSize: nameSize, lineHeight: 1.1, lineClamp: 2 }, text.name),
        div({ color: SAND, fontSize: 30, marginTop: 12 }, `Mobile locksmith · ${text.town}`),
        div({ color: '#ffffff', fontSize: 40, marginTop: 10 }, text.phone))));
}

/** The art files in `artDir` (the site's static/img/). @throws Error when one cannot be read */
export async function readShareArt(artDir: string): Promise<ShareArt> {
  const [hero, logo] = await Promise.all([readFile(path.join(artDir, 'hero.svg')), readFile(path.join(artDir, 'logo.svg'))]);
  return { hero, logo };
}

/**
 * Draws the image, without any cache: satori turns every letter into an SVG path of the font, so
 * no system font takes part, and sharp makes the PNG. Both are loaded only here (satori takes
 * about half a second).
 * @param font the bold TTF of SHARE_FONT (satori does not read WOFF2); default read from its file
 * @returns PNG bytes, 1200x630
 * @throws Error from satori or sharp (an unreadable font or art file)
 */
export async function renderShareImage(text: ShareText, art: ShareArt, font?: Buffer): Promise<Buffer> {
  const [{ default: satori }, { default: sharp }] = await Promise.all([import('satori'), import('sharp')]);
  const fonts = [{ name: SHARE_FONT.family, data: font ?? await readFile(SHARE_FONT.file), weight: 700 as const, style: 'normal' as const }];
  const svg = await satori(shareLayout(text, art) as never, { ...SHARE_IMAGE_SIZE, fonts });
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * Versions of the drawing libraries, part of the cache key (another version may draw other bytes),
 * read without loading them from the package.json above each one's main file (`dist/index.cjs`).
 */
let drawer: string | undefined;
const drawerVersions = () => (drawer ??= ['satori', 'sharp'].map((name) => {
  const main = createRequire(import.meta.url).resolve(name);
  return `${name} ${(JSON.parse(readFileSync(path.join(path.dirname(main), '..', 'package.json'), 'utf8')) as { version: string }).version}`;
}).join(' '));

/**
 * The drawn share image of the settings, as the file the build writes at DRAWN_SHARE_IMAGE; none
 * when the settings name a photo instead.
 * @param artDir   folder of hero.svg and logo.svg (the site's static/img/)
 * @param cacheDir the photo cache: the PNG is kept under a hash of the layout, the font and the
 *   drawing libraries' versions
 * @returns the file, and whether it was drawn now (false: taken from the cache)
 * @throws Error when the art, the font or the cache folder cannot be read or written
 */
export async function drawnShareFile(settings: Settings, artDir: string, cacheDir: string): Promise<{ file: SiteFile; drawn: boolean } | undefined> {
  if (settings.shareImage) return undefined;
  const [art, font] = await Promise.all([readShareArt(artDir), readFile(SHARE_FONT.file)]);
  const text = shareText(settings);
  const layout = JSON.stringify(shareLayout(text, art));
  const key = createHash('sha256').update(`${drawerVersions()}\n${createHash('sha256').update(font).digest('hex')}\n${layout}`).digest('hex');
  const result = await cached(cacheDir, `share-${key}.png`, () => renderShareImage(text, art, font));
  return { file: { path: DRAWN_SHARE_IMAGE, contents: result.bytes }, drawn: result.made };
}

/**
 * The card of the photo the settings name as the share image (1200x630 JPEG), or undefined when
 * they name none (the drawn image at DRAWN_SHARE_IMAGE is the share image then).
 */
export function sharePhotoCard(settings: Pick<Settings, 'shareImage'>, photos: PhotoLibrary): PhotoFile | undefined {
  return settings.shareImage ? photos.get(settings.shareImage)?.social : undefined;
}

/**
 * Most images the business's JSON-LD names. It is on every page, so it stays small: Google's
 * LocalBusiness example gives three (https://developers.google.com/search/docs/appearance/structured-data/local-business).
 */
export const BUSINESS_IMAGE_LIMIT = 3;

/**
 * Site paths of the business's images for its JSON-LD `image`: the owner's photos when there are
 * any (the share photo first, then in page order, each once: the largest JPEG of each, or the
 * share photo's card when no page shows it), at most BUSINESS_IMAGE_LIMIT; else the drawn image.
 */
export function businessImages(site: Pick<SiteData, 'settings' | 'home' | 'communities' | 'core' | 'services'>, photos: PhotoLibrary): string[] {
  const srcs = new Set([site.settings.shareImage, ...photoUses(site).map((u) => u.photo.src)].filter((s): s is string => Boolean(s)));
  const paths = [...srcs].flatMap((src) => {
    const photo = photos.get(src);
    return photo ? [(photo.files.jpeg[photo.files.jpeg.length - 1] ?? photo.social).path] : [];
  });
  return paths.length ? paths.slice(0, BUSINESS_IMAGE_LIMIT) : [DRAWN_SHARE_IMAGE];
}
