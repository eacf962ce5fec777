/**
 * The output folder (dist/ or $DIST_DIR) holds the complete previous site or the complete new one
 * (replaceOutput), but for the instant of the swap, which a killed build may leave unfinished: the
 * next build, `npm start` or `npm run serve` finishes it first (restoreOutput).
 *
 * The build's own files sit beside the folder, named after it: ".dist-new" (the new site, written
 * as ".dist-new/dist"), ".dist-old", ".dist-in", ".dist-lock" (the writing build's process id),
 * ".dist-made" (markOutput). The swap moves the old site into ".dist-old", renames ".dist-new" to
 * ".dist-in" (the mark that the old site is out), and moves the new site from it into place;
 * ".dist-old" is made only once the new site is complete, so a swap is always finished forward. A
 * folder that cannot be renamed (a mount point, a read-only parent) is filled in place: the build's
 * files are inside it (".build-new", ...) and the swap moves its entries one by one.
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
 * The named steps of a write and swap, in order: some files written, all written, the first entry
 * of the old site moved aside, all moved, the first new entry in, the new site in.
 */
export type WriteStep = 'writing' | 'written' | 'moving-old' | 'moved-old' | 'moving-in' | 'swapped';

/** A seam for tests, awaited at each named step (to kill the process there, or hold it). */
export type AtWriteStep = (step: WriteStep) => void | Promise<void>;

/** Where a site is written. */
export interface OutputFolder {
  /** The folder, symbolic links resolved. */
  dir: string;
  /** Its entries are moved rather than the folder renamed (a mount point, a read-only parent). */
  inPlace: boolean;
  /** Where the build's own files are: the parent of `dir`, or `dir` in place. */
  home: string;
  /** Their name prefix: ".dist-" for dist/, ".build-" in place. */
  prefix: string;
}

const own = (out: OutputFolder, kind: 'new' | 'old' | 'in' | 'lock' | 'made') => path.join(out.home, `${out.prefix}${kind}`);

/** Names at the root of an in-place output folder that are not the site's; the deploy skips them. */
export const NOT_SITE = /^(\.build[-.]|lost\+found$)/;

const identity = async (dir: string) => {
  const st = await stat(dir).catch(() => undefined);
  return st && `${st.dev}:${st.ino}`;
};

/** Records (in "<prefix>made") that the build made the folders at `dirs`, by device and inode. */
export async function markOutput(out: OutputFolder, dirs: string[]): Promise<void> {
  const folders = (await Promise.all(dirs.map(identity))).filter((id) => id !== undefined);
  await writeFileAtomic(own(out, 'made'), `${JSON.stringify({ madeBy: 'npm run build (lib/output-folder.ts)', folders })}\n`);
}

/**
 * Refuses to replace a folder holding files unless the build made it (markOutput) or the
 * operator opts in (DIST_REPLACE_EXISTING=1, `replaceExisting`: a web root replaced as a whole).
 * @throws OutputFolderError naming the folder, a few of its files and what to do
 */
async function checkReplaceable(out: OutputFolder, replaceExisting: boolean): Promise<void> {
  const names = (await readdir(out.dir).catch(() => [] as string[])).filter((n) => !(out.inPlace && NOT_SITE.test(n)));
  if (replaceExisting || !names.length) return;
  const marker = JSON.parse(await readFile(own(out, 'made'), 'utf8').catch(() => '{}')) as { folders?: unknown };
  if (Array.isArray(marker.folders) && marker.folders.includes(await identity(out.dir))) return;
  const some = names.sort().slice(0, 3).join(', ') + (names.length > 3 ? ', …' : '');
  throw new OutputFolderError(`${out.dir} holds files the build did not make (${some}), and a build replaces the whole folder: set DIST_DIR to a new or empty folder, or move those files away; to replace everything in this folder on purpose (an existing web root), build once with DIST_REPLACE_EXISTING=1.`);
}

/**
 * Resolves the output folder (following a symbolic link) and picks how to swap it.
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
    return process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Runs `job` holding the output folder's lock, waiting while another build holds it.
 * @param log told once, in one line, that another build holds the lock
 * @throws OutputFolderError after OUTPUT_LOCK_WAIT_MS; else `job`'s error
 */
