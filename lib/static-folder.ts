/**
 * The static folder (static/): files published as they are, beside the generated ones. Only the
 * site is published, so the folder may hold only real files and folders whose names do not start
 * with a dot:
 * - a symbolic link is refused, whatever it points to: copied, it would publish its target (a
 *   link to ../.env published the deploy password), and a link kept as a link would be followed
 *   by the deploy and the hosts;
 * - a dot-file or dot-folder is refused (.env.local, .DS_Store, an editor's backup), except
 *   .well-known/ (https://www.rfc-editor.org/rfc/rfc8615: security.txt, app links, certificate
 *   checks), which is published.
 * Anything else that is not a plain file (a pipe, a socket) is refused too.
 */
import { lstat, readdir } from 'node:fs/promises';
import path from 'node:path';

/** What is wrong with the static folder: one line per file, each naming it and what to do. */
export class StaticFolderError extends Error {
  override name = 'StaticFolderError';
}

/** A folder name starting with a dot that is published all the same. */
const PUBLISHED_DOT_FOLDER = '.well-known';

/**
 * Every file of the static folder, as site paths ("/img/logo.svg"), sorted.
 * @param staticDir the folder; [] when it does not exist
 * @throws StaticFolderError listing every symbolic link, dot-file and special file in it, one line
 *   each, named by its path from the project ("static/notes.txt")
 */
export async function listStaticFiles(staticDir: string): Promise<string[]> {
  // The folder itself as a link would publish whatever it points at.
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
    if (dot >= 0) {
      problems.push(`${name} starts with a dot: dot-files are never published (they may hold secrets): move it out of ${shown}/ (only ${shown}/${PUBLISHED_DOT_FOLDER}/ may start with a dot).`);
    } else if (entry.isSymbolicLink()) {
      problems.push(`${name} is a symbolic link; only real files are published: put a copy of the file there instead, or remove the link.`);
    } else if (entry.isFile()) {
      files.push(`/${rel}`);
    } else if (!entry.isDirectory()) {
      problems.push(`${name} is not a plain file (a pipe, socket or device): remove it from ${shown}/.`);
    }
  }
  if (problems.length) throw new StaticFolderError(problems.join('\n'));
  return files.sort();
}
