/**
 * The dev build's output folder, kept equal to a build's files plus the live-reload script in
 * every page (added here, by the dev server's writer, and nowhere else): each build writes only
 * the files whose bytes changed, as the build finishes them, and removes the files the build no
 * longer makes. A file is written under a temporary name and renamed into place, so the server
 * never sends half a file. Unlike `npm run build` (lib/write.ts), the folder is not
 * swapped whole: for a moment after a save some pages may be new and others not yet.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { listStaticFiles } from '../static-folder.ts';
import type { SiteFile, SiteWriter } from '../write.ts';

/** What one write did. */
export interface OutputWrite {
  /** Files written (new or changed), removed, and how many of the written were pages (.html). */
  written: number;
  removed: number;
  pages: number;
  /** Site paths of the files written or removed. */
  changed: string[];
  /** True when a file of the static folder was written (new or changed). */
  otherChanged: boolean;
}

/** A writer of one dev build, which also tells the files it has written so far (new or changed, site paths). */
export interface DevWriter extends SiteWriter {
  readonly changed: readonly string[];
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
function withLiveReload(html: string, scriptPath: string): string {
  return html.replace('</body>', `<script src="${scriptPath}" async></script></body>`);
}

/** Writes one file of `outDir` under a temporary name and renames it into place. */
async function put(outDir: string, file: string, contents: Uint8Array): Promise<void> {
  const target = path.join(outDir, file);
  await mkdir(path.dirname(target), { recursive: true });
  const temporary = `${target}.${process.pid}.tmp`;
  await writeFile(temporary, contents);
  await rename(temporary, target);
}

/** Site path -> digest of every file of `outDir` on disk. */
async function readDisk(outDir: string): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const file of await listFiles(outDir)) found.set(file, digest(await readFile(path.join(outDir, file))));
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
 * Keeps `outDir` in step with each build of `npm run dev`: begin() gives each build a writer
 * (lib/write.ts SiteWriter) that writes a file only when its bytes changed, as the build finishes
 * it. The first build compares with what the folder holds on disk; later ones with what the
 * previous build wrote.
 * @param scriptPath site path of the live-reload client added to every page
 */
export function createOutputSync(outDir: string, scriptPath: string) {
  /** Site path -> digest of the bytes on disk; undefined until the folder has been read. */
  let onDisk: Map<string, string> | undefined;
  let last: OutputWrite = { written: 0, removed: 0, pages: 0, changed: [], otherChanged: false };

  /** The bytes a file has in the folder: pages with the live-reload client. */
  const served = (f: SiteFile): Uint8Array => {
    const bytes = typeof f.contents === 'string' ? Buffer.from(f.contents) : f.contents;
    return f.path.endsWith('.html') ? Buffer.from(withLiveReload(Buffer.from(bytes).toString('utf8'), scriptPath)) : bytes;
  };

  return {
    /** What the last committed build did. */
    get last(): OutputWrite {
      return last;
    },
    /** Forget what was written: the next build compares with the disk again. */
    forget(): void {
      onDisk = undefined;
    },
    /**
     * A writer for one build. The static folder is read first (copied as is at commit, the
     * build's own files winning on a clash); commit() removes the files the build no longer
     * makes; abort() leaves the folder as it is, a mix the next build mends.
     * @throws StaticFolderError, before anything is written, for a symbolic link or dot-file in the static folder
     */
    async begin(staticDir: string): Promise<DevWriter> {
      const staticFiles = await listStaticFiles(staticDir);
      const before = (onDisk ??= await readDisk(outDir));
      const now = new Map<string, string>();
      const changed: string[] = [];
      const generated = new Set<string>();
      const writeIfChanged = async (file: string, contents: Uint8Array) => {
        const hash = digest(contents);
        now.set(file, hash);
        if (before.get(file) === hash) return;
        before.delete(file); // unknown until written
        await put(outDir, file, contents);
        before.set(file, hash);
        changed.push(file);
      };
      return {
        changed,
        async write(files) {
          for (const f of files) {
            generated.add(f.path);
            await writeIfChanged(f.path, served(f));
          }
        },
        async commit() {
          for (const file of staticFiles) if (!generated.has(file)) await writeIfChanged(file, await readFile(path.join(staticDir, file)));
          const gone = [...before.keys()].filter((file) => !now.has(file));
          await remove(outDir, gone);
          onDisk = now;
          const written = [...new Set(changed)];
          last = { written: written.length, removed: gone.length, pages: written.filter((f) => f.endsWith('.html')).length, changed: [...written, ...gone], otherChanged: written.some((f) => !generated.has(f)) };
        },
        async abort() {
          onDisk = undefined;
        },
      };
    },
  };
}
