/**
 * A throw-away copy of the project for tests and benchmarks that edit sources: node_modules is a
 * folder of links to the project's packages, so the copy's caches stay its own.
 */
import { cp, mkdir, mkdtemp, readdir, rename, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './browser.ts';
import { startScript } from './process.ts';

/** What the copy holds besides node_modules. */
const COPIED = ['build.ts', 'package.json', 'tsconfig.json', 'content', 'pages', 'templates', 'islands', 'static', 'lib', 'scripts', 'tooling', 'editor'];

export interface ProjectCopy {
  root: string;
  remove(): Promise<void>;
}

export async function copyProject(): Promise<ProjectCopy> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'project-copy-'));
  for (const entry of COPIED) await cp(path.join(ROOT, entry), path.join(root, entry), { recursive: true });
  await mkdir(path.join(root, 'node_modules'));
  for (const name of await readdir(path.join(ROOT, 'node_modules'))) {
    if (name === '.cache') continue;
    await symlink(path.join(ROOT, 'node_modules', name), path.join(root, 'node_modules', name));
  }
  return { root, remove: () => rm(root, { recursive: true, force: true }) };
}

/**
 * Runs `npm run build` (build.ts) in a copy into its dist/ and waits for it to end.
 * @returns its exit code and the lines it printed (empty lines and npm's own warnings left out)
 */
export async function buildInCopy(copy: ProjectCopy): Promise<{ code: number | null; lines: string[] }> {
  const run = startScript(['build.ts'], copy.root, { DIST_DIR: 'dist' });
  const code = await new Promise<number | null>((resolve) => run.child.once('exit', (c) => resolve(c)));
  await run.stop();
  return { code, lines: run.output().split('\n').filter((l) => l.trim() && !/^npm warn/.test(l)) };
}

/** Writes `text` to `file` as an editor's "safe write" does (a new file renamed over it), so a watcher never reads it half-written. */
export async function saveFile(file: string, text: string): Promise<void> {
  const saving = `${file}.saving~`;
  await writeFile(saving, text);
  await rename(saving, file);
}
