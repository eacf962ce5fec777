/**
 * The output folder (dist/ or $DIST_DIR) as one unit: at every instant it holds the complete
 * previous site or the complete new one, whatever happens to the build (replaceOutput).
 *
 * The new site is written into a temporary folder beside it, "<prefix>new" (".dist-new" beside
 * dist/), then swapped in. Node has no atomic exchange of two folders (Linux renameat2
 * RENAME_EXCHANGE is not exposed), so the swap is two renames, "dist" -> "<prefix>old" and
 * "<prefix>new" -> "dist"; a build killed between them leaves no dist/ for an instant, and the next
 * build, `npm start` or `npm run serve` first restores it (restoreOutput): the new folder when the
 * old one is there too (the old one is moved aside only once the new one is complete), else the
 * old one. Temporary folders a crash left are then removed.
 *
 * Where the folder itself cannot be renamed (a mount point: rename answers EBUSY; or a parent
 * folder the build may not write), the temporary folders live inside it (".build-new", ...) and
 * the swap moves its entries: the old ones into ".build-old", then (after ".build-new" is renamed
 * ".build-in", the mark that the old ones are all out) the new ones in. A build killed midway is
 * rolled forward by the next one.
 *
 * A symbolic link as output folder is followed: its target is written, the link stays. A link to
 * nothing is refused with one line. One build at a time writes a folder: the lock is a file
 * "<prefix>lock" holding the build's process id, created only if absent (O_EXCL); a second build
 * waits for the first and stops with one line after OUTPUT_LOCK_WAIT_MS; a lock whose process is
 * gone (a build killed with SIGKILL) is taken over at once.
 *
 * The build never deletes a folder it did not make: it replaces the output folder only when the
 * folder is missing or empty, or was made by the build (the marker "<prefix>made" holds the
 * "device:inode" of the folders it made: beside the folder, outside the published files, or inside
 * it when it is swapped in place), or when the operator opts in with DIST_REPLACE_EXISTING=1 (a
 * web root to be replaced as a whole). Otherwise the build stops with one line saying what to do
 * (checkReplaceable).
 *
 * A seam for tests: the write and the swap call an optional hook (AtWriteStep) at each of the named
 * steps (WriteStep), so a test can kill the build or hold it at that moment; production passes none.
 */
