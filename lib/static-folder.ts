/**
 * The static folder (static/): files published as they are, beside the generated ones. Refused:
 * a symbolic link (copied, it would publish its target, e.g. ../.env; kept, the hosts would follow
 * it), a dot-file or dot-folder except .well-known/ (https://www.rfc-editor.org/rfc/rfc8615), any
 * other file that is not plain, and a name with a control character, which FTP servers refuse (a
 * command line ends at a newline, RFC 959), or that is not UTF-8.
 */
import { lstat, readdir } from 'node:fs/promises';
import path from 'node:path';

/** What is wrong with the static folder: one line per file, each naming it and what to do. */
export class StaticFolderError extends Error {
  override name = 'StaticFolderError';
}

/** Characters no published name may hold: C0 and C1 controls, DEL, and U+FFFD (a name that is not UTF-8). */
const UNSTORABLE = /[\u0000-\u001f\u007f-\u009f\ufffd]/;

/** A folder name starting with a dot that is published all the same. */
const PUBLISHED_DOT_FOLDER = '.well-known';

/**
 * Every file of the static folder, as site paths ("/img/logo.svg"), sorted.
 * @param staticDir the folder; [] when it does not exist
 * @throws StaticFolderError listing every symbolic link, dot-file, special file and name with a
 *   control character in it, one line each, named by its path from the project ("static/notes.txt";
 *   a name with a control character in JSON quotes, "static/a\nb.txt")
 */
export async function listStaticFiles(staticDir: string): Promise<string[]> {
  const { files, problems } = await readStaticFolder(staticDir);
  if (problems.length) throw new StaticFolderError(problems.join('\n'));
  return files;
}

/**
 * The static folder read whole: its publishable files (as listStaticFiles) and the lines of
 * listStaticFiles' error, [] when there is nothing to refuse.
 * @throws StaticFolderError when the folder itself is a symbolic link
 */
export async function readStaticFolder(staticDir: string): Promise<{ files: string[]; problems: string[] }> {
  if ((await lstat(staticDir).catch(() => undefined))?.isSymbolicLink()) {
    throw new StaticFolderError(`${path.basename(staticDir)}/ is a symbolic link; only a real folder is published: replace the link with a folder holding copies of the files.`);
  }
  const entries = await readdir(staticDir, { recursive: true, withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const shown = path.basename(staticDir);
  const files: string[] = [];
  const problems: string[] = [];
  for (const entry of entries) {
    const rel = path.relative(staticDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    const name = `${shown}/${rel}`;
    const parts = rel.split('/');
    const dot = parts.findIndex((part) => part.startsWith('.') && part !== PUBLISHED_DOT_FOLDER);
    if (dot >= 0 && dot < parts.length - 1) continue; // inside a dot-folder, which is named once
    if (UNSTORABLE.test(entry.name)) {
      problems.push(`${JSON.stringify(name)} has a control character (a newline, a tab, ...) or a byte that is not UTF-8 in its name, which the servers the site is published to refuse: rename it with visible characters only.`);
    } else if (dot >= 0) {
      problems.push(`${name} starts with a dot: dot-files are never published (they may hold secrets): move it out of ${shown}/ (only ${shown}/${PUBLISHED_DOT_FOLDER}/ may start with a dot).`);
    } else if (entry.isSymbolicLink()) {
      problems.push(`${name} is a symbolic link; only real files are published: put a copy of the file there instead, or remove the link.`);
    } else if (entry.isFile()) {
      files.push(`/${rel}`);
    } else if (!entry.isDirectory()) {
      problems.push(`${name} is not a plain file (a pipe, socket or device): remove it from ${shown}/.`);
    }
  }
  return { files: files.sort(), problems };
}

/**
 * The files of the static folder that the build writes itself, one line each naming the file and
 * why: a file of the same name would be replaced without a word (a page, "robots.txt", "sw.js", a
 * hosting file), or kept beside the hosts' rules (the deploy's record); a file where the build
 * needs a folder ("static/services" beside the page "/services/index.html"), or a folder where it
 * writes a file ("static/robots.txt/"), would stop the build or the deploy part-way.
 * @param files    the folder's files as listStaticFiles gives them ("/img/logo.svg")
 * @param built    site paths the build writes, each with what it is ("a page of the site")
 * @param staticDir the folder, for the lines ("static/robots.txt")
 * @returns the lines, [] when none clashes
 */
export function claimedByBuild(files: readonly string[], built: ReadonlyMap<string, string>, staticDir: string): string[] {
  const shown = path.basename(staticDir);
  const folders = new Map<string, string>();
  for (const [file, what] of built) {
    for (let dir = path.posix.dirname(file); dir !== '/'; dir = path.posix.dirname(dir)) if (!folders.has(dir)) folders.set(dir, `${file}, ${what}`);
  }
  const problems: string[] = [];
  for (const file of files) {
    const name = `${shown}${file}`;
    const what = built.get(file);
    const above = [...built.keys()].find((b) => file.startsWith(`${b}/`));
    if (what) problems.push(`${name}: the build writes ${file} itself (${what}), so this file would never be published: remove it from ${shown}/ or rename it.`);
    else if (folders.has(file)) problems.push(`${name}: the build needs a folder of this name for ${folders.get(file)}: remove the file from ${shown}/ or rename it.`);
    else if (above) problems.push(`${name}: the build writes the file ${above} (${built.get(above)}), so it can be no folder: move this file out of ${shown}${above}/.`);
  }
  return problems;
}
