/**
 * The dev build's output folder, kept equal to a build's files plus the live-reload script in
 * every page: each build writes only the files whose bytes changed and removes the files the
 * build no longer makes. A file is written under a temporary name and renamed into place, so the
 * server never sends half a file. Unlike `npm run build` (lib/write.ts), the folder is not
 * swapped whole: for a moment after a save some pages may be new and others not yet.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { listStaticFiles } from '../static-folder.ts';
import type { SiteFile } from '../write.ts';

/** What one write did. */
export interface OutputWrite {
  /** Files written (new or changed), removed, and how many of the written were pages (.html). */
  written: number;
  removed: number;
  pages: number;
  /** Site paths of the files written or removed, those written ahead (writeAhead()) included. */
  changed: string[];
  /** Site paths of the files written ahead of the rest of the build (writeAhead()). */
  ahead: string[];
  /** True when a file of the static folder was written (new or changed). */
  otherChanged: boolean;
}

/** Every file under `dir`, as site paths ("/areas/grants/index.html"); [] when it does not exist. */
async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => `/${path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/')}`);
}

const digest = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('base64');

/**
 * The page with the live-reload client loaded before its first </body>, as the dev pages carry it.
 * @param scriptPath site path of the client, e.g. "/livereload.js"
 */
export function withLiveReload(html: string, scriptPath: string): string {
  return html.replace('</body>', `<script src="${scriptPath}" async></script></body>`);
}

/**
 * A writer for lib/build/build-site.ts BuildOptions.write that keeps `outDir` in step with each
 * build. The first write compares with what the folder holds on disk; later ones with what the
 * writer wrote last.
 * @param scriptPath site path of the live-reload client added to every page
 */
export function createOutputSync(outDir: string, scriptPath: string) {
  /** Site path -> digest of the bytes on disk; undefined until the folder has been read. */
  let onDisk: Map<string, string> | undefined;
  let last: OutputWrite = { written: 0, removed: 0, pages: 0, changed: [], ahead: [], otherChanged: false };
  /** Files writeAhead() wrote since the last write(), with the digest of what it wrote. */
  let ahead = new Map<string, string>();

  /** The bytes a file has in the folder: pages with the live-reload client. */
  const served = (f: SiteFile): Uint8Array => {
    const bytes = typeof f.contents === 'string' ? Buffer.from(f.contents) : f.contents;
    return f.path.endsWith('.html') ? Buffer.from(withLiveReload(Buffer.from(bytes).toString('utf8'), scriptPath)) : bytes;
  };

  /** Writes one file under a temporary name and renames it into place. */
  async function put(file: string, contents: Uint8Array): Promise<void> {
    const target = path.join(outDir, file);
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${process.pid}.tmp`;
    await writeFile(temporary, contents);
    await rename(temporary, target);
  }

  async function readDisk(): Promise<Map<string, string>> {
    const found = new Map<string, string>();
    for (const file of await listFiles(outDir)) found.set(file, digest(await readFile(path.join(outDir, file))));
    return found;
  }

  return {
    /** What the last write did. */
    get last(): OutputWrite {
      return last;
    },
    /** Forget what was written: the next write compares with the disk again. */
    forget(): void {
      onDisk = undefined;
      ahead = new Map();
    },
    /** Called as a build starts: what a failed build wrote ahead is no longer checked against the next build. */
    beginBuild(): void {
      ahead = new Map();
    },
    /**
     * Writes some of a build's files ahead of the rest (the pages open in the browser and the
     * files they may load), those whose bytes changed; the build's write() then finds them done,
     * and throws if the build's own bytes of such a file differ (it was served already).
     * @returns the site paths written
     * @throws Error when a file cannot be written
     */
    async writeAhead(files: SiteFile[]): Promise<string[]> {
      onDisk ??= await readDisk();
      const known = onDisk;
      const written: string[] = [];
      // Pages last: what a page loads is there before the page.
      for (const f of [...files].sort((a, b) => Number(a.path.endsWith('.html')) - Number(b.path.endsWith('.html')))) {
        const contents = served(f);
        const hash = digest(contents);
        if (known.get(f.path) === hash) continue;
        known.delete(f.path); // unknown until written
        await put(f.path, contents);
        known.set(f.path, hash);
        ahead.set(f.path, hash);
        written.push(f.path);
      }
      return written;
    },
    /**
     * @param files     the build's generated files (they win over a static file of the same path)
     * @param staticDir the static folder, copied as is (lib/static-folder.ts: no link, no dot-file)
     * @param trace     told "pages written" once the changed pages are on disk (DEV_TRACE=1)
     * @throws Error when a file cannot be written (the folder then holds a mix; the next build mends it);
     *   StaticFolderError, before writing anything, for a symbolic link or dot-file in the static folder
     */
    async write(files: SiteFile[], staticDir: string, trace?: (phase: string) => void): Promise<void> {
      const wanted = new Map<string, Uint8Array>();
      for (const file of await listStaticFiles(staticDir)) wanted.set(file, await readFile(path.join(staticDir, file)));
      for (const f of files) wanted.set(f.path, served(f));
      onDisk ??= await readDisk();
      const before = onDisk;
      const now = new Map<string, string>();
      const changed: [string, Uint8Array][] = [];
      for (const [file, contents] of wanted) {
        const hash = digest(contents);
        now.set(file, hash);
        if (before.get(file) !== hash) changed.push([file, contents]);
      }
      // A file written ahead was served at once: it must be the build's own.
      const aheadFiles = [...ahead.keys()];
      // (A file written ahead that the build no longer makes is removed below, with the others gone.)
      const differs = [...ahead].find(([file, hash]) => now.has(file) && now.get(file) !== hash);
      ahead = new Map();
      if (differs) throw new Error(`${differs[0]}: the file written ahead of the other pages is not the one the build made; a fault of npm run dev's early pages (lib/serve/dev-output.ts, lib/build/build-site.ts): use DEV_FULL_REBUILD=1 npm run dev meanwhile.`);
      // Pages first: the open tab reloads as soon as they are there.
      changed.sort(([a], [b]) => Number(b.endsWith('.html')) - Number(a.endsWith('.html')));
      onDisk = undefined; // unknown until every write below has landed
      let pagesLeft = changed.filter(([file]) => file.endsWith('.html')).length;
      if (!pagesLeft) trace?.('pages written');
      for (const [file, contents] of changed) {
        await put(file, contents);
        if (file.endsWith('.html') && --pagesLeft === 0) trace?.('pages written');
      }
      const gone = [...before.keys()].filter((file) => !now.has(file));
      for (const file of gone) {
        await rm(path.join(outDir, file), { force: true });
        // Remove the folders the file leaves empty (a route that is gone), up to the output folder.
        for (let dir = path.dirname(path.join(outDir, file)); dir.startsWith(outDir + path.sep); dir = path.dirname(dir)) {
          if (!(await rmdir(dir).then(() => true, () => false))) break;
        }
      }
      onDisk = now;
      const all = [...new Set([...aheadFiles, ...changed.map(([file]) => file)])];
      const generated = new Set(files.map((f) => f.path));
      const otherChanged = all.some((f) => !generated.has(f));
      last = { written: all.length, removed: gone.length, pages: all.filter((f) => f.endsWith('.html')).length, changed: [...all, ...gone], ahead: aheadFiles, otherChanged };
    },
  };
}
