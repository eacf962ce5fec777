/**
 * Writes the site into a fresh folder beside the output folder, then swaps it in, so the previous
 * dist/ stays intact unless everything succeeded.
 */
import { cp, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** One file of the site. `path` is site-absolute, e.g. "/areas/grants/index.html". */
export interface SiteFile {
  path: string;
  contents: string | Uint8Array;
}

/**
 * @param files     every generated file
 * @param staticDir folder copied as is first (generated files win on a clash)
 * @param outDir    the output folder, e.g. "dist"; replaced only after all files are written
 * @throws Error when a write fails; the previous outDir is then untouched and the temp folder removed
 */
export async function writeSite(files: SiteFile[], staticDir: string, outDir: string): Promise<void> {
  const out = path.resolve(outDir);
  const tmp = `${path.dirname(out)}/.${path.basename(out)}-new-${process.pid}-${Date.now()}`;
  const old = `${path.dirname(out)}/.${path.basename(out)}-old-${process.pid}-${Date.now()}`;
  try {
    await mkdir(tmp, { recursive: true });
    await cp(staticDir, tmp, { recursive: true });
    for (const f of files) {
      const target = path.join(tmp, f.path);
      if (!target.startsWith(tmp + path.sep)) throw new Error(`Refusing to write outside the output folder: ${f.path}`);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, f.contents);
    }
  } catch (error) {
    await rm(tmp, { recursive: true, force: true });
    throw error;
  }
  const hadOld = await stat(out).then(() => true, () => false);
  if (hadOld) await rename(out, old);
  await rename(tmp, out);
  if (hadOld) await rm(old, { recursive: true, force: true });
}
