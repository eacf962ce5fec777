/**
 * Photos from the editor: an upload (the request's raw body, its name in `X-File-Name`) written
 * atomically into content/photos/ through the write allow-list, the list of the photos there, and a
 * small thumbnail of one. The build's photo pipeline (lib/photos/) turns an uploaded photo into
 * the site's pictures (orientation applied, EXIF and GPS stripped, AVIF and WebP); the file in
 * content/photos/ is kept as uploaded, as an owner's own copy would be.
 */
import { existsSync, lstatSync, readdirSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import sharp from 'sharp';
import type { ApiReply } from './api-types.ts';
import { photoNameProblem, RefusedPath, writableFile, writeProjectFile } from './project-files.ts';

/**
 * Largest upload, bytes: 25 MB. A phone's full-size JPEG is 3 to 12 MB and a HEIC smaller; a
 * larger file is most likely not a photo of the business, and the body is held in memory until
 * it is written.
 */
const MAX_PHOTO_BYTES = 25 * 1024 * 1024;

/** Width of a thumbnail, pixels. */
const THUMBNAIL_WIDTH = 320;

/** The request's body, or undefined when it is larger than `limit` bytes (the reading stops there). */
export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * `POST /api/photo`: 400 for a bad name or an empty body, 413 above MAX_PHOTO_BYTES, 409 when a
 * photo of that name exists (an upload never replaces a photo a page may show), 403 for a path
 * off the allow-list; else 200 `{ name }`.
 */
export async function uploadPhoto(root: string, req: IncomingMessage): Promise<ApiReply> {
  const raw = req.headers['x-file-name'];
  let name: string;
  try {
    name = decodeURIComponent(typeof raw === 'string' ? raw : '');
  } catch {
    return { status: 400, body: { error: 'X-File-Name is not a file name (bad %-escape).' } };
  }
  const problem = name ? photoNameProblem(name) : 'is missing: send the file name in X-File-Name';
  if (problem) return { status: 400, body: { error: `The photo's name "${name}" ${problem}.` } };
  const file = `content/photos/${name}`;
  try {
    if (existsSync(writableFile(root, file))) return { status: 409, body: { error: `content/photos/${name} already exists: rename the photo before uploading it.` } };
  } catch (error) {
    if (error instanceof RefusedPath) return { status: 403, body: { error: error.message } };
    throw error;
  }
  const body = await readBody(req, MAX_PHOTO_BYTES);
  if (!body) return { status: 413, body: { error: `The photo is larger than ${MAX_PHOTO_BYTES / 1024 / 1024} MB: send a smaller copy.` } };
  if (!body.length) return { status: 400, body: { error: 'The photo is empty.' } };
  await writeProjectFile(root, file, body);
  return { status: 200, body: { name } };
}

/** `GET /api/photos`: the photos of content/photos/ by name, each with its thumbnail's URL. */
export function listPhotos(photosDir: string): ApiReply {
  const names = existsSync(photosDir) ? readdirSync(photosDir).filter((n) => photoNameProblem(n) === undefined).sort() : [];
  return { status: 200, body: { photos: names.map((name) => ({ name, thumbnail: `/api/photo-thumbnail?name=${encodeURIComponent(name)}` })) } };
}

/**
 * `GET /api/photo-thumbnail?name=`: a JPEG THUMBNAIL_WIDTH pixels wide (never wider than the
 * photo), turned upright, with no metadata (sharp keeps none unless asked: EXIF and GPS gone).
 * @returns undefined for a name that is no photo of the folder
 */
export async function thumbnail(photosDir: string, name: string): Promise<Buffer | undefined> {
  if (photoNameProblem(name) !== undefined) return undefined;
  const file = path.join(photosDir, name);
  if (!lstatSync(file, { throwIfNoEntry: false })?.isFile()) return undefined; // none, or a link: never followed
  return sharp(file).rotate().resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true }).jpeg({ quality: 75 }).toBuffer();
}
