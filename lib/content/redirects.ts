/**
 * The operator's redirects (content/settings.yaml `redirects`) against the pages and files of the
 * build. A redirect matches its `from` with and without a final "/", and the servers compare it
 * with the request's path decoded and normalised, so `from` must be one normalised path, and
 * neither spelling of it may be a page or a file the build publishes (the rule would hide it).
 */
import type { ContentProblem } from './content-error.ts';
import { SETTINGS_FILE } from './content-paths.ts';

/**
 * The paths a redirect's `from` matches: "/old/" and "/old" for "/old/" or "/old".
 * @param from a `from` as written, e.g. "/areas/old-town/"
 */
export function pathsMatched(from: string): string[] {
  const bare = from.replace(/\/$/, '');
  return [...new Set([bare || '/', `${bare}/`])];
}

/** Why `from` is not one normalised path as a server sees it ("//" would match "/"), or undefined. */
function notNormalised(from: string): string | undefined {
  if (from.includes('%')) return 'must be written as the path itself, without %-escapes (the servers compare the decoded path)';
  const segments = from.split('/').slice(1);
  if (segments.slice(0, -1).includes('')) return 'must be a single normalised path, with no empty segment ("//")';
  if (segments.some((s) => s === '.' || s === '..')) return 'must be a single normalised path, with no "." or ".." segment';
  return undefined;
}

/**
 * Every problem of the operator's redirects, at most one per redirect, each naming
 * content/settings.yaml, the redirect's row and its field ([] when all are fine).
 * @param pages site paths of the build's pages, e.g. "/", "/areas/grants/"
 * @param taken paths the site already redirects (the area alias, the /areas/ hub)
 * @param files site paths of the other files the build publishes, e.g. "/img/logo.png", "/sw.js"
 */
export function redirectProblems(redirects: readonly { from: string; to: string }[], pages: ReadonlySet<string>, taken: ReadonlySet<string> = new Set(), files: ReadonlySet<string> = new Set()): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const say = (i: number, key: 'from' | 'to', expected: string, hint?: string) => problems.push({
    file: SETTINGS_FILE, record: 'settings', field: `redirects.${i}.${key}`, value: redirects[i][key], expected, ...(hint ? { hint } : {}),
  });
  const seen = new Set<string>();
  for (const [i, r] of redirects.entries()) {
    const matched = pathsMatched(r.from);
    const from = matched[matched.length - 1];
    const page = matched.find((p) => pages.has(p));
    const file = matched.find((p) => files.has(p));
    const normalised = notNormalised(r.from);
    if (normalised) say(i, 'from', `${normalised}, not '${r.from}', e.g. '/areas/old-town/'`);
    else if (page) say(i, 'from', `must be an address that is no longer a page, not '${r.from}', which would redirect the page '${page}' of this site and hide it`);
    else if (file) say(i, 'from', `must be an address that is no longer on the site, not '${r.from}', which would redirect '${file}', a file the site publishes, and hide it`);
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
