/**
 * Reading the built site for tests: every HTML file of $DIST_DIR (or dist/) parsed with
 * node-html-parser, and resolving a site path to the file a static host would serve.
 */
import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import { parse, type HTMLElement } from 'node-html-parser';
import { DIST } from '../../tooling/browser.ts';

export { DIST };

/** One built page. `path` is the site path, e.g. "/areas/grants/" or "/404.html". */
export interface DistPage {
  path: string;
  file: string;
  html: string;
  root: HTMLElement;
}

/** Every HTML page of the built site, sorted by path. */
export async function readPages(dir = DIST): Promise<DistPage[]> {
  const files = (await fg('**/*.html', { cwd: dir, dot: false })).sort();
  return Promise.all(files.map(async (f) => {
    const html = await readFile(path.join(dir, f), 'utf8');
    const sitePath = `/${f}`.replace(/index\.html$/, '');
    return { path: sitePath, file: f, html, root: parse(html, { comment: false }) };
  }));
}

/**
 * The file a static host serves for a site path, or null when there is none.
 * "/a/" -> a/index.html; "/a" -> a/index.html (hosts redirect); "/x.svg" -> x.svg.
 */
export function resolveSitePath(sitePath: string, dir = DIST): string | null {
  const clean = decodeURIComponent(sitePath.split('#')[0].split('?')[0]);
  const abs = path.join(dir, clean);
  if (!abs.startsWith(dir)) return null;
  if (existsSync(abs) && statSync(abs).isFile()) return abs;
  const index = path.join(abs, 'index.html');
  return existsSync(index) ? index : null;
}

/** The text a visitor sees in an element: scripts, styles and JSON-LD removed, spaces collapsed. */
export function visibleText(root: HTMLElement): string {
  const clone = parse(root.toString());
  clone.querySelectorAll('script, style, noscript, template').forEach((el) => el.remove());
  return clone.textContent.replace(/\s+/g, ' ').trim();
}

/** Every JSON-LD block of a page, parsed. @throws SyntaxError when a block is not JSON */
export function jsonLdBlocks(root: HTMLElement): any[] {
  return root.querySelectorAll('script[type="application/ld+json"]').map((s) => JSON.parse(s.textContent));
}
