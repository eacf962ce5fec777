/**
 * Pages a deploy is about to delete from the live site with no redirect to send their visitors
 * on: a live, indexed address that would turn into a 404 (a town removed from
 * content/areas/*.yaml, a renamed page). The deploy warns and goes on; the operator adds a
 * redirect in content/settings.yaml `redirects` and deploys again.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SETTINGS_FILE } from '../content/content-paths.ts';

/**
 * What to write to send a removed page's visitors on, in the settings file's own words: a row under
 * `redirects` with the page as `from` and, e.g., the service areas page as `to`.
 */
export function redirectAdvice(page: string): string {
  return `Add a row to redirects in ${SETTINGS_FILE}: "- from: ${page}" with "to: /service-areas/" (or another page) under it`;
}

/** The folder path of a deleted page file ("/areas/old-town/index.html" -> "/areas/old-town/"), or undefined for any other file. */
export function pageOfFile(sitePath: string): string | undefined {
  if (sitePath.endsWith('/index.html')) return sitePath.slice(0, -'index.html'.length);
  return undefined;
}

/**
 * The redirect sources of a built `_redirects` file (lib/site-files/hosting.ts writes every
 * redirect there, for every host), each also without its trailing slash.
 */
export function redirectSources(redirectsFile: string): Set<string> {
  const sources = new Set<string>();
  for (const line of redirectsFile.split('\n')) {
    const from = line.trim().split(/\s+/)[0];
    if (!from || from.startsWith('#')) continue;
    sources.add(from);
    sources.add(from.replace(/\/$/, ''));
  }
  return sources;
}

/**
 * The pages among `deletions` that no redirect covers.
 * @param deletions site paths the deploy deletes, e.g. ["/areas/old-town/index.html", "/assets/x-AB12CD34.js"]
 * @param sources   redirect sources (redirectSources)
 * @returns their page paths, e.g. ["/areas/old-town/"]
 */
export function deletedPagesWithoutRedirect(deletions: readonly string[], sources: ReadonlySet<string>): string[] {
  return deletions.map(pageOfFile).filter((p): p is string => p !== undefined && !sources.has(p));
}

/**
 * The warnings for a deploy of `dir` that deletes `deletions`: one line per page, saying what
 * happens to its visitors and how to add the redirect. Reads `dir`/_redirects (none: no redirects).
 */
export function deletedPageWarnings(dir: string, deletions: readonly string[]): string[] {
  let text = '';
  try { text = readFileSync(path.join(dir, '_redirects'), 'utf8'); } catch { /* no redirects built */ }
  return deletedPagesWithoutRedirect(deletions, redirectSources(text)).map((page) =>
    `Warning: the live page ${page} will be deleted and no redirect sends its visitors on: links and search results pointing at it will show "page not found". To send them to another page, ${redirectAdvice(page).replace(/^A/, 'a')}, build and deploy again.`);
}
