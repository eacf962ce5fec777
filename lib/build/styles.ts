/**
 * The site stylesheet: every templates/styles/*.css file, in name order, concatenated and minified
 * once per build with esbuild (not per page). Inlined in each page's <head>.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import * as esbuild from 'esbuild';

const STYLES_DIR = path.resolve(import.meta.dirname, '../../templates/styles');

/** The stylesheet's source: the files joined with a newline, before minifying. */
export async function readStylesheetSource(): Promise<string> {
  const files = (await fg('*.css', { cwd: STYLES_DIR })).sort();
  const parts = await Promise.all(files.map((f) => readFile(path.join(STYLES_DIR, f), 'utf8')));
  return parts.join('\n');
}

/**
 * @param source the joined style sheets (readStylesheetSource)
 * @returns the minified stylesheet text
 * @throws Error from esbuild when the CSS does not parse
 */
export async function minifyStylesheet(source: string): Promise<string> {
  const { code } = await esbuild.transform(source, { loader: 'css', minify: true, target: ['chrome90', 'safari14', 'firefox90'] });
  return code.trim();
}

/** @returns the minified stylesheet text */
export async function loadStylesheet(): Promise<string> {
  return minifyStylesheet(await readStylesheetSource());
}
