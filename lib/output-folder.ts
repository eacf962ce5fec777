/**
 * The output folder (dist/ or $DIST_DIR) as one unit: at every instant it holds the complete
 * previous site or the complete new one, whatever happens to the build.
 *
 * A new site is written into a temporary folder ("new"), renamed "ready" once complete, and then
 * swapped in. Node has no atomic exchange of two folders (Linux renameat2 RENAME_EXCHANGE is not
 * exposed), so the swap is two renames, "dist" -> "old" and "ready" -> "dist"; a build killed
 * between them leaves no dist/ for an instant, and the next build, `npm start` or `npm run serve`
 * first restores it (restoreOutput): the "ready" folder if there is one (it is complete by
 * construction), else the "old" one. Temporary folders of any earlier crash are then removed.
 *
 * Where the folder itself cannot be renamed (a mount point: rename answers EBUSY; or a parent
 * folder the build may not write), the temporary folders live inside it and the swap moves its
 * entries: the old ones into "old", then (after "ready" is renamed "in", the mark that the old
 * ones are all out) the new ones in. A build killed midway is rolled forward by the next one.
 *
 * A symbolic link as output folder is followed: its target is written, the link stays. A link to
 * nothing is refused with one line. One build at a time writes a folder: a lock (proper-lockfile)
 * beside it (inside it for a mount point); a second build waits for the first, and stops with one
 * line after OUTPUT_LOCK_WAIT_MS.
 *
 * Test hook: WRITE_SITE_AT="<step>:kill" makes the build kill itself (SIGKILL) at a named step,
 * "<step>:wait:<file>" makes it wait there while <file> exists; steps are listed in WRITE_STEPS.
 */
import { existsSync, writeSync } from 'node:fs';
import { access, lstat, mkdir, readdir, readFile, readlink, realpath, rename, rm, rmdir, stat, unlink, writeFile } from 'node:fs/promises';
import { constants } from 'node:fs';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import { escapeRegExp } from './text.ts';

/** A problem with the output folder itself (not the content), as one line an operator can act on. */
export class OutputFolderError extends Error {
  override name = 'OutputFolderError';
}

/** How long a second build waits for the first to finish writing, ms. */
export const OUTPUT_LOCK_WAIT_MS = 120_000;

/**
 * The named steps of a write and swap, in order (WRITE_SITE_AT). "moving-old" and "moving-in"
 * only happen in place (a mount point).
 */
export const WRITE_STEPS = ['writing', 'written', 'ready', 'moving-old', 'moved-old', 'moving-in', 'swapped'] as const;
export type WriteStep = (typeof WRITE_STEPS)[number];

/** Where and how a site is written. */
export interface OutputFolder {
  /** The folder the site ends up in, symbolic links resolved. */
  dir: string;
  /** "swap": the folder itself is renamed; "in-place": its entries are moved (mount point, read-only parent). */
  mode: 'swap' | 'in-place';
  /** Folder holding the temporary folders: the parent of `dir`, or `dir` itself in place. */
  home: string;
  /** Name prefix of the temporary folders and the lock in `home`, e.g. ".dist-". */
  prefix: string;
  /** The lock folder (proper-lockfile). */
  lockPath: string;
}

const TEMP = (prefix: string) => new RegExp(`^${escapeRegExp(prefix)}(new|ready|old|in)-(\\d+)-(\\d+)$`);
/** Names inside an in-place folder that are not the site's: its temporary folders, its lock, a file system's lost+found. */
const NOT_SITE = /^(\.build[-.]|lost\+found$)/;

/**
 * Resolves the output folder and picks how to swap it.
 * @throws OutputFolderError when it is a symbolic link to nothing, or exists and is not a folder
 */
