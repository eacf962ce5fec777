/** Writes the site into the output folder in one transaction (lib/output-folder.ts replaceOutput). */
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { listStaticFiles } from './static-folder.ts';
import { replaceOutput, type AtWriteStep } from './output-folder.ts';

/**
 * Files written at once: their folder creation and writes overlap in libuv's thread pool
 * (https://nodejs.org/api/fs.html#threadpool-usage) instead of waiting on each file in turn, and a
 * batch of this size keeps the files open at once few.
 */
const WRITE_BATCH = 32;

/** One file of the site. `path` is site-absolute, e.g. "/areas/grants/index.html". */
export interface SiteFile {
  path: string;
  contents: string | Uint8Array;
}

/** How writeSite writes, beyond what and where. */
export interface WriteOptions {
  /** Where notes go (another build holds the folder; a crashed build was cleaned up); default console.log. */
  log?: (line: string) => void;
  /** Replace an output folder the build did not make (DIST_REPLACE_EXISTING=1); default false. */
  replaceExisting?: boolean;
  /** A seam for tests: told each named step of the write and swap (lib/output-folder.ts WriteStep). */
  atStep?: AtWriteStep;
}

/**
 * Writes a whole site into the output folder: the static folder's files first, then `files`
 * (generated files win on a clash; of two files with one path the later wins), then the swap.
 * @param staticDir folder whose files are copied first; only plain files, no symbolic link or
 *                  dot-file (lib/static-folder.ts)
 * @param outDir    the output folder, e.g. "dist". A symbolic link is followed (its target is
 *                  replaced, the link stays).
 * @throws OutputFolderError (one line) when the output folder is unusable, holds files the build
 *   did not make, another build holds it too long, or the disk is full. StaticFolderError (one
 *   line per file) when the static folder holds a symbolic link or a dot-file. An Error for a path
 *   outside the output folder. Whatever the error, the output folder keeps the previous site.
 */
export async function writeSite(files: SiteFile[], staticDir: string, outDir: string, options: WriteOptions = {}): Promise<void> {
  const { log = console.log, replaceExisting = false, atStep = () => {} } = options;
  const staticFiles = await listStaticFiles(staticDir);
  await replaceOutput(outDir, { log, replaceExisting, atStep }, async (dir) => {
    const writes = new Map<string, () => Promise<void>>();
    for (const file of staticFiles) writes.set(path.join(dir, file), () => copyFile(path.join(staticDir, file), path.join(dir, file)));
    for (const f of files) {
      const target = path.join(dir, f.path);
      if (!target.startsWith(dir + path.sep)) throw new Error(`Refusing to write outside the output folder: ${f.path}`);
      writes.set(target, () => writeFile(target, f.contents));
    }
    const all = [...writes];
    /** Folders made so far (a page a folder: asking again costs a system call each). */
    const made = new Set<string>();
    for (let from = 0; from < all.length; from += WRITE_BATCH) {
      // The whole batch settles (no write left running into a folder being removed), then the first error.
      const results = await Promise.allSettled(all.slice(from, from + WRITE_BATCH).map(async ([target, write]) => {
        if (!made.has(path.dirname(target))) await mkdir(path.dirname(target), { recursive: true });
        made.add(path.dirname(target));
        await write();
      }));
      const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
      if (failed) throw failed.reason;
      if (from === 0) await atStep('writing');
    }
  });
}
