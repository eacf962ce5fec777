/**
 * The dev build's output folder: a build's files plus the live-reload script in every page (added
 * here, and nowhere else). Each file is written whole (writeFileAtomic), but unlike `npm run build`
 * (lib/write.ts) the folder is not swapped whole: for a moment after a save some pages may be new
 * and others not yet.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { listStaticFiles } from '../static-folder.ts';
import type { SiteFile } from '../write.ts';
import { writeFileAtomic } from '../atomic-write.ts';

/**
 * What one build's write did: files written (new or changed), removed, and how many of the written
 * were pages; the site paths written or removed; whether a file of the static folder was written.
 */
export interface OutputWrite { written: number; removed: number; pages: number; changed: string[]; otherChanged: boolean }

const digest = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('base64');

/** Site path ("/areas/grants/index.html") -> digest of every file of `outDir` on disk; empty when there is no folder. */
async function readDisk(outDir: string): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const e of await readdir(outDir, { recursive: true, withFileTypes: true }).catch(() => [])) {
    if (e.isFile()) found.set(`/${path.relative(outDir, path.join(e.parentPath, e.name)).split(path.sep).join('/')}`, digest(await readFile(path.join(e.parentPath, e.name))));
  }
  return found;
}

/** Removes files of `outDir`, and the folders they leave empty (a route that is gone), up to `outDir`. */
async function remove(outDir: string, files: string[]): Promise<void> {
  for (const file of files) {
    await rm(path.join(outDir, file), { force: true });
    for (let dir = path.dirname(path.join(outDir, file)); dir.startsWith(outDir + path.sep); dir = path.dirname(dir)) {
      if (!(await rmdir(dir).then(() => true, () => false))) break;
    }
  }
}

/**
 * Keeps `outDir` in step with each build of `npm run dev`, writing a file only when its bytes
 * changed. The first build compares with what the folder holds on disk; later ones with what the
 * previous build wrote; a failed build (forget()) leaves the folder for the next one to mend.
 * @param scriptPath site path of the live-reload client added to every page
 */
export function createOutputSync(outDir: string, scriptPath: string) {
  /** Site path -> digest of the bytes on disk; undefined until the folder has been read. */
  let onDisk: Map<string, string> | undefined;
  /** Files this build wrote ahead of the rest (writeAhead), until write() reports them. */
  let aheadWritten: string[] = [];

  /** The bytes a file has in the folder: pages with the live-reload client before their first </body>. */
  const served = (f: SiteFile): Uint8Array => {
    if (!f.path.endsWith('.html')) return typeof f.contents === 'string' ? Buffer.from(f.contents) : f.contents;
    return Buffer.from(Buffer.from(f.contents).toString('utf8').replace('</body>', `<script src="${scriptPath}" async></script></body>`));
  };
  /** Writes the file when its bytes differ from the folder's; true when written. */
  const writeIfChanged = async (disk: Map<string, string>, file: string, contents: Uint8Array): Promise<boolean> => {
    const hash = digest(contents);
    if (disk.get(file) === hash) return false;
    disk.delete(file); // unknown until written
    await mkdir(path.dirname(path.join(outDir, file)), { recursive: true });
    await writeFileAtomic(path.join(outDir, file), contents);
    disk.set(file, hash);
    return true;
  };

  return {
    /** Forget what was written (after a failed build): the next build compares with the disk again. */
    forget(): void {
      onDisk = undefined;
      aheadWritten = [];
    },
    /**
     * Writes those of `files` whose bytes changed, ahead of the rest of the build (the open tabs'
     * pages, the photos and scripts they load); the next write() counts them among its own.
     * @returns the site paths written
     */
    async writeAhead(files: readonly SiteFile[]): Promise<string[]> {
      const disk = (onDisk ??= await readDisk(outDir));
      const written: string[] = [];
      for (const f of files) if (await writeIfChanged(disk, f.path, served(f))) written.push(f.path);
      aheadWritten.push(...written);
      return written;
    },
    /**
     * Makes the folder hold a build's files and the static folder's (the build's own winning on a
     * clash), writing those whose bytes changed, then removes the files the build no longer makes.
     * @throws StaticFolderError, before anything is written, for a symbolic link or dot-file in the static folder
     */
    async write(files: readonly SiteFile[], staticDir: string): Promise<OutputWrite> {
      const staticFiles = await listStaticFiles(staticDir);
      const disk = (onDisk ??= await readDisk(outDir));
      const generated = new Set(files.map((f) => f.path));
      const now = new Set<string>();
      const written = new Set(aheadWritten);
      aheadWritten = [];
      const add = async (file: string, contents: Uint8Array) => {
        now.add(file);
        if (await writeIfChanged(disk, file, contents)) written.add(file);
      };
      for (const f of files) await add(f.path, served(f));
      for (const file of staticFiles) if (!generated.has(file)) await add(file, await readFile(path.join(staticDir, file)));
      const gone = [...disk.keys()].filter((file) => !now.has(file));
      await remove(outDir, gone);
      for (const file of gone) disk.delete(file);
      const list = [...written];
      return { written: list.length, removed: gone.length, pages: list.filter((f) => f.endsWith('.html')).length, changed: [...list, ...gone], otherChanged: list.some((f) => !generated.has(f)) };
    },
  };
}
