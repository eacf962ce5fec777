/**
 * The operator's redirects (content/settings.yaml `redirects`) against the pages of the build: each
 * sends an address that is no longer a page to a page that is. The shape (paths starting with
 * "/") is checked with the other settings; this needs the route table, so the build and
 * `npm run check` run it once the routes are known.
 */

import type { ContentProblem } from './content-error.ts';
import { SETTINGS_FILE } from './content-paths.ts';

/**
 * Every problem of the redirects, at most one per redirect, each naming content/settings.yaml and the
 * redirect's field ([] when all are fine).
 * @param redirects the operator's redirects
 * @param pages     site paths of the build's pages, e.g. "/", "/areas/grants/"
 * @param taken     paths the site already redirects (the area alias, the /areas/ hub)
 * @param files     site paths of other files the build publishes, e.g. "/img/logo.png" (from static/)
 */
export function redirectProblems(redirects: readonly { from: string; to: string }[], pages: ReadonlySet<string>, taken: ReadonlySet<string> = new Set(), files: ReadonlySet<string> = new Set()): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const say = (i: number, key: 'from' | 'to', expected: string, hint?: string) => problems.push({
    file: SETTINGS_FILE, record: 'settings', field: `redirects.${i}.${key}`, value: redirects[i][key], expected, ...(hint ? { hint } : {}),
  });
  const seen = new Set<string>();
  for (const [i, r] of redirects.entries()) {
    const from = r.from.endsWith('/') || r.from.includes('.') ? r.from : `${r.from}/`;
    if (pages.has(from)) say(i, 'from', `must be an address that is no longer a page, not '${r.from}', which is a page of this site (a redirect would hide it).`);
    else if (files.has(r.from)) say(i, 'from', `must be an address that is no longer on the site, not '${r.from}', a file the site publishes (from static/): a redirect would hide it.`);
    else if (taken.has(from)) say(i, 'from', `: the site already redirects '${r.from}' itself; remove this redirect.`);
    else if (seen.has(from)) say(i, 'from', `must be redirected once, not '${r.from}' again.`);
    else if (!pages.has(r.to)) {
      const expected = `must be a page of this site, not '${r.to}', which the build does not make`;
      if (pages.has(`${r.to}/`)) say(i, 'to', expected, `did you mean '${r.to}/'?`);
      else say(i, 'to', `${expected}, e.g. '/service-areas/'`);
    }
    seen.add(from);
  }
  return problems;
}
