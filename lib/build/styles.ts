/**
 * The site stylesheet: every templates/styles/*.css file, in name order, concatenated and minified
 * once per build with esbuild (not per page). Inlined in each page's <head>.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import * as esbuild from 'esbuild';

const STYLES_DIR = path.resolve(import.meta.dirname, '../../templates/styles');

/** @returns the minified stylesheet text */
export async function loadStylesheet(): Promise<string> {
  const files = (await fg('*.css', { cwd: STYLES_DIR })).sort();
  const parts = await Promise.all(files.map((f) => readFile(path.join(STYLES_DIR, f), 'utf8')));
  const { code } = await esbuild.transform(parts.join('\n'), { loader: 'css', minify: true, target: ['chrome90', 'safari14', 'firefox90'] });
  return code.trim();
}
