/**
 * The three builds of the site the deploy tests deploy in turn (test/helpers/deploy-scenario.ts
 * says what each is), made once per state of the project's files and shared by every test file
 * and run: kept in node_modules/.cache/deploy-builds/<key>, where the key is a SHA-256 of every
 * file git lists (tracked, and untracked but not ignored: what a build can read) and of the
 * resolved config. A test file that finds them there builds nothing.
 *
 * Made atomically, so test files running at once never read half a build: each variant set is
 * built into a temp folder beside the cache entry and renamed into place. While one file builds,
 * the others wait for it (a lock file holding the builder's pid, made with link(2), which is atomic;
 * a lock whose process is gone is taken over). The lock only spares repeated work: should two
 * files build at once anyway, the second rename fails and its copy is dropped.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../lib/build/build-site.ts';
import { resolveConfig } from '../../lib/config.ts';
import { isAlive } from './process-tree.ts';

const CACHE = path.join(ROOT, 'node_modules/.cache/deploy-builds');
/** Entries of other keys older than this are removed when a new one is made (ms). */
const PRUNE_AFTER_MS = 24 * 3600_000;
const POLL_MS = 200;
/** A lock older than this is taken over, and a wait this long gives up: the three builds take about a minute. */
const STALE_LOCK_MS = 10 * 60_000;

/** The key of the project's present state, or undefined where git cannot list the files (then nothing is cached). */
function sourceKey(): string | undefined {
  let listed: string;
  try {
    listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 64 << 20 });
  } catch {
    return undefined;
  }
  const hash = createHash('sha256').update(JSON.stringify({ config: resolveConfig(), node: process.version, env: process.env.NODE_ENV }));
  for (const file of [...new Set(listed.split('\0').filter(Boolean))].sort()) {
    let data: Buffer;
    try {
      data = readFileSync(path.join(ROOT, file));
    } catch {
      continue; // deleted from the work tree, or a folder (a submodule)
    }
    hash.update(`${file}\0${data.length}\0`).update(data);
  }
  return hash.digest('hex').slice(0, 32);
}

/** Takes `lock` for this process. @returns false when another process holds it (or held it a moment ago) */
function tryLock(lock: string): boolean {
  const mine = `${lock}.${process.pid}`;
  writeFileSync(mine, String(process.pid));
  try {
    linkSync(mine, lock);
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    let holder = NaN;
    try {
      holder = Number(readFileSync(lock, 'utf8'));
    } catch { /* released just now */ }
    // Taken over when its builder is gone, when its pid is now this process's (reused since), or when
    // it is older than any build takes (a pid reused by another process would otherwise hold it forever).
    let old = false;
    try {
      old = Date.now() - statSync(lock).mtimeMs > STALE_LOCK_MS;
    } catch { /* released just now */ }
    if (old || (Number.isInteger(holder) && (holder === process.pid || !isAlive(holder)))) rmSync(lock, { force: true });
    return false;
  } finally {
    unlinkSync(mine);
  }
}

/** Removes entries of other keys, and leftovers of killed builds, not touched for PRUNE_AFTER_MS. */
function prune(key: string): void {
  for (const name of readdirSync(CACHE)) {
    if (name === key || name === `${key}.lock`) continue;
    const entry = path.join(CACHE, name);
    try {
      if (Date.now() - statSync(entry).mtimeMs > PRUNE_AFTER_MS) rmSync(entry, { recursive: true, force: true });
    } catch { /* removed by another run */ }
  }
}

/**
 * The folder holding the builds `make` writes into the folder it is given, for the project's
 * present state: made by `make` once, then found in the cache.
 * @param make builds into `dir` (an empty folder)
 * @returns the folder, and whether it is shared (a cache entry, never to be removed) or a temp
 *   folder of this process only (where git cannot list the files)
 */
export async function sharedBuilds(make: (dir: string) => Promise<void>): Promise<{ dir: string; shared: boolean }> {
  mkdirSync(CACHE, { recursive: true });
  const key = sourceKey();
  if (!key) {
    const dir = mkdtempSync(path.join(CACHE, 'uncached-'));
    await make(dir);
    return { dir, shared: false };
  }
  const final = path.join(CACHE, key);
  const lock = `${final}.lock`;
  const giveUp = Date.now() + STALE_LOCK_MS;
  while (!existsSync(final)) {
    if (!tryLock(lock)) {
      if (Date.now() > giveUp) throw new Error(`Deploy test builds: still waiting for another process's build after ${STALE_LOCK_MS / 60_000} min; remove ${lock} if no test is running`);
      await new Promise((r) => setTimeout(r, POLL_MS));
      continue;
    }
    try {
      if (existsSync(final)) break;
      const tmp = mkdtempSync(`${final}.tmp-`);
      try {
        await make(tmp);
        renameSync(tmp, final);
      } catch (e) {
        rmSync(tmp, { recursive: true, force: true });
        if (!existsSync(final)) throw e;
      }
      prune(key);
    } finally {
      rmSync(lock, { force: true });
    }
  }
  return { dir: final, shared: true };
}
