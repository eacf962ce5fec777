/**
 * The site's photos: every `photo` field of the content and the settings' `shareImage`, each file
 * checked in the operator's words, made by lib/photos/images.ts and named by content hash under
 * /img/photos/; pages look them up by `src` in the library.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import { ContentError, type ContentProblem } from '../content/schema.ts';
import { PHOTOS_FOLDER, type Photo } from '../content/photo-schema.ts';
import type { EncodedImage, ImageError, ImageFormat, SourceImage } from './images.ts';
import { SHARE_IMAGE_SIZE } from '../route.ts';
import type { SiteData } from '../content/load-content.ts';
import type { SiteFile } from '../write.ts';
import { HOME_FILE, recordFile, SETTINGS_FILE } from '../content/content-paths.ts';
import { closestKey } from '../content/schema-messages.ts';

/** Site folder of the processed photos: content-hashed names only, so hosts may cache it for a year. */
const PHOTOS_URL = '/img/photos/';

/**
 * The smallest photo the site accepts, px after the orientation is applied. Every photo is some
 * page's hero, shown up to 533 px wide on a laptop (sharp on a 2x screen: 1066 px) and 895 px
 * wide on a tablet, and its social card is 1200x630: a 3:2 crop 1200 px wide covers them all.
 */
const MIN_PHOTO = { width: 1200, height: 800 } as const;

/**
 * Where a photo field was found, as content errors name it: file, record label ('community
 * "grants"'), slug (none for the home page) and field (default "photo.src"). `socialOnly`: the
 * photo is only the share image, so only its social card is made and needs that card's size.
 */
export interface PhotoUse {
  file: string;
  label: string;
  slug?: string;
  field?: string;
  socialOnly?: boolean;
  photo: Photo;
}

/** One file of a processed photo, as the pages link it: site path ("/img/photos/van-800-1A2B3C4D.avif"), size in px, bytes. */
export interface PhotoFile {
  path: string;
  width: number;
  height: number;
  bytes: number;
}

/**
 * A processed photo: its files by format (widths ascending) and its social card. A photo used only
 * as the share image (PhotoUse.socialOnly) has its social card alone: no file of any format, and
 * the card's size as its own.
 */
export interface ProcessedPhoto {
  /** The `src` of the photo field. */
  src: string;
  /** Size of the largest file, px (the `width` and `height` attributes: only the ratio matters). */
  width: number;
  height: number;
  files: Readonly<Record<ImageFormat, PhotoFile[]>>;
  social: PhotoFile;
}

/** Processed photos by `src`. */
export type PhotoLibrary = ReadonlyMap<string, ProcessedPhoto>;

/** What `processPhotos` returns: the library, the files to write under /img/photos/, and how many were encoded or taken from the cache. */
export interface PhotoBuild {
  library: PhotoLibrary;
  files: SiteFile[];
  encoded: number;
  reused: number;
}

/**
 * Every photo field of the content, in page order: home, communities, core services, services;
 * then the settings' `shareImage` when it names a photo.
 */
export function photoUses(site: Pick<SiteData, 'settings' | 'home' | 'communities' | 'core' | 'services'>): PhotoUse[] {
  const uses: PhotoUse[] = [];
  if (site.home.photo) uses.push({ file: HOME_FILE, label: 'home', photo: site.home.photo });
  for (const c of site.communities) if (c.photo) uses.push({ file: recordFile('community', c.slug), label: `community "${c.slug}"`, slug: c.slug, photo: c.photo });
  for (const c of site.core) if (c.photo) uses.push({ file: recordFile('core service', c.slug), label: `core service "${c.slug}"`, slug: c.slug, photo: c.photo });
  for (const s of site.services) if (s.photo) uses.push({ file: recordFile('service', s.slug), label: `service "${s.slug}"`, slug: s.slug, photo: s.photo });
  const share = site.settings.shareImage;
  if (share) uses.push({ file: SETTINGS_FILE, label: 'settings', field: 'shareImage', socialOnly: true, photo: { src: share, alt: '', decorative: true } });
  return uses;
}

/**
 * The file in the photos folder an operator most likely meant by a name that is not there: the
 * same name in other letter case, the same name with another extension ("van.jpeg" for
 * "van.jpg"), else the nearest name within a few typing mistakes (Levenshtein distance at most a
 * third of the name).
 * @returns a path relative to the folder, or undefined when nothing is near
 */
export function nearestName(wanted: string, available: readonly string[]): string | undefined {
  const stem = (f: string) => f.toLowerCase().replace(/\.[^./]+$/, '');
  return available.find((f) => f.toLowerCase() === wanted.toLowerCase()) ?? available.find((f) => stem(f) === stem(wanted)) ?? closestKey(wanted, available, 1);
}

