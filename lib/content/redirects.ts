/**
 * The operator's redirects (content/site.ts `redirects`) against the pages of the build: each
 * sends an address that is no longer a page to a page that is. The shape (paths starting with
 * "/") is checked with the other settings; this needs the route table, so the build and
 * `npm run check` run it once the routes are known.
 */

/**
 * The first problem of the redirects, as one line naming the file and the field, or undefined.
 * @param redirects the operator's redirects
 * @param pages     site paths of the build's pages, e.g. "/", "/areas/grants/"
 * @param taken     paths the site already redirects (the area alias, the /areas/ hub)
 * @param files     site paths of other files the build publishes, e.g. "/img/logo.png" (from static/)
 */
export function redirectProblem(redirects: readonly { from: string; to: string }[], pages: ReadonlySet<string>, taken: ReadonlySet<string> = new Set(), files: ReadonlySet<string> = new Set()): string | undefined {
  const field = (i: number, key: 'from' | 'to') => `content/site.ts: settings: field "redirects.${i}.${key}"`;
  const seen = new Set<string>();
  for (const [i, r] of redirects.entries()) {
    const from = r.from.endsWith('/') || r.from.includes('.') ? r.from : `${r.from}/`;
    if (pages.has(from)) return `${field(i, 'from')} must be an address that is no longer a page, not '${r.from}', which is a page of this site (a redirect would hide it).`;
    if (files.has(r.from)) return `${field(i, 'from')} must be an address that is no longer on the site, not '${r.from}', a file the site publishes (from static/): a redirect would hide it.`;
    if (taken.has(from)) return `${field(i, 'from')}: the site already redirects '${r.from}' itself; remove this redirect.`;
    if (seen.has(from)) return `${field(i, 'from')} must be redirected once, not '${r.from}' again.`;
    seen.add(from);
    if (!pages.has(r.to)) {
      const hint = pages.has(`${r.to}/`) ? `; did you mean '${r.to}/'?` : ', e.g. \'/service-areas/\'';
      return `${field(i, 'to')} must be a page of this site, not '${r.to}', which the build does not make${hint}`;
    }
  }
  return undefined;
}
