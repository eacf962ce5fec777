/**
 * Writes the site into a fresh temporary folder beside the output folder, then swaps it in
 * (lib/output-folder.ts), so the output folder always holds a complete site: the previous one
 * unless everything succeeded.
 */
import { existsSync } from 'node:fs';
import { copyFile, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { listStaticFiles } from './static-folder.ts';
import { checkReplaceable, lockOutput, OutputFolderError, recoverOutput, resolveOutput, swapIn, tempPath, type AtWriteStep } from './output-folder.ts';

/**
 * Files written at once: their folder creation and writes overlap in libuv's thread pool
 * (https://nodejs.org/api/fs.html#threadpool-usage) instead of waiting on each file in turn, and a
 * batch of this size keeps the files open and the pages decompressed at once (SiteFile.contents) few.
 */
const WRITE_BATCH = 32;

/**
 * A full disk (ENOSPC) or a used-up quota (EDQUOT) while the site is written, said in one line an
 * operator can act on (OutputFolderError); any other error as it is.
 * @param dir the output folder, which still holds the previous site
 * @param home the folder the new site was being written in
 */
export function explainWriteError(error: unknown, dir: string, home: string): unknown {
  const code = (error as NodeJS.ErrnoException)?.code;
  if (code !== 'ENOSPC' && code !== 'EDQUOT') return error;
  const what = code === 'ENOSPC' ? 'The disk is full' : 'Your disk quota is used up';
  const kept = existsSync(dir) ? `${dir} still holds the previous site, unchanged` : `nothing was written to ${dir}`;
  return new OutputFolderError(`${what} (${code}) while writing the new site in ${home}: free some space there and build again; ${kept}.`);
}

/** One file of the site. `path` is site-absolute, e.g. "/areas/grants/index.html". */
export interface SiteFile {
  path: string;
  contents: string | Uint8Array;
}

/** How writeSite writes, beyond what and where. */
export interface WriteOptions {
  /** Where notes go (another build holds the folder; a crashed build was cleaned up); default console.log. */
  log?: (line: string) => void;
  /**
   * Replace an output folder the build did not make (the operator's DIST_REPLACE_EXISTING=1,
   * GeneratorConfig.replaceExisting); default false: such a folder stops the write (checkReplaceable).
   */
  replaceExisting?: boolean;
  /** A seam for tests: told each named step of the write and swap (lib/output-folder.ts WRITE_STEPS). */
  atStep?: AtWriteStep;
}

/**
 * @param files     every generated file
 * @param staticDir folder whose files are copied first (generated files win on a clash); only
 *                  plain files, no symbolic link or dot-file (lib/static-folder.ts)
 * @param outDir    the output folder, e.g. "dist"; replaced only after all files are written. A
 *                  symbolic link is followed (its target is replaced, the link stays).
 * @throws Error when a write fails; the previous output is then untouched and the temp folder removed.
 *   OutputFolderError (one line) when the output folder is unusable, holds files the build did not
 *   make (without options.replaceExisting), or another build holds it too long.
 *   StaticFolderError (one line per file) when the static folder holds a symbolic link or a dot-file;
 *   nothing is written then. OutputFolderError (explainWriteError) when the disk is full.
 */
export async function writeSite(files: SiteFile[], staticDir: string, outDir: string, options: WriteOptions = {}): Promise<void> {
  const { log = console.log, replaceExisting = false, atStep = () => {} } = options;
  const staticFiles = await listStaticFiles(staticDir);
  const out = await resolveOutput(outDir);
  await mkdir(out.home, { recursive: true });
  const release = await lockOutput(out, log);
  try {
    for (const line of await recoverOutput(out)) log(line);
    await checkReplaceable(out, replaceExisting);
    const id = `${process.pid}-${Date.now()}`;
    const tmp = tempPath(out, 'new', id);
    try {
      await mkdir(tmp);
      for (const file of staticFiles) {
        await mkdir(path.dirname(path.join(tmp, file)), { recursive: true });
        await copyFile(path.join(staticDir, file), path.join(tmp, file));
      }
      // By target, the last file of a path winning, as when they were written one after another.
      const byTarget = new Map<string, SiteFile>();
      for (const f of files) {
        const target = path.join(tmp, f.path);
        if (!target.startsWith(tmp + path.sep)) throw new Error(`Refusing to write outside the output folder: ${f.path}`);
        byTarget.set(target, f);
      }
      const writes = [...byTarget];
      const half = writes.length >> 1;
      for (let from = 0; from < writes.length; from += WRITE_BATCH) {
        // Every write of the batch settles before the next batch, or before the folder is removed on a failure.
        const results = await Promise.allSettled(writes.slice(from, from + WRITE_BATCH).map(async ([target, f]) => {
          await mkdir(path.dirname(target), { recursive: true });
          await writeFile(target, f.contents);
        }));
        const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
        if (failed) throw failed.reason;
        if (from <= half && half < from + WRITE_BATCH) await atStep('writing');
      }
      await atStep('written');
    } catch (error) {
      await rm(tmp, { recursive: true, force: true });
      throw error;
    }
    const ready = tempPath(out, 'ready', id);
    await rename(tmp, ready);
    await atStep('ready');
    await swapIn(out, ready, id, atStep);
  } catch (error) {
    throw explainWriteError(error, out.dir, out.home);
  } finally {
    await release();
  }
}