export async function resolveOutput(outDir: string): Promise<OutputFolder> {
  let dir = path.resolve(outDir);
  const link = await lstat(dir).catch(() => undefined);
  if (link?.isSymbolicLink()) {
    const target = await readlink(dir);
    try {
      dir = await realpath(dir);
    } catch {
      throw new OutputFolderError(`${outDir} is a symbolic link to ${target}, which does not exist: create that folder, or set DIST_DIR to a folder.`);
    }
  }
  const st = await stat(dir).catch(() => undefined);
  if (st && !st.isDirectory()) throw new OutputFolderError(`${outDir} exists and is not a folder: move it away, or set DIST_DIR to a folder.`);
  const parent = path.dirname(dir);
  let inPlace = false;
  if (st) {
    const mountPoint = st.dev !== (await stat(parent)).dev;
    const parentWritable = await access(parent, constants.W_OK).then(() => true, () => false);
    inPlace = mountPoint || !parentWritable;
  }
  return inPlace
    ? { dir, mode: 'in-place', home: dir, prefix: '.build-', lockPath: path.join(dir, '.build.lock') }
    : { dir, mode: 'swap', home: parent, prefix: `.${path.basename(dir)}-`, lockPath: path.join(parent, `.${path.basename(dir)}.lock`) };
}

