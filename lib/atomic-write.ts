/**
 * Writing one local file atomically: the bytes go to a new file beside it, which is then renamed
 * over it (rename(2) replaces the name in one step on a POSIX file system), so a reader sees the
 * old file or the new one, never half of one, whatever happens to the writer.
 */
import { randomBytes } from 'node:crypto';
import { rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Writes `contents` to `file` atomically. The folder must exist. The temporary file in the same
 * folder, "<name>.<random>.tmp" with a dot in front (one dot: ".env" -> ".env.<random>.tmp"), is
 * removed when the write or the rename fails.
 * @param options.mode the new file's permissions (e.g. 0o600 for a file holding a password);
 *   default the process's usual (0o666 less the umask)
 * @throws the file system's error (full disk, no permission, a folder where the file goes)
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
