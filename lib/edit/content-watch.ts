/**
 * Hand edits while the editor runs: the content folder is watched (chokidar, as `npm run dev`
 * watches it), and a change the editor did not write itself rebuilds the preview from the disk,
 * so the preview never shows older content than the files. The editor's own temporary files and
 * content/.deleted/ (both dot-names) are not watched.
 */
import path from 'node:path';
import { watch } from 'chokidar';

/** How long after the last event of a burst the changes are handed on, ms (a save can be several events). */
const SETTLE_MS = 50;

/**
 * Watches `contentDir` and calls `onChange` with the project-relative paths changed in each burst
 * ("content/areas/grants.yaml") and whether a file was added or removed.
 * @param root the project folder (paths are named relative to it)
 * @returns a function that stops watching
 */
export async function watchContent(root: string, contentDir: string, onChange: (files: string[], added: boolean) => void): Promise<() => Promise<void>> {
  const watcher = watch(contentDir, {
    ignoreInitial: true,
    ignored: (file: string) => path.relative(contentDir, file).split(path.sep).some((part) => part.startsWith('.')),
  });
  let changed = new Set<string>();
  let added = false;
  let timer: NodeJS.Timeout | undefined;
  watcher.on('all', (event, file) => {
    changed.add(path.relative(root, file).split(path.sep).join('/'));
    if (event !== 'change') added = true;
    clearTimeout(timer);
    timer = setTimeout(() => {
      const files = [...changed];
      const wasAdded = added;
      changed = new Set();
      added = false;
      onChange(files, wasAdded);
    }, SETTLE_MS);
  });
  await new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  return async () => {
    clearTimeout(timer);
    await watcher.close();
  };
}