async function withLock<T>(out: OutputFolder, log: (line: string) => void, job: () => Promise<T>): Promise<T> {
  const lock = own(out, 'lock');
  const since = Date.now();
  let told = false;
  for (;;) {
    try {
      await writeFile(lock, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const pid = Number(await readFile(lock, 'utf8').catch(() => '')); // empty: being written now
    if (pid > 0 && !isAlive(pid)) await rm(lock, { force: true });
    else if (Date.now() - since > OUTPUT_LOCK_WAIT_MS) throw new OutputFolderError(`Another build has been writing ${out.dir} for over ${OUTPUT_LOCK_WAIT_MS / 1000} s (lock ${lock}); stop it, or delete that lock file if no build is running.`);
    else {
      if (!told) log(`Another build is writing ${out.dir}; waiting for it to finish.`);
      told = true;
      await sleep(250);
    }
  }
  try {
    return await job();
  } finally {
    await unlink(lock).catch(() => {});
  }
}

/** Moves the site's entries in `from` (all in place, else the one folder) into `to`; `step` after the first. */
async function moveSite(out: OutputFolder, from: string, to: string, step: WriteStep, atStep: AtWriteStep): Promise<void> {
  const names = (await readdir(from)).filter((n) => (out.inPlace ? !NOT_SITE.test(n) : n === path.basename(out.dir)));
  for (const [i, name] of names.entries()) {
    await rename(path.join(from, name), path.join(to, name));
    if (i === 0) await atStep(step);
  }
}

/** Swaps the complete new site in (see the file comment); picks up where a killed build stopped. */
async function swapIn(out: OutputFolder, atStep: AtWriteStep = () => {}): Promise<void> {
  if (!existsSync(own(out, 'in'))) {
    await mkdir(own(out, 'old'), { recursive: true });
    await moveSite(out, out.home, own(out, 'old'), 'moving-old', atStep);
    await atStep('moved-old');
    await rename(own(out, 'new'), own(out, 'in'));
  }
  await moveSite(out, own(out, 'in'), out.home, 'moving-in', atStep);
  await rmdir(own(out, 'in'));
  await atStep('swapped');
  await rm(own(out, 'old'), { recursive: true, force: true });
}

/**
 * Finishes a swap an interrupted build (or a failed write) left, and removes the temporary folder
 * of an unfinished write. Call with the lock held.
 * @returns what it did, one line each
 */
async function recoverOutput(out: OutputFolder): Promise<string[]> {
  const done: string[] = [];
  if (existsSync(own(out, 'in')) || (existsSync(own(out, 'new')) && existsSync(own(out, 'old')))) {
    await swapIn(out);
    done.push(`${out.dir}: restored the new site after an interrupted build.`);
  }
  const left = [own(out, 'new'), own(out, 'old')].filter((dir) => existsSync(dir));
  for (const dir of left) await rm(dir, { recursive: true, force: true });
  if (left.length) done.push(`${out.dir}: removed ${left.length} temporary folder${left.length > 1 ? 's' : ''} left by an interrupted build.`);
  return done;
}

/**
 * Makes sure the output folder holds a complete site before it is served (`npm start`, `npm run
 * serve`): waits for a running build, then restores what an interrupted one left.
 * @returns what it did, one line each (empty when there was nothing to do)
 */
export async function restoreOutput(outDir: string): Promise<string[]> {
  const out = await resolveOutput(outDir);
  return existsSync(out.home) ? withLock(out, console.log, () => recoverOutput(out)) : [];
}

/** A full disk (ENOSPC) or used-up quota (EDQUOT) as one line (OutputFolderError); other errors as they are. */
function explainWriteError(error: unknown, out: OutputFolder): unknown {
  const code = (error as NodeJS.ErrnoException)?.code;
  if (code !== 'ENOSPC' && code !== 'EDQUOT') return error;
  const what = code === 'ENOSPC' ? 'The disk is full' : 'Your disk quota is used up';
  const kept = existsSync(out.dir) ? `${out.dir} still holds the previous site, unchanged` : `nothing was written to ${out.dir}`;
  return new OutputFolderError(`${what} (${code}) while writing the new site in ${out.home}: free some space there and build again; ${kept}.`);
}

/**
 * Replaces the site in the output folder in one transaction: with the lock held, restores what an
 * interrupted build left, checks the folder may be replaced (checkReplaceable), has `fill` write
 * the new site into an empty temporary folder, and swaps it in. On any failure the temporary
 * folder goes and the output folder keeps the previous site.
 * @param outDir the output folder, e.g. "dist"; a symbolic link is followed (the link stays)
 * @param options where notes go (another build holds the folder; a crash was cleaned up), the
 *   operator's opt-in to replace a folder the build did not make, the seam for tests
 * @param fill writes the site into the folder it is given
 * @throws OutputFolderError (one line) for an unusable folder, one holding files the build did not
 *   make, a lock held too long, a full disk; otherwise `fill`'s or the file system's error
 */
export async function replaceOutput(outDir: string, options: { log: (line: string) => void; replaceExisting: boolean; atStep: AtWriteStep }, fill: (dir: string) => Promise<void>): Promise<void> {
  const out = await resolveOutput(outDir);
  await mkdir(out.home, { recursive: true });
  await withLock(out, options.log, async () => {
    try {
      for (const line of await recoverOutput(out)) options.log(line);
      await checkReplaceable(out, options.replaceExisting);
      const site = out.inPlace ? own(out, 'new') : path.join(own(out, 'new'), path.basename(out.dir));
      await mkdir(site, { recursive: true });
      await fill(site);
      await options.atStep('written');
      await markOutput(out, [out.dir, site]);
      await swapIn(out, options.atStep);
      await markOutput(out, [out.dir]);
    } catch (error) {
      await recoverOutput(out).catch(() => {}); // as after a crash: a swap under way is finished
      throw explainWriteError(error, out);
    }
  });
}
