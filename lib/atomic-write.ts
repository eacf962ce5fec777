/** Writing one local file atomically: a reader sees the old file or the new one, never half of one. */
import { randomBytes } from 'node:crypto';
import { rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Writes `contents` to a new file beside `file` (its name with a dot in front and a random tail),
 * then renames it over `file` (one step, rename(2)). The folder must exist.
 * @param options.mode the new file's permissions (e.g. 0o600 for a file holding a password);
 *   default 0o666 less the umask
 * @throws the file system's error (full disk, no permission, ...), the temporary file removed
 */
export async function writeFileAtomic(file: string, contents: string | Uint8Array, options: { mode?: number } = {}): Promise<void> {
  const name = path.basename(file);
  const temporary = path.join(path.dirname(file), `${name.startsWith('.') ? '' : '.'}${name}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await writeFile(temporary, contents, { flag: 'wx', mode: options.mode });
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