import { constants, existsSync } from 'node:fs';
import { access, lstat, mkdir, readdir, readFile, readlink, realpath, rename, rm, rmdir, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { writeFileAtomic } from './atomic-write.ts';

/**
 * A problem with the output folder itself (not the content), as one line an operator can act on;
 * lib/build/build-error.ts knows it by its name.
 */
class OutputFolderError extends Error {
  override name = 'OutputFolderError';
}

/** How long a second build waits for the first to finish writing, ms. */
const OUTPUT_LOCK_WAIT_MS = 120_000;

/**
 * The named steps of a write and swap, in order (AtWriteStep): some files written, all written,
 * the old site moved aside, the new one in. "moving-old" and "moving-in" (the first entry moved)
 * only happen in place (a mount point).
 */
export type WriteStep = 'writing' | 'written' | 'moving-old' | 'moved-old' | 'moving-in' | 'swapped';

/**
 * A seam for tests: called at each named step of a write and swap, awaited before the write goes
 * on (a test kills the process there, or holds it while it looks). Production passes none.
 */
export type AtWriteStep = (step: WriteStep) => void | Promise<void>;

const noStep: AtWriteStep = () => {};

/** Where and how a site is written. */
export interface OutputFolder {
  /** The folder the site ends up in, symbolic links resolved. */
  dir: string;
  /** Its entries are moved rather than the folder renamed (a mount point, a read-only parent). */
  inPlace: boolean;
  /** Folder holding the temporary folders, the lock and the marker: the parent of `dir`, or `dir` in place. */
  home: string;
  /** Name prefix of those, e.g. ".dist-" (".build-" in place). */
  prefix: string;
}

/** The build's own files in `out.home`: the temporary folders, the lock, the marker. */
const own = (out: OutputFolder, kind: 'new' | 'old' | 'in' | 'lock' | 'made') => path.join(out.home, `${out.prefix}${kind}`);

/**
 * Names at the root of an in-place output folder that are not the site's: its temporary folders,
 * its lock and marker, a file system's lost+found. The deploy never publishes them.
 */
export const NOT_SITE = /^(\.build[-.]|lost\+found$)/;

/** The setting that lets the build replace an output folder it did not make (an existing web root). */
const REPLACE_EXISTING_SETTING = 'DIST_REPLACE_EXISTING';

const identity = async (dir: string) => {
  const st = await stat(dir).catch(() => undefined);
  return st ? `${st.dev}:${st.ino}` : undefined;
};

/**
 * Records that the build made the folders at `dirs` (their current identities): called before a
 * swap with the new and the old folder, so that whichever a crash leaves in place counts as made.
 */
export async function markOutput(out: OutputFolder, dirs: string[]): Promise<void> {
  const folders = (await Promise.all(dirs.map(identity))).filter((id) => id !== undefined);
  await writeFileAtomic(own(out, 'made'), `${JSON.stringify({ madeBy: 'npm run build (lib/output-folder.ts)', folders })}\n`);
}

/**
 * Checks that the build may replace the output folder (see the file comment). Call with the lock
 * held, after recoverOutput.
 * @param replaceExisting the operator's opt-in (REPLACE_EXISTING_SETTING=1)
 * @throws OutputFolderError naming the folder, a few of its files and what to do
 */
async function checkReplaceable(out: OutputFolder, replaceExisting: boolean): Promise<void> {
  if (replaceExisting) return;
  const names = (await readdir(out.dir).catch(() => [] as string[])).filter((n) => !(out.inPlace && NOT_SITE.test(n)));
  if (!names.length) return;
  const marker = JSON.parse(await readFile(own(out, 'made'), 'utf8').catch(() => '{}')) as { folders?: unknown };
  if (Array.isArray(marker.folders) && marker.folders.includes(await identity(out.dir))) return;
  const some = names.sort().slice(0, 3).join(', ') + (names.length > 3 ? ', …' : '');
  throw new OutputFolderError(`${out.dir} holds files the build did not make (${some}), and a build replaces the whole folder: set DIST_DIR to a new or empty folder, or move those files away; to replace everything in this folder on purpose (an existing web root), build once with ${REPLACE_EXISTING_SETTING}=1.`);
}

/**
 * Resolves the output folder and picks how to swap it.
 * @throws OutputFolderError when it is a symbolic link to nothing, or exists and is not a folder
 */
export async function resolveOutput(outDir: string): Promise<OutputFolder> {
  let dir = path.resolve(outDir);
  if ((await lstat(dir).catch(() => undefined))?.isSymbolicLink()) {
    const target = await readlink(dir);
    dir = await realpath(dir).catch(() => {
      throw new OutputFolderError(`${outDir} is a symbolic link to ${target}, which does not exist: create that folder, or set DIST_DIR to a folder.`);
    });
  }
  const st = await stat(dir).catch(() => undefined);
  if (st && !st.isDirectory()) throw new OutputFolderError(`${outDir} exists and is not a folder: move it away, or set DIST_DIR to a folder.`);
  const parent = path.dirname(dir);
  const inPlace = st !== undefined && (st.dev !== (await stat(parent)).dev || !(await access(parent, constants.W_OK).then(() => true, () => false)));
  return { dir, inPlace, home: inPlace ? dir : parent, prefix: inPlace ? '.build-' : `.${path.basename(dir)}-` };
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Takes the output folder's lock (see the file comment); waits while another build holds it.
 * @param log told once, with one line, when another build holds the lock
 * @returns release(), which frees the lock
 * @throws OutputFolderError after OUTPUT_LOCK_WAIT_MS
 */
async function lockOutput(out: OutputFolder, log: (line: string) => void): Promise<() => Promise<void>> {
  const lock = own(out, 'lock');
  const since = Date.now();
  let waiting = false;
  for (;;) {
    try {
      await writeFile(lock, String(process.pid), { flag: 'wx' });
      return () => unlink(lock).catch(() => {});
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    // An empty lock is one being written this instant: held.
    const pid = Number(await readFile(lock, 'utf8').catch(() => ''));
    if (pid > 0 && !isAlive(pid)) {
      await rm(lock, { force: true });
      continue;
    }
    if (Date.now() - since > OUTPUT_LOCK_WAIT_MS) {
      throw new OutputFolderError(`Another build has been writing ${out.dir} for over ${OUTPUT_LOCK_WAIT_MS / 1000} s (lock ${lock}); stop it, or delete that lock file if no build is running.`);
    }
    if (!waiting) log(`Another build is writing ${out.dir}; waiting for it to finish.`);
    waiting = true;
    await sleep(250);
  }
}

/** Moves every site entry of `from` into `to` (both on one file system), by rename; `step` after the first. */
async function moveEntries(from: string, to: string, step?: WriteStep, atStep: AtWriteStep = noStep): Promise<void> {
  const names = (await readdir(from)).filter((n) => !NOT_SITE.test(n));
  for (const [i, name] of names.entries()) {
    await rename(path.join(from, name), path.join(to, name));
    if (step && i === 0) await atStep(step);
  }
}

/**
 * In place: moves the old site's entries into "<prefix>old", renames the complete new folder
 * "<prefix>in", and moves its entries into the output folder. Picks up where a killed build stopped:
 * with "<prefix>in" there, the old entries are all out already.
 */
async function moveIn(out: OutputFolder, atStep: AtWriteStep = noStep): Promise<void> {
  if (!existsSync(own(out, 'in'))) {
    await mkdir(own(out, 'old'), { recursive: true });
    await moveEntries(out.dir, own(out, 'old'), 'moving-old', atStep);
    await atStep('moved-old');
    await rename(own(out, 'new'), own(out, 'in'));
  }
  await moveEntries(own(out, 'in'), out.dir, 'moving-in', atStep);
  await rmdir(own(out, 'in'));
}

/**
 * Brings the output folder back to a complete site after an interrupted build, and removes the
 * temporary folders it left. Call with the lock held.
 * @returns what it did, one line each (empty when there was nothing to do)
 */
async function recoverOutput(out: OutputFolder): Promise<string[]> {
  const done: string[] = [];
  const [fresh, old] = [existsSync(own(out, 'new')), existsSync(own(out, 'old'))];
  if (!out.inPlace && old && !existsSync(out.dir)) {
    await rename(own(out, fresh ? 'new' : 'old'), out.dir);
    done.push(`${out.dir}: restored the ${fresh ? 'new' : 'previous'} site after an interrupted build.`);
  }
  if (out.inPlace && (existsSync(own(out, 'in')) || (fresh && old))) {
    await moveIn(out);
    done.push(`${out.dir}: finished putting in the new site after an interrupted build.`);
  }
  const left = [own(out, 'new'), own(out, 'old')].filter((dir) => existsSync(dir));
  for (const dir of left) await rm(dir, { recursive: true, force: true });
  if (left.length) done.push(`${out.dir}: removed ${left.length} temporary folder${left.length > 1 ? 's' : ''} left by an interrupted build.`);
  return done;
}

/**
 * Makes sure the output folder holds a complete site before it is served (`npm start`,
 * `npm run serve`): takes the lock (waiting for a running build), recovers, frees the lock.
 * @returns what it did, one line each (empty when there was nothing to do)
 */
export async function restoreOutput(outDir: string): Promise<string[]> {
  const out = await resolveOutput(outDir);
  if (!existsSync(out.home)) return [];
  const release = await lockOutput(out, console.log);
  try {
    return await recoverOutput(out);
  } finally {
    await release();
  }
}

/** Swaps the complete new site in for the output folder (see the file comment). Call with the lock held. */
async function swapIn(out: OutputFolder, atStep: AtWriteStep): Promise<void> {
  if (out.inPlace) {
    await markOutput(out, [out.dir]);
    await moveIn(out, atStep);
  } else {
    await markOutput(out, [own(out, 'new'), out.dir]);
    // An empty "old" for a first build: the mark that the new folder is complete.
    await (existsSync(out.dir) ? rename(out.dir, own(out, 'old')) : mkdir(own(out, 'old')));
    await atStep('moved-old');
    await rename(own(out, 'new'), out.dir);
    await markOutput(out, [out.dir]);
  }
  await atStep('swapped');
  await rm(own(out, 'old'), { recursive: true, force: true });
}

/**
 * A full disk (ENOSPC) or a used-up quota (EDQUOT) while the site is written, said in one line an
 * operator can act on (OutputFolderError); any other error as it is.
 */
function explainWriteError(error: unknown, out: OutputFolder): unknown {
  const code = (error as NodeJS.ErrnoException)?.code;
  if (code !== 'ENOSPC' && code !== 'EDQUOT') return error;
  const what = code === 'ENOSPC' ? 'The disk is full' : 'Your disk quota is used up';
  const kept = existsSync(out.dir) ? `${out.dir} still holds the previous site, unchanged` : `nothing was written to ${out.dir}`;
  return new OutputFolderError(`${what} (${code}) while writing the new site in ${out.home}: free some space there and build again; ${kept}.`);
}

/**
 * Replaces the site in the output folder in one transaction: takes the lock, restores what an
 * interrupted build left, checks the folder may be replaced, lets `fill` write the new site into
 * an empty temporary folder, swaps it in, frees the lock. On any failure the temporary folder is
 * removed and the output folder keeps the previous site.
 * @param outDir  the output folder, e.g. "dist"; a symbolic link is followed (its target is
 *   replaced, the link stays)
 * @param options where notes go (another build holds the folder; a crash was cleaned up), the
 *   operator's opt-in to replace a folder the build did not make, the seam for tests
 * @param fill    writes the site into the folder it is given
 * @throws OutputFolderError (one line) when the folder is unusable, holds files the build did not
 *   make, another build holds it too long, or the disk is full; otherwise `fill`'s or the file
 *   system's error
 */
export async function replaceOutput(outDir: string, options: { log: (line: string) => void; replaceExisting: boolean; atStep: AtWriteStep }, fill: (dir: string) => Promise<void>): Promise<void> {
  const out = await resolveOutput(outDir);
  await mkdir(out.home, { recursive: true });
  const release = await lockOutput(out, options.log);
  try {
    for (const line of await recoverOutput(out)) options.log(line);
    await checkReplaceable(out, options.replaceExisting);
    await mkdir(own(out, 'new'));
    await fill(own(out, 'new'));
    await options.atStep('written');
    await swapIn(out, options.atStep);
  } catch (error) {
    // The same as after a crash: an incomplete new folder goes, a swap under way is finished.
    await recoverOutput(out).catch(() => {});
    throw explainWriteError(error, out);
  } finally {
    await release();
  }
}
