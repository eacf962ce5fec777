/**
 * Turns one photo file into the files the pages serve, with sharp: AVIF, WebP and JPEG at several
 * widths, cropped to 3:2, and a 1200x630 JPEG social card; orientation applied, no metadata
 * (https://sharp.pixelplumbing.com/api-output#keepmetadata); cached on disk by the source's hash
 * and every option that shapes the output.
 */
import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { SHARE_IMAGE_SIZE } from '../route.ts';
import { cached } from './disk-cache.ts';

export type ImageFormat = 'avif' | 'webp' | 'jpeg';

/**
 * Formats in the order a `<picture>` lists them: the smallest first, the JPEG last as the `<img>`
 * every browser can show. AVIF: Chrome 85, Firefox 93, Safari 16; WebP: Chrome 32, Firefox 65,
 * Safari 14 (https://caniuse.com/avif, https://caniuse.com/webp).
 */
const FORMATS: readonly ImageFormat[] = ['avif', 'webp', 'jpeg'];

export const EXTENSION: Readonly<Record<ImageFormat, string>> = { avif: 'avif', webp: 'webp', jpeg: 'jpg' };

/**
 * Widths made of every photo, px, capped at the source's width. Each step at most doubles the
 * one before, so the browser's pick is never more than twice what a slot needs; 400 serves a
 * phone's full-width slot at 1x, 1600 a 533 px laptop hero slot at 3x and the 895 px tablet one
 * at 1.8x. Nothing wider is made: no slot on the site needs it.
 */
const WIDTHS: readonly number[] = [400, 800, 1200, 1600];

/** Width:height of every photo slot of the site (the `.hero-img` and `.card-img` boxes). */
export const ASPECT = { width: 3, height: 2 } as const;

/**
 * Encoder quality (0-100) of each format, chosen by measurement (scripts/photo-quality.ts over a
 * set of photographs at up to 800 px): JPEG is the lowest mozjpeg quality whose mean SSIM against
 * the uncompressed pixels reaches 0.98; WebP and AVIF are the lowest qualities that reach the
 * JPEG's SSIM to within 0.001 (less than the spread between photographs), so the three look
 * alike and differ only in size: WebP about 87 % of the JPEG's bytes, AVIF about 67 %.
 */
const QUALITY: Readonly<Record<ImageFormat, number>> = { avif: 55, webp: 75, jpeg: 75 };

/** Encoder effort: sharp's defaults for AVIF (4 of 0-9) and WebP (4 of 0-6); JPEG with mozjpeg. */
export const ENCODE_OPTIONS = {
  avif: (quality: number) => ({ quality, effort: 4 }),
  webp: (quality: number) => ({ quality, effort: 4 }),
  jpeg: (quality: number) => ({ quality, mozjpeg: true }),
} as const;

/** Versions that change encoder output: part of every cache key. */
const ENCODER = `sharp ${sharp.versions.sharp} vips ${sharp.versions.vips}`;

/** Formats a photo may be given in (what sharp's prebuilt binaries decode, less GIF and SVG). */
const PHOTO_FORMATS = new Set(['jpeg', 'png', 'webp', 'tiff', 'heif']);

/** A file that is not a usable photo. `problem` says why; the message is libvips' own. */
export class ImageError extends Error {
  override name = 'ImageError';
  constructor(readonly problem: 'unreadable' | 'not-a-photo' | 'heic' | 'corrupt', message: string, readonly format?: string) {
    super(message);
  }
}

/** A photo file read and measured, before any encode. */
export interface SourceImage {
  bytes: Buffer;
  /** SHA-256 of the bytes, hex. */
  hash: string;
  /** Size after the EXIF orientation is applied, px. */
  width: number;
  height: number;
}

/** One output file of a photo; size in px. */
export interface EncodedImage {
  format: ImageFormat;
  width: number;
  height: number;
  bytes: Buffer;
}

/** What `encodePhoto` made: every width of every format (ascending), the social card, how many files were encoded and reused. */
interface EncodedPhoto {
  images: EncodedImage[];
  social: EncodedImage;
  encoded: number;
  reused: number;
}

/**
 * Reads a photo's header: format and size. Does not decode the pixels (a corrupt body shows only
 * when `encodePhoto` runs).
 * @throws ImageError "unreadable" for bytes no decoder recognises; "heic" for an HEIC/HEVC photo
 *   (iPhones' default; sharp's prebuilt libvips has no HEVC decoder); "not-a-photo" for GIF, SVG
 *   and other formats that are not photographs
 */