/** "van", "areas-grants": a URL-safe stem for the files of a `src`. */
function stemOf(src: string): string {
  return src.replace(/\.[^./]+$/, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'photo';
}

/** One output file named by its content: "/img/photos/{stem}-{label}-{HASH8}.{extension}". */
function siteFileOf(stem: string, label: string, image: EncodedImage, extension: string): { file: SiteFile; info: PhotoFile } {
  const hash = createHash('sha256').update(image.bytes).digest('hex').slice(0, 8).toUpperCase();
  const sitePath = `${PHOTOS_URL}${stem}-${label}-${hash}.${extension}`;
  return { file: { path: sitePath, contents: image.bytes }, info: { path: sitePath, width: image.width, height: image.height, bytes: image.bytes.length } };
}

/** The operator's words for a file that is not a usable photo. */
function imageProblem(error: ImageError): string {
  switch (error.problem) {
    case 'heic':
      return "is an HEIC photo (the iPhone's default), which the build cannot read: export it as JPEG (on an iPhone, Settings > Camera > Formats > Most Compatible makes new photos JPEG)";
    case 'not-a-photo':
      return `is a ${error.format?.toUpperCase()} file, not a photo: use a JPEG, PNG, WebP or TIFF photograph`;
    case 'corrupt':
      return `is damaged and cannot be read to the end (${error.message.trim()}): copy it again from the phone or camera`;
    default:
      return `is not an image the build can read (JPEG, PNG, WebP or TIFF); the file may be damaged or of another kind (${error.message.trim()})`;
  }
}

/**
 * Checks every photo field's file and makes its files (or takes them from the cache).
 * @param uses from `photoUses`
 * @param options the folder `src` is relative to, the on-disk cache of encoded files, and what to
 *   call when a photo's files start being encoded (not when all come from the cache)
 * @throws ContentError with one line per problem, each naming the content file, the record and
 *   the field, e.g. `content/areas/*.yaml: community "grants": field "photo.src" "van.jpeg" is
 *   not in content/photos/; did you mean "van.jpg"?`. Nothing is written before this returns.
 */
export async function processPhotos(uses: PhotoUse[], options: { photosDir: string; cacheDir: string; onEncode?: (src: string, index: number, count: number) => void }): Promise<PhotoBuild> {
  const library = new Map<string, ProcessedPhoto>();
  const files: SiteFile[] = [];
  if (uses.length === 0) return { library, files, encoded: 0, reused: 0 };
  // Loaded only now: sharp's native library costs ~50 ms to load, which a site without photos never pays.
  const { encodePhoto, EXTENSION, ImageError, readSource } = await import('./images.ts');

  // Pictures only: the folder's README is no near name for a photo.
  const available = await fg('**/*.{jpg,jpeg,png,webp,tif,tiff,avif,heic,heif,gif}', { cwd: options.photosDir, onlyFiles: true, dot: false, caseSensitiveMatch: false }).catch(() => [] as string[]);
  const problems: ContentProblem[] = [];
  const sources = new Map<string, SourceImage>();
  const say = (use: PhotoUse, expected: string, hint?: string) => problems.push({
    file: use.file, record: use.label, ...(use.slug ? { slug: use.slug } : {}), field: use.field ?? 'photo.src', value: use.photo.src, expected, ...(hint ? { hint } : {}),
  });
  const socialOnly = (src: string) => uses.every((u) => u.photo.src !== src || u.socialOnly);
  for (const use of uses) {
    const { src } = use.photo;
    if (sources.has(src)) continue;
    const quoted = `"${src}"`;
    let bytes: Buffer;
    try {
      bytes = await readFile(path.join(options.photosDir, src));
    } catch {
      const near = nearestName(src, available);
      if (near) say(use, `${quoted} is not in ${PHOTOS_FOLDER}/`, `did you mean "${near}"?`);
      else say(use, `${quoted} is not in ${PHOTOS_FOLDER}/: copy the photo there, or correct the name`);
      continue;
    }
    if (bytes.length === 0) {
      say(use, `${quoted} is an empty file (0 bytes): copy the photo again from the phone or camera`);
      continue;
    }
    let source: SourceImage;
    try {
      source = await readSource(bytes);
    } catch (error) {
      if (!(error instanceof ImageError)) throw error;
      say(use, `${quoted} ${imageProblem(error)}`);
      continue;
    }
    const least = socialOnly(src) ? SHARE_IMAGE_SIZE : MIN_PHOTO;
    if (source.width < least.width || source.height < least.height) {
      const needs = socialOnly(src) ? 'the share image needs' : "the page's hero and its social card need";
      say(use, `${quoted} is ${source.width}x${source.height} px, smaller than its largest slot needs: ${needs} at least ${least.width}x${least.height} px; use the original photo from the phone or camera, not a resized copy`);
      continue;
    }
    sources.set(src, source);
  }
  if (problems.length) throw new ContentError(problems);

  let encoded = 0;
  let reused = 0;
  let index = 0;
  for (const [src, source] of sources) {
    const i = index++;
    let made;
    try {
      made = await encodePhoto(source, options.cacheDir, () => options.onEncode?.(src, i, sources.size), { socialOnly: socialOnly(src) });
    } catch (error) {
      if (!(error instanceof ImageError)) throw error;
      const use = uses.find((u) => u.photo.src === src)!;
      say(use, `"${src}" ${imageProblem(error)}`);
      continue;
    }
    encoded += made.encoded;
    reused += made.reused;
    const stem = stemOf(src);
    const byFormat: Record<ImageFormat, PhotoFile[]> = { avif: [], webp: [], jpeg: [] };
    for (const image of made.images) {
      const { file, info } = siteFileOf(stem, String(image.width), image, EXTENSION[image.format]);
      files.push(file);
      byFormat[image.format].push(info);
    }
    const social = siteFileOf(stem, `${SHARE_IMAGE_SIZE.width}x${SHARE_IMAGE_SIZE.height}`, made.social, EXTENSION.jpeg);
    files.push(social.file);
    const largest = byFormat.jpeg[byFormat.jpeg.length - 1] ?? social.info;
    library.set(src, { src, width: largest.width, height: largest.height, files: byFormat, social: social.info });
  }
  if (problems.length) throw new ContentError(problems);
  return { library, files, encoded, reused };
}
