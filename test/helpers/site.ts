/**
 * The built site as the quality gates see it: the HTML files in the dist folder under test and the
 * route table they were built from. Gates read these, never a list of their own, so a page added
 * later is checked without touching the tests.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { loadContent, type SiteData } from '../../lib/content/load-content.ts';
import { PROJECT_CONTENT } from '../../tooling/project-content.ts';
import { REDIRECTS } from '../../lib/site-files/hosting.ts';
import { outputFile, type Route } from '../../lib/route.ts';
import { buildRoutes } from '../../pages/routes.ts';
import { DIST } from '../../tooling/browser.ts';

export { DIST };

/** The validated project content (what the dist under test was built from). */
export const SITE: SiteData = loadContent(PROJECT_CONTENT);
/** The route table. */
export const ROUTES: Route[] = buildRoutes(SITE);

/** Every .html file of the dist folder, as site paths ("/index.html", "/areas/grants/index.html"), sorted. */
export function htmlFiles(dir = DIST): string[] {
  return fg.sync('**/*.html', { cwd: dir, dot: false }).map((f) => `/${f}`).sort();
}

/** The URL path a file is served at: "/areas/grants/index.html" -> "/areas/grants/", "/404.html" -> "/404.html". */
function urlPathOf(file: string): string {
  return file.endsWith('/index.html') ? file.slice(0, -'index.html'.length) : file;
}

/** The dist file of a route path ("/areas/grants/" -> "/areas/grants/index.html"). */
export function fileOf(routePath: string): string {
  return `/${outputFile(routePath)}`;
}

/** Contents of a dist file (site path). */
export function readDist(file: string, dir = DIST): string {
  return readFileSync(path.join(dir, file), 'utf8');
}

/** True when a site path names a file of the dist folder (not a directory). */
export function distHas(file: string, dir = DIST): boolean {
  const abs = path.join(dir, file);
  return existsSync(abs) && statSync(abs).isFile();
}

/** True when the hosts answer this path with a redirect (lib/site-files/hosting.ts REDIRECTS). */
function isRedirected(urlPath: string): boolean {
  return REDIRECTS.some((r) => r.from === urlPath);
}

/**
 * The URL to load a dist HTML file in a browser: its served path, or "…/index.html" for a path the
 * hosts redirect (so the alias page itself is still checked).
 */
export function browserPathOf(file: string): string {
  const p = urlPathOf(file);
  return isRedirected(p) ? file : p;
}
