/**
 * The editor's write allow-list: every file the editor writes, moves or removes goes through
 * writableFile(), so it never writes code, .git/, node_modules/, dist/ nor anything outside the
 * project. Allowed, relative to the project and written with "/":
 * - the content data files of the known kinds: content/settings.yaml, content/home.yaml,
 *   content/area-copy.yaml, content/chatbot.yaml, content/<areas|services|core-services>/<slug>.yaml;
 * - content/photos/<name> (one plain name, photoNameProblem's rules);
 * - the same data files under content/.deleted/ (deleted records, kept until the next publish);
 * - `.env` and `.deploy-known-hosts` at the project's root (the deploy settings and a confirmed
 *   SFTP host key).
 * The path must be written in its one normal form (no "..", ".", empty segment, backslash or
 * absolute path: "content/../.env" is refused, though it names an allowed file), and no part of it,
 * from the project down, may be a symbolic link (checked with lstat, the project's own path
 * resolved with realpath): a link inside content/ could point anywhere.
 */
import { createHash } from 'node:crypto';
import { lstatSync, realpathSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../atomic-write.ts';
import { AREA_COPY_FILE, CHATBOT_FILE, COLLECTION_FOLDERS, HOME_FILE, SETTINGS_FILE } from '../content/content-paths.ts';
import { Slug } from '../content/schema.ts';

/** A path the allow-list refuses: the message is one line for the 403 answer. */
export class RefusedPath extends Error {
  override name = 'RefusedPath';
}

/** Where deleted records wait, relative to the project. */
export const DELETED_FOLDER = 'content/.deleted';

/** Files at the project's root the deploy settings may write. */
const ROOT_FILES = ['.env', '.deploy-known-hosts'];

/** True for one of the content data files of a known kind, e.g. "content/areas/grants.yaml". */
export function isDataFile(file: string): boolean {
  if ([SETTINGS_FILE, HOME_FILE, AREA_COPY_FILE, CHATBOT_FILE].includes(file)) return true;
  const match = /^content\/([^/]+)\/([^/]+)\.yaml$/.exec(file);
  return match !== null && (Object.values(COLLECTION_FOLDERS) as string[]).includes(match[1]) && Slug.safeParse(match[2]).success;
}

/**
 * Why `name` cannot be a photo's file name, or undefined when it can: the rules of static/ names
 * (lib/static-folder.ts: no control character, no U+FFFD, not starting with a dot) plus one plain
 * name (no "/" or "\") of at most 200 characters ending in a picture type the photo pipeline reads.
 */
export function photoNameProblem(name: string): string | undefined {
  if (/[\u0000-\u001f\u007f-\u009f\ufffd]/.test(name)) return 'has a control character (a newline, a tab, ...): use visible characters only';
  if (name.startsWith('.')) return 'starts with a dot: such files are never published';
  if (/[/\\]/.test(name) || name.length > 200) return 'must be one file name of at most 200 characters, without "/" or "\\"';
  if (!PHOTO_NAME.test(name)) return 'must end in .jpg, .jpeg, .png, .webp, .avif, .gif, .tif, .tiff, .heic or .heif (the types the photo pipeline reads)';
  return undefined;
}

/** The picture types lib/photos/photos.ts finds in content/photos/. */
const PHOTO_NAME = /\.(jpg|jpeg|png|webp|tif|tiff|avif|heic|heif|gif)$/i;

/** True when `file` (normal form) is on the allow-list by its name alone. */
function allowedName(file: string): boolean {
  if (ROOT_FILES.includes(file)) return true;
  if (isDataFile(file)) return true;
  if (file.startsWith(`${DELETED_FOLDER}/`)) return isDataFile(`content/${file.slice(DELETED_FOLDER.length + 1)}`);
  const photo = /^content\/photos\/([^/]+)$/.exec(file);
  return photo !== null && photoNameProblem(photo[1]) === undefined;
}

/**
 * The absolute path of a project file the editor may write.
 * @param root the project folder
 * @param file the file relative to the project, with "/", e.g. "content/areas/grants.yaml"
 * @throws RefusedPath when the path is not in its normal form, not on the allow-list, or passes
 *   through a symbolic link (the file itself included)
 */
export function writableFile(root: string, file: unknown): string {
  if (typeof file !== 'string' || file === '') throw new RefusedPath('The editor writes only content files: no file was named.');
  const normal = path.posix.normalize(file);
  if (normal !== file || file.includes('\\') || path.isAbsolute(file) || file.split('/').some((s) => s === '..' || s === '.' || s === '')) {
    throw new RefusedPath(`The editor refuses to write "${file}": name a file inside the project, without "..", "./" or a leading "/".`);
  }
  if (!allowedName(file)) throw new RefusedPath(`The editor refuses to write "${file}": it writes only the content data files, content/photos/ and the deploy settings.`);
  const base = realpathSync(root);
  let at = base;
  for (const part of file.split('/')) {
    at = path.join(at, part);
    const stat = lstatSync(at, { throwIfNoEntry: false });
    if (stat?.isSymbolicLink()) throw new RefusedPath(`The editor refuses to write "${file}": ${path.relative(base, at)} is a symbolic link.`);
    if (!stat) break;
  }
  return path.join(base, file);
}

/** sha256 of some bytes, hex. */
export function sha256(bytes: Uint8Array | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * Writes a file of the allow-list atomically (writeFileAtomic of lib/atomic-write.ts: a temporary
 * file in the same folder, then renamed over it), so a reader (a build, the deploy) never sees half
 * a file.
 * @param options.mode the new file's permissions (e.g. 0o600 for `.env`, which holds a password);
 *   default the process's usual (0o666 less the umask)
 * @throws RefusedPath (nothing written); the write's own error (the temporary file removed)
 */
export async function writeProjectFile(root: string, file: string, contents: string | Uint8Array, options: { mode?: number } = {}): Promise<void> {
  const target = writableFile(root, file);
  await mkdir(path.dirname(target), { recursive: true });
  writableFile(root, file); // a folder made just now is checked too
  await writeFileAtomic(target, contents, options);
}

/**
 * Moves one file of the allow-list to another place of it (a record to content/.deleted/ and back).
 * @throws RefusedPath for either path (nothing moved)
 */
export async function moveProjectFile(root: string, from: string, to: string): Promise<void> {
  const source = writableFile(root, from);
  const target = writableFile(root, to);
  await mkdir(path.dirname(target), { recursive: true });
  writableFile(root, to);
  await rename(source, target);
}

/** Removes content/.deleted/ and everything in it (after a successful publish). */
export async function emptyDeleted(root: string): Promise<void> {
  const folder = path.join(realpathSync(root), DELETED_FOLDER);
  if (lstatSync(path.join(realpathSync(root), 'content'), { throwIfNoEntry: false })?.isSymbolicLink()) return;
  if (lstatSync(folder, { throwIfNoEntry: false })?.isSymbolicLink()) throw new RefusedPath(`${DELETED_FOLDER} is a symbolic link: remove it by hand.`);
  await rm(folder, { recursive: true, force: true });
}
