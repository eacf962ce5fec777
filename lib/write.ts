/**
 * Writes the site into a fresh temporary folder beside the output folder, file by file as the
 * build finishes them, then swaps it in (lib/output-folder.ts), so the output folder always holds
 * a complete site: the previous one unless everything succeeded.
 */
import { existsSync } from 'node:fs';
import { copyFile, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { listStaticFiles } from './static-folder.ts';
import { checkReplaceable, lockOutput, OutputFolderError, recoverOutput, resolveOutput, swapIn, tempPath, type AtWriteStep } from './output-folder.ts';

/**
 * Files written at once: their folder creation and writes overlap in libuv's thread pool
 * (https://nodejs.org/api/fs.html#threadpool-usage) instead of waiting on each file in turn, and a
 * batch of this size keeps the files open at once few.
 */
const WRITE_BATCH = 32;

/**
 * A full disk (ENOSPC) or a used-up quota (EDQUOT) while the site is written, said in one line an
 * operator can act on (OutputFolderError); any other error as it is.
 * @param dir the output folder, which still holds the previous site
 * @param home the folder the new site was being written in
 */
function explainWriteError(error: unknown, dir: string, home: string): unknown {
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
  /** A seam for tests: told each named step of the write and swap (lib/output-folder.ts WriteStep). */
  atStep?: AtWriteStep;
}

/** Where a build writes its files as they are finished (lib/build/build-site.ts). */
export interface SiteWriter {
  /** Writes these files now; a later file of the same path replaces an earlier one. */
  write(files: SiteFile[]): Promise<void>;
  /** Every file is written: the new site takes the output folder's place. */
  commit(): Promise<void>;
  /** The build failed: nothing it wrote reaches the output folder; the previous site stays. */
  abort(): Promise<void>;
}

/**
 * Opens a fresh temporary folder beside the output folder, with the static folder copied in
 * first (generated files win on a clash); files are written into it as the build finishes them,
 * and commit() swaps it in (lib/output-folder.ts), so the output folder always holds a complete
 * site: the previous one unless everything succeeded. The output folder is locked until commit()
 * or abort().
 * @param staticDir folder whose files are copied first; only plain files, no symbolic link or
 *                  dot-file (lib/static-folder.ts)
 * @param outDir    the output folder, e.g. "dist". A symbolic link is followed (its target is
 *                  replaced, the link stays).
 * @param options   where notes go, whether an output folder the build did not make may be
 *                  replaced (default false: such a folder stops the build, checkReplaceable), and
 *                  a seam for tests told each named step of the write and swap
 * @throws OutputFolderError (one line) when the output folder is unusable, holds files the build
 *   did not make, or another build holds it too long. StaticFolderError (one line per file) when
 *   the static folder holds a symbolic link or a dot-file. write() and commit() throw the first
 *   write's error (OutputFolderError from explainWriteError when the disk is full); the caller
 *   then calls abort(), which waits for writes still under way before it removes the folder.
 */
export async function openSiteWriter(staticDir: string, outDir: string, options: WriteOptions = {}): Promise<SiteWriter> {
  const { log = console.log, replaceExisting = false, atStep = () => {} } = options;
  const staticFiles = await listStaticFiles(staticDir);
  const out = await resolveOutput(outDir);
  await mkdir(out.home, { recursive: true });
  const release = await lockOutput(out, log);
  const id = `${process.pid}-${Date.now()}`;
  const tmp = tempPath(out, 'new', id);
  let wrote = 0;
  /** Folders of the temporary folder made so far (a page a folder: asking again costs a system call each). */
  const made = new Set<string>();
  /** Writes under way: abort() waits for them before it removes the folder they write into. */
  const pending = new Set<Promise<unknown>>();
  /** The first write's failure: later writes and commit() throw it at once, touching nothing. */
  let failure: unknown;
  /** Set once the lock is released (after commit or abort): later calls do nothing more. */
  let closed = false;
  /** Removes the temporary folder once no write is under way, and releases the lock whatever happens. */
  const close = async () => {
    if (closed) return;
    closed = true;
    try {
      while (pending.size) await Promise.allSettled([...pending]);
      await rm(tmp, { recursive: true, force: true });
    } finally {
      await release();
    }
  };
  try {
    for (const line of await recoverOutput(out)) log(line);
    await checkReplaceable(out, replaceExisting);
    await mkdir(tmp);
    for (const file of staticFiles) {
      await mkdir(path.dirname(path.join(tmp, file)), { recursive: true });
      await copyFile(path.join(staticDir, file), path.join(tmp, file));
    }
  } catch (error) {
    await close();
    throw explainWriteError(error, out.dir, out.home);
  }
  /** Writes one call's files, the last file of a path winning, WRITE_BATCH at a time. */
  const writeAll = async (files: SiteFile[]) => {
    const byTarget = new Map<string, SiteFile>();
    for (const f of files) {
      const target = path.join(tmp, f.path);
      if (!target.startsWith(tmp + path.sep)) throw new Error(`Refusing to write outside the output folder: ${f.path}`);
      byTarget.set(target, f);
    }
    const writes = [...byTarget];
    for (let from = 0; from < writes.length; from += WRITE_BATCH) {
      // Every write of the batch settles before the next batch.
      const results = await Promise.allSettled(writes.slice(from, from + WRITE_BATCH).map(async ([target, f]) => {
        const dir = path.dirname(target);
        if (!made.has(dir)) {
          await mkdir(dir, { recursive: true });
          made.add(dir);
        }
        await writeFile(target, f.contents);
      }));
      const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
      if (failed) throw failed.reason;
    }
  };
  return {
    async write(files) {
      if (failure !== undefined || closed) throw failure ?? new Error('The site writer is closed.');
      const writing = writeAll(files);
      pending.add(writing);
      try {
        await writing;
      } catch (error) {
        failure ??= explainWriteError(error, out.dir, out.home);
        throw failure;
      } finally {
        pending.delete(writing);
      }
      if (wrote === 0 && files.length) await atStep('writing');
      wrote += files.length;
    },
    async commit() {
      if (failure !== undefined) throw failure;
      try {
        await atStep('written');
        const ready = tempPath(out, 'ready', id);
        await rename(tmp, ready);
        await atStep('ready');
        await swapIn(out, ready, id, atStep);
      } catch (error) {
        await close();
        throw explainWriteError(error, out.dir, out.home);
      }
      closed = true;
      await release();
    },
    abort: close,
  };
}

/**
 * Writes a whole site at once through openSiteWriter: the static folder, then `files`, then the swap.
 * @throws as openSiteWriter; the previous output is then untouched and the temporary folder removed
 */
export async function writeSite(files: SiteFile[], staticDir: string, outDir: string, options: WriteOptions = {}): Promise<void> {
  const writer = await openSiteWriter(staticDir, outDir, options);
  try {
    await writer.write(files);
    await writer.commit();
  } catch (error) {
    await writer.abort();
    throw error;
  }
}
