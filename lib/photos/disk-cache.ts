import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../atomic-write.ts';

/** The bytes, and whether `cached` made them (a miss) or found them in the folder. */
interface CacheResult {
  bytes: Buffer;
  made: boolean;
}

/**
 * The bytes stored under `key` (a name that says everything that made them, e.g. a hash of the
 * input and the options), made with `make` and stored first when absent; written then renamed,
 * so two builds sharing the folder never read a half-written file.
 * @param dir  the cache folder, created when missing
 * @param key  file name inside it, e.g. "3f9a…c1.avif"; must not contain a path separator
 * @param make produces the bytes on a miss
 * @throws whatever `make` throws (nothing is stored then), or Error when the folder cannot be written
 */
export async function cached(dir: string, key: string, make: () => Promise<Buffer>): Promise<CacheResult> {
  if (key.includes('/') || key.includes(path.sep)) throw new Error(`Cache key "${key}" must be a plain file name.`);
  const file = path.join(dir, key);
  try {
    return { bytes: await readFile(file), made: false };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const bytes = await make();
  await mkdir(dir, { recursive: true });
  await writeFileAtomic(file, bytes);
  return { bytes, made: true };
}