/** Test hook (WRITE_SITE_AT): kills this process at `name`, or holds it there while a file exists. */
export async function writeStep(name: WriteStep): Promise<void> {
  const [at, action, ...file] = (process.env.WRITE_SITE_AT ?? '').split(':');
  if (at !== name) return;
  writeSync(2, `write step ${name}: ${action}\n`); // unbuffered, so it is out before the kill
  if (action === 'kill') process.kill(process.pid, 'SIGKILL');
  while (action === 'wait' && existsSync(file.join(':'))) await new Promise((r) => setTimeout(r, 100));
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
 * Takes the output folder's lock; waits while another build holds it. A lock whose owner process
 * is gone (a build killed with SIGKILL) is taken over at once; proper-lockfile also takes over a
 * lock not refreshed for 10 s.
 * @param onWait called once, with one line, when another build holds the lock
 * @returns release(), which frees the lock
 * @throws OutputFolderError after OUTPUT_LOCK_WAIT_MS
 */
export async function lockOutput(out: OutputFolder, onWait: (line: string) => void = console.log): Promise<() => Promise<void>> {
  const owner = `${out.lockPath}-owner`;
  const attempt = async () => {
    const release = await lockfile.lock(out.dir, {
      realpath: false, lockfilePath: out.lockPath,
      onCompromised: (error) => console.warn(`Warning: the lock ${out.lockPath} was lost (${error.message}); another build may be writing ${out.dir} too.`),
    });
    await writeFile(owner, String(process.pid));
    return async () => {
      await unlink(owner).catch(() => {});
      await release().catch(() => {});
    };
  };
  const ownerGone = async () => {
    const pid = Number(await readFile(owner, 'utf8').catch(() => ''));
    return pid > 0 && pid !== process.pid && !isAlive(pid);
  };
  const t0 = Date.now();
  let waiting = false;
  for (;;) {
    try {
      if (await ownerGone()) await rm(out.lockPath, { recursive: true, force: true });
      return await attempt();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
    }
    if (Date.now() - t0 > OUTPUT_LOCK_WAIT_MS) {
      throw new OutputFolderError(`Another build has been writing ${out.dir} for over ${OUTPUT_LOCK_WAIT_MS / 1000} s (lock ${out.lockPath}); stop it, or delete that lock folder if no build is running.`);
    }
    if (!waiting) onWait(`Another build is writing ${out.dir}; waiting for it to finish.`);
    waiting = true;
    await new Promise((r) => setTimeout(r, 250));
  }
}

interface Temp {
  kind: 'new' | 'ready' | 'old' | 'in';
  /** "<pid>-<ms>" of the build that made it. */
  id: string;
  path: string;
  /** Milliseconds in its id, to find the newest. */
  time: number;
}

async function temps(out: OutputFolder): Promise<Temp[]> {
  const pattern = TEMP(out.prefix);
  const names = await readdir(out.home).catch(() => [] as string[]);
  return names.flatMap((name) => {
    const m = pattern.exec(name);
    return m ? [{ kind: m[1] as Temp['kind'], id: `${m[2]}-${m[3]}`, path: path.join(out.home, name), time: Number(m[3]) }] : [];
  }).sort((a, b) => b.time - a.time);
}

/** Moves every site entry of `from` into `to` (both on one file system), by rename. */
async function moveEntries(from: string, to: string, step?: WriteStep): Promise<void> {
  const names = (await readdir(from)).filter((n) => !NOT_SITE.test(n));
  for (const [i, name] of names.entries()) {
    await rename(path.join(from, name), path.join(to, name));
    if (step && i === 0) await writeStep(step);
  }
}

/**
 * Brings the output folder back to a complete site after an interrupted build, and removes
 * temporary folders of earlier builds. Call with the lock held.
 * @returns what it did, one line each (empty when there was nothing to do)
 */
export async function recoverOutput(out: OutputFolder): Promise<string[]> {
  const done: string[] = [];
  let left = await temps(out);
  if (out.mode === 'swap' && !existsSync(out.dir)) {
    const from = left.find((t) => t.kind === 'ready') ?? left.find((t) => t.kind === 'old');
    if (from) {
      await rename(from.path, out.dir);
      done.push(`${out.dir}: restored the ${from.kind === 'ready' ? 'new' : 'previous'} site after an interrupted build.`);
      left = left.filter((t) => t !== from);
    }
  }
  if (out.mode === 'in-place') {
    const incoming = left.find((t) => t.kind === 'in');
    const started = incoming ?? left.find((t) => t.kind === 'ready' && left.some((o) => o.kind === 'old' && o.id === t.id));
    if (started) {
      const old = left.find((t) => t.kind === 'old' && t.id === started.id)!;
      let from = started.path;
      if (started.kind === 'ready') {
        await moveEntries(out.dir, old.path);
        from = path.join(out.home, `${out.prefix}in-${started.id}`);
        await rename(started.path, from);
      }
      await moveEntries(from, out.dir);
      await rmdir(from);
      done.push(`${out.dir}: finished putting in the new site after an interrupted build.`);
      left = left.filter((t) => t !== started);
    }
  }
  if (left.length) {
    for (const t of left) await rm(t.path, { recursive: true, force: true });
    done.push(`${out.dir}: removed ${left.length} temporary folder${left.length > 1 ? 's' : ''} left by an interrupted build.`);
  }
  return done;
}

/**
 * Makes sure the output folder holds a complete site before it is served (`npm start`,
 * `npm run serve`): takes the lock (waiting for a running build), recovers, frees the lock.
 * @returns what recoverOutput did
 */
export async function restoreOutput(outDir: string): Promise<string[]> {
  const out = await resolveOutput(outDir);
  if (out.mode === 'swap' && !existsSync(out.home)) return [];
  const release = await lockOutput(out);
  try {
    return await recoverOutput(out);
  } finally {
    await release();
  }
}

/**
 * Swaps the complete site in `ready` (a temporary folder from tempPath(out, "ready", id)) in for
 * the output folder. Call with the lock held.
 */
export async function swapIn(out: OutputFolder, ready: string, id: string): Promise<void> {
  const old = tempPath(out, 'old', id);
  if (out.mode === 'swap') {
    const hadOld = existsSync(out.dir);
    if (hadOld) await rename(out.dir, old);
    await writeStep('moved-old');
    await rename(ready, out.dir);
    await writeStep('swapped');
    if (hadOld) await rm(old, { recursive: true, force: true });
    return;
  }
  await mkdir(old);
  await moveEntries(out.dir, old, 'moving-old');
  await writeStep('moved-old');
  const incoming = tempPath(out, 'in', id);
  await rename(ready, incoming);
  await moveEntries(incoming, out.dir, 'moving-in');
  await rmdir(incoming);
  await writeStep('swapped');
  await rm(old, { recursive: true, force: true });
}

/** Path of a temporary folder of this build. @param id "<pid>-<ms>" */
export function tempPath(out: OutputFolder, kind: Temp['kind'], id: string): string {
  return path.join(out.home, `${out.prefix}${kind}-${id}`);
}