export async function readSource(bytes: Buffer): Promise<SourceImage> {
  let meta: Metadata;
  try {
    meta = await sharp(bytes).metadata();
  } catch (error) {
    throw new ImageError('unreadable', (error as Error).message);
  }
  if (meta.format === 'heif' && meta.compression === 'hevc') throw new ImageError('heic', 'HEIC (HEVC-compressed) images cannot be decoded', 'heic');
  if (!PHOTO_FORMATS.has(meta.format)) throw new ImageError('not-a-photo', `${meta.format} is not a photo format`, meta.format);
  return {
    bytes,
    hash: createHash('sha256').update(bytes).digest('hex'),
    width: meta.autoOrient.width,
    height: meta.autoOrient.height,
  };
}

/** Height of a width in the 3:2 box, px. */
const heightFor = (width: number) => Math.round((width * ASPECT.height) / ASPECT.width);

/** The largest 3:2 box inside a width x height picture, px: the crop `encodePhoto` makes before resizing. */
export function cropBox(width: number, height: number): { width: number; height: number } {
  const w = Math.min(width, Math.floor((height * ASPECT.width) / ASPECT.height));
  return { width: w, height: heightFor(w) };
}

/**
 * The widths made of a source: every WIDTHS step narrower than its 3:2 crop, then the crop's
 * own width when it is narrower than the last step (e.g. 400, 800, 1200, 1400 for a 1400 px
 * crop), so the largest file shows all the detail the source has.
 */
export function widthsFor(source: Pick<SourceImage, 'width' | 'height'>): number[] {
  const largest = Math.min(cropBox(source.width, source.height).width, WIDTHS[WIDTHS.length - 1]);
  return [...WIDTHS.filter((w) => w < largest), largest];
}

/** One encode: applies the orientation, crops `width` x `height` around the centre, strips metadata. */
function encode(source: SourceImage, format: ImageFormat, width: number, height: number): Promise<Buffer> {
  const pipeline = sharp(source.bytes)
    .autoOrient()
    .resize({ width, height, fit: 'cover', position: 'centre' })
    .flatten({ background: '#ffffff' });
  return pipeline[format](ENCODE_OPTIONS[format](QUALITY[format]) as never).toBuffer();
}

/**
 * Makes (or takes from the cache) every file of a photo: each width of `widthsFor` in each
 * format, and the social card.
 * @param source   from `readSource`
 * @param cacheDir folder of the on-disk cache
 * @param onEncode called once, before the first file that is not in the cache is encoded
 * @param socialOnly true: the social card alone (`images` is empty), for a photo that is only the share image
 * @throws ImageError "corrupt" when the pixels cannot be decoded (a truncated or damaged file)
 */
export async function encodePhoto(source: SourceImage, cacheDir: string, onEncode?: () => void, { socialOnly = false } = {}): Promise<EncodedPhoto> {
  let encoded = 0;
  const one = async (format: ImageFormat, width: number, height: number): Promise<EncodedImage> => {
    const options = JSON.stringify({ ENCODER, format, width, height, crop: 'centre', options: ENCODE_OPTIONS[format](QUALITY[format]) });
    const key = `${createHash('sha256').update(`${source.hash}\n${options}`).digest('hex')}.${EXTENSION[format]}`;
    try {
      const result = await cached(cacheDir, key, () => {
        if (encoded === 0) onEncode?.();
        return encode(source, format, width, height);
      });
      if (result.made) encoded++;
      return { format, width, height, bytes: result.bytes };
    } catch (error) {
      if (error instanceof Error && 'code' in error) throw error; // the cache folder, not the photo
      throw new ImageError('corrupt', (error as Error).message);
    }
  };
  const plan = socialOnly ? [] : FORMATS.flatMap((format) => widthsFor(source).map((width) => [format, width] as const));
  // One at a time: libvips already spreads each encode over every core.
  const images: EncodedImage[] = [];
  for (const [format, width] of plan) images.push(await one(format, width, heightFor(width)));
  const social = await one('jpeg', SHARE_IMAGE_SIZE.width, SHARE_IMAGE_SIZE.height);
  return { images, social, encoded, reused: images.length + 1 - encoded };
}
